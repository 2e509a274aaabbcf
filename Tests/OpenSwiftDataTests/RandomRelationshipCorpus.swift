import Foundation
import OpenSwiftData
import StoreTestSupport

/// A reproducible corpus of related models (`RelationshipModels.swift`), kept as plain values so the generator can
/// draw constants that match rows:
/// - authors with zero or more books (to-many, whose to-one inverse `Book.author` holds the key; cascade), some with
///   none, some sharing a name;
/// - books with an optional author (some have none) and zero or more genres (many-to-many, a join table);
/// - genres, some with no book (names unique once in NFC, as the store compares them);
/// - dancers in `leader`/`follower` chains of one to five (one-to-one, self-referential), plus a dancer who leads
///   herself and a pair leading each other, each with a required `studio`; some studios have no dancer.
///
/// Strings come from `FuzzValues.words`: ASCII, Hangul NFC and NFD, combining accents, emoji, empty, CR LF.
struct RandomRelationshipCorpus {
    struct BookValues {
        var title: String
        var author: Int?
        var genres: [Int]
    }

    struct DancerValues {
        var name: String
        var studio: Int
        var leader: Int?
    }

    let authorNames: [String]
    let books: [BookValues]
    let genreNames: [String]
    let studioCities: [String]
    let dancers: [DancerValues]

    init(seed: UInt64, authors: Int = 30, books: Int = 80, genres: Int = 10, studios: Int = 6, dancers: Int = 45) {
        var random = SeededRandom(seed: seed)
        func text(_ random: inout SeededRandom) -> String {
            random.chance(0.06) ? "" : RandomCorpus.text(&random)
        }
        var authorNames: [String] = []
        for _ in 0..<authors {
            // Shared names, so equality matches several authors.
            authorNames.append(!authorNames.isEmpty && random.chance(0.15) ? random.pick(authorNames) : text(&random))
        }
        self.authorNames = authorNames

        // Genre names are unique (`@Attribute(.unique)`), and the store compares them in NFC.
        var genreNames: [String] = []
        var seen: Set<String> = []
        while genreNames.count < genres {
            let name = random.chance(0.7) ? random.pick(FuzzValues.words) : RandomCorpus.text(&random)
            if seen.insert(name.precomposedStringWithCanonicalMapping).inserted { genreNames.append(name) }
        }
        self.genreNames = genreNames

        // A fifth of the authors and two of the genres get no book.
        let authorsWithBooks = (0..<authors).filter { _ in !random.chance(0.2) }
        let genresWithBooks = Array(0..<max(genres - 2, 1))
        self.books = (0..<books).map { _ in
            let genreCount = random.pick([0, 0, 1, 1, 2, 3])
            var chosen: [Int] = []
            for _ in 0..<genreCount {
                let genre = random.pick(genresWithBooks)
                if !chosen.contains(genre) { chosen.append(genre) }
            }
            return BookValues(
                title: text(&random),
                author: authorsWithBooks.isEmpty || random.chance(0.25) ? nil : random.pick(authorsWithBooks),
                genres: chosen
            )
        }

        self.studioCities = (0..<studios).map { _ in text(&random) }
        // Dancers in studios all but the last two.
        let busyStudios = Array(0..<max(studios - 2, 1))
        var dancers = (0..<dancers).map { _ in
            DancerValues(name: text(&random), studio: random.pick(busyStudios), leader: nil)
        }
        var order = Array(dancers.indices)
        order.shuffle(using: &random)
        // One dancer leads herself; two lead each other.
        if order.count >= 3 {
            dancers[order[0]].leader = order[0]
            dancers[order[1]].leader = order[2]
            dancers[order[2]].leader = order[1]
            order.removeFirst(3)
        }
        while !order.isEmpty {
            let length = min(Int.random(in: 1...5, using: &random), order.count)
            let chain = order.prefix(length)
            for (leader, follower) in zip(chain, chain.dropFirst()) { dancers[follower].leader = leader }
            order.removeFirst(length)
        }
        self.dancers = dancers
    }

    /// A fresh in-memory container holding the corpus, saved.
    func makeContainer(store: TestStore = .sqlite) throws -> ModelContainer {
        let container = try store.container(Author.self, Book.self, Genre.self, Dancer.self, Studio.self)
        let context = ModelContext(container)
        let authors = authorNames.map { Author(name: $0) }
        let genres = genreNames.map { Genre(name: $0) }
        for author in authors { context.insert(author) }
        for genre in genres { context.insert(genre) }
        for values in books {
            let book = Book(title: values.title)
            context.insert(book)
            book.author = values.author.map { authors[$0] }
            book.tags = values.genres.map { genres[$0] }
        }
        let studios = studioCities.map { Studio(city: $0) }
        for studio in studios { context.insert(studio) }
        let dancers = self.dancers.map { Dancer(name: $0.name, studio: studios[$0.studio]) }
        for dancer in dancers { context.insert(dancer) }
        for (dancer, values) in zip(dancers, self.dancers) {
            if let leader = values.leader { dancer.leader = dancers[leader] }
        }
        try context.save()
        return container
    }

    /// Every string of the corpus, for constants that match.
    var strings: [String] {
        authorNames + books.map(\.title) + genreNames + studioCities + dancers.map(\.name)
    }
}

/// A model of the relationship corpus with its relationships, for a mismatch report.
func describeRelated(_ model: any PersistentModel) -> String {
    func id(_ model: (any PersistentModel)?) -> String { model.map { "\($0.persistentModelID)" } ?? "nil" }
    func ids(_ models: [any PersistentModel]) -> String { "[" + models.map { id($0) }.joined(separator: ", ") + "]" }
    switch model {
    case let author as Author:
        return "\(id(author))(name: \(swiftLiteral(author.name)), books: \(ids(author.books)))"
    case let book as Book:
        let author = book.author.map { "\(id($0)) \(swiftLiteral($0.name))" } ?? "nil"
        return "\(id(book))(title: \(swiftLiteral(book.title)), author: \(author), tags: "
            + "[\(book.tags.map { "\(id($0)) \(swiftLiteral($0.name))" }.joined(separator: ", "))])"
    case let genre as Genre:
        return "\(id(genre))(name: \(swiftLiteral(genre.name)), books: \(ids(genre.books)))"
    case let dancer as Dancer:
        return
            "\(id(dancer))(name: \(swiftLiteral(dancer.name)), leader: \(id(dancer.leader)), follower: \(id(dancer.follower)), "
            + "studio: \(id(dancer.studio)) \(swiftLiteral(dancer.studio.city)))"
    case let studio as Studio:
        return "\(id(studio))(city: \(swiftLiteral(studio.city)), dancers: \(ids(studio.dancers)))"
    default:
        return "\(id(model))"
    }
}
