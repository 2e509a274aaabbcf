import Foundation
import OpenSwiftData
import StoreTestSupport
import Testing

@Suite struct RelationshipTests {
    @Test func schemaIncludesRelatedModelsAndInfersInverses() throws {
        let schema = Schema(Book.self)
        #expect(Set(schema.entities.map(\.name)) == ["Book", "Author", "Genre"])
        let book = try #require(schema.entitiesByName["Book"])
        let author = try #require(book.relationship(named: "author"))
        #expect(author.isToOneRelationship && author.isOptional && author.destination == "Author")
        let books = try #require(schema.entitiesByName["Author"]?.relationship(named: "books"))
        #expect(books.isToMany && books.deleteRule == .cascade)
    }

    @Test(arguments: TestStore.tested) func settingOneSideUpdatesTheOtherBeforeSave(store: TestStore) throws {
        let context = ModelContext(try store.container(Author.self))
        let tolkien = Author(name: "Tolkien")
        let lewis = Author(name: "Lewis")
        context.insert(tolkien)
        context.insert(lewis)
        let hobbit = Book(title: "The Hobbit")
        hobbit.author = tolkien
        #expect(tolkien.books.map(\.title) == ["The Hobbit"])
        #expect(hobbit.modelContext === context)  // joined through the relationship
        hobbit.author = lewis
        #expect(tolkien.books.isEmpty)
        #expect(lewis.books.map(\.title) == ["The Hobbit"])
        tolkien.books.append(hobbit)
        #expect(hobbit.author === tolkien)
        #expect(lewis.books.isEmpty)
        let silmarillion = Book(title: "The Silmarillion", author: tolkien)  // set in an initializer
        context.insert(silmarillion)
        #expect(tolkien.books.map(\.title) == ["The Hobbit", "The Silmarillion"])
    }

