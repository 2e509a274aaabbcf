import Foundation
@testable import OpenSwiftData
import SQLite
import Testing

/// Model inheritance stored as Core Data stores it (single table): a hierarchy's rows in its root's table, with
/// the subclasses' columns and the entity column `Z_ENT`; fetching a class returns it and its subclasses, each
/// built as its own class.
@Suite struct InheritanceStorageTests {
    /// Two of each class (saved in this order): cars, electric cars, buses, plain transports.
    static func seed(_ context: ModelContext) throws {
        context.insert(Car(name: "beetle", seats: 4, plate: "B-1"))
        context.insert(ElectricCar(name: "zoe", seats: 5, vin: "VIN-1", range: 390))
        context.insert(Bus(name: "citaro", line: "42", standing: 70))
        context.insert(Transport(name: "cart", wheels: 2))
        context.insert(Car(name: "mini", seats: 4))
        context.insert(ElectricCar(name: "leaf", seats: 5, vin: "VIN-2", range: 270))
        context.insert(Bus(name: "lion", line: "7"))
        context.insert(Transport(name: "barrow", wheels: 1))
        try context.save()
    }

    static func fleetContainer(url: URL? = nil) throws -> ModelContainer {
        let configuration = url.map { ModelConfiguration(url: $0) } ?? ModelConfiguration(isStoredInMemoryOnly: true)
        return try ModelContainer(for: fleetTypes, configurations: [configuration])
    }

    /// The class of each model, by name.
    static func classes(_ models: [Transport]) -> [String] {
        models.map { "\($0.name):\(type(of: $0))" }
    }

