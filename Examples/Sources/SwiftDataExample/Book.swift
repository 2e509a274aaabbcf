import Foundation

#if canImport(SwiftData)
import SwiftData
#else
import OpenSwiftData
#endif

/// One model file for Apple's SwiftData and OpenSwiftData: only the import differs.
@Model
final class Book {
    @Attribute(.unique) var isbn: String
    var title: String
    var pages: Int
    var published: Date

    init(isbn: String, title: String, pages: Int, published: Date) {
        self.isbn = isbn
        self.title = title
        self.pages = pages
        self.published = published
    }
}
