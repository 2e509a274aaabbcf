import Foundation
@testable import OpenSwiftData
import Testing

/// Asserts that fetching with `predicate` returns exactly the rows `Predicate.evaluate` accepts, in order, where a
/// row on which `evaluate` throws (a nil force-unwrap, an index out of range, a failed `as!`) does not match; returns
/// how many matched.
@discardableResult
func expectFetchMatchesEvaluate<T: PersistentModel>(
    _ predicate: Predicate<T>, in context: ModelContext, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Int {
    let all = try context.fetch(FetchDescriptor<T>())
    let expected = all.filter { (try? predicate.evaluate($0)) ?? false }.map(\.persistentModelID)
    let actual = try context.fetch(FetchDescriptor(predicate: predicate)).map(\.persistentModelID)
    #expect(actual == expected, sourceLocation: sourceLocation)
    #expect(
        try context.fetchCount(FetchDescriptor(predicate: predicate)) == expected.count, sourceLocation: sourceLocation)
    return expected.count
}

/// A protocol a model satisfies with a stored property, for predicates written over a type parameter.
protocol Keyed {
    var key: String { get }
    var rank: Int { get }
}

/// `key` is stored; `rank` is computed from a stored property. The other properties are of the kinds the translator
/// must make up values for to watch a key path (an enum that does not list its cases, a Codable struct).
@Model
final class KeyedItem: Keyed {
    var key: String
    var order: Int
    var shade: Shade = Shade.green
    var size = Dimensions(width: 1, height: 2)
    var label: String?
    var rank: Int { order * 2 }

    init(key: String, order: Int) {
        self.key = key
        self.order = order
    }
}

extension Keyed where Self: PersistentModel {
    /// A predicate formed in a protocol extension.
    static func keyed(_ key: String) -> Predicate<Self> { #Predicate<Self> { $0.key == key } }
}

/// The shapes of predicates the SQL translation gained beyond comparisons and quantifiers: casts, subscripts,
/// `filter`, dictionaries, key paths into `Codable` values, regexes, captured ranges and key paths on type parameters.
@Suite struct PredicateShapeTests {
    private func corpus() throws -> ModelContext {
        let context = ModelContext(try inMemoryContainer(Sample.self))
        let rows: [Sample] = [
            Sample(
                text: "café", integer: 3, real: 1.5, flag: true, date: Date(timeIntervalSinceReferenceDate: 10),
                count: 2,
                tags: ["a", "bb", "ccc"], size: Dimensions(width: 1.5, height: 2), ratings: [1, nil, 3],
                nicknames: ["x"],
                lookup: ["a": 1, "b": 2]),
            Sample(
                text: "cafe", integer: -4, real: 0.1 + 0.2, date: Date(timeIntervalSinceReferenceDate: -5), count: nil,
                tags: ["bb"], size: nil, ratings: [nil], lookup: [:]),
            Sample(
                text: "Bellagio", integer: 0, real: -0.0, flag: true, date: Date(timeIntervalSinceReferenceDate: 100),
                count: 0, tags: [], size: Dimensions(width: -0.0, height: 1e300), ratings: [], nicknames: [nil, "y"],
                lookup: ["a": 0, "é": 5]),
            Sample(
                text: "abc", integer: 7, real: 2.5, date: Date(timeIntervalSinceReferenceDate: 0), count: 7,
                tags: ["a", "a"], size: Dimensions(width: 0.30000000000000004, height: 0), ratings: [7, 7],
                lookup: ["b": 2]),
        ]
        for row in rows { context.insert(row) }
        try context.save()
        return context
    }

