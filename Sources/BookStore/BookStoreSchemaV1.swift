import Foundation
#if canImport(SwiftData)
import SwiftData
#else
import OpenSwiftData
#endif

/// The first version of the saved books: the tutorial's `MarkedBookModel` before its fix, with `authors` as an
/// array. Stores written by it open in ``BookStoreSchemaV2`` through ``BookStoreMigrationPlan``.
///
/// Kept so that the migration has its source: new code uses ``MarkedBookModel`` (version 2).
public enum BookStoreSchemaV1: VersionedSchema {
    /// 1.0.0.
    public static let versionIdentifier = Schema.Version(1, 0, 0)
    /// ``MarkedBookModel``.
    public static var models: [any PersistentModel.Type] { [MarkedBookModel.self] }

    /// A saved book, version 1: `authors` is `[String]`, stored as JSON text.
    @Model
    public final class MarkedBookModel {
        /// The tutorial's identifier.
        public var id: UUID
        /// The book's ISBN-13 (or its only code); no two saved books share one.
        @Attribute(.unique) public var isbn: String
        /// The authors, in Kakao's order.
        public var authors: [String]
        /// The translators, joined with `", "`.
        public var translators: String
        /// Kakao's description, cut as Kakao cuts it.
        public var contents: String
        /// The list price in won.
        public var price: Int
        /// The sale price in won, `nil` for none.
        public var salePrice: Int?
        /// The publisher.
        public var publisher: String
        /// When it was published.
        public var datetime: Date?
        /// Kakao's sale status, possibly `""`.
        public var status: String
        /// The cover URL, possibly `""`.
        public var thumbnail: String
        /// The title.
        public var title: String
        /// The Daum book page.
        public var url: String
        /// When it was saved; the list shows books in this order.
        public var savedAt: Date

        /// Creates a version-1 book; every parameter is the property of the same name.
        public init(
            id: UUID = UUID(), isbn: String, authors: [String], translators: String = "", contents: String = "",
            price: Int = 0, salePrice: Int? = nil, publisher: String = "", datetime: Date? = nil, status: String = "",
            thumbnail: String = "", title: String, url: String = "", savedAt: Date = Date()
        ) {
            self.id = id
            self.isbn = isbn
            self.authors = authors
            self.translators = translators
            self.contents = contents
            self.price = price
            self.salePrice = salePrice
            self.publisher = publisher
            self.datetime = datetime
            self.status = status
            self.thumbnail = thumbnail
            self.title = title
            self.url = url
            self.savedAt = savedAt
        }
    }
}
