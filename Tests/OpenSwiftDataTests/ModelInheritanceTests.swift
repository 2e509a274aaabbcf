import Foundation
import Observation
import Synchronization
@testable import OpenSwiftData
import Testing

@Model
class Vehicle {
    var wheels: Int
    init(wheels: Int) { self.wheels = wheels }
}

/// A subclass of a model, written as for SwiftData's model inheritance (iOS 26): `@Model` on the subclass too.
@Model
final class Truck: Vehicle {
    var payload: Int
    var cargo: String?
    init(wheels: Int, payload: Int, cargo: String? = nil) {
        self.payload = payload
        self.cargo = cargo
        super.init(wheels: wheels)
    }
}

/// `@Model` on a subclass of a model gives it the subclass's side of `PersistentModel`: its properties after the
/// inherited ones, rows read and written through the superclass.
@Suite struct ModelInheritanceTests {
    @Test func aSubclassListsTheInheritedPropertiesThenItsOwn() {
        #expect(Vehicle.schemaMetadata.map(\.name) == ["wheels"])
        #expect(Truck.schemaMetadata.map(\.name) == ["wheels", "payload", "cargo"])
        #expect(Truck._$index_payload == 1)
        #expect(Truck._$index_cargo == 2)
        // Through the protocol, as the schema reads it: the dynamic type's metadata.
        let type: any PersistentModel.Type = Truck.self
        #expect(type.schemaMetadata.count == 3)
        #expect(Schema([Truck.self]).entities.first?.properties.map(\.name) == ["wheels", "payload", "cargo"])
    }

    @Test func aSubclassWritesAndReadsItsRowThroughItsSuperclass() throws {
        let truck = Truck(wheels: 6, payload: 12, cargo: "gravel")
        var encoder = ModelRowEncoder(capacity: 3)
        try truck._$encode(to: &encoder)
        #expect(encoder.values == [.integer(6), .integer(12), .text("gravel")])

        var decoder = ModelRowDecoder(values: [.integer(8), .integer(20), .null], entityName: "Truck")
        let read = try Truck(_$row: &decoder)
        #expect(read.wheels == 8)
        #expect(read.payload == 20)
        #expect(read.cargo == nil)

        var reload = ModelRowDecoder(values: [.integer(4), .integer(1), .text("hay")], entityName: "Truck")
        try read._$load(from: &reload)
        #expect((read.wheels, read.payload, read.cargo) == (4, 1, "hay"))
    }

    @Test func aSubclassesPropertiesAreObserved() {
        let truck = Truck(wheels: 6, payload: 12)
        let changes = Mutex(0)
        withObservationTracking {
            _ = truck.payload
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        withObservationTracking {
            _ = truck.wheels
        } onChange: {
            changes.withLock { $0 += 10 }
        }
        truck.payload = 13
        truck.wheels = 8
        #expect(changes.withLock { $0 } == 11)
        #expect((truck.payload, truck.wheels) == (13, 8))
    }

    @Test func typeChecksAndCastsInPredicatesEvaluate() throws {
        let vehicles: [Vehicle] = [Vehicle(wheels: 2), Truck(wheels: 6, payload: 3), Truck(wheels: 8, payload: 9)]
        let trucks = #Predicate<Vehicle> { $0 is Truck }
        #expect(try vehicles.filter { try trucks.evaluate($0) }.map(\.wheels) == [6, 8])
        let heavy = #Predicate<Vehicle> { (($0 as? Truck)?.payload ?? 0) > 5 }
        #expect(try vehicles.filter { try heavy.evaluate($0) }.map(\.wheels) == [8])
    }

    /// A schema with a subclass is stored (see InheritanceStorageTests): both classes in one table.
    @Test func aSchemaWithASubclassOfAModelIsStored() throws {
        let context = ModelContext(try inMemoryContainer(Vehicle.self, Truck.self))
        context.insert(Vehicle(wheels: 4))
        context.insert(Truck(wheels: 6, payload: 3, cargo: "hay"))
        try context.save()
        let vehicles = try ModelContext(context.container).fetch(
            FetchDescriptor<Vehicle>(sortBy: [SortDescriptor(\.wheels)]))
        #expect(vehicles.map(\.wheels) == [4, 6])
        #expect((vehicles[1] as? Truck)?.cargo == "hay")
        #expect(!(vehicles[0] is Truck))
    }

    @Test func aSubclassWhoseSuperclassIsNotInTheSchemaIsRefusedByName() throws {
        let error = #expect(throws: SwiftDataError.self) { _ = try inMemoryContainer(Truck.self) }
        guard case .invalidSchema(let message)? = error else {
            Issue.record("expected invalidSchema, got \(String(describing: error))")
            return
        }
        #expect(message.contains("Truck is a subclass of the model Vehicle, which is not in the schema"))
    }
}
