/// A set of property indexes (positions in `schemaMetadata`), without allocating for the first 64.
struct PropertyIndexSet: Hashable, Sendable {
    /// Indexes 0 to 63, one bit each.
    private(set) var low: UInt64 = 0
    /// Indexes from 64 on.
    private(set) var high: Set<Int> = []

    init() {}

    init(low: UInt64, high: Set<Int>) {
        self.low = low
        self.high = high
    }

    var isEmpty: Bool { low == 0 && high.isEmpty }

    mutating func insert(_ index: Int) {
        if index < 64 { low |= 1 << UInt64(index) } else { high.insert(index) }
    }

    func contains(_ index: Int) -> Bool {
        index < 64 ? low & (1 << UInt64(index)) != 0 : high.contains(index)
    }

    /// Calls `body` with each member, in increasing order.
    func forEach(_ body: (Int) throws -> Void) rethrows {
        var bits = low
        while bits != 0 {
            try body(bits.trailingZeroBitCount)
            bits &= bits - 1
        }
        if !high.isEmpty { for index in high.sorted() { try body(index) } }
    }

    /// The members in increasing order.
    var sorted: [Int] {
        var members: [Int] = []
        members.reserveCapacity(low.nonzeroBitCount + high.count)
        forEach { members.append($0) }
        return members
    }
}
