import Foundation
@testable import OpenCoreData
import StoreTestSupport
import Testing

/// The store's side of the predicate fuzz test: thousands of random format predicates (the same generator and
/// corpus as `PredicateFuzzTests`), each fetched from a store — SQLite in memory, and a PostgreSQL schema — in SQL
/// where the translator can say it, in memory on the rows where not — must select exactly the objects
/// `evaluate(with:)` accepts on the corpus, row for row, and `count(for:)` must agree.
///
/// Reproducible: `OSD_FUZZ_SEED` and `OSD_SQL_FUZZ_COUNT` (both printed; on PostgreSQL, whose every predicate is a
/// round trip to the server, the default count is ``postgreSQLDefaultCount``).
@Suite struct PredicateSQLDifferentialTests {
    static let defaultCount = 2_000
    static let postgreSQLDefaultCount = 500

    @Test(arguments: TestStore.tested) func sqlSelectsWhatEvaluateAccepts(store kind: TestStore) throws {
        let seed = environmentSeed("OSD_FUZZ_SEED", default: PredicateFuzzTests.defaultSeed)
        let count = environmentCount(
            "OSD_SQL_FUZZ_COUNT", default: kind == .sqlite ? Self.defaultCount : Self.postgreSQLDefaultCount)
        let corpus = RandomPeopleCorpus(seed: seed, count: PredicateFuzzTests.corpusSize)
        let coordinator = try #require(corpus.people.context.persistentStoreCoordinator)
        let description = try kind.description("People", in: nil)
        let store = try coordinator.addPersistentStore(
            ofType: kind == .sqlite ? NSInMemoryStoreType : PostgreSQLStoreType, configurationName: nil,
            at: kind == .sqlite ? nil : description.url, options: description.options)
        try corpus.people.context.save()
        let reader = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        reader.persistentStoreCoordinator = coordinator
        let table = try #require(store.engine.mapping.table(named: "Person"))
        let translator = PredicateSQLTranslator(
            mapping: store.engine.mapping, table: table, storeIdentifier: store.identifier)

        var failures: [String] = []
        var inSQL = 0
        for index in 0..<count {
            let caseSeed = SeededRandom.caseSeed(seed, index)
            let generated = RandomFormatPredicateGenerator.generate(seed: caseSeed)
            let label =
                "case \(index) (seed 0x\(String(caseSeed, radix: 16))): \(generated.format) with \(generated.arguments)"
            let predicate = NSPredicate(format: generated.format, argumentArray: generated.arguments)
                .withSubstitutionVariables(generated.bindings)
            if (try? translator.condition(predicate)) != nil { inSQL += 1 }
            let expected = Set(corpus.persons.filter { predicate.evaluate(with: $0) }.map(\.objectID))
            let request = NSFetchRequest<NSManagedObject>(entityName: "Person")
            request.predicate = predicate
            do {
                let fetched = try reader.fetch(request).map(\.objectID)
                if Set(fetched) != expected || fetched.count != expected.count {
                    let extra = Set(fetched).subtracting(expected).count, missing = expected.subtracting(fetched).count
                    failures.append(
                        "\(label): the fetch has \(extra) rows evaluate refuses and lacks \(missing) it accepts")
                }
                let counted = try reader.count(for: request)
                if counted != expected.count {
                    failures.append("\(label): count(for:) is \(counted), evaluate accepts \(expected.count)")
                }
            } catch {
                failures.append("\(label): the fetch threw \(error)")
            }
            if failures.count >= 20 { break }
        }
        print(
            "PredicateSQLDifferentialTests (\(kind)): OSD_FUZZ_SEED=0x\(String(seed, radix: 16)) OSD_SQL_FUZZ_COUNT=\(count): \(inSQL) of \(count) predicates ran in SQL, the rest in memory on the rows"
        )
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.joined(separator: "\n"))")
        // Most predicates run in SQL: the in-memory path is for LIKE, MATCHES, SUBQUERY, functions and transformables.
        #expect(inSQL > count / 2, "only \(inSQL) of \(count) ran in SQL")
    }
}
