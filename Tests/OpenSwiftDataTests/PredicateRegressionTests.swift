import Foundation
import OpenSwiftData
import Testing

/// Minimal cases of the mismatches `DifferentialPredicateTests` found between SQL and `Predicate.evaluate`, one
/// per class, each checked with `expectSQLMatchesEvaluate` and with the number of rows it must match.
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
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags.contains { $0 == "café" } }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags.max() == "café" }, in: context) == 1)
    }

    @Test func capturedArrayWithDecomposedSpellingInAClosure() throws {
        let context = try context([Sample(text: "café"), Sample(text: "cafe")])
        let names = [Self.decomposedCafe]
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { row in names.contains { $0 == row.text } }, in: context) == 1)
    }

    @Test func storedCollectionEqualsADecomposedSpelling() throws {
        let context = try context([Sample(text: "a", tags: ["café"]), Sample(text: "b", tags: [Self.decomposedCafe]), Sample(text: "c")])
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
        let context = try context([Sample(text: "zero", real: 0), Sample(text: "one", real: 1), Sample(text: "minus", real: -1)])
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.real / 0.0 == $0.real / 0.0 }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.real / 0.0 != $0.real / 0.0 }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { !($0.real / 0.0 == $0.real / 0.0) }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { ($0.real > 0 ? $0.real : $0.real / 0.0) != 1 }, in: context) == 2)
    }

    @Test func notANumberComputedOnceAndBound() throws {
        let context = try context([Sample(text: "zero", real: 0), Sample(text: "one", real: 1)])
        let nan = Double.nan, zero = 0.0
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.real != nan }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.real == nan }, in: context) == 0)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { !($0.real < zero / zero) }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { ($0.real > 0 ? zero / zero : 1.0) != $0.real }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { !(zero...$0.real).contains(zero / zero) }, in: context) == 2)
        let reals = [nan, 1.0]
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { !reals.contains($0.real) }, in: context) == 1)
    }

    @Test func notANumberIsInNoRange() throws {
        let context = try context([Sample(text: "zero", real: 0), Sample(text: "one", real: 1)])
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { !(-1.0...1.0).contains($0.real / 0.0) }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { !(-1.0..<1.0).contains($0.real / 0.0 + 1) }, in: context) == 2)
    }

    // MARK: Division by a signed zero
    //
    // Swift: 1 / 0.0 is +infinity, 1 / -0.0 is -infinity, and -x of 0.0 is -0.0.

    @Test func divisionByNegativeZeroIsNegativeInfinity() throws {
        let context = try context([Sample(text: "one", real: 1), Sample(text: "minus", real: -1), Sample(text: "zero", real: 0)])
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
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { row in counts.contains { $0 != nil && row.real > 1 } }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { row in counts.contains { $0 == 1 && row.real > 1 } }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { row in counts.allSatisfy { $0 == nil || row.real > 1 } }, in: context) == 1)
        let names: [String?] = ["a", nil]
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { row in names.contains { ($0 ?? "b") == row.text } }, in: context) == 2)
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
        #expect(try expectSQLMatchesEvaluate(#Predicate<Entry> { row in row.tags.contains { $0 == row.key } }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Entry> { row in row.tags.contains { _ in row.value > 2 } }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Entry> { row in row.tags.allSatisfy { _ in row.type == "text" } }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Entry> { row in row.tags.contains { $0 == row.path } }, in: context) == 0)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Entry> { ($0.tags.min() ?? "") == $0.key }, in: context) == 1)
    }

    // MARK: Sets are equal whatever order their JSON lists the elements in

    @Test func setsCompareAsSets() throws {
        let context = ModelContext(try inMemoryContainer(Entry.self))
        let labels = Set((0..<8).map { "label \($0)" })
        for index in 0..<10 {
            // Built in different orders, so their hash orders (and JSON arrays) differ.
            let ordered = (0..<8).map { "label \(($0 + index) % 8)" }
            context.insert(Entry(key: "k\(index)", value: index, labels: index.isMultiple(of: 3) ? Set(ordered.dropLast()) : Set(ordered)))
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
        #expect(throws: SwiftDataError.self) { try context.fetch(FetchDescriptor(predicate: #Predicate<Entry> { sets.contains($0.labels) })) }
    }
}
