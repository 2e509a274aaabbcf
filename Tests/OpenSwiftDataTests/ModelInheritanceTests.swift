import Foundation
import OpenSwiftData
import Testing

@Model
class Vehicle {
    var wheels: Int
    init(wheels: Int) { self.wheels = wheels }
}

/// A plain subclass of a model: a `PersistentModel` by inheritance, with its superclass's properties.
final class Truck: Vehicle {}

/// Model inheritance is not supported yet: a schema with a subclass is refused when the container is created, with
/// a message, instead of storing the subclass in a table of its own (where fetching `Vehicle` would miss it).
@Suite struct ModelInheritanceTests {
    @Test func aSchemaWithASubclassOfAModelIsRefusedByName() throws {
        let error = #expect(throws: SwiftDataError.self) { _ = try inMemoryContainer(Vehicle.self, Truck.self) }
        guard case .invalidSchema(let message)? = error else {
            Issue.record("expected invalidSchema, got \(String(describing: error))")
            return
        }
        #expect(message.contains("Truck is a subclass of the model"))
        #expect(message.contains("Vehicle"))
        #expect(message.contains("model inheritance is not supported"))
        // The superclass alone is a model as before.
        let context = ModelContext(try inMemoryContainer(Vehicle.self))
        context.insert(Vehicle(wheels: 4))
        try context.save()
        #expect(try context.fetch(FetchDescriptor<Vehicle>()).map(\.wheels) == [4])
    }
}