    @Test func theHierarchyIsOneTableWithEveryClassesColumnsAndTheEntityColumn() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("fleet.store")
        try Self.seed(ModelContext(try Self.fleetContainer(url: url)))
        let raw = try SQLiteConnection(location: .file(url.path))
        defer { raw.close() }
        let tables = try raw.rows(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('Transport', 'Car', 'ElectricCar', 'Bus') ORDER BY name"
        )
        #expect(tables == [[.text("Transport")]])
        let columns = try raw.rows("SELECT name, \"notnull\" FROM pragma_table_info('Transport')")
        #expect(
            columns == [
                [.text("Z_PK"), .integer(0)], [.text("name"), .integer(1)], [.text("wheels"), .integer(1)],
                [.text("depot"), .integer(0)],
                [.text("seats"), .integer(0)], [.text("plate"), .integer(0)], [.text("driver"), .integer(0)],
                [.text("vin"), .integer(0)], [.text("range"), .integer(0)],
                [.text("line"), .integer(0)], [.text("standing"), .integer(0)],
                [.text("Z_ENT"), .integer(1)],
            ])
        let rows = try raw.rows("SELECT name, Z_ENT, seats, vin, line FROM Transport ORDER BY Z_PK")
        #expect(
            rows == [
                [.text("beetle"), .text("Car"), .integer(4), .null, .null],
                [.text("zoe"), .text("ElectricCar"), .integer(5), .text("VIN-1"), .null],
                [.text("citaro"), .text("Bus"), .null, .null, .text("42")],
                [.text("cart"), .text("Transport"), .null, .null, .null],
                [.text("mini"), .text("Car"), .integer(4), .null, .null],
                [.text("leaf"), .text("ElectricCar"), .integer(5), .text("VIN-2"), .null],
                [.text("lion"), .text("Bus"), .null, .null, .text("7")],
                [.text("barrow"), .text("Transport"), .null, .null, .null],
            ])
        // A subclass's unique constraint is an index of the root's table.
        let indexes = try raw.rows(
            "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'Transport' AND sql LIKE '%UNIQUE%vin%'"
        )
        #expect(indexes == [[.integer(1)]])
    }

    @Test func fetchingAClassReturnsItAndItsSubclassesEachAsItsOwnClass() throws {
        let container = try Self.fleetContainer()
        try Self.seed(ModelContext(container))
        let context = ModelContext(container)
        let byName = [SortDescriptor(\Transport.name)]
        let all = try context.fetch(FetchDescriptor<Transport>(sortBy: byName))
        #expect(
            Self.classes(all) == [
                "barrow:Transport", "beetle:Car", "cart:Transport", "citaro:Bus", "leaf:ElectricCar", "lion:Bus",
                "mini:Car", "zoe:ElectricCar",
            ])
        // Each read its own class's columns.
        let zoe = try #require(all.first { $0.name == "zoe" } as? ElectricCar)
        #expect((zoe.wheels, zoe.seats, zoe.plate, zoe.vin, zoe.range) == (4, 5, nil, "VIN-1", 390))
        let citaro = try #require(all.first { $0.name == "citaro" } as? Bus)
        #expect((citaro.wheels, citaro.line, citaro.standing) == (6, "42", 70))
        let beetle = try #require(all.first { $0.name == "beetle" } as? Car)
        #expect((beetle.seats, beetle.plate) == (4, "B-1"))

        let cars = try context.fetch(
            FetchDescriptor<Car>(sortBy: [SortDescriptor(\Car.seats, order: .reverse), SortDescriptor(\Car.name)]))
        #expect(
            cars.map { "\($0.name):\(type(of: $0))" } == [
                "leaf:ElectricCar", "zoe:ElectricCar", "beetle:Car", "mini:Car",
            ])
        // One instance per row, whichever class it was fetched as.
        #expect(cars.contains { $0 === zoe })
        #expect(
            try context.fetch(FetchDescriptor<ElectricCar>(sortBy: [SortDescriptor(\.range)])).map(\.name) == [
                "leaf", "zoe",
            ])
        // Lines are strings: "42" sorts before "7".
        #expect(
            try context.fetch(FetchDescriptor<Bus>(sortBy: [SortDescriptor(\.line)])).map(\.name) == ["citaro", "lion"])

        #expect(try context.fetchCount(FetchDescriptor<Transport>()) == 8)
        #expect(try context.fetchCount(FetchDescriptor<Car>()) == 4)
        #expect(try context.fetchCount(FetchDescriptor<ElectricCar>()) == 2)
        #expect(try context.fetchCount(FetchDescriptor<Bus>()) == 2)
        var limited = FetchDescriptor<Car>(sortBy: [SortDescriptor(\.name)])
        limited.fetchLimit = 2
        limited.fetchOffset = 1
        #expect(try context.fetch(limited).map(\.name) == ["leaf", "mini"])

        // Identifiers carry each row's class.
        let identifiers = try context.fetchIdentifiers(FetchDescriptor<Transport>(sortBy: byName))
        #expect(
            identifiers.map(\.entityName) == [
                "Transport", "Car", "Transport", "Bus", "ElectricCar", "Bus", "Car", "ElectricCar",
            ])
        #expect(identifiers[4] == all[4].persistentModelID)
        #expect(try ModelContext(container).fetchIdentifiers(FetchDescriptor<Bus>()).count == 2)

        var enumerated: [String] = []
        try ModelContext(container).enumerate(FetchDescriptor<Car>(), batchSize: 3) {
            enumerated.append("\($0.name):\(type(of: $0))")
        }
        #expect(enumerated == ["beetle:Car", "zoe:ElectricCar", "mini:Car", "leaf:ElectricCar"])
    }

    @Test func pendingInsertsOfASubclassAreInAFetchOfItsSuperclass() throws {
        let context = ModelContext(try Self.fleetContainer())
        try Self.seed(context)
        context.insert(ElectricCar(name: "ioniq", seats: 5, vin: "VIN-3", range: 480))
        #expect(try context.fetchCount(FetchDescriptor<Transport>()) == 9)
        #expect(
            try context.fetch(FetchDescriptor<Car>(sortBy: [SortDescriptor(\.name)])).map(\.name) == [
                "beetle", "ioniq", "leaf", "mini", "zoe",
            ])
        #expect(try context.fetch(FetchDescriptor<Bus>()).count == 2)
    }

    @Test func updatingADeletingASubclassModelThroughAContext() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("fleet.store")
        let container = try Self.fleetContainer(url: url)
        try Self.seed(ModelContext(container))
        let context = ModelContext(container)
        let leaf = try #require(
            try context.fetch(FetchDescriptor<ElectricCar>(predicate: #Predicate { $0.vin == "VIN-2" })).first)
        leaf.range = 300
        leaf.name = "leaf+"
        let lion = try #require(try context.fetch(FetchDescriptor<Bus>(predicate: #Predicate { $0.line == "7" })).first)
        context.delete(lion)
        try context.save()

        let reread = ModelContext(try Self.fleetContainer(url: url))
        let cars = try reread.fetch(FetchDescriptor<ElectricCar>(sortBy: [SortDescriptor(\.vin)]))
        #expect(cars.map { "\($0.name) \($0.range)" } == ["zoe 390.0", "leaf+ 300.0"])
        #expect(try reread.fetch(FetchDescriptor<Bus>()).map(\.name) == ["citaro"])
        #expect(try reread.fetchCount(FetchDescriptor<Transport>()) == 7)
        // The class of every row survives reopening the store.
        let all = try reread.fetch(FetchDescriptor<Transport>(sortBy: [SortDescriptor(\.name)]))
        #expect(
            Self.classes(all) == [
                "barrow:Transport", "beetle:Car", "cart:Transport", "citaro:Bus", "leaf+:ElectricCar", "mini:Car",
                "zoe:ElectricCar",
            ])
    }

    @Test func anUpdateWritesOnlyTheChangedColumns() throws {
        let container = try Self.fleetContainer()
        try Self.seed(ModelContext(container))
        let first = ModelContext(container)
        let second = ModelContext(container)
        let a = try #require(
            try first.fetch(FetchDescriptor<ElectricCar>(predicate: #Predicate { $0.vin == "VIN-1" })).first)
        let b = try #require(
            try second.fetch(FetchDescriptor<ElectricCar>(predicate: #Predicate { $0.vin == "VIN-1" })).first)
        a.range = 400
        b.seats = 2
        try first.save()
        try second.save()
        let read = try #require(
            try ModelContext(container).fetch(FetchDescriptor<ElectricCar>(predicate: #Predicate { $0.vin == "VIN-1" }))
                .first)
        #expect((read.range, read.seats, read.name) == (400, 2, "zoe"))
    }

    @Test func deleteModelHonoursIncludeSubclasses() throws {
        let container = try Self.fleetContainer()
        try Self.seed(ModelContext(container))
        let context = ModelContext(container)
        let loaded = try context.fetch(FetchDescriptor<Transport>())
        #expect(loaded.count == 8)
        try context.delete(model: Car.self, includeSubclasses: false)
        #expect(
            try context.fetch(FetchDescriptor<Car>(sortBy: [SortDescriptor(\.name)])).map(\.name) == ["leaf", "zoe"])
        try context.save()
        let after = ModelContext(container)
        #expect(
            Self.classes(try after.fetch(FetchDescriptor<Transport>(sortBy: [SortDescriptor(\.name)]))) == [
                "barrow:Transport", "cart:Transport", "citaro:Bus", "leaf:ElectricCar", "lion:Bus", "zoe:ElectricCar",
            ])
        #expect(loaded.filter { $0.modelContext == nil }.map(\.name).sorted() == ["beetle", "mini"])

        try after.delete(model: Transport.self, where: #Predicate { $0.wheels > 2 })
        try after.save()
        #expect(
            Self.classes(
                try ModelContext(container).fetch(FetchDescriptor<Transport>(sortBy: [SortDescriptor(\.name)]))) == [
                    "barrow:Transport", "cart:Transport",
                ])
        try ModelContext(container).delete(model: Transport.self, includeSubclasses: false)
        let emptied = ModelContext(container)
        try emptied.delete(model: Transport.self)
        try emptied.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Transport>()) == 0)
    }

    @Test func deleteAllDataEmptiesTheHierarchy() throws {
        let container = try Self.fleetContainer()
        try Self.seed(ModelContext(container))
        try container.deleteAllData()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Transport>()) == 0)
        try Self.seed(ModelContext(container))
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Bus>()) == 2)
    }

    @Test func aUniqueConstraintOfASubclassUpserts() throws {
        let container = try Self.fleetContainer()
        try Self.seed(ModelContext(container))
        let context = ModelContext(container)
        let replacement = ElectricCar(name: "zoe II", seats: 4, vin: "VIN-1", range: 420)
        context.insert(replacement)
        try context.save()
        let cars = try ModelContext(container).fetch(FetchDescriptor<ElectricCar>(sortBy: [SortDescriptor(\.vin)]))
        #expect(cars.map { "\($0.name) \($0.seats) \($0.range)" } == ["zoe II 4 420.0", "leaf 5 270.0"])
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Transport>()) == 8)
    }

    @Test func relationshipsToTheRootHoldSubclassesAndRelationshipsOfASubclassWork() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("fleet.store")
        do {
            let context = ModelContext(try Self.fleetContainer(url: url))
            let depot = Depot(city: "Lyon")
            let driver = Driver(name: "ada")
            context.insert(depot)
            context.insert(driver)
            let zoe = ElectricCar(name: "zoe", seats: 5, vin: "VIN-1", range: 390)
            let bus = Bus(name: "citaro", line: "42")
            let beetle = Car(name: "beetle", seats: 4)
            for transport in [zoe, bus, beetle] as [Transport] {
                context.insert(transport)
                transport.depot = depot
            }
            zoe.driver = driver
            beetle.driver = driver
            try context.save()
            #expect(driver.cars.count == 2)
        }
        let context = ModelContext(try Self.fleetContainer(url: url))
        let depot = try #require(try context.fetch(FetchDescriptor<Depot>()).first)
        #expect(
            Self.classes(depot.transports.sorted { $0.name < $1.name }) == [
                "beetle:Car", "citaro:Bus", "zoe:ElectricCar",
            ])
        let driver = try #require(try context.fetch(FetchDescriptor<Driver>()).first)
        #expect(driver.cars.map { "\($0.name):\(type(of: $0))" }.sorted() == ["beetle:Car", "zoe:ElectricCar"])
        let bus = try #require(try context.fetch(FetchDescriptor<Bus>()).first)
        #expect(bus.depot?.city == "Lyon")
        let zoe = try #require(try context.fetch(FetchDescriptor<ElectricCar>()).first)
        #expect(zoe.driver?.name == "ada")
        // The cascade rule of the root's inverse deletes every class.
        context.delete(depot)
        try context.save()
        #expect(try ModelContext(try Self.fleetContainer(url: url)).fetchCount(FetchDescriptor<Transport>()) == 0)
        #expect(
            try ModelContext(try Self.fleetContainer(url: url)).fetch(FetchDescriptor<Driver>()).first?.cars.isEmpty
                == true)
    }

    @Test func undoOfAnInsertAndAChangeOfASubclassModel() throws {
        let container = try Self.fleetContainer()
        try Self.seed(ModelContext(container))
        let context = ModelContext(container)
        let undoManager = UndoManager()
        context.undoManager = undoManager
        context.insert(Bus(name: "tram", line: "T1"))
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Bus>()) == 3)
        undoManager.undo()
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Bus>()) == 2)
        let zoe = try #require(
            try context.fetch(FetchDescriptor<ElectricCar>(predicate: #Predicate { $0.vin == "VIN-1" })).first)
        zoe.range = 10
        try context.save()
        undoManager.undo()
        try context.save()
        #expect(zoe.range == 390)
        #expect(
            try ModelContext(container).fetch(FetchDescriptor<ElectricCar>(predicate: #Predicate { $0.vin == "VIN-1" }))
                .first?.range == 390)
    }
}
