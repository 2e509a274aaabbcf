import Foundation
#if canImport(SwiftData)
import SwiftData
#else
import OpenSwiftData
#endif

/// The current version of the saved books: the tutorial's `MarkedBookModel` after its fix, `authors` joined into
/// one `String`. See ``MarkedBookModel``.
public enum BookStoreSchemaV2: VersionedSchema {
    /// 2.0.0.
    public static let versionIdentifier = Schema.Version(2, 0, 0)
    /// ``MarkedBookModel``.
    public static var models: [any PersistentModel.Type] { [MarkedBookModel.self] }

    /// A saved book (the tutorial's `MarkedBookModel`), as the saved-books page lists it.
    ///
    /// The tutorial's properties (`id`, `authors`, `contents`, `price`, `publisher`, `status`, `thumbnail`, `title`,
    /// `url`) plus what this app needs: `isbn`, unique, because duplicates are told apart by ISBN (editions share
    /// titles); `translators`, `salePrice` and `datetime` for the detail page; `savedAt` for the list's order.
    @Model
    public final class MarkedBookModel {
        /// The tutorial's identifier.
        public var id: UUID
        /// The book's ISBN-13 (or its only code, see `KakaoBook.isbn`); no two saved books share one.
        @Attribute(.unique) public var isbn: String
        /// The authors joined with `", "` (`기시미 이치로, 고가 후미타케`): the tutorial's fix.
        public var authors: String
        /// The translators joined with `", "`; `""` for none.
        public var translators: String
        /// Kakao's description, cut as Kakao cuts it, character references decoded.
        public var contents: String
        /// The list price in won.
        public var price: Int
        /// The sale price in won, `nil` for none.
        public var salePrice: Int?
        /// The publisher.
        public var publisher: String
        /// When it was published.
        public var datetime: Date?
        /// Kakao's sale status (`정상판매`), possibly `""`.
        public var status: String
        /// The cover URL, possibly `""`.
        public var thumbnail: String
        /// The title.
        public var title: String
        /// The Daum book page.
        public var url: String
        /// When it was saved; the list shows books in this order.
        public var savedAt: Date

        /// Creates a saved book; every parameter is the property of the same name.
        public init(
            id: UUID = UUID(), isbn: String, authors: String, translators: String = "", contents: String = "",
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
