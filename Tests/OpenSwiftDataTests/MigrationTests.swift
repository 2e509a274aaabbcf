import Foundation
import OpenSwiftData
import PostgreSQL
import SQLite
import StoreTestSupport
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

    /// A store of `location` holding three V1 books.
    private func v1Store(_ location: TestStoreLocation, duplicateTitle: Bool = false) throws {
        let context = ModelContext(try location.container(BooksV1.SavedBook.self))
        context.insert(BooksV1.SavedBook(title: "미움받을 용기", authors: ["기시미 이치로", "고가 후미타케"], price: 14_900))
        context.insert(BooksV1.SavedBook(title: "Dune", authors: ["Frank Herbert"], price: 10))
        context.insert(BooksV1.SavedBook(title: duplicateTitle ? "Dune" : "Solaris", authors: [], price: 7))
        try context.save()
    }

    /// The stored-schema record (`Z_METADATA`'s `schema` row, JSON) of the store at `location`, read past the
    /// library: with SQLite on the file, or on a connection of its own to the PostgreSQL schema.
    private func storedSchemaRecord(_ location: TestStoreLocation) throws -> String? {
        let sql = "SELECT \"value\" FROM \"Z_METADATA\" WHERE \"key\" = 'schema'"
        if let url = location.url {
            let raw = try SQLiteConnection(location: .file(url.path))
            defer { raw.close() }
            guard case .text(let json) = try raw.scalar(sql) else { return nil }
            return json
        }
        let connection = try TestServer.connect()
        defer { connection.close() }
        try connection.execute(script: "SET search_path TO \(PostgreSQLConnection.quoted(location.schemaName))")
        let result = try connection.execute(sql)
        return result.rowCount > 0 ? result.text(row: 0, column: 0) : nil
    }

    /// The store's files (SQLite) or its schema record (PostgreSQL): what a refused migration must leave as it was.
    private func storedState(_ location: TestStoreLocation) throws -> Data {
        if let url = location.url { return try Data(contentsOf: url) }
        return Data((try storedSchemaRecord(location) ?? "").utf8)
    }

    /// Expects opening `location` with `type`'s container to be refused with an error saying `message`, and the store
    /// to be left as it was.
    private func expectRefusal(
        opening location: TestStoreLocation, with type: any PersistentModel.Type, saying message: String
    ) throws {
        let before = try storedState(location)
        #expect {
            _ = try location.container(type)
        } throws: { error in
            "\(error)".contains(message)
        }
        #expect(try storedState(location) == before)
    }

    @Test(arguments: TestStore.tested) func theStoreRecordsItsSchemaAndVersion(store: TestStore) throws {
        let location = try store.location()
        try v1Store(location)
        guard let json = try storedSchemaRecord(location) else {
            Issue.record("no schema recorded")
            return
        }
        #expect(json.contains("\"name\":\"SavedBook\""))
        #expect(json.contains("\"authors\""))
        #expect(json.contains("Swift.Array<Swift.String>"))
    }

    @Test(arguments: TestStore.tested) func aTypeChangeWithoutAPlanThrowsAndLeavesTheFileByteIdentical(
        store: TestStore
    ) throws {
        let location = try store.location()
        try v1Store(location)
        try expectRefusal(
            opening: location, with: BooksV2.SavedBook.self,
            saying: "SavedBook.authors changed type from Array<String> to String")
        // And the old models still open it.
        let context = ModelContext(try location.container(BooksV1.SavedBook.self))
        #expect(try context.fetchCount(FetchDescriptor<BooksV1.SavedBook>()) == 3)
    }

    @Test(arguments: TestStore.tested) func theSameChangeWithACustomStageJoinsTheArrayInEveryRow(store: TestStore)
        throws
    {
        let location = try store.location()
        try v1Store(location)
        let container = try ModelContainer(
            for: BooksV2.SavedBook.self, migrationPlan: JoinAuthorsPlan.self,
            configurations: try location.configuration()
        )
        let books = try ModelContext(container).fetch(
            FetchDescriptor<BooksV2.SavedBook>(sortBy: [SortDescriptor(\.price)]))
        // What didMigrate wrote from what willMigrate read.
        #expect(books.map(\.authors) == ["", "Frank Herbert", "기시미 이치로, 고가 후미타케"])
        #expect(books.map(\.title) == ["Solaris", "Dune", "미움받을 용기"])
        #expect(books.map(\.price) == [7, 10, 14_900])
        // Keys survive the rebuild, and are not reused afterwards.
        #expect(books.map { $0.persistentModelID.primaryKey } == [3, 2, 1])
        let context = ModelContext(container)
        context.insert(BooksV2.SavedBook(title: "New", authors: "Someone", price: 1))
        try context.save()
        #expect(
            try context.fetch(FetchDescriptor<BooksV2.SavedBook>(predicate: #Predicate { $0.title == "New" }))
                .first?
                .persistentModelID.primaryKey == 4)
        // The store records the new version: opening it again runs no stage.
        let reopened = try ModelContainer(
            for: BooksV2.SavedBook.self, migrationPlan: FailingPlan.self, configurations: try location.configuration())
        #expect(try ModelContext(reopened).fetchCount(FetchDescriptor<BooksV2.SavedBook>()) == 4)
    }

    @Test(arguments: TestStore.tested) func lightweightChangesMigrateAutomatically(store: TestStore) throws {
        let location = try store.location()
        try v1Store(location)
        let container = try location.container(BooksV3.SavedBook.self)
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

    @Test(arguments: TestStore.tested) func aNewRequiredPropertyWithoutDefaultIsRefusedUnlessTheTableIsEmpty(
        store: TestStore
    ) throws {
        let location = try store.location()
        try v1Store(location)
        try expectRefusal(
            opening: location, with: BooksRequiredV2.SavedBook.self,
            saying: "SavedBook.isbn is a new required Swift.String with no default value, and SavedBook has 3 row(s)")

        let empty = try store.location()
        _ = try empty.container(BooksV1.SavedBook.self)
        let migrated = try empty.container(BooksRequiredV2.SavedBook.self)
        let context = ModelContext(migrated)
        context.insert(BooksRequiredV2.SavedBook(title: "t", authors: [], price: 1, isbn: "9788996991342"))
        try context.save()
    }

    @Test(arguments: TestStore.tested) func aNewUniqueConstraintOverDuplicatesIsRefused(store: TestStore) throws {
        let location = try store.location()
        try v1Store(location, duplicateTitle: true)
        try expectRefusal(
            opening: location, with: BooksUniqueV2.SavedBook.self,
            saying: "SavedBook now has unique title, but 1 value(s) occur in more than one row")
        let clean = try store.location()
        try v1Store(clean)
        let context = ModelContext(try clean.container(BooksUniqueV2.SavedBook.self))
        context.insert(BooksUniqueV2.SavedBook(title: "Dune", authors: ["Someone else"], price: 99))
        try context.save()
        let all = try context.fetch(FetchDescriptor<BooksUniqueV2.SavedBook>(sortBy: [SortDescriptor(\.price)]))
        #expect(all.map(\.title) == ["Solaris", "Dune", "미움받을 용기"])  // the insert updated Dune
        #expect(all[1].authors == ["Someone else"])
    }

    /// `willMigrate` saves a change and the store changes shape; then `didMigrate` throws: everything — the stage's
    /// save, the new tables, the record — is rolled back.
    @Test(arguments: TestStore.tested) func aFailingCustomStageRollsBackEverything(store: TestStore) throws {
        let location = try store.location()
        try v1Store(location)
        let before = try storedState(location)
        #expect(throws: SwiftDataError.self) {
            _ = try ModelContainer(
                for: BooksV2.SavedBook.self, migrationPlan: FailingPlan.self,
                configurations: try location.configuration())
        }
        #expect(try storedState(location) == before)
        let context = ModelContext(try location.container(BooksV1.SavedBook.self))
        let books = try context.fetch(FetchDescriptor<BooksV1.SavedBook>(sortBy: [SortDescriptor(\.price)]))
        #expect(books.map(\.authors.count) == [0, 1, 2])
        #expect(books.map(\.price) == [7, 10, 14_900])
    }
}

enum FailingPlan: SchemaMigrationPlan {
    struct Refused: Error {}
    static var schemas: [any VersionedSchema.Type] { [BooksV1.self, BooksV2.self] }
    static var stages: [MigrationStage] {
        [
            .custom(
                fromVersion: BooksV1.self, toVersion: BooksV2.self,
                willMigrate: { context in
                    for book in try context.fetch(FetchDescriptor<BooksV1.SavedBook>()) { book.price += 1 }
                },
                didMigrate: { _ in throw Refused() })
        ]
    }
}
