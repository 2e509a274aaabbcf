import Foundation

// One runnable example per article of the OpenSwiftData guide; each article shows its file whole. Exits 1 when an
// example finds a result it does not expect.
let examples: [(article: String, run: () throws -> Void)] = [
    ("Containers and contexts", containersAndContextsExample),
    ("Models", modelsExample),
    ("Fetching and predicates", fetchingAndPredicatesExample),
    ("Relationships", relationshipsExample),
    ("Undo", undoExample),
    ("Migration", migrationExample),
    ("Live results", liveResultsExample),
    ("Stores", storesExample),
    ("Errors and diagnostics", errorsAndDiagnosticsExample),
    ("Differences from SwiftData", differencesExample),
]
var failures = 0
for example in examples {
    do {
        try example.run()
        print("\(example.article): ok")
    } catch {
        print("\(example.article): FAILED: \(error)")
        failures += 1
    }
}
do {
    try await concurrencyExample()
    print("Concurrency: ok")
} catch {
    print("Concurrency: FAILED: \(error)")
    failures += 1
}
exit(failures == 0 ? 0 : 1)
