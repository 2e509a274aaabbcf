import Foundation
import OpenSwiftData
import StoreTestSupport

/// SplitMix64: a small, fast generator whose whole state is one integer, so a run is reproducible from its seed on
/// every platform (the standard library's generator is not seedable).
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

    /// The seed of the `index`-th independent stream derived from `seed` (each generated predicate has its own).
    static func derive(_ seed: UInt64, _ index: Int) -> UInt64 {
        var mixer = SeededRandom(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        return mixer.next()
    }

    /// An index into `weights`, each chosen in proportion to its weight.
    mutating func weightedIndex(_ weights: [Int]) -> Int {
        var pick = Int.random(in: 0..<weights.reduce(0, +), using: &self)
        for (index, weight) in weights.enumerated() {
            if pick < weight { return index }
            pick -= weight
        }
        return weights.count - 1
    }

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }

    mutating func pick<C: Collection>(_ items: C) -> C.Element where C.Index == Int {
        items[Int.random(in: 0..<items.count, using: &self)]
    }
}

/// The values of one `Sample` row, kept as plain values so the generator can draw constants that match rows.
struct SampleValues {
    var text: String
    var integer: Int
    var wide: Int64
    var real: Double
    var flag: Bool
    var date: Date
    var bytes: Data
    var identifier: UUID
    var link: URL
    var note: String?
    var count: Int?
    var score: Double?
    var seen: Date?
    var payload: Data?
    var tags: [String]
    var priority: Priority
    var shade: Shade?
    var size: Dimensions?
    var ratings: [Int?]
    var nicknames: [String?]
    var lookup: [String: Int]

    func makeSample() -> Sample {
        Sample(
            text: text, integer: integer, wide: wide, real: real, flag: flag, date: date, bytes: bytes,
            identifier: identifier, link: link, note: note, count: count, score: score, seen: seen, payload: payload,
            tags: tags, priority: priority, shade: shade, size: size, ratings: ratings, nicknames: nicknames,
            lookup: lookup
        )
    }
}

/// The values the corpus draws from, and the generator draws its constants from (plus random ones).
enum FuzzValues {
    static func nfd(_ text: String) -> String { text.decomposedStringWithCanonicalMapping }

    /// Words in every script the store must treat as Swift does: ASCII in several cases, Hangul as precomposed
    /// syllables (NFC) and as conjoining jamo (NFD), Latin with precomposed and combining accents (and the Ångström
    /// sign, whose NFC is a different scalar), emoji with ZWJ sequences, skin tones and flags, CR LF.
    static let words: [String] = [
        "", "a", "b", "c", "x", "apple", "Apple", "APPLE", "application", "banana", "file2", "file9", "file10",
        "FILE10",
        "Straße",
        "STRASSE", "strasse", "Ωmega", "ωmega",
        "사업일", nfd("사업일"), "사업", nfd("사업"), "안내", nfd("안내"), "업",
        "café", "cafe\u{301}", "Café", "CAFE", "cafe", "naïve", "nai\u{308}ve", "résumé", "RE\u{301}SUME\u{301}",
        "Résumé",
        "q\u{301}", "q", "e", "é",
        "\u{C5}", "A\u{30A}", "\u{212B}",
        "👨‍👩‍👧", "👨", "👩", "🇫🇷", "🇫", "🏳️‍🌈", "👍🏽", "👍",
        "\r\n", "a\r\nb", "\r", "\n", " ",
    ]

