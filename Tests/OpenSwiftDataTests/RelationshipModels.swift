import Foundation
import OpenSwiftData

@Model
final class Author {
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \Book.author) var books: [Book] = []

    init(name: String) { self.name = name }
}

@Model
final class Book {
    var title: String
    var author: Author?
    var tags: [Genre] = []

    init(title: String, author: Author? = nil) {
        self.title = title
        self.author = author
    }
}

/// Many-to-many with `Book.tags`, inverse inferred.
@Model
final class Genre {
    @Attribute(.unique) var name: String
    var books: [Book] = []

    init(name: String) { self.name = name }
}

@Model
final class Movie {
    var title: String
    @Relationship(deleteRule: .deny) var cast: [Actor] = []
    @Relationship(minimumModelCount: 0, maximumModelCount: 3) var posters: [Poster] = []

    init(title: String) { self.title = title }
}

@Model
final class Actor {
    var name: String
    var movie: Movie?

    init(name: String, movie: Movie? = nil) {
        self.name = name
        self.movie = movie
    }
}

@Model
final class Poster {
    var caption: String
    var movie: Movie?

    init(caption: String) { self.caption = caption }
}

/// Self-referential, with explicit inverses, and a required to-one.
@Model
final class Dancer {
    var name: String
    @Relationship(inverse: \Dancer.follower) var leader: Dancer?
    var follower: Dancer?
    var studio: Studio

    init(name: String, studio: Studio) {
        self.name = name
        self.studio = studio
    }
}

@Model
final class Studio {
    var city: String
    @Relationship(deleteRule: .noAction) var dancers: [Dancer] = []

    init(city: String) { self.city = city }
}
