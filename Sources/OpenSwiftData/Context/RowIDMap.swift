/// A map from primary keys to slot numbers: open addressing with linear probing over one flat table.
///
/// The registry looks up every fetched row here, so the map avoids what a `Dictionary<Int64, Int>` costs per
/// operation: hashing with a seeded SipHash (a multiplicative hash suffices for keys the store assigns, which are
/// mostly consecutive), and a copy-on-write check on each write. Removal shifts the entries behind the removed one
/// back (no tombstones), so lookups stay short whatever the history of inserts and removals.
struct RowIDMap {
    /// One table entry; `slot` is -1 for an empty entry.
    private struct Entry {
        var key: Int64
        var slot: Int32
    }

    private static let empty = Entry(key: 0, slot: -1)

    private var entries: [Entry]
    /// `entries.count - 1`; the table size is a power of two.
    private var mask: Int
    /// The number of bits the hash is shifted right by: 64 - log2(table size).
    private var shift: UInt64
    private(set) var count = 0

    init() {
        entries = Array(repeating: Self.empty, count: 16)
        mask = 15
        shift = 60
    }

    /// Fibonacci hashing: the high bits of the key times 2^64 / φ.
    @inline(__always)
    private func home(of key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The slot stored for `key`.
    subscript(key: Int64) -> Int? {
        var index = home(of: key)
        while true {
            let entry = entries[index]
            if entry.slot < 0 { return nil }
            if entry.key == key { return Int(entry.slot) }
            index = (index + 1) & mask
        }
    }

    /// Stores `slot` for `key`, replacing any slot stored for it.
    mutating func set(_ slot: Int, for key: Int64) {
        if (count + 1) * 4 > entries.count * 3 { grow() }
        var index = home(of: key)
        while true {
            let entry = entries[index]
            if entry.slot < 0 {
                entries[index] = Entry(key: key, slot: Int32(truncatingIfNeeded: slot))
                count += 1
                return
            }
            if entry.key == key {
                entries[index].slot = Int32(truncatingIfNeeded: slot)
                return
            }
            index = (index + 1) & mask
        }
    }

    /// Removes `key`; returns the slot that was stored for it.
    @discardableResult
    mutating func removeValue(forKey key: Int64) -> Int? {
        var index = home(of: key)
        while true {
            let entry = entries[index]
            if entry.slot < 0 { return nil }
            if entry.key == key { break }
            index = (index + 1) & mask
        }
        let removed = Int(entries[index].slot)
        // Backward-shift deletion: move each following entry of the run into the hole when the hole lies between
        // its home and where it is now, so every entry stays reachable from its home without tombstones.
        var hole = index
        var next = (hole + 1) & mask
        while entries[next].slot >= 0 {
            let wanted = home(of: entries[next].key)
            if (next - wanted) & mask >= (next - hole) & mask {
                entries[hole] = entries[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        entries[hole] = Self.empty
        count -= 1
        return removed
    }

    /// Removes every key, keeping the table's size.
    mutating func removeAll() {
        for index in entries.indices { entries[index] = Self.empty }
        count = 0
    }

    private mutating func grow() {
        let old = entries
        entries = Array(repeating: Self.empty, count: old.count * 2)
        mask = entries.count - 1
        shift -= 1
        count = 0
        for entry in old where entry.slot >= 0 { set(Int(entry.slot), for: entry.key) }
    }
}
