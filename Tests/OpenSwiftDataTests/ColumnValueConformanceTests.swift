import Foundation
import OpenSwiftData
import Testing

/// A column type of the user's own: stored as itself through `StoredValue`, compared and sorted in SQL.
struct Cents: ColumnValue, Comparable, Hashable {
    var amount: Int64

    static var columnType: ColumnType { .integer }

    init(_ amount: Int64) {
        self.amount = amount
    }

    init?(storedValue: StoredValue) {
        guard case .integer(let amount) = storedValue else { return nil }
        self.amount = amount
    }

    func storedValue() throws(SwiftDataError) -> StoredValue {
        guard amount >= 0 else { throw .valueOutOfRange("a price of \(amount) cents is negative") }
        return .integer(amount)
    }

    static func < (lhs: Cents, rhs: Cents) -> Bool { lhs.amount < rhs.amount }
}

/// A `ColumnValue` that reads the row in place, as the built-in types do.
struct Label: ColumnValue, Hashable {
    var text: String

    static var columnType: ColumnType { .text }

    init(_ text: String) {
        self.text = text
    }

    init?(storedValue: StoredValue) {
        guard case .text(let text) = storedValue else { return nil }
        self.text = text
    }

    init?(row: StoreRow, column: Int32) {
        guard row.storageType(at: column) == .text else { return nil }
        text = row.text(at: column)
    }

    func storedValue() -> StoredValue { .text(text) }
}

@Model
final class PricedItem {
    var name: String
    var price: Cents
    var discount: Cents?
    var label: Label

    init(name: String, price: Cents, discount: Cents? = nil, label: Label) {
        self.name = name
        self.price = price
        self.discount = discount
        self.label = label
    }
}

@Suite struct ColumnValueConformanceTests {
    @Test func aTypeOfYourOwnIsStoredAsItselfAndFilteredAndSortedInSQL() throws {
        let container = try inMemoryContainer(PricedItem.self)
        let context = ModelContext(container)
        context.insert(PricedItem(name: "tea", price: Cents(450), label: Label("hot")))
        context.insert(PricedItem(name: "cake", price: Cents(325), discount: Cents(25), label: Label("sweet")))
        context.insert(PricedItem(name: "water", price: Cents(100), label: Label("cold")))
        try context.save()

        let reader = ModelContext(container)
        let limit = Cents(400)
        let predicate = #Predicate<PricedItem> { $0.price < limit }
        let cheap = try reader.fetch(FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.price)]))
        #expect(cheap.map(\.name) == ["water", "cake"])
        #expect(cheap.map(\.price) == [Cents(100), Cents(325)])
        #expect(cheap.map(\.discount) == [nil, Cents(25)])
        #expect(cheap.map(\.label) == [Label("cold"), Label("sweet")])
        try expectSQLMatchesEvaluate(predicate, in: reader)
        try expectSQLMatchesEvaluate(#Predicate<PricedItem> { $0.discount == nil }, in: reader)
    }

    @Test func aValueItCannotStoreFailsTheSave() throws {
        let context = ModelContext(try inMemoryContainer(PricedItem.self))
        context.insert(PricedItem(name: "refund", price: Cents(-5), label: Label("odd")))
        #expect {
            try context.save()
        } throws: { error in
            guard case SwiftDataError.valueOutOfRange(let message) = error else { return false }
            return message == "a price of -5 cents is negative"
        }
        #expect(try ModelContext(context.container).fetchCount(FetchDescriptor<PricedItem>()) == 0)
    }
}
