import Foundation
import OpenSwiftData
import Testing

/// A plan's stage runs only on a store whose recorded schema is the schema of the version it records.
@Suite(.serialized) struct MigrationProvenanceTests {
    @Test func aStoreWhoseSchemaIsNotTheVersionItClaimsIsRefusedAndLeftByteIdentical() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("books.store")
        do {
            let context = ModelContext(
                try ModelContainer(for: UnversionedBooks.SavedBook.self, configurations: ModelConfiguration(url: url)))
            context.insert(
                UnversionedBooks.SavedBook(title: "Dune", authors: ["Frank Herbert"], price: 10, isbn: "9780441013593"))
            try context.save()
        }
        let before = try Data(contentsOf: url)
        #expect {
            _ = try ModelContainer(
                for: BooksV2.SavedBook.self, migrationPlan: JoinAuthorsPlan.self,
                configurations: ModelConfiguration(url: url))
        } throws: { error in
            let message = "\(error)"
            return message.contains("1.0.0") && message.contains("SavedBook.isbn")
                && !message.contains("SavedBook.title") && !message.contains("SavedBook.price")
        }
        #expect(try Data(contentsOf: url) == before)
        // The models that wrote it still open it, with every value.
        let context = ModelContext(
            try ModelContainer(for: UnversionedBooks.SavedBook.self, configurations: ModelConfiguration(url: url)))
        let books = try context.fetch(FetchDescriptor<UnversionedBooks.SavedBook>())
        #expect(books.map(\.isbn) == ["9780441013593"])
        #expect(books.map(\.price) == [10])
    }

    @Test func aStoreWrittenByTheVersionItClaimsStillRunsTheStage() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("books.store")
        do {
            let context = ModelContext(
                try ModelContainer(for: BooksV1.SavedBook.self, configurations: ModelConfiguration(url: url)))
            context.insert(BooksV1.SavedBook(title: "Dune", authors: ["Frank Herbert", "Brian Herbert"], price: 10))
            try context.save()
        }
        let container = try ModelContainer(
            for: BooksV2.SavedBook.self, migrationPlan: JoinAuthorsPlan.self,
            configurations: ModelConfiguration(url: url)
        )
        let books = try ModelContext(container).fetch(FetchDescriptor<BooksV2.SavedBook>())
        #expect(books.map(\.authors) == ["Frank Herbert, Brian Herbert"])
    }
}
