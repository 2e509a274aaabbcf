import Foundation
@testable import OpenSwiftData
import SQLite
import Testing

/// Adding subclasses to a store written without them: a lightweight migration adds their columns and the entity
/// column to the root's table (existing rows are the root's class), in one transaction.
@Suite struct InheritanceMigrationTests {
    @Test func addingSubclassesToAStoreAddsTheirColumnsAndTheEntityColumn() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("fleet.store")
        do {
            let container = try ModelContainer(
                for: [Transport.self, Depot.self], configurations: [ModelConfiguration(url: url)])
            let context = ModelContext(container)
            let depot = Depot(city: "Lyon")
            context.insert(depot)
            for (name, wheels) in [("cart", 2), ("barrow", 1)] {
                let transport = Transport(name: name, wheels: wheels)
                context.insert(transport)
                transport.depot = depot
            }
            try context.save()
        }
        let raw = try SQLiteConnection(location: .file(url.path))
        #expect(try raw.rows("SELECT name FROM pragma_table_info('Transport')").count == 4)
        raw.close()

        let container = try ModelContainer(for: fleetTypes, configurations: [ModelConfiguration(url: url)])
        let context = ModelContext(container)
        let old = try context.fetch(FetchDescriptor<Transport>(sortBy: [SortDescriptor(\.name)]))
        #expect(
            old.map { "\($0.name):\(type(of: $0)):\($0.depot?.city ?? "-")" } == [
                "barrow:Transport:Lyon", "cart:Transport:Lyon",
            ])
        #expect(try context.fetchCount(FetchDescriptor<Car>()) == 0)
        context.insert(ElectricCar(name: "zoe", seats: 5, vin: "VIN-1", range: 390))
        try context.save()

        let check = try SQLiteConnection(location: .file(url.path))
        defer { check.close() }
        #expect(
            try check.rows("SELECT name, Z_ENT FROM Transport ORDER BY Z_PK") == [
                [.text("cart"), .text("Transport")], [.text("barrow"), .text("Transport")],
                [.text("zoe"), .text("ElectricCar")],
            ])
        // Reopening the migrated store changes nothing and keeps every class.
        let reopened = ModelContext(try ModelContainer(for: fleetTypes, configurations: [ModelConfiguration(url: url)]))
        #expect(
            try reopened.fetch(FetchDescriptor<Transport>(sortBy: [SortDescriptor(\.name)])).map {
                "\($0.name):\(type(of: $0))"
            }
                == ["barrow:Transport", "cart:Transport", "zoe:ElectricCar"])
    }

    @Test func theStoredSchemaRecordListsTheEntityColumn() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("fleet.store")
        _ = try ModelContainer(for: fleetTypes, configurations: [ModelConfiguration(url: url)])
        let raw = try SQLiteConnection(location: .file(url.path))
        defer { raw.close() }
        let tables = try raw.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap {
            row -> String? in
            if case .text(let name) = row.first { name } else { nil }
        }
        #expect(tables.contains("Transport") && !tables.contains("Car") && !tables.contains("Bus"))
    }
}
