import Foundation
import OpenSwiftData
import SQLite
import Testing

@Suite(.serialized) struct MigrationTests {
    /// A store holding three V1 books (closed again, so the file is complete).
    private func v1Store(_ folder: TemporaryDirectory, duplicateTitle: Bool = false) throws -> URL {
        let url = folder.file("books.store")
        let context = ModelContext(
            try ModelContainer(for: BooksV1.SavedBook.self, configurations: ModelConfiguration(url: url)))
        context.insert(BooksV1.SavedBook(title: "미움받을 용기", authors: ["기시미 이치로", "고가 후미타케"], price: 14_900))
        context.insert(BooksV1.SavedBook(title: "Dune", authors: ["Frank Herbert"], price: 10))
        context.insert(BooksV1.SavedBook(title: duplicateTitle ? "Dune" : "Solaris", authors: [], price: 7))
        try context.save()
        return url
    }

    @Test func theStoreRecordsItsSchemaAndVersion() throws {
        let folder = try TemporaryDirectory()
        let url = try v1Store(folder)
        let raw = try SQLiteConnection(location: .file(url.path))
        defer { raw.close() }
        guard case .text(let json) = try raw.scalar("SELECT \"value\" FROM \"Z_METADATA\" WHERE \"key\" = 'schema'")
        else {
            Issue.record("no schema recorded")
            return
        }
        #expect(json.contains("\"name\":\"SavedBook\""))
        #expect(json.contains("\"authors\""))
        #expect(json.contains("Swift.Array<Swift.String>"))
    }

