import Foundation
import OpenSwiftData
import Testing

/// Sorting in SQL must give the order `SortDescriptor` gives in memory, for every kind of key.
@Suite struct SortTests {
    private func corpus() throws -> ModelContext {
        let context = ModelContext(try inMemoryContainer(Sample.self))
        let texts = [
            "file10", "file2", "File3", "apple", "Banana", "banana", "éclair", "eclair", "Zebra", "", "2", "10", "😀",
            "\u{FFFD}",
        ]
        for (index, text) in texts.enumerated() {
            context.insert(
                Sample(
                    text: text, integer: index % 4, real: Double(texts.count - index), flag: index % 3 == 0,
                    note: index % 2 == 0 ? nil : text.uppercased(), count: index % 5 == 0 ? nil : index % 3,
                    priority: Priority.allCases[index % 3]
                ))
        }
        try context.save()
        return context
    }

    /// Fetches with `sortBy` in SQL and checks the order against `sorted(using:)` on the same rows.
    @discardableResult
    private func expectSQLOrderMatchesMemory(
        _ sortBy: [SortDescriptor<Sample>], in context: ModelContext, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let sql = try context.fetch(FetchDescriptor(sortBy: sortBy))
        let memory = try context.fetch(FetchDescriptor<Sample>()).sorted(using: sortBy)
        #expect(sql.map(\.persistentModelID) == memory.map(\.persistentModelID), sourceLocation: sourceLocation)
        return sql.map(\.text)
    }

    @Test func defaultStringOrderIsSwiftsLessThan() throws {
        let context = try corpus()
        let order = try expectSQLOrderMatchesMemory([SortDescriptor(\.text)], in: context)
        #expect(order.prefix(4) == ["", "10", "2", "Banana"])
        try expectSQLOrderMatchesMemory([SortDescriptor(\.text, order: .reverse)], in: context)
        try expectSQLOrderMatchesMemory([SortDescriptor(\.text, comparator: .lexical)], in: context)
    }

    @Test func localizedStandardPutsTwoBeforeTenIgnoringCase() throws {
        let context = try corpus()
        let order = try expectSQLOrderMatchesMemory(
            [SortDescriptor(\.text, comparator: .localizedStandard)], in: context)
        #expect(order.firstIndex(of: "2")! < order.firstIndex(of: "10")!)
        #expect(order.firstIndex(of: "file2")! < order.firstIndex(of: "File3")!)
        #expect(order.firstIndex(of: "File3")! < order.firstIndex(of: "file10")!)
        #expect(order.firstIndex(of: "apple")! < order.firstIndex(of: "Banana")!)
        try expectSQLOrderMatchesMemory(
            [SortDescriptor(\.text, comparator: .localizedStandard, order: .reverse)], in: context)
        try expectSQLOrderMatchesMemory([SortDescriptor(\.note, comparator: .localizedStandard)], in: context)
        try expectSQLOrderMatchesMemory([SortDescriptor(\.text, comparator: .localized)], in: context)
    }

    @Test func boolsAndSeveralKeys() throws {
        let context = try corpus()
        let flags = try context.fetch(FetchDescriptor<Sample>(sortBy: [SortDescriptor(\.flag)])).map(\.flag)
        #expect(flags == flags.sorted { !$0 && $1 })
        try expectSQLOrderMatchesMemory([SortDescriptor(\.flag, order: .reverse), SortDescriptor(\.text)], in: context)
        try expectSQLOrderMatchesMemory(
            [SortDescriptor(\.integer), SortDescriptor(\.real, order: .reverse)], in: context)
        try expectSQLOrderMatchesMemory(
            [SortDescriptor(\.count), SortDescriptor(\.text, comparator: .localizedStandard)], in: context)
        try expectSQLOrderMatchesMemory(
            [SortDescriptor(\.count, order: .reverse), SortDescriptor(\.integer)], in: context)
    }

    @Test func enumsSortByRawValue() throws {
        let context = try corpus()
        let order = try context.fetch(FetchDescriptor<Sample>(sortBy: [SortDescriptor(\.priority)])).map(\.priority)
        #expect(order == order.sorted())
        try expectSQLOrderMatchesMemory(
            [SortDescriptor(\.priority, order: .reverse), SortDescriptor(\.text)], in: context)
    }
}

extension Priority: Comparable {
    static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
}
