import Foundation
import Networking
#if canImport(SwiftData)
import SwiftData
#else
import OpenSwiftData
#endif

/// A saved book: the tutorial's `MarkedBookModel`, in its current version (``BookStoreSchemaV2``).
///
/// Open its store with ``BookStoreMigrationPlan`` so that stores saved by version 1 (`authors: [String]`) are
/// migrated rather than refused:
///
/// ```swift
/// let container = try ModelContainer(
///     for: MarkedBookModel.self, migrationPlan: BookStoreMigrationPlan.self,
///     configurations: ModelConfiguration(url: storeURL)
/// )
/// ```
public typealias MarkedBookModel = BookStoreSchemaV2.MarkedBookModel

extension BookStoreSchemaV2.MarkedBookModel {
    /// A saved copy of a Kakao book, saved now: authors and translators joined with `", "`.
    public convenience init(_ book: KakaoBook, savedAt: Date = Date()) {
        self.init(
            isbn: book.isbn,
            authors: book.authors.joined(separator: ", "),
            translators: book.translators.joined(separator: ", "),
            contents: book.contents,
            price: book.price,
            salePrice: book.salePrice,
            publisher: book.publisher,
            datetime: book.datetime,
            status: book.status,
            thumbnail: book.thumbnail,
            title: book.title,
            url: book.url,
            savedAt: savedAt
        )
    }

    /// The book as the pages and the JSON API show it.
    public var info: BookInfo {
        BookInfo(
            isbn: isbn, title: title, authors: authors, translators: translators, publisher: publisher,
            datetime: datetime, price: price, salePrice: salePrice, thumbnail: thumbnail, contents: contents,
            status: status, url: url
        )
    }
}
