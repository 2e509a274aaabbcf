import Foundation
import OpenSwiftData
import Testing

/// Every case fetches with the predicate translated to SQL and compares the rows with `Predicate.evaluate` over
/// the same rows (see `expectSQLMatchesEvaluate`); the counts check that the case is not trivially empty or full.
@Suite struct PredicateTranslationTests {
    static let texts = [
        "", "apple", "Apple", "application", "banana", "사업일",
        "\u{1109}\u{1161}\u{110B}\u{1165}\u{11B8}\u{110B}\u{1175}\u{11AF}",
        "café", "cafe\u{301}", "👨‍👩‍👧", "👨", "q\u{301}", "a\r\nb", "Ωmega",
    ]

    private func corpus() throws -> ModelContext {
        let context = ModelContext(try inMemoryContainer(Sample.self))
        for (index, text) in Self.texts.enumerated() {
            context.insert(
                Sample(
                    text: text,
                    integer: [Int.min, -1, 0, 1, 42, Int.max][index % 6],
                    real: [-1.5, 0, 0.1, 2.5, 1e300][index % 5],
                    flag: index % 3 == 0,
                    date: Date(timeIntervalSinceReferenceDate: Double(index) * 86_400),
                    note: index % 4 == 0 ? nil : Self.texts[(index + 3) % Self.texts.count],
                    count: index % 2 == 0 ? nil : index,
                    priority: Priority.allCases[index % 3],
                    shade: index % 5 == 0 ? nil : (index % 2 == 0 ? .red : .green)
                ))
        }
        try context.save()
        return context
    }

    @Test func comparisonsOfIntegersDoublesDatesAndBools() throws {
        let context = try corpus()
        let day = Date(timeIntervalSinceReferenceDate: 5 * 86_400)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer == 42 }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer != 42 }, in: context) == 12)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer < 0 }, in: context) == 6)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer <= 0 }, in: context) == 8)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer > 1 }, in: context) == 4)
        let largest = Int.max
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer >= largest }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.real > 0.1 }, in: context) == 5)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.date < day }, in: context) == 5)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.date >= day }, in: context) == 9)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.flag }, in: context) == 5)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { !$0.flag }, in: context) == 9)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.flag == false }, in: context) == 9)
    }

    @Test func logicalOperators() throws {
        let context = try corpus()
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.flag && $0.integer > 0 }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.flag || $0.integer == 42 }, in: context) == 7)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { !($0.flag || $0.integer == 42) }, in: context) == 7)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Sample> { ($0.integer < 0 || $0.integer > 1) && !$0.flag }, in: context) == 7)
    }

    @Test func optionalsComparedWithNilAndValues() throws {
        let context = try corpus()
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.note == nil }, in: context) == 4)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.note != nil }, in: context) == 10)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.count == 3 }, in: context) == 1)
        // Swift: nil != 3 is true — SQL's NULL <> 3 would be NULL; the translation must agree with Swift.
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.count != 3 }, in: context) == 13)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { !($0.count == 3) }, in: context) == 13)
        let none: Int? = nil
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.count == none }, in: context) == 7)
        let red: Shade? = .red
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.shade == nil || $0.shade == red }, in: context) == 8)
    }

    @Test func enumsCompareByRawValue() throws {
        let context = try corpus()
        let high = Priority.high
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.priority == high }, in: context) == 4)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.priority != high }, in: context) == 10)
    }

    @Test func stringEqualityOrderingAndCanonicalEquivalence() throws {
        let context = try corpus()
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text == "apple" }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text == "" }, in: context) == 1)
        // NFC and NFD spellings are one string to Swift, and to the store.
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text == "사업일" }, in: context) == 2)
        let decomposed = "\u{1109}\u{1161}\u{110B}\u{1165}\u{11B8}\u{110B}\u{1175}\u{11AF}"
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text == decomposed }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text == "café" }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text < "b" }, in: context) == 5)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text >= "café" }, in: context) == 8)
    }

    @Test func containsAndStartsWithOnCharacters() throws {
        let context = try corpus()
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text.contains("pp") }, in: context) == 3)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text.contains("") }, in: context) == 14)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text.contains("업") }, in: context) == 2)
        // Grapheme clusters: the family emoji does not contain the man; "q́" does not contain "q"; "\r\n" is one.
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text.contains("👨") }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text.contains("q") }, in: context) == 0)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text.contains("\r") }, in: context) == 0)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text.contains("é") }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text.starts(with: "app") }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text.starts(with: "cafe") }, in: context) == 0)
        let search = "an"
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text.contains(search) && !$0.flag }, in: context) == 1)
    }

    @Test func capturedCollectionsBecomeIn() throws {
        let context = try corpus()
        let wanted = [0, 42, 7]
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { wanted.contains($0.integer) }, in: context) == 4)
        let empty: [Int] = []
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { empty.contains($0.integer) }, in: context) == 0)
        let counts: [Int?] = [nil, 1]
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { counts.contains($0.count) }, in: context) == 8)
    }

    @Test func untranslatableExpressionsThrowNamingThem() throws {
        let context = try corpus()
        #expect {
            try context.fetch(FetchDescriptor(predicate: #Predicate<Sample> { $0.computed > 3 }))
        } throws: { error in
            "\(error)".contains("computed") && "\(error)".contains("not a stored property")
        }
        #expect {
            try context.fetch(FetchDescriptor(predicate: #Predicate<Sample> { $0.tags.filter { $0 == "a" } == ["a"] }))
        } throws: { error in
            "\(error)".contains("== on Sample.tags.filter { … } has no SQL translation")
        }
        #expect {
            try context.fetch(FetchDescriptor(predicate: #Predicate<Sample> { $0.bytes[0] == 1 }))
        } throws: { error in
            "\(error)".contains("a subscript of Sample.bytes has no SQL translation")
        }
    }

    @Test func sortingOptionalsPutsNilFirstAscending() throws {
        let context = try corpus()
        let sorted = try context.fetch(
            FetchDescriptor<Sample>(sortBy: [SortDescriptor(\.count), SortDescriptor(\.text)]))
        let inMemory = try context.fetch(FetchDescriptor<Sample>()).sorted(using: [
            SortDescriptor(\Sample.count), SortDescriptor(\Sample.text),
        ])
        #expect(sorted.map(\.persistentModelID) == inMemory.map(\.persistentModelID))
        #expect(sorted.first?.count == nil)
        let descending = try context.fetch(FetchDescriptor<Sample>(sortBy: [SortDescriptor(\.count, order: .reverse)]))
        #expect(descending.last?.count == nil)
        #expect(descending.first?.count == 13)
    }
}
