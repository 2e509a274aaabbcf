import Foundation
import Synchronization
#if canImport(SwiftData)
import SwiftData
#else
import OpenSwiftData
#endif

/// From ``BookStoreSchemaV1`` (`authors: [String]`) to ``BookStoreSchemaV2`` (`authors: String`): the change the
/// tutorial handled by deleting its store. Here every saved book is kept, its authors joined with `", "`.
///
/// One custom stage: `willMigrate` reads each version-1 book's authors and joins them, keyed by ISBN (unique in
/// both versions); the store then changes shape (the `authors` column starts empty); `didMigrate` writes the joined
/// text into each version-2 book. All of it runs in the migration's one transaction: if anything fails, the store
/// is left as version 1 wrote it.
public enum BookStoreMigrationPlan: SchemaMigrationPlan {
    /// Version 1, then version 2.
    public static var schemas: [any VersionedSchema.Type] { [BookStoreSchemaV1.self, BookStoreSchemaV2.self] }

    /// The one stage, version 1 to version 2.
    public static var stages: [MigrationStage] {
        // The two halves of one stage share this, and only this: each reading of `stages` has its own.
        let joined = JoinedAuthors()
        return [
            .custom(
                fromVersion: BookStoreSchemaV1.self,
                toVersion: BookStoreSchemaV2.self,
                willMigrate: { context in
                    for book in try context.fetch(FetchDescriptor<BookStoreSchemaV1.MarkedBookModel>()) {
                        joined.set(book.authors.joined(separator: ", "), for: book.isbn)
                    }
                },
                didMigrate: { context in
                    for book in try context.fetch(FetchDescriptor<BookStoreSchemaV2.MarkedBookModel>()) {
                        book.authors = joined.value(for: book.isbn) ?? ""
                    }
                    try context.save()
                }
            )
        ]
    }
}

/// The joined authors of each version-1 book by ISBN, between the stage's two halves.
final class JoinedAuthors: Sendable {
    private let values = Mutex<[String: String]>([:])

    func set(_ authors: String, for isbn: String) {
        values.withLock { $0[isbn] = authors }
    }

    func value(for isbn: String) -> String? {
        values.withLock { $0[isbn] }
    }
}
