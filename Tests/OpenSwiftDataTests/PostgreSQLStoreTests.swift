import Dispatch
import Foundation
@testable import OpenSwiftData
import StoreTestSupport
import Testing

/// The PostgreSQL store through OpenSwiftData's API, on the throwaway server (`TestServer`): what the SQLite
/// suites check in memory or in a file, checked where several containers — standing for several app servers —
/// share one database.
@Suite(.serialized) struct PostgreSQLStoreTests {
    init() throws {
        // Fails every test loudly (with the script's words) when no server could be started.
        _ = try TestServer.url.get()
    }

    /// A configuration of the schema `name` on the test server.
    func configuration(_ name: String) throws -> ModelConfiguration {
        try TestStore.postgreSQL.configuration(schemaName: name)
    }

    @Test func savedModelsReadBackInAnotherContainer() throws {
        let schema = TestStore.newSchemaName()
        do {
            let context = ModelContext(
                try ModelContainer(for: Author.self, Book.self, Genre.self, configurations: try configuration(schema)))
            let author = Author(name: "Ursula K. Le Guin")
            let book = Book(title: "The Dispossessed", author: author)
            book.tags = [Genre(name: "science fiction"), Genre(name: "utopia")]
            context.insert(book)
            try context.save()
        }
        let context = ModelContext(
            try ModelContainer(for: Author.self, Book.self, Genre.self, configurations: try configuration(schema)))
        let books = try context.fetch(FetchDescriptor<Book>())
        #expect(books.map(\.title) == ["The Dispossessed"])
        #expect(books.first?.author?.name == "Ursula K. Le Guin")
        #expect(books.first?.tags.map(\.name).sorted() == ["science fiction", "utopia"])
        #expect(try context.fetchCount(FetchDescriptor<Genre>()) == 2)
    }

    @Test func aUniqueInsertUpdatesTheStoredRow() throws {
        let context = ModelContext(try TestStore.postgreSQL.container(Tag.self))
        context.insert(Tag(name: "swift", uses: 1))
        try context.save()
        context.insert(Tag(name: "swift", uses: 7))
        try context.save()
        let tags = try ModelContext(context.container).fetch(FetchDescriptor<Tag>())
        #expect(tags.map(\.name) == ["swift"])
        #expect(tags.map(\.uses) == [7])
    }

    /// Two containers (two app servers) insert the same unique names at once: every save succeeds, and each name
    /// is one row.
    @Test func uniqueUpsertsFromTwoContainersAtOnceLeaveOneRowEach() throws {
        let schema = TestStore.newSchemaName()
        let containers = try (0..<2).map { _ in
            try ModelContainer(for: Tag.self, configurations: try configuration(schema))
        }
        let names = (0..<40).map { "tag \($0)" }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            let context = ModelContext(containers[worker])
            for (index, name) in names.enumerated() {
                context.insert(Tag(name: name, uses: worker * 1_000 + index))
                do {
                    try context.save()
                } catch {
                    failures.append("\(error)")
                }
            }
        }
        #expect(failures.all.isEmpty)
        let stored = try ModelContext(containers[0]).fetch(FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.name)]))
        #expect(stored.map(\.name) == names.sorted())
        #expect(stored.allSatisfy { $0.uses % 1_000 == names.firstIndex(of: $0.name) })
    }

    @Test func deleteRulesCascadeAndClearJoinRows() throws {
        let context = ModelContext(try TestStore.postgreSQL.container(Author.self, Book.self, Genre.self))
        let author = Author(name: "Octavia E. Butler")
        let kindred = Book(title: "Kindred", author: author)
        let dawn = Book(title: "Dawn", author: author)
        let loose = Book(title: "Loose")
        let genre = Genre(name: "speculative")
        kindred.tags = [genre]
        loose.tags = [genre]
        for model in [kindred, dawn, loose] { context.insert(model) }
        try context.save()
        context.delete(author)
        try context.save()
        let fresh = ModelContext(context.container)
        #expect(try fresh.fetch(FetchDescriptor<Book>()).map(\.title) == ["Loose"])
        #expect(try fresh.fetch(FetchDescriptor<Genre>()).first?.books.map(\.title) == ["Loose"])
        fresh.delete(try #require(try fresh.fetch(FetchDescriptor<Genre>()).first))
        try fresh.save()
        #expect(try ModelContext(context.container).fetch(FetchDescriptor<Book>()).first?.tags.isEmpty == true)
    }

    @Test func predicatesSortsLimitsAndOffsetsRunInSQL() throws {
        let context = ModelContext(try TestStore.postgreSQL.container(Tag.self))
        for (index, name) in ["delta", "alpha", "charlie", "bravo", "echo"].enumerated() {
            context.insert(Tag(name: name, uses: index))
        }
        try context.save()
        var descriptor = FetchDescriptor<Tag>(
            predicate: #Predicate { $0.uses >= 1 }, sortBy: [SortDescriptor(\.name, order: .reverse)])
        descriptor.fetchOffset = 1
        #expect(try context.fetch(descriptor).map(\.name) == ["charlie", "bravo", "alpha"])
        descriptor.fetchLimit = 2
        #expect(try context.fetch(descriptor).map(\.name) == ["charlie", "bravo"])
        #expect(try context.fetchCount(FetchDescriptor<Tag>(predicate: #Predicate { $0.name.contains("a") })) == 4)
    }

    /// A V1 store migrated to V3 by two containers opening it at once: both open, and the rows are migrated once.
    @Test func twoContainersMigratingAtOnceMigrateOnce() throws {
        let schema = TestStore.newSchemaName()
        do {
            let context = ModelContext(
                try ModelContainer(for: BooksV1.SavedBook.self, configurations: try configuration(schema)))
            context.insert(BooksV1.SavedBook(title: "Dune", authors: ["Frank Herbert"], price: 10))
            context.insert(BooksV1.SavedBook(title: "Solaris", authors: [], price: 8))
            try context.save()
        }
        let opened = Containers()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            do {
                opened.append(
                    .success(try ModelContainer(for: BooksV3.SavedBook.self, configurations: try configuration(schema)))
                )
            } catch {
                opened.append(.failure(error))
            }
        }
        let containers = try opened.all.map { try $0.get() }
        #expect(containers.count == 2)
        let books = try ModelContext(containers[0]).fetch(
            FetchDescriptor<BooksV3.SavedBook>(sortBy: [SortDescriptor(\.name)]))
        #expect(books.map(\.name) == ["Dune", "Solaris"])
        #expect(books.map(\.authors) == [["Frank Herbert"], []])
        #expect(books.map(\.rating) == [5, 5])
        #expect(books.map(\.note) == [nil, nil])
    }

    @Test func aServerThatIsDownIsNamedByHostAndPort() throws {
        // Port 1 on the loopback address: nothing listens there.
        var configuration = ModelConfiguration(
            url: try #require(URL(string: "postgres://nobody:secret@127.0.0.1:1/db")))
        configuration.postgreSQL.schemaName = TestStore.newSchemaName()
        do {
            _ = try ModelContainer(for: Tag.self, configurations: configuration)
            Issue.record("a container opened on a server that is down")
        } catch {
            let message = "\(error)"
            #expect(message.contains("127.0.0.1"))
            #expect(message.contains("port 1"))
            #expect(!message.contains("secret"))
        }
    }
}

/// Errors collected from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}

/// Containers (or why one did not open) collected from several threads.
private final class Containers: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Result<ModelContainer, any Error>] = []
    func append(_ item: Result<ModelContainer, any Error>) { lock.withLock { items.append(item) } }
    var all: [Result<ModelContainer, any Error>] { lock.withLock { items } }
}
