import Foundation
import OpenSwiftData
import StoreTestSupport
import Testing

/// `caseInsensitiveCompare` in a predicate, on each store, against Foundation's answer on the same rows. SQLite's
/// store calls Foundation; PostgreSQL's runs `osd_case_insensitive_compare`, which spells out CoreFoundation's
/// comparison with its quirks (`PostgreSQLFunctions.caseInsensitiveCompare`). Found by `OSD_FUZZ_SEED=3333`
/// (`DifferentialPredicateTests`, predicate 451: "cafeq\u{301}strasse" against "café").
@Suite(.serialized) struct CaseInsensitiveCompareTests {
    /// (row text, the predicate's constant, Foundation's `caseInsensitiveCompare` raw value), both sides in NFC.
    static let cases: [(String, String, Int)] = [
        ("cafeq\u{301}strasse", "caf\u{E9}", 1),  // the fuzzer's case: a mark with no precomposed form
        ("cafeq", "caf\u{E9}", -1),
        ("aq\u{301}", "ab", 1),
        ("aq\u{301}", "ar", -1),
        ("Stra\u{DF}e", "STRASSE", 0),  // ß folds to ss
        ("\u{FB01}x", "FIX", 0),  // the fi ligature folds to fi
        ("\u{3A3}\u{39F}\u{3A6}\u{39F}\u{3A3}", "\u{3C3}\u{3BF}\u{3C6}\u{3BF}\u{3C2}", 0),  // final sigma
        ("\u{10400}", "\u{10428}", -1),  // the same high surrogate: compared at the low unit, not folded
        ("\u{13A0}", "\u{AB70}", 0),
        ("\u{AB70}", "\u{57F9}", 1),  // a Cherokee small letter is not folded
        ("\u{915}\u{93C}\u{941}", "\u{915}\u{941}", 1),  // marks sorted by combining class, class 0 first
        ("\u{C5}", "c", -1),  // Å: compared decomposed
        ("\u{E9}", "\u{E8}", 1),
        ("_", "B", -1),  // ASCII: lowercased bytes
        ("\u{D55C}\u{AD6D}", "\u{D55C}\u{AE00}", -1),  // Hangul
        ("\u{130}", "i\u{307}", 0),
        ("\u{1C80}", "\u{432}", 1),  // no fold for U+1C80
    ]

    @Test func foundationStillAnswersAsRecorded() {
        for (text, constant, expected) in Self.cases {
            #expect(text.caseInsensitiveCompare(constant).rawValue == expected, "\(text.debugDescription)")
        }
    }

    @Test(arguments: TestStore.tested) func fetchesSelectWhatEvaluateSelects(store: TestStore) throws {
        let context = ModelContext(try store.container(Sample.self))
        for text in Set(Self.cases.map(\.0)) { context.insert(Sample(text: text)) }
        try context.save()
        let rows = try ModelContext(context.container).fetch(FetchDescriptor<Sample>())
        for constant in Set(Self.cases.map(\.1)) {
            for result in [ComparisonResult.orderedAscending, .orderedSame, .orderedDescending] {
                let predicate = #Predicate<Sample> { $0.text.caseInsensitiveCompare(constant) == result }
                let fetched = try ModelContext(context.container).fetch(FetchDescriptor(predicate: predicate))
                let evaluated = try rows.filter { try predicate.evaluate($0) }
                #expect(
                    Set(fetched.map(\.text)) == Set(evaluated.map(\.text)),
                    "caseInsensitiveCompare(\(constant.debugDescription)) == \(result.rawValue)")
            }
        }
        for (text, constant, expected) in Self.cases {
            let result = ComparisonResult(rawValue: expected) ?? .orderedSame
            let predicate = #Predicate<Sample> { $0.text.caseInsensitiveCompare(constant) == result }
            let fetched = try ModelContext(context.container).fetch(FetchDescriptor(predicate: predicate))
            #expect(fetched.contains { $0.text == text }, "\(text.debugDescription) vs \(constant.debugDescription)")
        }
    }
}
