import Foundation
import OpenSwiftData

/// A Codable value stored as JSON in one column.
struct Address: Codable, Hashable {
    var street: String
    var city: String
}

enum Cuisine: String, Codable {
    case italian, korean, mexican
}

@Model final class Restaurant {
    @Attribute(.unique) var name: String
    var cuisine: Cuisine
    var address: Address
    var tags: [String]
    var rating: Double?
    @Attribute(.externalStorage) var photo: Data?
    /// Not stored: recomputed by whoever needs it.
    @Transient var distanceInMeters = 0.0

    init(name: String, cuisine: Cuisine, address: Address, tags: [String], rating: Double? = nil) {
        self.name = name
        self.cuisine = cuisine
        self.address = address
        self.tags = tags
        self.rating = rating
    }
}

/// Model inheritance: one table for both classes; a fetch of the superclass returns each row as its own class.
@Model class Vehicle {
    var wheels: Int
    init(wheels: Int) { self.wheels = wheels }
}

@Model final class Truck: Vehicle {
    var payload: Int
    init(wheels: Int, payload: Int) {
        self.payload = payload
        super.init(wheels: wheels)
    }
}

/// Property types read back as they were written, and a hierarchy fetched through its root.
func modelsExample() throws {
    let container = try ModelContainer(
        for: Restaurant.self, Vehicle.self, Truck.self,
        configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    let context = ModelContext(container)

    let photo = Data(repeating: 0xFF, count: 4096)
    let saved = Restaurant(
        name: "Sobok", cuisine: .korean, address: Address(street: "1 Main St", city: "Busan"),
        tags: ["noodles", "late"], rating: 4.5)
    saved.photo = photo
    context.insert(saved)
    context.insert(Vehicle(wheels: 2))
    context.insert(Truck(wheels: 6, payload: 12))
    try context.save()

    let fresh = ModelContext(container)
    let restaurants = try fresh.fetch(FetchDescriptor<Restaurant>())
    try check(restaurants.count == 1, "expected one restaurant, got \(restaurants.count)")
    let restaurant = restaurants[0]
    try check(restaurant.cuisine == .korean && restaurant.address.city == "Busan", "an enum or a Codable changed")
    try check(restaurant.tags == ["noodles", "late"] && restaurant.rating == 4.5, "an array or an optional changed")
    try check(restaurant.photo == photo, "the externally stored photo changed")

    let korean = try fresh.fetch(FetchDescriptor<Restaurant>(predicate: #Predicate { $0.tags.contains("late") }))
    try check(korean.map(\.name) == ["Sobok"], "a predicate on an array element: \(korean.map(\.name))")

    let vehicles = try fresh.fetch(FetchDescriptor<Vehicle>(sortBy: [SortDescriptor(\.wheels)]))
    try check(vehicles.count == 2 && !(vehicles[0] is Truck), "the plain vehicle")
    try check((vehicles[1] as? Truck)?.payload == 12, "the truck came back as \(type(of: vehicles[1]))")
    let heavy = try fresh.fetch(
        FetchDescriptor<Vehicle>(predicate: #Predicate { (($0 as? Truck)?.payload ?? 0) > 5 }))
    try check(heavy.count == 1 && heavy[0] is Truck, "a cast inside a predicate")
}
