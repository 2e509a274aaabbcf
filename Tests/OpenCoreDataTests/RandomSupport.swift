import Foundation

/// A small, fast, seedable generator (SplitMix64), so a fuzz run is reproduced by its seed alone.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed of case `index` of a run seeded with `seed`: each case depends only on the two.
    static func caseSeed(_ seed: UInt64, _ index: Int) -> UInt64 {
        var random = SeededRandom(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return random.next()
    }

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }

    mutating func pick<T>(_ elements: [T]) -> T { elements[Int.random(in: 0..<elements.count, using: &self)] }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}

/// A seed from the environment (decimal or 0x… hexadecimal), or `fallback`.
func environmentSeed(_ name: String, default fallback: UInt64) -> UInt64 {
    guard let text = ProcessInfo.processInfo.environment[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty
    else { return fallback }
    if text.lowercased().hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) ?? fallback }
    return UInt64(text) ?? fallback
}

/// A count from the environment, or `fallback`.
func environmentCount(_ name: String, default fallback: Int) -> Int {
    ProcessInfo.processInfo.environment[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? fallback
}
