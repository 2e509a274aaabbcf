import Foundation

#if canImport(SwiftData)
import SwiftData
#else
import OpenSwiftData
#endif

/// Saves three books to a store file, opens the file again in a new container, and fetches with `#Predicate`.
/// Exits 1 when a result is not the expected one.
func run() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftdata-example-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let storeURL = folder.appendingPathComponent("books.store")

    do {
        let container = try ModelContainer(for: Book.self, configurations: ModelConfiguration(url: storeURL))
        let context = ModelContext(container)
        context.insert(
            Book(
                isbn: "978-0-00-000001-1", title: "The Swift Programming Language", pages: 1000,
                published: Date(timeIntervalSince1970: 1_401_753_600)))
        context.insert(
            Book(
                isbn: "978-0-00-000002-8", title: "Swift on the Server", pages: 320,
                published: Date(timeIntervalSince1970: 1_600_000_000)))
        context.insert(
            Book(
                isbn: "978-0-00-000003-5", title: "Cooking with SQLite", pages: 180,
                published: Date(timeIntervalSince1970: 1_500_000_000)))
        // Same unique ISBN: SwiftData updates the stored book instead of adding a fourth.
        context.insert(
            Book(
                isbn: "978-0-00-000003-5", title: "Cooking with SQLite, 2nd edition", pages: 210,
                published: Date(timeIntervalSince1970: 1_700_000_000)))
        try context.save()
    }

    let container = try ModelContainer(for: Book.self, configurations: ModelConfiguration(url: storeURL))
    let context = ModelContext(container)
    let minimum = 200
    let swiftBooks = try context.fetch(
        FetchDescriptor<Book>(
            predicate: #Predicate { $0.title.contains("Swift") && $0.pages > minimum },
            sortBy: [SortDescriptor(\.pages, order: .reverse)]
        ))
    let titles = swiftBooks.map(\.title)
    let count = try context.fetchCount(FetchDescriptor<Book>())
    print("books: \(count)")
    print("Swift books over \(minimum) pages: \(titles)")
    try check(count == 3, "expected 3 books (the repeated ISBN updates), got \(count)")
    try check(titles == ["The Swift Programming Language", "Swift on the Server"], "wrong fetch: \(titles)")

    let second = try context.fetch(FetchDescriptor<Book>(predicate: #Predicate { $0.isbn == "978-0-00-000003-5" }))
    print("updated: \(second.map(\.title))")
    try check(second.map(\.title) == ["Cooking with SQLite, 2nd edition"], "the unique ISBN did not update the row")
}

struct ExampleFailure: Error, CustomStringConvertible {
    let description: String
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw ExampleFailure(description: message()) }
}

do {
    try run()
    print("SwiftDataExample: ok")
} catch {
    print("SwiftDataExample: FAILED: \(error)")
    exit(1)
}
