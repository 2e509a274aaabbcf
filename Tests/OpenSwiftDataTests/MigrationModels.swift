import Foundation
import OpenSwiftData

// Versions of the bookstore's saved book: the seed's bug was `authors` changing from [String] to String, which
// forced deleting the store. Same class name in each version, so one table.

enum BooksV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [SavedBook.self] }

    @Model final class SavedBook {
        var title: String
        var authors: [String]
        var price: Int

        init(title: String, authors: [String], price: Int) {
            self.title = title
            self.authors = authors
            self.price = price
        }
    }
}

enum BooksV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [SavedBook.self] }

    @Model final class SavedBook {
        var title: String
        var authors: String
        var price: Int

        init(title: String, authors: String, price: Int) {
            self.title = title
            self.authors = authors
            self.price = price
        }
    }
}

/// Lightweight changes from V1: `price` removed, `title` renamed to `name`, `note` (optional) and `rating` (with a
/// default) added, `publisher` (a new model) related.
enum BooksV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [SavedBook.self, Publisher.self] }

    @Model final class SavedBook {
        @Attribute(originalName: "title") var name: String
        var authors: [String]
        var note: String?
        var rating: Int = 5
        var publisher: Publisher?

        init(name: String, authors: [String]) {
            self.name = name
            self.authors = authors
        }
    }

    @Model final class Publisher {
        var name: String
        var books: [SavedBook] = []

        init(name: String) { self.name = name }
    }
}

/// V3 plus a property with a default: `SavedBook`'s table is rebuilt while `Publisher`'s table has a trigger that
/// names it.
enum BooksV4: VersionedSchema {
    static let versionIdentifier = Schema.Version(4, 0, 0)
    static var models: [any PersistentModel.Type] { [SavedBook.self, Publisher.self] }

    @Model final class SavedBook {
        var name: String
        var authors: [String]
        var note: String?
        var rating: Int = 5
        var pages: Int = 0
        var publisher: Publisher?

        init(name: String, authors: [String]) {
            self.name = name
            self.authors = authors
        }
    }

    @Model final class Publisher {
        var name: String
        var books: [SavedBook] = []

        init(name: String) { self.name = name }
    }
}

/// A new required property with no default.
enum BooksRequiredV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [SavedBook.self] }

    @Model final class SavedBook {
        var title: String
        var authors: [String]
        var price: Int
        var isbn: String

        init(title: String, authors: [String], price: Int, isbn: String) {
            self.title = title
            self.authors = authors
            self.price = price
            self.isbn = isbn
        }
    }
}

/// A new unique constraint on `title`.
enum BooksUniqueV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [SavedBook.self] }

    @Model final class SavedBook {
        @Attribute(.unique) var title: String
        var authors: [String]
        var price: Int

        init(title: String, authors: [String], price: Int) {
            self.title = title
            self.authors = authors
            self.price = price
        }
    }
}

/// Keeps the joined authors between a custom stage's two halves.
final class AuthorsByTitle: @unchecked Sendable {
    var values: [String: String] = [:]
}

enum JoinAuthorsPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [BooksV1.self, BooksV2.self] }

    static let stash = AuthorsByTitle()

    static var stages: [MigrationStage] {
        [
            .custom(
                fromVersion: BooksV1.self, toVersion: BooksV2.self,
                willMigrate: { context in
                    for book in try context.fetch(FetchDescriptor<BooksV1.SavedBook>()) {
                        stash.values[book.title] = book.authors.joined(separator: ", ")
                    }
                },
                didMigrate: { context in
                    for book in try context.fetch(FetchDescriptor<BooksV2.SavedBook>()) {
                        book.authors = stash.values[book.title] ?? ""
                    }
                }
            )
        ]
    }
}

/// Not a version of any plan: the same entity as `BooksV1.SavedBook` with one more attribute, as an app that never
/// versioned its models writes it (its store records the default version, 1.0.0).
enum UnversionedBooks {
    @Model final class SavedBook {
        var title: String
        var authors: [String]
        var price: Int
        var isbn: String?

        init(title: String, authors: [String], price: Int, isbn: String?) {
            self.title = title
            self.authors = authors
            self.price = price
            self.isbn = isbn
        }
    }
}
