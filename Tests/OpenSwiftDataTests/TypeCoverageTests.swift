import Foundation
import OpenSwiftData
import SQLite
import Testing

@Suite struct TypeCoverageTests {
    private func decimal(_ text: String) -> Decimal {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }

    @Test func everyTypeRoundTrips() throws {
        let context = ModelContext(try inMemoryContainer(Ledger.self))
        let date = Date(timeIntervalSinceReferenceDate: 12_345.5)
        let original = Ledger(
            amount: decimal("12345678901234567890.123456789"), rate: 0.1, small: -128, medium: 32_767,
            large: -2_147_483_648,
            unsigned: 4_294_967_295, huge: UInt64(Int64.max), payment: .card(last4: "4242", expires: date),
            history: [.cash, .voucher(codes: ["A", "사업"])], lookup: ["b": 2, "a": 1], maybeAmount: nil,
            shades: [.red, .green]
        )
        context.insert(original)
        try context.save()
        let stored = try #require(try ModelContext(context.container).fetch(FetchDescriptor<Ledger>()).first)
        #expect(stored.amount == original.amount)
        #expect(stored.rate == 0.1)
        #expect(stored.small == -128 && stored.medium == 32_767 && stored.large == -2_147_483_648)
        #expect(stored.unsigned == 4_294_967_295 && stored.huge == UInt64(Int64.max))
        #expect(stored.payment == .card(last4: "4242", expires: date))
        #expect(stored.history == [.cash, .voucher(codes: ["A", "사업"])])
        #expect(stored.lookup == ["a": 1, "b": 2])
        #expect(stored.maybeAmount == nil)
        #expect(stored.shades == [.red, .green])
    }

    @Test func unsignedValuesBeyondSQLiteRangeFailTheSaveNotTheProcess() throws {
        let context = ModelContext(try inMemoryContainer(Ledger.self))
        context.insert(Ledger(amount: 1, huge: UInt64.max))
        #expect {
            try context.save()
        } throws: { error in
            "\(error)".contains("UInt64 value 18446744073709551615 does not fit")
        }
    }

    @Test func decimalsCompareAndSortAsNumbers() throws {
        let context = ModelContext(try inMemoryContainer(Ledger.self))
        for text in ["10", "9.5", "-2", "100.25", "0.001", "1e3"] {
            context.insert(Ledger(amount: decimal(text), maybeAmount: text == "-2" ? nil : decimal(text)))
        }
        try context.save()
        let sorted = try context.fetch(FetchDescriptor<Ledger>(sortBy: [SortDescriptor(\.amount)])).map(\.amount)
        #expect(sorted == sorted.sorted())
        #expect(sorted.first == -2 && sorted.last == 1000)
        let nine = decimal("9.5")
        #expect(try expectSQLMatchesEvaluate(#Predicate<Ledger> { $0.amount > nine }, in: context) == 3)
        let ten = decimal("10.000")
        #expect(try expectSQLMatchesEvaluate(#Predicate<Ledger> { $0.amount == ten }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<Ledger> { ($0.maybeAmount ?? 0) < 1 }, in: context) == 2)
    }

    @Test func enumsWithPayloadsAndFixedWidthIntegersFilter() throws {
        let context = ModelContext(try inMemoryContainer(Ledger.self))
        context.insert(Ledger(amount: 1, small: 5, payment: .cash, shades: [.red]))
        context.insert(Ledger(amount: 2, small: -5, payment: .voucher(codes: ["x"]), shades: nil))
        context.insert(Ledger(amount: 3, small: 100, payment: .cash, shades: [.green, .red]))
        try context.save()
        let cash = Payment.cash
        #expect(try expectSQLMatchesEvaluate(#Predicate<Ledger> { $0.payment == cash }, in: context) == 2)
        let limit: Int8 = 0
        #expect(try expectSQLMatchesEvaluate(#Predicate<Ledger> { $0.small > limit }, in: context) == 2)
        let red = Shade.red
        #expect(try expectSQLMatchesEvaluate(#Predicate<Ledger> { $0.shades?.contains(red) == true }, in: context) == 2)
    }

    @Test func aDamagedStoreIsRefusedAndLeftUntouched() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("damaged.store")
        var bytes = Data("SQLite format 3\u{0}".utf8)
        bytes.append(Data(repeating: 0xAB, count: 4_096))
        try bytes.write(to: url)
        #expect {
            _ = try ModelContainer(for: Tag.self, configurations: ModelConfiguration(url: url))
        } throws: { error in
            if case SwiftDataError.storeNotADatabase = error { return true }
            return false
        }
        #expect(try Data(contentsOf: url) == bytes)
    }

    @Test func aModelDeletedElsewhereKeepsItsLastValues() throws {
        let container = try inMemoryContainer(Tag.self)
        let here = ModelContext(container)
        here.insert(Tag(name: "gone", uses: 3))
        try here.save()
        let tag = try #require(try here.fetch(FetchDescriptor<Tag>()).first)
        let other = ModelContext(container)
        try other.delete(model: Tag.self)
        try other.save()
        #expect(tag.name == "gone" && tag.uses == 3)
        tag.uses = 4
        try here.save()  // updates no row; the model learns its row is gone
        #expect(!tag.isDeleted)
        #expect(tag.modelContext == nil)
        #expect(tag.uses == 4)
        #expect(try here.fetch(FetchDescriptor<Tag>()).isEmpty)
    }
}
