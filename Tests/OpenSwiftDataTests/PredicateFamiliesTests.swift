import Foundation
import OpenSwiftData
import Testing

/// The expression families beyond comparisons: arithmetic, conditionals, optionals, stored collections, ranges,
/// localized string comparisons, and values computed from captures. Each case compares SQL with
/// `Predicate.evaluate` on the same rows.
@Suite struct PredicateFamiliesTests {
    private func corpus() throws -> ModelContext {
        let context = ModelContext(try inMemoryContainer(Sample.self))
        let rows: [(String, Int, Double, [String], String?, Int?)] = [
            ("Bellagio", 7, 2.5, ["hotel", "fountain"], "Las Vegas", 3),
            ("bellagio fountain", -7, -2.5, ["fountain"], nil, nil),
            ("Café Paris", 0, 0, [], "paris", 10),
            ("CAFE paris", 12, 0.5, ["café"], "", -4),
            ("사업일 안내", 3, 1e10, ["사업일", "안내"], "사업일", 0),
            ("file10", 10, 3, ["a", "b", "c"], nil, 21),
            ("file2", 2, -1, ["b"], "x", nil),
            ("Straße", 5, 7.25, ["strasse"], "STRASSE", 5),
        ]
        for (text, integer, real, tags, note, count) in rows {
            context.insert(Sample(text: text, integer: integer, real: real, note: note, count: count, tags: tags))
        }
        try context.save()
        return context
    }

    @Test func arithmetic() throws {
        let context = try corpus()
        let three = 3
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer + 1 > 5 }, in: context) == 4)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer * 2 - 1 == 13 }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer / three == 2 }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer / three == -2 }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer % three == -1 }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer % 2 == 0 }, in: context) == 4)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { -$0.integer > 0 }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.real / 2 > 1 }, in: context) == 4)
        // Division by zero: Swift gives ±infinity for floating point; so does the SQL.
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.real / 0 > 1e300 }, in: context) == 5)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.real / 0 < -1e300 }, in: context) == 2)
    }

    @Test func conditionalsAndCapturedComputations() throws {
        let context = try corpus()
        let searchText = "café"
        let filterByInterested = true
        // The Places tutorial's shape: branches on captured values, decided once at translation time.
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Sample> {
                    if !searchText.isEmpty && filterByInterested {
                        $0.text.localizedStandardContains(searchText) && $0.integer > 0
                    } else if !searchText.isEmpty {
                        $0.text.localizedStandardContains(searchText)
                    } else {
                        true
                    }
                }, in: context) == 1)
        let empty = ""
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { empty.isEmpty ? true : $0.flag }, in: context) == 8)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { ($0.integer > 4 ? $0.real : -$0.real) > 0 }, in: context)
                == 6)
    }

    @Test func optionalChainingFlatMapAndNilCoalescing() throws {
        let context = try corpus()
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { ($0.count ?? 0) > 4 }, in: context) == 3)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { ($0.count ?? 100) > 20 }, in: context) == 3)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.note?.isEmpty == true }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.note?.isEmpty == false }, in: context) == 5)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.note?.isEmpty != true }, in: context) == 7)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { ($0.note?.count ?? -1) >= 3 }, in: context) == 4)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Sample> { $0.note.flatMap { $0.contains("a") } ?? false }, in: context) == 2)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.count.flatMap { $0 * 2 } == 20 }, in: context) == 1)
    }

    @Test func stringProperties() throws {
        let context = try corpus()
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text.count == 6 }, in: context) == 3)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text.isEmpty }, in: context) == 0)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Sample> { $0.text.contains("a") && !$0.text.starts(with: "f") }, in: context) == 5)
    }

    @Test func localizedStandardContainsIgnoresCaseAndDiacritics() throws {
        let context = try corpus()
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text.localizedStandardContains("cafe") }, in: context)
                == 2)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Sample> { $0.text.localizedStandardContains("BELLAGIO") }, in: context) == 2)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text.localizedStandardContains("사업") }, in: context)
                == 1)
        // The jamo (NFD) spelling of 사업 finds the same row.
        let decomposed = "\u{1109}\u{1161}\u{110B}\u{1165}\u{11B8}"
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Sample> { $0.text.localizedStandardContains(decomposed) }, in: context) == 1)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Sample> { $0.note?.localizedStandardContains("strasse") == true }, in: context) == 1)
    }

    @Test func caseInsensitiveAndLocalizedCompare() throws {
        let context = try corpus()
        let same = ComparisonResult.orderedSame
        let ascending = ComparisonResult.orderedAscending
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Sample> { $0.text.caseInsensitiveCompare("cafe paris") == same }, in: context) == 1)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Sample> { $0.text.caseInsensitiveCompare("c") == ascending }, in: context) == 2)
        #expect(
            try expectSQLMatchesEvaluate(
                #Predicate<Sample> { $0.text.localizedCompare("file3") == ascending }, in: context) >= 1)
    }

    @Test func storedCollections() throws {
        let context = try corpus()
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags.contains("fountain") }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags.contains("사업일") }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags.isEmpty }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { !$0.tags.isEmpty }, in: context) == 7)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags.count >= 2 }, in: context) == 3)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags.contains { $0.starts(with: "f") } }, in: context)
                == 2)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags.allSatisfy { $0.count == 1 } }, in: context) == 3)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags.max() == "c" }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags.min() == nil }, in: context) == 1)
        let wanted = ["b", "안내"]
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.tags.contains { wanted.contains($0) } }, in: context)
                == 3)
    }

    @Test func rangesAndCapturedCollections() throws {
        let context = try corpus()
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { (0...5).contains($0.integer) }, in: context) == 4)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { (0..<5).contains($0.integer) }, in: context) == 3)
        let low = 2.0, high = 10.0
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { (low...high).contains($0.real) }, in: context) == 3)
        let names = ["file2", "Straße", "nothing"]
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { names.contains($0.text) }, in: context) == 2)
        let counts: [Int?] = [nil, 0]
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { counts.contains($0.count) }, in: context) == 3)
    }

    @Test func inMemoryFallbackIsOptIn() throws {
        let context = try corpus()
        let predicate = #Predicate<Sample> { $0.computed > 15 }
        #expect(throws: SwiftDataError.self) { try context.fetch(FetchDescriptor(predicate: predicate)) }
        context.evaluatesUnsupportedPredicatesInMemory = true
        let expected = try context.fetch(FetchDescriptor<Sample>()).filter { try predicate.evaluate($0) }
        #expect(expected.count == 2)
        var descriptor = FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.text, order: .reverse)])
        #expect(try context.fetch(descriptor).map(\.text) == expected.map(\.text).sorted(by: >))
        #expect(try context.fetchCount(descriptor) == 2)
        descriptor.fetchLimit = 1
        #expect(try context.fetch(descriptor).map(\.text) == [expected.map(\.text).sorted(by: >)[0]])
        try context.delete(model: Sample.self, where: predicate)
        #expect(try context.fetchCount(FetchDescriptor<Sample>()) == 6)
    }
}
