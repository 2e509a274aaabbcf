import Foundation
import OpenSwiftData
import Testing

/// A `$0.property == value` predicate is translated once per property and value type, and later fetches of that
/// shape bind their own value: each must still return exactly the rows `Predicate.evaluate` picks, whatever value,
/// property or type came before it in the same container.
@Suite struct PredicatePlanCacheTests {
    private func context() throws -> ModelContext {
        let context = ModelContext(try inMemoryContainer(Sample.self))
        for (index, text) in ["a", "b", "café", "cafe\u{301}", "b"].enumerated() {
            context.insert(
                Sample(
                    text: text, integer: index % 3, flag: index.isMultiple(of: 2),
                    identifier: UUID(uuidString: "00000000-0000-0000-0000-00000000000\(index)") ?? UUID(),
                    note: index == 1 ? nil : "n\(index)", count: index == 2 ? nil : index))
        }
        try context.save()
        return context
    }

    @Test func aRepeatedEqualityBindsEachNewValue() throws {
        let context = try context()
        // Precomposed and decomposed spellings are equal in Swift: both find the two rows.
        for (text, rows) in [("a", 1), ("b", 2), ("café", 2), ("cafe\u{301}", 2), ("zzz", 0), ("a", 1)] {
            #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.text == text }, in: context) == rows)
        }
        for (integer, rows) in [(0, 2), (1, 2), (2, 1), (7, 0), (0, 2)] {
            #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer == integer }, in: context) == rows)
        }
        for (flag, rows) in [(true, 3), (false, 2), (true, 3)] {
            #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.flag == flag }, in: context) == rows)
        }
        for index in [3, 0, 9] {
            let identifier = UUID(uuidString: "00000000-0000-0000-0000-00000000000\(index)") ?? UUID()
            #expect(
                try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.identifier == identifier }, in: context)
                    == (index < 5 ? 1 : 0))
        }
    }

    @Test func anOptionalPropertyComparedWithValuesAndNil() throws {
        let context = try context()
        // The same key path compared with a value, then with nil (a different SQL text: IS NULL), then a value.
        let values: [Int?] = [3, nil, 0, nil, 42, 4]
        for value in values {
            let rows = value == nil ? 1 : (value == 42 ? 0 : 1)
            #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.count == value }, in: context) == rows)
        }
        for note in ["n0", "n2", "x"] as [String] {
            #expect(
                try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.note == note }, in: context)
                    == (note == "x" ? 0 : 1))
        }
    }

    @Test func otherShapesOfTheSamePropertyAreNotTakenForIt() throws {
        let context = try context()
        let integer = 1
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer == integer }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer != integer }, in: context) == 3)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer == integer + 1 }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer * 2 == integer + 1 }, in: context) == 2)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer == integer && $0.flag }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Sample> { $0.integer == integer }, in: context) == 2)
    }
}
