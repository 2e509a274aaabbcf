import Foundation
import OpenSwiftData
import Testing

/// Minimal cases of the mismatches between SQL and `Predicate.evaluate` that `DifferentialPredicateTests` found (or
/// that came up while building it), one per class, each checked with `expectSQLMatchesEvaluate` and with the number
/// of rows it must match; then the known differences that are not fixed.
@Suite struct PredicateRegressionTests {
    /// "사업일" as conjoining jamo (NFD), and "café" with a combining acute accent.
    static let decomposedHangul = "\u{1109}\u{1161}\u{110B}\u{1165}\u{11B8}\u{110B}\u{1175}\u{11AF}"
    static let decomposedCafe = "cafe\u{301}"

    private func context(_ samples: [Sample]) throws -> ModelContext {
        let context = ModelContext(try inMemoryContainer(Sample.self))
        for sample in samples { context.insert(sample) }
        try context.save()
        return context
    }

    // MARK: Strings inside JSON-stored collections are compared canonically
    //
    // A String column is stored in NFC, so `=` and `<` on it agree with Swift's canonical equivalence; the strings
    // inside a JSON-stored collection (`tags: [String]`) are stored as written. Swift compares them canonically, so
    // SQL must compare them in NFC too.

    @Test func storedCollectionContainsADecomposedSpelling() throws {
        let context = try context([
            Sample(text: "사업일", tags: [Self.decomposedHangul]),
            Sample(text: "café", tags: ["a", Self.decomposedCafe]),
            Sample(text: "other", tags: ["사업일"]),
        ])
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags.contains("사업일") }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags.contains($0.text) }, in: context) == 2)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags.contains { $0 == "café" } }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags.max() == "café" }, in: context) == 1)
    }

    @Test func capturedArrayWithDecomposedSpellingInAClosure() throws {
        let context = try context([Sample(text: "café"), Sample(text: "cafe")])
        let names = [Self.decomposedCafe]
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { row in names.contains { $0 == row.text } }, in: context)
                == 1)
    }

    @Test func storedCollectionEqualsADecomposedSpelling() throws {
        let context = try context([
            Sample(text: "a", tags: ["café"]), Sample(text: "b", tags: [Self.decomposedCafe]), Sample(text: "c"),
        ])
        let decomposed = [Self.decomposedCafe]
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags == decomposed }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags != decomposed }, in: context) == 1)
        let precomposed = ["café"]
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags == precomposed }, in: context) == 2)
    }

    // MARK: Codable values compare as Swift's `==` does: -0.0 == 0.0

    @Test func codableValueWithNegativeZeroEqualsPositiveZero() throws {
        let context = try context([
            Sample(text: "a", size: Dimensions(width: -0.0, height: 1)),
            Sample(text: "b", size: Dimensions(width: 0, height: 1)),
            Sample(text: "c", size: Dimensions(width: 1, height: 1)),
            Sample(text: "d"),
        ])
        let zero = Dimensions(width: 0, height: 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.size == zero }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.size != zero }, in: context) == 2)
        let negativeZero: Dimensions? = Dimensions(width: -0.0, height: 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.size == negativeZero }, in: context) == 2)
        let sizes: [Dimensions?] = [negativeZero, nil]
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { sizes.contains($0.size) }, in: context) == 3)
    }

    @Test func negativeZeroInsideAStringIsText() throws {
        let context = try context([
            Sample(text: "a", tags: ["-0"]), Sample(text: "b", tags: ["0"]), Sample(text: "c", tags: ["-0.0e1\\\"-0"]),
        ])
        let zero = ["0"], negativeZero = ["-0"], escaped = ["-0.0e1\\\"-0"]
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags == zero }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags == negativeZero }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags == escaped }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags.contains("-0") }, in: context) == 1)
    }

    // MARK: NaN in non-optional values
    //
    // SQLite has no NaN: `0.0 / 0.0` is NULL. In a non-optional Double expression NULL can only be NaN, which is
    // equal to nothing, itself included, and unequal to everything.

    @Test func notANumberIsUnequalToItself() throws {
        let context = try context([
            Sample(text: "zero", real: 0), Sample(text: "one", real: 1), Sample(text: "minus", real: -1),
        ])
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.real / 0.0 == $0.real / 0.0 }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.real / 0.0 != $0.real / 0.0 }, in: context) == 1)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { !($0.real / 0.0 == $0.real / 0.0) }, in: context) == 1)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Sample> { ($0.real > 0 ? $0.real : $0.real / 0.0) != 1 }, in: context) == 2)
    }

    @Test func notANumberComputedOnceAndBound() throws {
        let context = try context([Sample(text: "zero", real: 0), Sample(text: "one", real: 1)])
        let nan = Double.nan, zero = 0.0
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.real != nan }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.real == nan }, in: context) == 0)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { !($0.real < zero / zero) }, in: context) == 2)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Sample> { ($0.real > 0 ? zero / zero : 1.0) != $0.real }, in: context) == 2)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { !(zero...$0.real).contains(zero / zero) }, in: context)
                == 2)
        let reals = [nan, 1.0]
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { !reals.contains($0.real) }, in: context) == 1)
    }

    @Test func notANumberIsInNoRange() throws {
        let context = try context([Sample(text: "zero", real: 0), Sample(text: "one", real: 1)])
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { !(-1.0...1.0).contains($0.real / 0.0) }, in: context) == 2
        )
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { !(-1.0..<1.0).contains($0.real / 0.0 + 1) }, in: context)
                == 2)
    }

    // MARK: Division by a signed zero
    //
    // Swift: 1 / 0.0 is +infinity, 1 / -0.0 is -infinity, and -x of 0.0 is -0.0.

    @Test func divisionByNegativeZeroIsNegativeInfinity() throws {
        let context = try context([
            Sample(text: "one", real: 1), Sample(text: "minus", real: -1), Sample(text: "zero", real: 0),
        ])
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.real / -0.0 < 0 }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { 1.0 / -$0.real < 0 }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { 1.0 / $0.real > 0 }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { 1.0 / -(-$0.real) > 0 }, in: context) == 2)
    }

    // MARK: A closure's optional variable is not a constant
    //
    // Sub-expressions that do not depend on a variable are evaluated once, at translation time; evaluating one that
    // names an optional-typed closure variable does not fail (the unbound variable reads as nil), so `$0 != nil`
    // was taken for the constant `false`.

    @Test func optionalClosureVariableIsNotAConstant() throws {
        let context = try context([Sample(text: "a", real: 1), Sample(text: "b", real: 2)])
        let counts: [Int?] = [nil, 1]
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Sample> { row in counts.contains { $0 != nil && row.real > 1 } }, in: context) == 1)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Sample> { row in counts.contains { $0 == 1 && row.real > 1 } }, in: context) == 1)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Sample> { row in counts.allSatisfy { $0 == nil || row.real > 1 } }, in: context) == 1)
        let names: [String?] = ["a", nil]
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Sample> { row in names.contains { ($0 ?? "b") == row.text } }, in: context) == 2)
    }

    // MARK: Properties named like json_each's columns
    //
    // Inside `EXISTS (SELECT 1 FROM json_each(…) AS e0 WHERE …)` an unqualified "key", "value", "type" or "path"
    // names json_each's column, not the model's.

    @Test func propertiesNamedLikeJSONEachColumns() throws {
        let context = ModelContext(try inMemoryContainer(Entry.self))
        context.insert(Entry(key: "a", value: 1, type: "text", path: "$", tags: ["a", "b"]))
        context.insert(Entry(key: "x", value: 5, type: "x", path: "y", tags: ["b"]))
        try context.save()
        #expect(try expectSQLMatchesEvaluate(#Predicate<Entry> { $0.tags.contains($0.key) }, in: context) == 1)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Entry> { row in row.tags.contains { $0 == row.key } }, in: context)
                == 1)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Entry> { row in row.tags.contains { _ in row.value > 2 } }, in: context) == 1)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Entry> { row in row.tags.allSatisfy { _ in row.type == "text" } }, in: context) == 1)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Entry> { row in row.tags.contains { $0 == row.path } }, in: context)
                == 0)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Entry> { ($0.tags.min() ?? "") == $0.key }, in: context) == 1)
    }

    // MARK: Sets are equal whatever order their JSON lists the elements in

    @Test func setsCompareAsSets() throws {
        let context = ModelContext(try inMemoryContainer(Entry.self))
        let labels = Set((0..<8).map { "label \($0)" })
        for index in 0..<10 {
            // Built in different orders, so their hash orders (and JSON arrays) differ.
            let ordered = (0..<8).map { "label \(($0 + index) % 8)" }
            context.insert(
                Entry(
                    key: "k\(index)", value: index,
                    labels: index.isMultiple(of: 3) ? Set(ordered.dropLast()) : Set(ordered)))
        }
        context.insert(Entry(key: "decomposed", value: 10, labels: ["cafe\u{301}"]))
        try context.save()
        #expect(try expectSQLMatchesEvaluate(#Predicate<Entry> { $0.labels == labels }, in: context) == 6)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Entry> { $0.labels != labels }, in: context) == 5)
        let cafe: Set<String> = ["café"]
        #expect(try expectSQLMatchesEvaluate(#Predicate<Entry> { $0.labels == cafe }, in: context) == 1)
        let empty: Set<String> = []
        #expect(try expectSQLMatchesEvaluate(#Predicate<Entry> { $0.labels == empty }, in: context) == 0)
    }

    @Test func optionalSetsCompareAsSetsOrNil() throws {
        let context = ModelContext(try inMemoryContainer(Entry.self))
        let letters = Set("abcdefgh".map(String.init))
        context.insert(Entry(key: "none", value: 0))
        context.insert(Entry(key: "same", value: 1, marks: Set("hgfedcba".map(String.init))))
        context.insert(Entry(key: "fewer", value: 2, marks: Set("abc".map(String.init))))
        context.insert(Entry(key: "empty", value: 3, marks: []))
        try context.save()
        let wanted: Set<String>? = letters
        #expect(try expectSQLMatchesEvaluate(#Predicate<Entry> { $0.marks == wanted }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Entry> { $0.marks != wanted }, in: context) == 3)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Entry> { $0.marks == nil }, in: context) == 1)
        let none: Set<String>? = nil
        #expect(try expectSQLMatchesEvaluate(#Predicate<Entry> { $0.marks == none }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Entry> { $0.marks != none }, in: context) == 3)
        let sets = [letters]
        #expect(throws: SwiftDataError.self) {
            try context.fetch(FetchDescriptor(predicate: #Predicate<Entry> { sets.contains($0.labels) }))
        }
    }

    // MARK: Relationships (found by DifferentialRelationshipPredicateTests)

    /// Authors, books and genres; dancers in a chain A ← B ← C (B's leader is A), D alone, all in one studio, and an
    /// empty studio. Saved, and read back in a fresh context.
    private func relationshipContext() throws -> ModelContext {
        let container = try inMemoryContainer(Author.self, Book.self, Genre.self, Dancer.self, Studio.self)
        let context = ModelContext(container)
        let tolkien = Author(name: "Tolkien"), austen = Author(name: "Austen")
        context.insert(tolkien)
        context.insert(austen)
        let fantasy = Genre(name: "fantasy"), classic = Genre(name: "classic")
        let hobbit = Book(title: "The Hobbit"), silmarillion = Book(title: "The Silmarillion"),
            emma = Book(title: "Emma")
        for book in [hobbit, silmarillion, emma, Book(title: "Anonymous")] { context.insert(book) }
        tolkien.books = [hobbit, silmarillion]
        austen.books = [emma]
        hobbit.tags = [fantasy, classic]
        emma.tags = [classic]
        let paris = Studio(city: "Paris")
        context.insert(paris)
        context.insert(Studio(city: "Nowhere"))
        let dancers = ["A", "B", "C", "D"].map { Dancer(name: $0, studio: paris) }
        for dancer in dancers { context.insert(dancer) }
        dancers[1].leader = dancers[0]
        dancers[2].leader = dancers[1]
        try context.save()
        return ModelContext(container)
    }

    /// `relationship.contains(model)` looked for the model's key in `json_each` of the owner's key (as if the
    /// relationship were a JSON array), so it was true only when the two keys happened to be equal.
    @Test func toManyRelationshipContainsAModel() throws {
        let context = try relationshipContext()
        #expect(try expectSQLMatchesEvaluate(#Predicate<Dancer> { $0.studio.dancers.contains($0) }, in: context) == 4)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Book> { book in book.author.flatMap { $0.books.contains(book) } == true }, in: context) == 3)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Book> { book in book.author.flatMap { $0.books.contains(book) } ?? false }, in: context) == 3
        )
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Author> { author in author.books.allSatisfy { author.books.contains($0) } }, in: context)
                == 2)
        // Many-to-many, from both sides.
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Book> { book in book.tags.contains { $0.books.contains(book) } }, in: context) == 2)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Genre> { genre in genre.books.contains { $0.tags.contains(genre) } }, in: context) == 2)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Dancer> { dancer in dancer.leader.flatMap { $0.studio.dancers.contains(dancer) } == false },
                in: context) == 0)
    }

    /// A conditional or `??` between models was a computed value, not a model: a key path after it
    /// (`(c ? $0.leader : $0.follower)?.name`, `($0.leader ?? $0).name`) threw unsupportedPredicate.
    @Test func choiceBetweenModelsIsAModel() throws {
        let context = try relationshipContext()
        // A leads B, B leads C; D is alone.
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Dancer> { ($0.name == "B" ? $0.leader : $0.follower).flatMap { $0.name } == "A" },
                in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Dancer> { ($0.leader ?? $0).name == "A" }, in: context) == 2)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Dancer> { ($0.follower ?? $0).studio.city == "Paris" }, in: context)
                == 4)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Book> { ($0.title == "Emma" ? $0.author : nil).flatMap { $0.books.count } == 1 }, in: context
            ) == 1)
        // A choice between one relationship of two models is that relationship.
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Dancer> { ($0.leader ?? $0).studio.dancers.contains { $0.name == "D" } }, in: context) == 4)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Book> { book in (book.title.isEmpty ? book.tags : book.tags).count == 2 }, in: context) == 1)
    }

    /// A choice between two different relationships is not a relationship SQL can follow: it throws, where it was
    /// read as a JSON array (`json_array_length` of a key: 0).
    @Test func choiceBetweenDifferentRelationshipsThrows() throws {
        let context = try relationshipContext()
        // `author.books` or `genre.books`: both [Book], different relationships.
        let predicates = [
            #Predicate<Author> { author in
                author.books.contains { book in
                    book.tags.contains { genre in (genre.name == "classic" ? author.books : genre.books).count > 1 }
                }
            },
            #Predicate<Author> { author in
                author.books.contains { book in
                    book.tags.contains { genre in
                        (genre.name == "classic" ? author.books : genre.books).contains { $0.title == "Emma" }
                    }
                }
            },
        ]
        let authors = try context.fetch(FetchDescriptor<Author>())
        for predicate in predicates {
            #expect(try authors.filter { try predicate.evaluate($0) }.count == 1)
            #expect {
                try context.fetch(FetchDescriptor(predicate: predicate))
            } throws: { error in
                guard case SwiftDataError.unsupportedPredicate(let text) = error else { return false }
                return text.contains("not one relationship")
            }
        }
    }

    /// `persistentModelID` was compared by its row's primary key alone, where Swift's `PersistentIdentifier` is equal
    /// only with the same entity, store and key, and orders by entity name first: an identifier of another entity,
    /// or of the same row in another store, matched the row that happened to have its key.
    @Test func identifiersCompareWithTheirEntityAndStore() throws {
        let context = try relationshipContext()
        let books = try context.fetch(FetchDescriptor<Book>())
        let tolkien = try #require(
            try context.fetch(FetchDescriptor<Author>(predicate: #Predicate { $0.name == "Tolkien" })).first)
        let authorID = tolkien.persistentModelID
        // A book whose row has Tolkien's key, and Tolkien in another store (same entity, same key).
        let bookID = try #require(
            books.first { $0.persistentModelID.primaryKey == authorID.primaryKey }?.persistentModelID)
        let elsewhere = try relationshipContext()
        let foreignID = try #require(
            try elsewhere.fetch(FetchDescriptor<Author>(predicate: #Predicate { $0.name == "Tolkien" })).first
        )
        .persistentModelID
        #expect(foreignID.primaryKey == authorID.primaryKey && foreignID != authorID)

        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Book> { $0.author?.persistentModelID == authorID }, in: context)
                == 2)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Book> { $0.author?.persistentModelID == bookID }, in: context) == 0)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Book> { $0.author?.persistentModelID == foreignID }, in: context)
                == 0)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Book> { $0.author?.persistentModelID != foreignID }, in: context)
                == 4)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Book> { $0.persistentModelID == authorID }, in: context) == 0)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Book> { $0.persistentModelID != authorID }, in: context) == 4)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Author> { $0.persistentModelID == foreignID }, in: context) == 0)
        let others = [foreignID, bookID], mixed = [bookID, authorID]
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Author> { others.contains($0.persistentModelID) }, in: context) == 0
        )
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Author> { mixed.contains($0.persistentModelID) }, in: context) == 1)
        // Ordered by entity name first ("Book" < "Genre"), then key; the store takes no part.
        #expect(try expectSQLMatchesEvaluate(#Predicate<Genre> { $0.persistentModelID < bookID }, in: context) == 0)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Genre> { $0.persistentModelID >= bookID }, in: context) == 2)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Author> { $0.persistentModelID <= foreignID }, in: context) == 1)
        // Identifiers of rows of different entities are never equal; nil equals nil.
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Book> { book in book.tags.contains { $0.persistentModelID == book.persistentModelID } },
                in: context) == 0)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Dancer> { $0.leader?.persistentModelID == $0.leader?.studio.persistentModelID }, in: context)
                == 2)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Dancer> { dancer in
                    dancer.studio.dancers.allSatisfy { $0.persistentModelID < dancer.studio.persistentModelID }
                },
                in: context) == 4)
    }

    /// An identifier whose entity SQL cannot know (here an element of a captured array, inside a closure) throws
    /// rather than compare bare keys.
    @Test func identifierOfUnknownEntityThrows() throws {
        let context = try relationshipContext()
        let authors = try context.fetch(FetchDescriptor<Author>())
        let books = try context.fetch(FetchDescriptor<Book>())
        let ids = [books[0].persistentModelID, authors[1].persistentModelID]
        let predicate = #Predicate<Author> { author in ids.contains { $0 == author.persistentModelID } }
        #expect(try authors.filter { try predicate.evaluate($0) }.count == 1)
        #expect {
            try context.fetch(FetchDescriptor(predicate: predicate))
        } throws: { error in
            guard case SwiftDataError.unsupportedPredicate(let text) = error else { return false }
            return text.contains("whose entity SQL cannot know")
        }
    }

    /// `test(row.follower?.leader?.follower?…?.name)`, `hops` relationships long.
    static func alternatingChain(hops: Int, _ test: @escaping (Expr<String?>) -> Expr<Bool>) -> Predicate<Dancer> {
        func hop(_ optional: Expr<Dancer?>, _ keyPath: KeyPath<Dancer, Dancer?> & Sendable) -> Expr<Dancer?> {
            Build.flatMapFlattening(optional, trial: Build.keyPath(PredicateExpressions.Variable<Dancer>(), keyPath)) {
                Build.keyPath($0, keyPath)
            }
        }
        return Predicate<Dancer> { row in
            var node = Build.keyPath(row, \Dancer.follower)
            for index in 1..<hops { node = hop(node, index.isMultiple(of: 2) ? \Dancer.follower : \Dancer.leader) }
            let name = Build.flatMap(node, trial: Build.keyPath(PredicateExpressions.Variable<Dancer>(), \Dancer.name))
            {
                Build.keyPath($0, \Dancer.name)
            }
            return test(name)
        }
    }

    /// Through an optional model, a closure's variable stood for the reference's SQL, repeated at each use (and once
    /// more to test it for NULL): long chains, or bodies using the variable twice, grew exponentially and failed
    /// with SQLite's "parser stack overflow".
    @Test func longChainsOfOptionalModels() throws {
        let context = try relationshipContext()
        // A leads B, B leads C; D is alone.
        // `$0.follower?.leader?.follower?.leader?…` eight hops long (built from the expression types: the macro cannot
        // type-check chains this long), ending on A's and B's leaders' side: A, then B.
        #expect(
            try expectSQLMatchesEvaluate(
                Self.alternatingChain(hops: 8) { name in
                    Build.equal(name, Build.value(Optional("B")))
                }, in: context) == 1)
        #expect(
            try expectSQLMatchesEvaluate(
                Self.alternatingChain(hops: 8) { name in
                    Build.equal(name, Build.nilLiteral(String.self), negated: true)
                }, in: context) == 2)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Dancer> { dancer in
                    dancer.follower.flatMap { a in
                        (a.follower ?? a).leader.flatMap { b in
                            (b.follower ?? b).leader.flatMap { c in (c.follower ?? c).name }
                        }
                    } == "C"
                }, in: context) == 2)
    }

    // MARK: Known differences, not fixed: string operations that depend on the spelling
    //
    // The store treats canonically equal strings as one string: String columns are stored in NFC and string
    // constants are bound in NFC, so SQL always works on NFC. Some string operations on this platform answer
    // differently for different spellings of one string — Swift's `<`, and Linux Foundation's `localizedCompare`
    // and `caseInsensitiveCompare` — so a predicate whose constant is not in NFC can differ. SQL cannot sensibly
    // imitate that; the differential test uses only NFC constants with these operations.

    /// Swift 6.3's `String` ordering is not a total order when one operand is not in NFC and is canonically a
    /// prefix of the other: "caf\u{E9}b" and "cafe\u{301}" are neither `<`, `>` nor `==`. SQL gives the consistent
    /// answer ("caféb" > "café"). If this test fails, Swift fixed its comparison: drop the restriction in
    /// `RandomPredicateGenerator`.
    @Test func swiftOrdersDifferentlyNormalizedPrefixesInconsistently() throws {
        let longer = "caf\u{E9}b"
        #expect(!(longer < Self.decomposedCafe) && !(Self.decomposedCafe < longer) && longer != Self.decomposedCafe)
        let context = try context([Sample(text: longer), Sample(text: "cafe")])
        let bound = Self.decomposedCafe
        let predicate = #Predicate<Sample> { $0.text > bound }
        #expect(try context.fetch(FetchDescriptor(predicate: predicate)).map(\.text) == [longer])
        #expect(try context.fetch(FetchDescriptor<Sample>()).filter { try predicate.evaluate($0) }.isEmpty)
    }

    /// Linux Foundation's `localizedCompare` orders "사업x" spelled in jamo after "사업일", and in syllables before
    /// it; `caseInsensitiveCompare` orders "a일" after "A\u{30A}👨‍👩‍👧" and before "\u{C5}👨‍👩‍👧". SQL compares the
    /// NFC spellings. If this test fails, Foundation became spelling-independent: drop the restriction in
    /// `RandomPredicateGenerator`.
    @Test func foundationComparisonsDependOnTheSpelling() throws {
        let decomposed = "\u{1109}\u{1161}\u{110B}\u{1165}\u{11B8}x", precomposed = "사업x"
        #expect(decomposed == precomposed)
        #expect(decomposed.localizedCompare("사업일") == .orderedDescending)
        #expect(precomposed.localizedCompare("사업일") == .orderedAscending)
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        #expect("a\u{C77C}".caseInsensitiveCompare("A\u{30A}" + family) == .orderedDescending)
        #expect("a\u{C77C}".caseInsensitiveCompare("\u{C5}" + family) == .orderedAscending)
        let context = try context([Sample(text: "사업일")])
        let descending = ComparisonResult.orderedDescending
        let predicate = #Predicate<Sample> { decomposed.localizedCompare($0.text) == descending }
        #expect(try context.fetch(FetchDescriptor(predicate: predicate)).isEmpty)
        #expect(try context.fetch(FetchDescriptor<Sample>()).filter { try predicate.evaluate($0) }.count == 1)
    }

    // MARK: Known limit, not fixed: SQLite's parser stack

    /// SQLite 3.40's parser holds about ten subqueries nested in one another; each hop of an optional chain, each
    /// quantifier, each relationship count or key path read through a computed model is one. A deeper predicate makes
    /// the fetch throw `SwiftDataError.storeFailed` ("parser stack overflow") — never answer wrongly. (Turning chains into
    /// joins would raise the ceiling; the translator builds SQL as text, so that is a larger change.) The
    /// differential relationship test counts such predicates apart. If this test fails, SQLite's parser grew: drop
    /// that allowance in `DifferentialRelationshipPredicateTests`.
    @Test func predicateNestedDeeperThanSQLiteParsesThrows() throws {
        let context = try relationshipContext()
        let predicate = Self.alternatingChain(hops: 14) { name in Build.equal(name, Build.value(Optional("B"))) }
        #expect(try context.fetch(FetchDescriptor<Dancer>()).filter { try predicate.evaluate($0) }.count == 1)
        #expect {
            try context.fetch(FetchDescriptor(predicate: predicate))
        } throws: { error in
            guard case SwiftDataError.storeFailed = error else { return false }
            return "\(error)".contains("parser stack overflow")
        }
    }

    // MARK: Optional elements inside closures are nil, not "no value"
    //
    // A closure's element was bound as never NULL, so a nil element made its comparison NULL, which EXISTS and
    // NOT EXISTS read the wrong way: `allSatisfy { $0 == 2 }` accepted `[nil]`, `contains { $0 != 2 }` rejected it.

    @Test func optionalElementsInClosuresCompareAsNil() throws {
        let context = try context([
            Sample(text: "nil", ratings: [nil], nicknames: [nil]),
            Sample(text: "two and nil", ratings: [2, nil], nicknames: ["ab", nil]),
            Sample(text: "two", ratings: [2], nicknames: ["ab"]),
            Sample(text: "empty"),
            Sample(text: "three", ratings: [3], nicknames: ["abc"]),
        ])
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.nicknames.allSatisfy { $0?.count == 2 } }, in: context)
                == 2)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.ratings.allSatisfy { $0 == 2 } }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.ratings.contains { $0 != 2 } }, in: context) == 3)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.nicknames.contains { $0?.count != 2 } }, in: context)
                == 3)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.ratings.contains { $0 == nil } }, in: context) == 2)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.ratings.filter { $0 != nil }.count == 1 }, in: context)
                == 3)
    }

    // MARK: A relative URL is not equal to the absolute URL it resolves to

    /// Swift's `URL ==` compares the relative string and the base: `URL(string: "b", relativeTo: a.com)` is not
    /// `URL(string: "http://a.com/b")`. Both were stored as `http://a.com/b`, so SQL matched both.
    @Test func relativeURLsCompareAsSwiftDoes() throws {
        let container = try inMemoryContainer(Sample.self)
        let base = try #require(URL(string: "http://a.com/"))
        let relative = try #require(URL(string: "b", relativeTo: base))
        let absolute = try #require(URL(string: "http://a.com/b"))
        let writer = ModelContext(container)
        writer.insert(Sample(text: "relative", link: relative))
        writer.insert(Sample(text: "absolute", link: absolute))
        try writer.save()
        // A fresh context reads the stored form back.
        let context = ModelContext(container)
        let rows = try context.fetch(FetchDescriptor<Sample>(sortBy: [SortDescriptor(\.text)]))
        #expect(rows.map(\.link) == [absolute, relative])
        #expect(rows.map(\.link.absoluteString) == ["http://a.com/b", "http://a.com/b"])
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.link == relative }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.link == absolute }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.link != relative }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { [relative].contains($0.link) }, in: context) == 1)
        #expect(
            try context.fetch(FetchDescriptor(predicate: #Predicate<Sample> { $0.link == relative })).map(\.text) == [
                "relative"
            ])
    }

    // MARK: NaN is refused when saved, naming the property

    /// SQLite stores NaN as NULL: a non-optional column failed with a raw constraint error, an optional one read back
    /// nil. Saving NaN throws `valueOutOfRange` naming the property, and leaves the store as it was.
    @Test func savingNotANumberThrowsNamingTheProperty() throws {
        let container = try inMemoryContainer(Sample.self)
        let context = ModelContext(container)
        context.insert(Sample(text: "kept", real: 1))
        try context.save()
        for sample in [Sample(text: "nan", real: .nan), Sample(text: "optional nan", score: .nan)] {
            let writer = ModelContext(container)
            writer.insert(sample)
            #expect {
                try writer.save()
            } throws: { error in
                guard case SwiftDataError.valueOutOfRange(let message) = error else { return false }
                return message.contains(sample.text == "nan" ? "Sample.real is NaN" : "Sample.score is NaN")
            }
        }
        #expect(try context.fetch(FetchDescriptor<Sample>()).map(\.text) == ["kept"])
        let reader = ModelContext(container)
        #expect(try reader.fetchCount(FetchDescriptor<Sample>()) == 1)
        // An existing row changed to NaN is refused too, and keeps its value.
        let row = try #require(try reader.fetch(FetchDescriptor<Sample>()).first)
        row.real = .nan
        #expect(throws: SwiftDataError.self) { try reader.save() }
        #expect(try ModelContext(container).fetch(FetchDescriptor<Sample>()).map(\.real) == [1])
    }

    // MARK: Known difference, not fixed: an optional holding NaN

    /// SQLite has no NaN, and NULL is also how SQL spells `nil`: an optional holding NaN (`score.flatMap { $0 / 0 }`
    /// for a score of 0) is `nil` in SQL. Not generated by the differential test.
    @Test func optionalNotANumberIsNilInSQL() throws {
        let context = try context([Sample(text: "zero", score: 0)])
        let predicate = #Predicate<Sample> { $0.score.flatMap { $0 / 0.0 } == nil }
        #expect(try context.fetch(FetchDescriptor(predicate: predicate)).count == 1)
        #expect(try context.fetch(FetchDescriptor<Sample>()).filter { try predicate.evaluate($0) }.isEmpty)
    }
}
