import Foundation
@testable import OpenCoreData
import Testing

/// Seeded differential test of the predicate parser, printer and evaluator: thousands of random format strings
/// (``RandomFormatPredicateGenerator``), each
///
/// 1. parsed without error,
/// 2. printed with `predicateFormat` and parsed again to an equal tree (and printed again to the same text),
/// 3. evaluated on a random corpus of managed objects (``RandomPeopleCorpus``) — the original, the re-parsed
///    tree, and the same data as dictionaries must all agree, object by object — without a trap.
///
/// Reproducible: `OSD_FUZZ_SEED` (decimal or 0x… hex) picks the corpus and the predicates, `OSD_FUZZ_COUNT` how
/// many run; both are printed. Case `i` depends only on the seed and `i`.
@Suite struct PredicateFuzzTests {
    static let defaultSeed: UInt64 = 0x0C0_DA7A
    static let defaultCount = 1_000
    static let corpusSize = 40

    @Test func randomFormatPredicates() throws {
        let seed = environmentSeed("OSD_FUZZ_SEED", default: Self.defaultSeed)
        let count = environmentCount("OSD_FUZZ_COUNT", default: Self.defaultCount)
        print(
            "PredicateFuzzTests: OSD_FUZZ_SEED=0x\(String(seed, radix: 16)) OSD_FUZZ_COUNT=\(count) over \(Self.corpusSize) people"
        )
        let corpus = RandomPeopleCorpus(seed: seed, count: Self.corpusSize)
        let objects = corpus.persons
        let dictionaries = objects.map { RandomPeopleCorpus.dictionary(of: $0, depth: 3) }
        var failures: [String] = []
        var matchedSome = 0
        var matchedAll = 0
        for index in 0..<count {
            let caseSeed = SeededRandom.caseSeed(seed, index)
            let generated = RandomFormatPredicateGenerator.generate(seed: caseSeed)
            let label =
                "case \(index) (seed 0x\(String(caseSeed, radix: 16))): \(generated.format) with \(generated.arguments)"
            let predicate = NSPredicate(format: generated.format, argumentArray: generated.arguments)
            if let error = predicate.formatError {
                failures.append("\(label): does not parse: \(error)")
                continue
            }
            let printed = predicate.formatString
            let reparsed = NSPredicate(format: printed)
            if let error = reparsed.formatError {
                failures.append("\(label): its format \(printed) does not parse: \(error)")
                continue
            }
            if !(reparsed == predicate) {
                failures.append("\(label): \(printed) reads back as a different tree, printed \(reparsed.formatString)")
                continue
            }
            if reparsed.formatString != printed {
                failures.append("\(label): printing is not stable: \(printed) then \(reparsed.formatString)")
            }
            var matches = 0
            for (object, dictionary) in zip(objects, dictionaries) {
                let onObject = predicate.evaluate(with: object, substitutionVariables: generated.bindings)
                let onReparsed = reparsed.evaluate(with: object, substitutionVariables: generated.bindings)
                let onDictionary = predicate.evaluate(with: dictionary, substitutionVariables: generated.bindings)
                if onObject != onReparsed || onObject != onDictionary {
                    failures.append(
                        "\(label): object \(object.value(forKey: "name") ?? "?") gives \(onObject), re-parsed \(onReparsed), as a dictionary \(onDictionary)"
                    )
                    break
                }
                if onObject { matches += 1 }
            }
            if matches > 0 { matchedSome += 1 }
            if matches == objects.count { matchedAll += 1 }
            if failures.count >= 20 { break }
        }
        print(
            "PredicateFuzzTests: \(matchedSome) of \(count) predicates matched some people, \(matchedAll) matched all")
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.joined(separator: "\n"))")
        // The generator is not degenerate: predicates match some but not all rows most of the time.
        #expect(
            matchedSome > count / 4 && matchedAll < count / 2,
            "matched some \(matchedSome), all \(matchedAll) of \(count)")
    }
}
