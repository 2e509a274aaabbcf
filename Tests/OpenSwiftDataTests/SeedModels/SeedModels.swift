// The other seed tutorials' models, as written for SwiftData; only the import differs.
import Foundation
#if canImport(SwiftData)
import SwiftData
#else
import OpenSwiftData
#endif

// "SwiftUI state management and data storage comparison" (ApiCart): the SwiftData cart model.
@Model
class SDCartModel {
    var id: Int
    var title: String
    var price: Double

    init(id: Int, title: String, price: Double) {
        self.id = id
        self.title = title
        self.price = price
    }
}

// The BookStore tutorial's saved book.
@Model
class MarkedBookModel: Identifiable {
    var id = UUID()
    var authors: String
    var contents: String
    var price: Int
    var publisher: String
    var status: String
    var thumbnail: String
    var title: String
    var url: String

    init(
        id: UUID = UUID(), authors: String, contents: String, price: Int, publisher: String, status: String,
        thumbnail: String, title: String, url: String
    ) {
        self.id = id
        self.authors = authors
        self.contents = contents
        self.price = price
        self.publisher = publisher
        self.status = status
        self.thumbnail = thumbnail
        self.title = title
        self.url = url
    }
}

// The person CRUD tutorial's model.
@Model
final class Person {
    var name: String
    var age: Int
    var email: String?
    var createdAt: Date

    init(name: String, age: Int, email: String? = nil, createdAt: Date = .now) {
        self.name = name
        self.age = age
        self.email = email
        self.createdAt = createdAt
    }
}
