@testable import OpenSwiftData
import Testing

/// The registry's flat primary-key table, against a `Dictionary` doing the same operations.
@Suite struct RowIDMapTests {
    @Test func insertsFindsAndReplaces() {
        var map = RowIDMap()
        #expect(map[1] == nil)
        map.set(7, for: 1)
        map.set(8, for: -5)
        map.set(9, for: Int64.max)
        #expect(map[1] == 7 && map[-5] == 8 && map[Int64.max] == 9)
        map.set(3, for: 1)
        #expect(map[1] == 3)
        #expect(map.count == 3)
    }

    @Test func removalKeepsEveryOtherKeyReachable() {
        // Dense keys, as the store assigns them, collide in runs; removing from the middle of a run must leave the
        // keys behind it findable (backward-shift deletion).
        var map = RowIDMap()
        for key in Int64(1)...1_000 { map.set(Int(key) * 2, for: key) }
        for key in stride(from: Int64(1), through: 1_000, by: 3) {
            #expect(map.removeValue(forKey: key) == Int(key) * 2)
        }
        #expect(map.removeValue(forKey: 1) == nil)
        for key in Int64(1)...1_000 {
            #expect(map[key] == (key % 3 == 1 ? nil : Int(key) * 2))
        }
        #expect(map.count == 1_000 - 334)
    }

    @Test func matchesADictionaryUnderInsertsDeletesAndReusedKeys() {
        var map = RowIDMap()
        var expected: [Int64: Int] = [:]
        var random = SeededRandom(seed: 16)
        for step in 0..<20_000 {
            // Keys from a small range, so inserts, removals and reinsertions of one key interleave.
            let key = Int64(random.next() % 3_000) - 500
            switch random.next() % 3 {
            case 0:
                #expect(map.removeValue(forKey: key) == expected.removeValue(forKey: key))
            default:
                map.set(step, for: key)
                expected[key] = step
            }
            if step % 1_000 == 0 {
                map.removeAll()
                expected.removeAll()
            }
        }
        #expect(map.count == expected.count)
        for key in Int64(-500)..<2_500 { #expect(map[key] == expected[key]) }
    }
}