    /// Casts are built from Foundation's expressions directly: written in a `#Predicate`, a cast whose outcome the
    /// compiler knows draws a warning, though `Predicate.evaluate` and the translation handle it.
    @Test func casts() throws {
        typealias P = PredicateExpressions
        let context = try corpus()
        let integer = \Sample.integer, count = \Sample.count, real = \Sample.real, text = \Sample.text
        let cases: [(Predicate<Sample>, Int)] = [
            // ($0.integer as? Int) == 3
            (
                Predicate {
                    P.Equal(
                        lhs: P.ConditionalCast<_, Int>(P.KeyPath(root: $0, keyPath: integer)), rhs: P.Value<Int?>(3))
                }, 1
            ),
            // ($0.integer as? String) == nil
            (
                Predicate {
                    P.Equal(
                        lhs: P.ConditionalCast<_, String>(P.KeyPath(root: $0, keyPath: integer)),
                        rhs: P.NilLiteral<String>())
                }, 4
            ),
            // $0.integer is Int, $0.integer is any BinaryInteger, $0.text is Int, $0.count is Int
            (Predicate { P.TypeCheck<_, Int>(P.KeyPath(root: $0, keyPath: integer)) }, 4),
            (Predicate { P.TypeCheck<_, any BinaryInteger>(P.KeyPath(root: $0, keyPath: integer)) }, 4),
            (Predicate { P.TypeCheck<_, Int>(P.KeyPath(root: $0, keyPath: text)) }, 0),
            (Predicate { P.TypeCheck<_, Int>(P.KeyPath(root: $0, keyPath: count)) }, 3),
            // if let value = $0.count as? Int { value == 2 } else { false }
            (
                Predicate {
                    P.NilCoalesce(
                        lhs: P.OptionalFlatMap(P.ConditionalCast<_, Int>(P.KeyPath(root: $0, keyPath: count))) {
                            P.Equal(lhs: $0, rhs: P.Value(2))
                        },
                        rhs: P.Value(false)
                    )
                }, 1
            ),
            // ($0.count as! Int) > 1, !(($0.count as! Int) > 1), ($0.real as! Int) > 1
            (
                Predicate {
                    P.Comparison(
                        lhs: P.ForceCast<_, Int>(P.KeyPath(root: $0, keyPath: count)), rhs: P.Value(1), op: .greaterThan
                    )
                }, 2
            ),
            (
                Predicate {
                    P.Negation(
                        P.Comparison(
                            lhs: P.ForceCast<_, Int>(P.KeyPath(root: $0, keyPath: count)), rhs: P.Value(1),
                            op: .greaterThan))
                }, 1
            ),
            (
                Predicate {
                    P.Comparison(
                        lhs: P.ForceCast<_, Int>(P.KeyPath(root: $0, keyPath: real)), rhs: P.Value(1), op: .greaterThan)
                }, 0
            ),
        ]
        for (predicate, matches) in cases {
            #expect(try expectFetchMatchesEvaluate(predicate, in: context) == matches)
        }
        // The no-op cast the macro writes as a force cast.
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { ($0.flag as Bool) == true }, in: context) == 2)
    }

    @Test func forcedUnwrapsThrowOnNilEvenUnderNegation() throws {
        let context = try corpus()
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.count! == 2 }, in: context) == 1)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { !($0.count! == 2) }, in: context) == 2)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.count! != 2 }, in: context) == 2)
        #expect(
            try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.count == nil || $0.count! > 5 }, in: context) == 2)
        #expect(
            try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.count! > 5 || $0.count == nil }, in: context) == 1)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.flag ? $0.count! > 1 : true }, in: context) == 3)
    }

    @Test func arraySubscripts() throws {
        let context = try corpus()
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.tags[0] == "a" }, in: context) == 2)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.tags[1] != "bb" }, in: context) == 1)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { !($0.tags[2] == "x") }, in: context) == 1)
        #expect(
            try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.tags.count > 1 && $0.tags[1] == "a" }, in: context)
                == 1)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.ratings[0] == nil }, in: context) == 1)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.ratings[1] == nil }, in: context) == 1)
        let index = 1
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.ratings[index] == 7 }, in: context) == 1)
        #expect(
            try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.tags[$0.tags.count - 1].count == 3 }, in: context)
                == 1)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.tags[0..<2].isEmpty }, in: context) == 0)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.tags[0..<2].contains("a") }, in: context) == 2)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.tags[0..<1].count == 1 }, in: context) == 3)
        #expect(
            try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.tags[1..<2].allSatisfy { $0 == "a" } }, in: context)
                == 1)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.tags.first == "a" }, in: context) == 2)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.tags.last == "bb" }, in: context) == 1)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.tags.first == nil }, in: context) == 1)
        #expect(
            try expectFetchMatchesEvaluate(
                #Predicate<Sample> { $0.tags.filter { $0 != "a" }.first == "bb" }, in: context) == 2)
        #expect(
            try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.tags[1..<3].last?.count == 3 }, in: context) == 1)
    }

    /// An unsaved model is tested with `Predicate.evaluate`: one on which it throws does not match either.
    @Test func unsavedModelsOnWhichEvaluateThrowsDoNotMatch() throws {
        let context = try corpus()
        context.insert(Sample(text: "unsaved, no tags"))
        context.insert(Sample(text: "unsaved", tags: ["a"]))
        let fetched = try context.fetch(
            FetchDescriptor(predicate: #Predicate<Sample> { $0.tags[0] == "a" }, sortBy: [SortDescriptor(\.text)]))
        #expect(fetched.map(\.text) == ["abc", "café", "unsaved"])
        #expect(try context.fetchCount(FetchDescriptor(predicate: #Predicate<Sample> { !($0.tags[0] == "a") })) == 1)
    }

    @Test func dictionaries() throws {
        let context = try corpus()
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.lookup.isEmpty }, in: context) == 1)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.lookup.count == 2 }, in: context) == 2)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.lookup["a"] == 1 }, in: context) == 1)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.lookup["a"] == nil }, in: context) == 2)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.lookup["e\u{301}"] == 5 }, in: context) == 1)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.lookup["b", default: 0] > 1 }, in: context) == 2)
        #expect(
            try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.lookup[$0.text, default: -1] == -1 }, in: context)
                == 4)
    }

    @Test func filterThenCountIsEmptyContains() throws {
        let context = try corpus()
        #expect(
            try expectFetchMatchesEvaluate(
                #Predicate<Sample> { $0.tags.filter { $0.count > 1 }.count == 2 }, in: context) == 1)
        #expect(
            try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.tags.filter { $0 == "a" }.isEmpty }, in: context)
                == 2)
        #expect(
            try expectFetchMatchesEvaluate(
                #Predicate<Sample> { $0.tags.filter { $0 != "a" }.contains("bb") }, in: context) == 2)
        #expect(
            try expectFetchMatchesEvaluate(
                #Predicate<Sample> { $0.tags.filter { $0 != "a" }.contains { $0.starts(with: "c") } }, in: context
            ) == 1)
        #expect(
            try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.ratings.filter { $0 == 7 }.count == 2 }, in: context)
                == 1)
        #expect(
            try expectFetchMatchesEvaluate(
                #Predicate<Sample> { $0.tags.filter { $0.count == $0.count }.count == $0.tags.count }, in: context) == 4
        )
        let reals = [0.1 + 0.2, 1.5, 2.5]
        #expect(
            try expectFetchMatchesEvaluate(
                #Predicate<Sample> { reals.filter { $0 > 1 }.contains($0.real) }, in: context) == 2)
        #expect(
            try expectFetchMatchesEvaluate(
                #Predicate<Sample> { reals.filter { $0 < 1 }.contains($0.real) }, in: context) == 1)
        #expect(throws: SwiftDataError.self) {
            try context.fetch(FetchDescriptor(predicate: #Predicate<Sample> { $0.tags.filter { $0 == "a" } == ["a"] }))
        }
    }

    @Test func keyPathsIntoCodableValues() throws {
        let context = try corpus()
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.size?.width == 1.5 }, in: context) == 1)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { ($0.size?.height ?? 0) > 1 }, in: context) == 2)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.size?.width == 0 }, in: context) == 1)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.size!.width < 1 }, in: context) == 2)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.size!.width == 0.1 + 0.2 }, in: context) == 1)
        #expect(
            try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.size!.width == 0.30000000000000004 }, in: context)
                == 1)
    }

    @Test func regexes() throws {
        let context = try corpus()
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.text.contains(/caf(e|é)/) }, in: context) == 2)
        #expect(
            try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.text.contains(/^caf\u{E9}$/) }, in: context) == 1)
        let initial = /^[a-c]/
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.text.contains(initial) }, in: context) == 3)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { !$0.text.contains(initial) }, in: context) == 1)
        #expect(
            try expectFetchMatchesEvaluate(#Predicate<Sample> { $0.tags.contains { $0.contains(/^b+$/) } }, in: context)
                == 2)
    }

    @Test func capturedRanges() throws {
        let context = try corpus()
        let window = Date(timeIntervalSinceReferenceDate: 0)..<Date(timeIntervalSinceReferenceDate: 100)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { window.contains($0.date) }, in: context) == 2)
        let closed = Date(timeIntervalSinceReferenceDate: 0)...Date(timeIntervalSinceReferenceDate: 100)
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { closed.contains($0.date) }, in: context) == 3)
        let integers = -4..<3
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { integers.contains($0.integer) }, in: context) == 2)
        let from = 3...
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { from.contains($0.integer) }, in: context) == 2)
        let through = ...0.0
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { through.contains($0.real) }, in: context) == 1)
        let upTo = ..<"b"
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { upTo.contains($0.text) }, in: context) == 2)
        let empty = 5..<5
        #expect(try expectFetchMatchesEvaluate(#Predicate<Sample> { empty.contains($0.integer) }, in: context) == 0)
    }

    /// `#Predicate<T> { $0.key == key }` in a generic function: `\T.key` is not `\KeyedItem.key`, but reads it.
    private func matching<T: PersistentModel & Keyed>(_ type: T.Type, key: String, in context: ModelContext) throws
        -> [T]
    {
        try context.fetch(FetchDescriptor(predicate: #Predicate<T> { $0.key == key }))
    }

    private func purge<T: PersistentModel & Keyed>(_ type: T.Type, key: String, in context: ModelContext) throws {
        try context.delete(model: T.self, where: #Predicate<T> { $0.key == key })
    }

    private func ranked<T: PersistentModel & Keyed>(_ type: T.Type, above rank: Int, in context: ModelContext) throws
        -> [T]
    {
        try context.fetch(FetchDescriptor(predicate: #Predicate<T> { $0.rank > rank }))
    }

    @Test func keyPathsOnATypeParameter() throws {
        let context = ModelContext(try inMemoryContainer(KeyedItem.self))
        for (key, order) in [("a", 1), ("b", 2), ("a", 3)] { context.insert(KeyedItem(key: key, order: order)) }
        try context.save()
        #expect(try matching(KeyedItem.self, key: "a", in: context).map(\.order) == [1, 3])
        #expect(try expectFetchMatchesEvaluate(KeyedItem.keyed("b"), in: context) == 1)
        // Only a truly computed property throws.
        #expect {
            try ranked(KeyedItem.self, above: 2, in: context)
        } throws: { error in
            guard case SwiftDataError.unsupportedPredicate(let message) = error else { return false }
            return message.contains("is not a stored property of KeyedItem") && !message.contains("0x")
        }
        try purge(KeyedItem.self, key: "a", in: context)
        try context.save()
        #expect(try context.fetch(FetchDescriptor<KeyedItem>()).map(\.key) == ["b"])
    }

    @Test func errorsNameThePropertyNotAnAddress() throws {
        let context = try corpus()
        let predicates: [(Predicate<Sample>, String)] = [
            (#Predicate<Sample> { $0.computed > 3 }, "\\Sample.<computed Int> is not a stored property of Sample"),
            (#Predicate<Sample> { $0.lookup.values.isEmpty }, "of Sample.lookup has no SQL translation"),
            (#Predicate<Sample> { $0.ratings.first == 2 }, "first of Sample.ratings has no SQL translation"),
        ]
        for (predicate, message) in predicates {
            #expect {
                try context.fetch(FetchDescriptor(predicate: predicate))
            } throws: { error in
                guard case SwiftDataError.unsupportedPredicate(let text) = error else { return false }
                return text.contains(message) && !text.contains("0x")
            }
        }
    }

    @Test func filterOnToManyRelationships() throws {
        let context = ModelContext(try inMemoryContainer(Author.self, Book.self, Genre.self))
        let authors = [Author(name: "Le Guin"), Author(name: "Pratchett"), Author(name: "Nobody")]
        for author in authors { context.insert(author) }
        for (title, author) in [
            ("A Wizard of Earthsea", 0), ("The Dispossessed", 0), ("Mort", 1), ("Guards! Guards!", 1),
            ("Small Gods", 1),
        ] {
            let book = Book(title: title, author: authors[author])
            context.insert(book)
        }
        try context.save()
        #expect(
            try expectFetchMatchesEvaluate(
                #Predicate<Author> { $0.books.filter { $0.title.contains("s") }.count == 2 }, in: context) == 2)
        #expect(
            try expectFetchMatchesEvaluate(
                #Predicate<Author> { $0.books.filter { $0.title.starts(with: "M") }.isEmpty }, in: context) == 2)
        #expect(
            try expectFetchMatchesEvaluate(
                #Predicate<Author> { $0.books.filter { $0.title.count > 4 }.contains { $0.title.contains("!") } },
                in: context
            ) == 1)
        #expect(
            try expectFetchMatchesEvaluate(
                #Predicate<Author> {
                    $0.books.filter { $0.title.count > 4 }.filter { $0.title.contains("G") }.count == 2
                }, in: context
            ) == 1)
        #expect(
            try expectFetchMatchesEvaluate(
                #Predicate<Book> { $0.author?.books.filter { $0.title != "Mort" }.count == 2 }, in: context
            ) == 5)
    }
}
