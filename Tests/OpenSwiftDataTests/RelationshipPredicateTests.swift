import Foundation
import OpenSwiftData
import Testing

/// Predicates and sorts through relationships; each case compares SQL with `Predicate.evaluate`.
@Suite struct RelationshipPredicateTests {
    private func library() throws -> ModelContext {
        let context = ModelContext(try inMemoryContainer(Author.self))
        let fantasy = Genre(name: "fantasy"), classic = Genre(name: "classic"), poetry = Genre(name: "poetry")
        let tolkien = Author(name: "Tolkien"), austen = Author(name: "Austen"), nobody = Author(name: "Nobody")
        tolkien.books = [Book(title: "The Hobbit"), Book(title: "The Silmarillion")]
        austen.books = [Book(title: "Emma")]
        tolkien.books[0].tags = [fantasy, classic]
        tolkien.books[1].tags = [fantasy]
        austen.books[0].tags = [classic]
        for author in [tolkien, austen, nobody] { context.insert(author) }
        context.insert(Book(title: "Anonymous"))  // no author
        context.insert(poetry)
        try context.save()
        return context
    }

    @Test func toOneChainsAndNilLinks() throws {
        let context = try library()
        #expect(try expectSQLMatchesEvaluate(#Predicate<Book> { $0.author?.name == "Tolkien" }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Book> { $0.author?.name != "Tolkien" }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Book> { $0.author == nil }, in: context) == 1)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Book> { $0.author != nil && $0.title.contains("m") }, in: context)
                == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Book> { ($0.author?.name.count ?? 0) > 5 }, in: context) == 3)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Book> { $0.author?.name.starts(with: "A") == true }, in: context)
                == 1)
    }

    @Test func toManyQuantifiersAndCounts() throws {
        let context = try library()
        #expect(try expectSQLMatchesEvaluate(#Predicate<Author> { $0.books.isEmpty }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Author> { !$0.books.isEmpty }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Author> { $0.books.count >= 2 }, in: context) == 1)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Author> { $0.books.contains { $0.title == "Emma" } }, in: context)
                == 1)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Author> { $0.books.allSatisfy { $0.title.starts(with: "The") } }, in: context) == 2)
        // Many-to-many through the join table, and nested quantifiers.
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Book> { $0.tags.contains { $0.name == "classic" } }, in: context)
                == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Genre> { $0.books.isEmpty }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Genre> { $0.books.count == 2 }, in: context) == 2)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Author> { $0.books.contains { $0.tags.contains { $0.name == "fantasy" } } }, in: context)
                == 1)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Genre> { $0.books.contains { $0.author?.name == "Austen" } }, in: context) == 1)
    }

    @Test func multiHopSelfReferences() throws {
        let context = ModelContext(try inMemoryContainer(Dancer.self))
        let studio = Studio(city: "Paris")
        let dancers = ["A", "B", "C", "D"].map { Dancer(name: $0, studio: studio) }
        for dancer in dancers { context.insert(dancer) }
        dancers[1].leader = dancers[0]
        dancers[2].leader = dancers[1]
        try context.save()
        #expect(try expectSQLMatchesEvaluate(#Predicate<Dancer> { $0.leader?.leader?.name == "A" }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Dancer> { $0.leader?.leader == nil }, in: context) == 3)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Dancer> { $0.follower?.follower?.name == "C" }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Dancer> { $0.studio.city == "Paris" }, in: context) == 4)
    }

    @Test func identifiersCompareAsRows() throws {
        let context = try library()
        let tolkien = try #require(
            try context.fetch(FetchDescriptor<Author>(predicate: #Predicate { $0.name == "Tolkien" })).first)
        let id = tolkien.persistentModelID
        #expect(try expectSQLMatchesEvaluate(#Predicate<Book> { $0.author?.persistentModelID == id }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Author> { $0.persistentModelID == id }, in: context) == 1)
    }

    @Test func sortsThroughRelationshipsRunInMemoryAfterTheFilter() throws {
        let context = try library()
        let sorted = try context.fetch(
            FetchDescriptor<Book>(
                predicate: #Predicate { $0.author != nil },
                sortBy: [SortDescriptor(\.author?.name), SortDescriptor(\.title, order: .reverse)]
            ))
        #expect(sorted.map(\.title) == ["Emma", "The Silmarillion", "The Hobbit"])
        var page = FetchDescriptor<Book>(sortBy: [SortDescriptor(\.author?.name, order: .reverse)])
        page.fetchLimit = 2
        #expect(try context.fetch(page).map(\.title) == ["The Hobbit", "The Silmarillion"])
    }
}
