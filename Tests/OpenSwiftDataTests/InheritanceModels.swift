import Foundation
@testable import OpenSwiftData

// A three-level hierarchy for the tests of stored model inheritance: `Transport` ← `Car` ← `ElectricCar`, and `Bus`
// a sibling of `Car`. (`Vehicle`/`Truck` are taken by ModelInheritanceTests.) A `Depot` holds transports (a to-many
// whose destination is the root), a `Driver` owns cars (a relationship declared on a subclass).

@Model
class Transport {
    var name: String
    var wheels: Int
    var depot: Depot?
    init(name: String, wheels: Int) {
        self.name = name
        self.wheels = wheels
    }
}

@Model
class Car: Transport {
    var seats: Int
    var plate: String?
    @Relationship(inverse: \Driver.cars) var driver: Driver?
    init(name: String, seats: Int, plate: String? = nil) {
        self.seats = seats
        self.plate = plate
        super.init(name: name, wheels: 4)
    }
}

@Model
final class ElectricCar: Car {
    #Unique<ElectricCar>([\.vin])
    var vin: String
    var range: Double
    init(name: String, seats: Int, vin: String, range: Double) {
        self.vin = vin
        self.range = range
        super.init(name: name, seats: seats)
    }
}

@Model
final class Bus: Transport {
    var line: String
    var standing: Int?
    init(name: String, line: String, standing: Int? = nil) {
        self.line = line
        self.standing = standing
        super.init(name: name, wheels: 6)
    }
}

@Model
final class Depot {
    var city: String
    @Relationship(deleteRule: .cascade, inverse: \Transport.depot) var transports: [Transport] = []
    init(city: String) { self.city = city }
}

@Model
final class Driver {
    var name: String
    var cars: [Car] = []
    init(name: String) { self.name = name }
}

let fleetTypes: [any PersistentModel.Type] = [
    Transport.self, Car.self, ElectricCar.self, Bus.self, Depot.self, Driver.self,
]
