/// A set of property indexes (positions in `schemaMetadata`), without allocating for the first 64.
struct PropertyIndexSet: Hashable, Sendable {
    private var low: UInt64 = 0
    private var high: Set<Int> = []

    var isEmpty: Bool { low == 0 && high.isEmpty }

    mutating func insert(_ index: Int) {
        if index < 64 { low |= 1 << UInt64(index) } else { high.insert(index) }
    }

    func contains(_ index: Int) -> Bool {
        index < 64 ? low & (1 << UInt64(index)) != 0 : high.contains(index)
    }

    /// The members in increasing order.
    var sorted: [Int] {
        (0..<64).filter { low & (1 << UInt64($0)) != 0 } + high.sorted()
    }
}
