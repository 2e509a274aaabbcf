import Foundation
import OpenSwiftData
import Testing

/// A fresh folder under the system temp directory, removed when the value is freed.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("OpenSwiftDataTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}

func inMemoryContainer(_ types: any PersistentModel.Type...) throws -> ModelContainer {
    try ModelContainer(for: types, configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])
}

/// Asserts that fetching with `predicate` (translated to SQL) returns exactly the rows `Predicate.evaluate`
/// accepts, in the same order, and returns how many matched.
@discardableResult
func expectSQLMatchesEvaluate<T: PersistentModel>(
    _ predicate: Predicate<T>, in context: ModelContext, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Int {
    let all = try context.fetch(FetchDescriptor<T>())
    let expected = try all.filter { try predicate.evaluate($0) }.map(\.persistentModelID)
    let actual = try context.fetch(FetchDescriptor(predicate: predicate)).map(\.persistentModelID)
    #expect(actual == expected, sourceLocation: sourceLocation)
    #expect(
        try context.fetchCount(FetchDescriptor(predicate: predicate)) == expected.count, sourceLocation: sourceLocation)
    return expected.count
}

/// A seed from the environment variable `name` (decimal, or hex with `0x`), else `fallback`.
func environmentSeed(_ name: String, default fallback: UInt64) -> UInt64 {
    guard let text = ProcessInfo.processInfo.environment[name]?.trimmingCharacters(in: .whitespaces) else {
        return fallback
    }
    if text.lowercased().hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) ?? fallback }
    return UInt64(text) ?? fallback
}

/// A count from the environment variable `name`, else `fallback`.
func environmentCount(_ name: String, default fallback: Int) -> Int {
    ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? fallback
}