    static let integers: [Int] = [
        Int.min, Int.min + 1, -1_000_000_007, -42, -1, 0, 1, 2, 3, 7, 42, 1_000_000_007, Int.max - 1, Int.max,
    ]
    static let wides: [Int64] = [Int64.min, -1, 0, 1, 5, 1 << 40, Int64.max]
    static let reals: [Double] = [
        -1e300, 1e300, -0.0, 0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 0.1, 0.5, 1,
        1.5,
        -1.5, 2.5, 3, -7.25, 1e10, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
    ]
    static let dates: [Date] = [
        .distantPast, .distantFuture, Date(timeIntervalSinceReferenceDate: 0),
        Date(timeIntervalSinceReferenceDate: -0.5),
        Date(timeIntervalSinceReferenceDate: 86_400), Date(timeIntervalSinceReferenceDate: 86_400 * 365.25 * 24),
        Date(timeIntervalSinceReferenceDate: 1e-6),
    ]
    static let datas: [Data] = [Data(), Data([0]), Data([1, 2, 3]), Data([0xFF, 0x00]), Data("apple".utf8)]
    static let identifiers: [UUID] = (0..<5).map { index in
        UUID(
            uuid: (
                UInt8(index), 0x11, 0x22, 0x33, 0x44, 0x55, 0x46, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE,
                UInt8(index * 7)
            ))
    }
    static let links: [URL] = [
        "https://example.com", "https://example.com/a?b=c", "file:///tmp/x", "https://xn--caf-dma.example/%C3%A9",
    ].compactMap(URL.init(string:))
    /// Keys of `lookup`: "é" is written in NFC and NFD across rows (one key to Swift).
    static let keys: [String] = ["a", "b", "é", nfd("é"), "사업", ""]
    static let sizes: [Dimensions] = [
        Dimensions(width: 0, height: 1), Dimensions(width: -0.0, height: 1), Dimensions(width: 1.5, height: 2.5),
        Dimensions(width: 1e300, height: -1e300),
    ]
}

/// A reproducible corpus of `Sample` rows covering the edge cases a translation can get wrong.
struct RandomCorpus {
    let rows: [SampleValues]

    init(seed: UInt64, count: Int) {
        var random = SeededRandom(seed: seed)
        var rows: [SampleValues] = []
        for _ in 0..<count {
            rows.append(Self.row(&random))
        }
        self.rows = rows
    }

    /// A text: one word, or a few words joined by a space or nothing (so containment across scripts happens).
    static func text(_ random: inout SeededRandom) -> String {
        let parts = (0..<Int.random(in: 1...3, using: &random)).map { _ in random.pick(FuzzValues.words) }
        return parts.joined(separator: random.chance(0.5) ? " " : "")
    }

    /// A small integer (for columns that arithmetic may use: Swift traps on overflow).
    static func small(_ random: inout SeededRandom) -> Int {
        random.chance(0.3) ? random.pick([-1, 0, 1]) : Int.random(in: -20...30, using: &random)
    }

