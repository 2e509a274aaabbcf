import Foundation
@testable import OpenSwiftData
import Testing

/// `is` and `as?`/`as!` of models in predicates (model inheritance), translated to SQL on the entity column and the
/// subclasses' columns: differential against `Predicate.evaluate` over a seeded mixed corpus of every class.
@Suite struct InheritancePredicateTests {
    static let seed: UInt64 = environmentSeed("OSD_FUZZ_SEED", default: 0x1A4E_17)

    /// 120 transports of random classes and values (reproducible from `seed`), saved.
    static func corpus() throws -> ModelContext {
        let container = try ModelContainer(
            for: fleetTypes, configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])
        let context = ModelContext(container)
        var random = SeededRandom(seed: seed)
        let depots = [Depot(city: "Lyon"), Depot(city: "Oslo")]
        for depot in depots { context.insert(depot) }
        for index in 0..<120 {
            let name = ["a", "b", "c", "d"][Int.random(in: 0..<4, using: &random)] + "\(index)"
            let transport: Transport
            switch Int.random(in: 0..<4, using: &random) {
            case 0: transport = Transport(name: name, wheels: Int.random(in: 1...3, using: &random))
            case 1:
                transport = Car(
                    name: name, seats: Int.random(in: 2...7, using: &random),
                    plate: Bool.random(using: &random) ? "P\(index % 5)" : nil)
            case 2:
                transport = ElectricCar(
                    name: name, seats: Int.random(in: 2...7, using: &random), vin: "V\(index)",
                    range: Double(Int.random(in: 100...500, using: &random))
                )
            default:
                transport = Bus(
                    name: name, line: "\(Int.random(in: 1...9, using: &random))",
                    standing: Bool.random(using: &random) ? Int.random(in: 0...80, using: &random) : nil)
            }
            context.insert(transport)
            if Bool.random(using: &random) { transport.depot = depots[Int.random(in: 0..<2, using: &random)] }
        }
        try context.save()
        return ModelContext(container)
    }

    @Test func typeChecksAndCastsMatchEvaluate() throws {
        let context = try Self.corpus()
        var random = SeededRandom(seed: SeededRandom.derive(Self.seed, 1))
        var matched: [Int] = []
        matched.append(try expectSQLMatchesEvaluate(#Predicate<Transport> { $0 is Car }, in: context))
        matched.append(try expectSQLMatchesEvaluate(#Predicate<Transport> { $0 is ElectricCar }, in: context))
        matched.append(try expectSQLMatchesEvaluate(#Predicate<Transport> { $0 is Bus }, in: context))
        matched.append(try expectSQLMatchesEvaluate(#Predicate<Transport> { !($0 is Car) }, in: context))
        matched.append(try expectSQLMatchesEvaluate(#Predicate<Car> { $0 is ElectricCar }, in: context))
        matched.append(try expectSQLMatchesEvaluate(#Predicate<Car> { !($0 is ElectricCar) }, in: context))
        for _ in 0..<20 {
            let seats = Int.random(in: 2...7, using: &random)
            let range = Double(Int.random(in: 100...500, using: &random))
            let line = "\(Int.random(in: 1...9, using: &random))"
            let standing = Int.random(in: 0...80, using: &random)
            let wheels = Int.random(in: 1...6, using: &random)
            matched.append(
                try expectSQLMatchesEvaluate(#Predicate<Transport> { ($0 as? Car)?.seats == seats }, in: context))
            matched.append(
                try expectSQLMatchesEvaluate(
                    #Predicate<Transport> { (($0 as? ElectricCar)?.range ?? 0) > range }, in: context))
            matched.append(
                try expectSQLMatchesEvaluate(
                    #Predicate<Transport> { ($0 as? Bus)?.line == line || $0.wheels == wheels }, in: context))
            matched.append(
                try expectSQLMatchesEvaluate(#Predicate<Transport> { ($0 as? Bus)?.standing == nil }, in: context))
            matched.append(
                try expectSQLMatchesEvaluate(
                    #Predicate<Transport> { (($0 as? Bus)?.standing ?? -1) >= standing }, in: context))
            matched.append(
                try expectSQLMatchesEvaluate(#Predicate<Transport> { $0 is Car && $0.wheels == wheels }, in: context))
            // Inherited properties through a subclass's key paths (`\Car.wheels`, `\ElectricCar.name`).
            matched.append(
                try expectSQLMatchesEvaluate(#Predicate<Transport> { ($0 as? Car)?.wheels == wheels }, in: context))
            matched.append(
                try expectSQLMatchesEvaluate(
                    #Predicate<ElectricCar> { $0.name.starts(with: "a") || $0.seats == seats }, in: context))
            matched.append(
                try expectSQLMatchesEvaluate(
                    #Predicate<Car> { ($0 as? ElectricCar)?.range ?? 0 < range && $0.seats >= seats }, in: context))
            matched.append(
                try expectSQLMatchesEvaluate(#Predicate<Depot> { $0.transports.contains { $0 is Bus } }, in: context))
            matched.append(
                try expectSQLMatchesEvaluate(
                    #Predicate<Depot> { $0.transports.filter { ($0 as? Car)?.seats == seats }.count > 1 }, in: context))
            matched.append(
                try expectSQLMatchesEvaluate(
                    #Predicate<Transport> { $0.depot?.city == "Lyon" && !($0 is Bus) }, in: context))
        }
        // The corpus exercises both outcomes.
        #expect(matched.contains(0) && matched.contains { $0 > 10 })
        #expect(matched[0] > 0 && matched[0] < 120)
    }

    @Test func aForcedCastMatchesOnlyRowsOfThatClass() throws {
        let context = try Self.corpus()
        // `Predicate.evaluate` throws on the rows that are not cars: they do not match.
        let predicate = #Predicate<Transport> { ($0 as! Car).seats > 3 }
        let all = try context.fetch(FetchDescriptor<Transport>())
        let expected = all.filter { (try? predicate.evaluate($0)) ?? false }.map(\.persistentModelID)
        #expect(!expected.isEmpty)
        #expect(try context.fetch(FetchDescriptor(predicate: predicate)).map(\.persistentModelID) == expected)
        #expect(try context.fetchCount(FetchDescriptor(predicate: predicate)) == expected.count)
    }

    @Test func theTranslationReadsTheEntityColumn() throws {
        let context = try Self.corpus()
        let mapping = context.store.mapping
        let table = try mapping.entity(for: Transport.self).table
        let query = try FetchQuery(
            table: table, schema: mapping, predicate: #Predicate<Transport> { $0 is Car }, sortBy: [])
        #expect(query.whereClause.contains("\"Transport\".\"Z_ENT\" IN (?, ?)"))
        #expect(query.arguments == [.text("Car"), .text("ElectricCar")])
        let cars = try FetchQuery(table: table, schema: mapping, predicate: Predicate<Car>?.none, sortBy: [])
        #expect(cars.whereClause == " WHERE (\"Transport\".\"Z_ENT\" IN (?, ?))")
    }
}
