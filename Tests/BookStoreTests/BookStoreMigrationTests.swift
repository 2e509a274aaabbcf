import BookStore
import Foundation
import OpenSwiftData
import SQLite
import Testing

/// A store saved by version 1 (`authors: [String]`) opens in version 2 (`authors: String`) with every book kept.
@Suite("BookStore migration from version 1")
struct BookStoreMigrationTests {
    /// Writes a version-1 store as the tutorial's first model did, closes it, and returns its file.
    private func versionOneStore(_ folder: TemporaryDirectory) throws -> URL {
        let url = folder.file("books.store")
        let container = try ModelContainer(
            for: Schema(versionedSchema: BookStoreSchemaV1.self), configurations: [ModelConfiguration(url: url)]
        )
        let context = ModelContext(container)
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        context.insert(
            BookStoreSchemaV1.MarkedBookModel(
                isbn: "9788996991342", authors: ["기시미 이치로", "고가 후미타케"], translators: "전경아", price: 14_900,
                salePrice: 13_410, publisher: "인플루엔셜", title: "미움받을 용기", savedAt: base
            ))
        context.insert(
            BookStoreSchemaV1.MarkedBookModel(
                isbn: "9791186560655", authors: ["기시미 이치로"], price: 19_800, title: "미움받을 용기(특별 합본호)",
                savedAt: base.addingTimeInterval(1)
            ))
        context.insert(
            BookStoreSchemaV1.MarkedBookModel(
                isbn: "480D150405880", authors: [], price: 0, status: "", title: "[samPle] 미움받을 용기",
                savedAt: base.addingTimeInterval(2)
            ))
        try context.save()
        return url
    }

    @Test("Every version-1 book opens in version 2, authors joined, nothing else changed")
    func versionOneOpensInVersionTwo() throws {
        let folder = try TemporaryDirectory()
        let url = try versionOneStore(folder)
        let oldIDs = try ModelContext(
            try ModelContainer(
                for: Schema(versionedSchema: BookStoreSchemaV1.self), configurations: [ModelConfiguration(url: url)]
            )
        ).fetch(FetchDescriptor<BookStoreSchemaV1.MarkedBookModel>(sortBy: [SortDescriptor(\.savedAt)])).map(\.id)

        let container = try ModelContainer(
            for: MarkedBookModel.self, migrationPlan: BookStoreMigrationPlan.self,
            configurations: ModelConfiguration(url: url)
        )
        let books = try ModelContext(container).fetch(
            FetchDescriptor<MarkedBookModel>(sortBy: [SortDescriptor(\.savedAt)]))
        #expect(books.map(\.isbn) == ["9788996991342", "9791186560655", "480D150405880"])
        #expect(books.map(\.authors) == ["기시미 이치로, 고가 후미타케", "기시미 이치로", ""])
        #expect(books.map(\.id) == oldIDs)
        #expect(books.map(\.title) == ["미움받을 용기", "미움받을 용기(특별 합본호)", "[samPle] 미움받을 용기"])
        #expect(books.map(\.price) == [14_900, 19_800, 0])
        #expect(books.map(\.salePrice) == [13_410, nil, nil])
        #expect(books[0].translators == "전경아" && books[0].publisher == "인플루엔셜")

        // The store now records the joined type.
        let raw = try SQLiteConnection(location: .file(url.path))
        defer { raw.close() }
        guard case .text(let schema) = try raw.scalar("SELECT \"value\" FROM \"Z_METADATA\" WHERE \"key\" = 'schema'")
        else {
            Issue.record("no schema recorded")
            return
        }
        #expect(!schema.contains("Swift.Array<Swift.String>"))
    }

    @Test("Opening the migrated store again changes nothing; a new version-2 store needs no migration")
    func reopening() throws {
        let folder = try TemporaryDirectory()
        let url = try versionOneStore(folder)
        _ = try ModelContainer(
            for: MarkedBookModel.self, migrationPlan: BookStoreMigrationPlan.self,
            configurations: ModelConfiguration(url: url))
        let again = try ModelContainer(
            for: MarkedBookModel.self, migrationPlan: BookStoreMigrationPlan.self,
            configurations: ModelConfiguration(url: url))
        #expect(
            try ModelContext(again).fetch(FetchDescriptor<MarkedBookModel>(sortBy: [SortDescriptor(\.savedAt)])).map(
                \.authors)
                == ["기시미 이치로, 고가 후미타케", "기시미 이치로", ""])

        let fresh = folder.file("fresh.store")
        let context = ModelContext(
            try ModelContainer(
                for: MarkedBookModel.self, migrationPlan: BookStoreMigrationPlan.self,
                configurations: ModelConfiguration(url: fresh)
            ))
        context.insert(MarkedBookModel(isbn: "1", authors: "A, B", title: "t"))
        try context.save()
        #expect(try storedBooks(at: fresh).map(\.authors) == ["A, B"])
    }

    @Test("Without the plan, the version-1 store is refused and left byte-identical")
    func withoutThePlan() throws {
        let folder = try TemporaryDirectory()
        let url = try versionOneStore(folder)
        let before = try Data(contentsOf: url)
        #expect(throws: SwiftDataError.self) {
            _ = try ModelContainer(for: MarkedBookModel.self, configurations: ModelConfiguration(url: url))
        }
        #expect(try Data(contentsOf: url) == before)
        #expect(try storedBooks(at: url).count == 3)
    }
}