    @Test func aTypeChangeWithoutAPlanThrowsAndLeavesTheFileByteIdentical() throws {
        let folder = try TemporaryDirectory()
        let url = try v1Store(folder)
        let before = try Data(contentsOf: url)
        #expect {
            _ = try ModelContainer(for: BooksV2.SavedBook.self, configurations: ModelConfiguration(url: url))
        } throws: { error in
            let message = "\(error)"
            return message.contains("SavedBook.authors changed type from Array<String> to String")
        }
        #expect(try Data(contentsOf: url) == before)
        // And the old models still open it.
        let context = ModelContext(
            try ModelContainer(for: BooksV1.SavedBook.self, configurations: ModelConfiguration(url: url)))
        #expect(try context.fetchCount(FetchDescriptor<BooksV1.SavedBook>()) == 3)
    }

    @Test func theSameChangeWithACustomStageJoinsTheArrayInEveryRow() throws {
        let folder = try TemporaryDirectory()
        let url = try v1Store(folder)
        let container = try ModelContainer(
            for: BooksV2.SavedBook.self, migrationPlan: JoinAuthorsPlan.self,
            configurations: ModelConfiguration(url: url)
        )
        let books = try ModelContext(container).fetch(
            FetchDescriptor<BooksV2.SavedBook>(sortBy: [SortDescriptor(\.price)]))
        #expect(books.map(\.authors) == ["", "Frank Herbert", "기시미 이치로, 고가 후미타케"])
        #expect(books.map(\.title) == ["Solaris", "Dune", "미움받을 용기"])
        // Keys survive the rebuild, and are not reused afterwards.
        #expect(books.map { $0.persistentModelID.primaryKey } == [3, 2, 1])
        let context = ModelContext(container)
        context.insert(BooksV2.SavedBook(title: "New", authors: "Someone", price: 1))
        try context.save()
        #expect(
            try context.fetch(FetchDescriptor<BooksV2.SavedBook>(predicate: #Predicate { $0.title == "New" })).first?
                .persistentModelID.primaryKey == 4)
    }

    @Test func lightweightChangesMigrateAutomatically() throws {
        let folder = try TemporaryDirectory()
        let url = try v1Store(folder)
        let container = try ModelContainer(for: BooksV3.SavedBook.self, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let books = try context.fetch(FetchDescriptor<BooksV3.SavedBook>(sortBy: [SortDescriptor(\.name)]))
        #expect(books.map(\.name) == ["Dune", "Solaris", "미움받을 용기"])  // renamed through originalName
        #expect(books.map(\.authors) == [["Frank Herbert"], [], ["기시미 이치로", "고가 후미타케"]])
        #expect(books.map(\.note) == [nil, nil, nil])
        #expect(books.map(\.rating) == [5, 5, 5])  // the declared default
        let publisher = BooksV3.Publisher(name: "Ace")
        books[0].publisher = publisher
        try context.save()
        #expect(
            try ModelContext(container).fetch(FetchDescriptor<BooksV3.Publisher>()).first?.books.map(\.name) == ["Dune"]
        )
    }

    @Test func aRebuiltTableKeepsItsReferencesClearedWhenTheRelatedRowGoes() throws {
        let folder = try TemporaryDirectory()
        let url = try v1Store(folder)
        do {
            let context = ModelContext(
                try ModelContainer(for: BooksV3.SavedBook.self, configurations: ModelConfiguration(url: url)))
            let dune = try #require(
                try context.fetch(FetchDescriptor<BooksV3.SavedBook>(predicate: #Predicate { $0.name == "Dune" })).first
            )
            dune.publisher = BooksV3.Publisher(name: "Ace")
            try context.save()
        }
        // A store made before the reference triggers existed gets them when it is opened.
        let raw = try SQLiteConnection(location: .file(url.path))
        try raw.execute("DROP TRIGGER \"SavedBook_publisher_reference_clear\"")
        raw.close()
        let container = try ModelContainer(for: BooksV4.SavedBook.self, configurations: ModelConfiguration(url: url))
        let check = try SQLiteConnection(location: .file(url.path))
        defer { check.close() }
        #expect(
            try check.scalar(
                "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name = 'SavedBook_publisher_reference_clear'"
            ) == .integer(1))
        let context = ModelContext(container)
        let books = try context.fetch(FetchDescriptor<BooksV4.SavedBook>(sortBy: [SortDescriptor(\.name)]))
        #expect(books.map(\.pages) == [0, 0, 0])
        #expect(books[0].publisher?.name == "Ace")
        try context.delete(model: BooksV4.Publisher.self)
        try context.save()
        #expect(
            try context.fetchCount(FetchDescriptor<BooksV4.SavedBook>(predicate: #Predicate { $0.publisher == nil }))
                == 3)
    }

    @Test func aNewRequiredPropertyWithoutDefaultIsRefusedUnlessTheTableIsEmpty() throws {
        let folder = try TemporaryDirectory()
        let url = try v1Store(folder)
        let before = try Data(contentsOf: url)
        #expect {
            _ = try ModelContainer(for: BooksRequiredV2.SavedBook.self, configurations: ModelConfiguration(url: url))
        } throws: { error in
            "\(error)".contains(
                "SavedBook.isbn is a new required Swift.String with no default value, and SavedBook has 3 row(s)")
        }
        #expect(try Data(contentsOf: url) == before)

        let emptyURL = folder.file("empty.store")
        _ = try ModelContainer(for: BooksV1.SavedBook.self, configurations: ModelConfiguration(url: emptyURL))
        let migrated = try ModelContainer(
            for: BooksRequiredV2.SavedBook.self, configurations: ModelConfiguration(url: emptyURL))
        let context = ModelContext(migrated)
        context.insert(BooksRequiredV2.SavedBook(title: "t", authors: [], price: 1, isbn: "9788996991342"))
        try context.save()
    }

    @Test func aNewUniqueConstraintOverDuplicatesIsRefused() throws {
        let folder = try TemporaryDirectory()
        let url = try v1Store(folder, duplicateTitle: true)
        #expect {
            _ = try ModelContainer(for: BooksUniqueV2.SavedBook.self, configurations: ModelConfiguration(url: url))
        } throws: { error in
            "\(error)".contains("SavedBook now has unique title, but 1 value(s) occur in more than one row")
        }
        let cleanFolder = try TemporaryDirectory()
        let clean = try v1Store(cleanFolder)
        let context = ModelContext(
            try ModelContainer(for: BooksUniqueV2.SavedBook.self, configurations: ModelConfiguration(url: clean)))
        context.insert(BooksUniqueV2.SavedBook(title: "Dune", authors: ["Someone else"], price: 99))
        try context.save()
        let all = try context.fetch(FetchDescriptor<BooksUniqueV2.SavedBook>(sortBy: [SortDescriptor(\.price)]))
        #expect(all.map(\.title) == ["Solaris", "Dune", "미움받을 용기"])  // the insert updated Dune
        #expect(all[1].authors == ["Someone else"])
    }

    @Test func aFailingCustomStageRollsBackEverything() throws {
        let folder = try TemporaryDirectory()
        let url = try v1Store(folder)
        #expect(throws: SwiftDataError.self) {
            _ = try ModelContainer(
                for: BooksV2.SavedBook.self, migrationPlan: FailingPlan.self,
                configurations: ModelConfiguration(url: url))
        }
        let context = ModelContext(
            try ModelContainer(for: BooksV1.SavedBook.self, configurations: ModelConfiguration(url: url)))
        #expect(try context.fetch(FetchDescriptor<BooksV1.SavedBook>()).map(\.authors.count).sorted() == [0, 1, 2])
    }
}

enum FailingPlan: SchemaMigrationPlan {
    struct Refused: Error {}
    static var schemas: [any VersionedSchema.Type] { [BooksV1.self, BooksV2.self] }
    static var stages: [MigrationStage] {
        [
            .custom(
                fromVersion: BooksV1.self, toVersion: BooksV2.self, willMigrate: nil,
                didMigrate: { _ in throw Refused() })
        ]
    }
}