    static func row(_ random: inout SeededRandom) -> SampleValues {
        func maybe<T>(_ probability: Double = 0.3, _ make: (inout SeededRandom) -> T) -> T? {
            random.chance(probability) ? nil : make(&random)
        }
        let tagCount = random.pick([0, 0, 1, 1, 2, 3, 4])
        var tags = (0..<tagCount).map { _ in random.chance(0.8) ? random.pick(FuzzValues.words) : text(&random) }
        if !tags.isEmpty, random.chance(0.2) { tags.append(random.pick(tags)) }  // duplicates
        // JSON keeps tags as written, so in memory they keep their spelling: all NFD in some rows, all NFC in the
        // others, never mixed, because Swift's `<` (hence `max()`/`min()`) is inconsistent between a non-NFC string
        // and an NFC one it is canonically a prefix of (see RandomPredicateGenerator).
        let decomposed = random.chance(0.25)
        tags = tags.map { decomposed ? FuzzValues.nfd($0) : $0.precomposedStringWithCanonicalMapping }
        let ratings: [Int?] = (0..<random.pick([0, 1, 1, 2, 3])).map { _ in random.chance(0.3) ? nil : small(&random) }
        let nicknames: [String?] = (0..<random.pick([0, 1, 2, 3])).map { _ in
            random.chance(0.3)
                ? nil : (decomposed ? FuzzValues.nfd(random.pick(FuzzValues.words)) : random.pick(FuzzValues.words))
        }
        var lookup: [String: Int] = [:]
        for _ in 0..<random.pick([0, 0, 1, 2, 3]) { lookup[random.pick(FuzzValues.keys)] = small(&random) }
        return SampleValues(
            text: random.chance(0.05) ? "" : text(&random),
            integer: random.chance(0.6) ? random.pick(FuzzValues.integers) : Int.random(in: -50...50, using: &random),
            wide: random.chance(0.6) ? random.pick(FuzzValues.wides) : Int64.random(in: -1000...1000, using: &random),
            real: random.chance(0.6)
                ? random.pick(FuzzValues.reals) : Double(Int.random(in: -400...400, using: &random)) / 8,
            flag: random.chance(0.5),
            date: random.chance(0.6)
                ? random.pick(FuzzValues.dates)
                : Date(timeIntervalSinceReferenceDate: Double(Int.random(in: -9...9, using: &random)) * 86_400),
            bytes: random.pick(FuzzValues.datas),
            identifier: random.pick(FuzzValues.identifiers),
            link: random.pick(FuzzValues.links),
            note: maybe { random in random.chance(0.1) ? "" : text(&random) },
            count: maybe { random in small(&random) },
            score: maybe { random in
                random.chance(0.5)
                    ? random.pick(FuzzValues.reals) : Double(Int.random(in: -40...40, using: &random)) / 4
            },
            seen: maybe { random in random.pick(FuzzValues.dates) },
            payload: maybe(0.5) { random in random.pick(FuzzValues.datas) },
            tags: tags,
            priority: random.pick(Priority.allCases),
            shade: random.pick([nil, .red, .green]),
            size: maybe(0.5) { random in random.pick(FuzzValues.sizes) },
            ratings: ratings, nicknames: nicknames, lookup: lookup
        )
    }

    /// A context over a fresh in-memory store holding the rows, saved (so fetches have no pending changes).
    func makeContext(store: TestStore = .sqlite) throws -> ModelContext {
        let context = ModelContext(try store.container(Sample.self))
        for row in rows {
            context.insert(row.makeSample())
        }
        try context.save()
        return context
    }
}

/// Swift source for a string literal that shows every non-ASCII or control scalar as `\u{…}`, so NFC and NFD
/// spellings are told apart in a report.
func swiftLiteral(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\r": result += "\\r"
        case "\n": result += "\\n"
        case " "..."~": result.unicodeScalars.append(scalar)
        default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
    }
    return result + "\""
}

/// Every stored value of a row, for a mismatch report.
func describeRow(_ sample: Sample) -> String {
    func text(_ value: String?) -> String { value.map(swiftLiteral) ?? "nil" }
    let fields: [String] = [
        "text: \(text(sample.text))", "integer: \(sample.integer)", "wide: \(sample.wide)", "real: \(sample.real)",
        "flag: \(sample.flag)", "date: \(sample.date.timeIntervalSinceReferenceDate)", "bytes: \(Array(sample.bytes))",
        "identifier: \(sample.identifier)", "link: \(sample.link)", "note: \(text(sample.note))",
        "count: \(sample.count.map(String.init) ?? "nil")", "score: \(sample.score.map { "\($0)" } ?? "nil")",
        "seen: \(sample.seen.map { "\($0.timeIntervalSinceReferenceDate)" } ?? "nil")",
        "payload: \(sample.payload.map { "\(Array($0))" } ?? "nil")",
        "tags: [\(sample.tags.map(swiftLiteral).joined(separator: ", "))]", "priority: .\(sample.priority)",
        "shade: \(sample.shade.map { ".\($0)" } ?? "nil")", "size: \(sample.size.map { "\($0)" } ?? "nil")",
        "ratings: [\(sample.ratings.map { $0.map(String.init) ?? "nil" }.joined(separator: ", "))]",
        "nicknames: [\(sample.nicknames.map { text($0) }.joined(separator: ", "))]",
        "lookup: [\(sample.lookup.sorted { $0.key < $1.key }.map { "\(swiftLiteral($0.key)): \($0.value)" }.joined(separator: ", "))]",
    ]
    return fields.joined(separator: ", ")
}