    @Test(arguments: TestStore.tested) func relationshipsSurviveSaveAndReopen(store: TestStore) throws {
        let location = try store.location()
        do {
            let context = ModelContext(
                try location.container(Author.self))
            let tolkien = Author(name: "Tolkien")
            tolkien.books = [Book(title: "The Hobbit"), Book(title: "The Silmarillion")]
            let fantasy = Genre(name: "fantasy")
            let classic = Genre(name: "classic")
            tolkien.books[0].tags = [fantasy, classic]
            tolkien.books[1].tags = [fantasy]
            context.insert(tolkien)  // the books and genres are inserted with it
            #expect(context.insertedModelsArray.count == 5)
            #expect(fantasy.books.count == 2)
            try context.save()
        }
        let context = ModelContext(try location.container(Author.self))
        let authors = try context.fetch(FetchDescriptor<Author>())
        #expect(authors.map(\.name) == ["Tolkien"])
        #expect(authors[0].books.map(\.title) == ["The Hobbit", "The Silmarillion"])
        #expect(authors[0].books[0].author === authors[0])
        #expect(authors[0].books[0].tags.map(\.name) == ["fantasy", "classic"])
        let fantasy = try #require(
            try context.fetch(FetchDescriptor<Genre>(predicate: #Predicate { $0.name == "fantasy" })).first)
        #expect(Set(fantasy.books.map(\.title)) == ["The Hobbit", "The Silmarillion"])
    }

    @Test(arguments: TestStore.tested) func cascadeDeletesRecursivelyAndNullifyDetaches(store: TestStore) throws {
        let context = ModelContext(try store.container(Author.self))
        let author = Author(name: "Austen")
        author.books = [Book(title: "Emma"), Book(title: "Persuasion")]
        let genre = Genre(name: "romance")
        author.books[0].tags = [genre]
        context.insert(author)
        try context.save()
        context.delete(author)
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<Book>()) == 0)
        #expect(try context.fetchCount(FetchDescriptor<Author>()) == 0)
        // Genre.books had the default rule (.nullify): the genre stays, without the deleted book.
        #expect(genre.books.isEmpty)
        let stored = try ModelContext(context.container).fetch(FetchDescriptor<Genre>())
        #expect(stored.map(\.name) == ["romance"])
        #expect(stored[0].books.isEmpty)

        // Deleting a book (nullify on Book.author): the author stays, without it.
        let other = Author(name: "Brontë")
        other.books = [Book(title: "Jane Eyre"), Book(title: "Shirley")]
        context.insert(other)
        try context.save()
        context.delete(other.books[0])
        try context.save()
        #expect(other.books.map(\.title) == ["Shirley"])
        #expect(
            try ModelContext(context.container).fetch(FetchDescriptor<Author>()).first?.books.map(\.title) == [
                "Shirley"
            ])
    }

    @Test(arguments: TestStore.tested) func denyRuleRefusesTheSaveNamingTheModel(store: TestStore) throws {
        let context = ModelContext(try store.container(Movie.self))
        let movie = Movie(title: "Casablanca")
        movie.cast = [Actor(name: "Bogart")]
        context.insert(movie)
        try context.save()
        context.delete(movie)
        #expect {
            try context.save()
        } throws: { error in
            "\(error)".contains("cannot delete the Movie: its cast still holds 1")
        }
        context.rollback()
        movie.cast = []
        context.delete(movie)
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<Movie>()) == 0)
        #expect(try context.fetchCount(FetchDescriptor<Actor>()) == 1)
    }

    @Test(arguments: TestStore.tested) func countLimitsAreValidatedAtSave(store: TestStore) throws {
        let context = ModelContext(try store.container(Movie.self))
        let movie = Movie(title: "Metropolis")
        movie.posters = (1...4).map { Poster(caption: "poster \($0)") }
        context.insert(movie)
        #expect {
            try context.save()
        } throws: { error in
            "\(error)".contains("Movie.posters holds 4 model(s), but allows 0 to 3")
        }
        movie.posters.removeLast()
        try context.save()
    }

    @Test(arguments: TestStore.tested) func selfReferenceRequiredReferenceAndNoAction(store: TestStore) throws {
        let location = try store.location()
        do {
            let context = ModelContext(
                try location.container(Dancer.self))
            let studio = Studio(city: "Vienna")
            let fred = Dancer(name: "Fred", studio: studio)
            let ginger = Dancer(name: "Ginger", studio: studio)
            context.insert(fred)
            context.insert(ginger)
            ginger.leader = fred
            #expect(fred.follower === ginger)
            #expect(Set(studio.dancers.map(\.name)) == ["Fred", "Ginger"])
            try context.save()
        }
        let context = ModelContext(try location.container(Dancer.self))
        let dancers = try context.fetch(FetchDescriptor<Dancer>(sortBy: [SortDescriptor(\.name)]))
        #expect(dancers.map(\.name) == ["Fred", "Ginger"])
        #expect(dancers[0].follower === dancers[1])
        #expect(dancers[1].leader === dancers[0])
        #expect(dancers[0].studio === dancers[1].studio)
        #expect(dancers[0].studio.city == "Vienna")
        // Dancer.studio is required, so it cannot read nil: after the save the dancers' instances still hold the
        // removed studio (with its last values); in the store their reference is cleared, so a predicate and a fresh
        // read agree that it is gone.
        context.delete(dancers[0].studio)
        try context.save()
        #expect(dancers[0].studio.city == "Vienna")  // the instance keeps its last values
        #expect(dancers[0].studio.modelContext == nil)
        // A fresh context cannot build a dancer whose required studio is gone: it throws, it does not trap.
        #expect(throws: SwiftDataError.self) { try ModelContext(context.container).fetch(FetchDescriptor<Dancer>()) }
        #expect(
            try context.fetchCount(FetchDescriptor<Dancer>(predicate: #Predicate { $0.studio.city == "Vienna" })) == 0)
    }

    @Test(arguments: TestStore.tested) func rollbackRestoresRelationships(store: TestStore) throws {
        let context = ModelContext(try store.container(Author.self))
        let author = Author(name: "Woolf")
        author.books = [Book(title: "Orlando")]
        context.insert(author)
        try context.save()
        let book = author.books[0]
        book.author = nil
        #expect(author.books.isEmpty)
        context.rollback()
        #expect(book.author === author)
        #expect(author.books.map(\.title) == ["Orlando"])
    }

    @Test(arguments: TestStore.tested) func batchDeleteAppliesNoDeleteRulesAndReferencesReadAsNil(store: TestStore)
        throws
    {
        let container = try store.container(Author.self)
        let context = ModelContext(container)
        let woolf = Author(name: "Woolf")
        woolf.books = [Book(title: "Orlando")]
        let poetry = Genre(name: "Poetry")
        woolf.books[0].tags = [poetry]
        context.insert(woolf)
        try context.save()
        // Author.books is .cascade, yet a batch delete of authors leaves the books (as Core Data's batch delete does).
        try context.delete(model: Author.self)
        #expect(woolf.isDeleted)
        try context.save()
        let fresh = ModelContext(container)
        let books = try fresh.fetch(FetchDescriptor<Book>())
        #expect(books.map(\.title) == ["Orlando"])
        #expect(books[0].author == nil)
        let withoutAuthor = try fresh.fetchCount(FetchDescriptor<Book>(predicate: #Predicate { $0.author == nil }))
        #expect(withoutAuthor == 1)
        // Deleting the genres removes their join-table rows with them.
        try fresh.delete(model: Genre.self)
        try fresh.save()
        let reread = try ModelContext(container).fetch(FetchDescriptor<Book>())
        #expect(reread[0].tags.isEmpty)
    }
}

@Suite struct ContextLifetimeTests {
    @Test func modelsOfAFreedContextKeepTheirValuesAndRelationships() throws {
        let container = try inMemoryContainer(Author.self)
        do {
            let context = ModelContext(container)
            let author = Author(name: "Le Guin")
            author.books = [Book(title: "The Dispossessed")]
            context.insert(author)
            try context.save()
        }
        // The context that fetched the author is gone by the time its books are read.
        let author = try #require(try ModelContext(container).fetch(FetchDescriptor<Author>()).first)
        #expect(author.modelContext == nil)
        #expect(author.name == "Le Guin")
        #expect(author.books.map(\.title) == ["The Dispossessed"])
    }

    @Test func aRegisteredInstanceIsReadAgainWhenAnotherContextChangedItsRow() throws {
        let container = try inMemoryContainer(Tag.self)
        let reader = ModelContext(container)
        let writer = ModelContext(container)
        writer.insert(Tag(name: "t", uses: 1))
        try writer.save()
        let tag = try #require(try reader.fetch(FetchDescriptor<Tag>()).first)
        let writerTag = try #require(try writer.fetch(FetchDescriptor<Tag>()).first)
        writerTag.uses = 2
        try writer.save()
        #expect(tag.uses == 1)  // until it is read again
        #expect(reader.model(for: tag.persistentModelID) as? Tag === tag)
        #expect(tag.uses == 2)
        writerTag.uses = 3
        try writer.save()
        _ = try reader.fetch(FetchDescriptor<Tag>())
        #expect(tag.uses == 3)
    }
}
