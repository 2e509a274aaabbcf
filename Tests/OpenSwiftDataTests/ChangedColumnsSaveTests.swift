import Foundation
@testable import OpenSwiftData
import Testing

/// A seat of a hall: its row and number together are unique.
@Model
final class HallSeat {
    #Unique<HallSeat>([\.row, \.number])
    var row: String
    var number: Int
    var holder: String
    init(row: String, number: Int, holder: String) {
        self.row = row
        self.number = number
        self.holder = holder
    }
}

/// A save of a changed model encodes only its changed properties (`_$encode(property:to:)`): what it writes, and what
/// it reports when the write fails, are those of the whole model.
@Suite struct ChangedColumnsSaveTests {
    @Test func aChangedPropertyIsWrittenAndTheOthersKeepTheirStoredValues() throws {
        let container = try inMemoryContainer(HallSeat.self)
        let context = ModelContext(container)
        let seat = HallSeat(row: "A", number: 1, holder: "Ann")
        context.insert(seat)
        try context.save()
        // Another context changes the holder; this one the number: both changes are kept.
        let other = ModelContext(container)
        let otherSeat = try #require(try other.fetch(FetchDescriptor<HallSeat>()).first)
        otherSeat.holder = "Bo"
        try other.save()
        seat.number = 2
        try context.save()
        let stored = try ModelContext(container).fetch(FetchDescriptor<HallSeat>()).map {
            "\($0.row) \($0.number) \($0.holder)"
        }
        #expect(stored == ["A 2 Bo"])
    }

    @Test func aUniqueConflictOfAnUpdateNamesTheWholeGroup() throws {
        let container = try inMemoryContainer(HallSeat.self)
        let context = ModelContext(container)
        context.insert(HallSeat(row: "A", number: 1, holder: "Ann"))
        let second = HallSeat(row: "A", number: 2, holder: "Bo")
        context.insert(second)
        try context.save()
        // Only `number` changed; the conflict's values include the unchanged `row`.
        second.number = 1
        #expect {
            try context.save()
        } throws: { error in
            guard case SwiftDataError.uniqueConstraintViolation(let entity, let attributes, let values) = error else {
                return false
            }
            return entity == "HallSeat" && attributes == ["row", "number"] && values.contains("'A'")
                && values.contains("1")
        }
        // Nothing was written, and the change is still pending.
        #expect(context.hasChanges)
        #expect(second.number == 1)
        let stored = try ModelContext(container).fetch(FetchDescriptor<HallSeat>(sortBy: [SortDescriptor(\.number)]))
        #expect(stored.map(\.number) == [1, 2])
    }

    @Test func aSubclassWritesItsOwnAndInheritedChangedProperties() throws {
        let container = try ModelContainer(
            for: fleetTypes, configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])
        let context = ModelContext(container)
        let car = ElectricCar(name: "volt", seats: 4, vin: "V1", range: 300)
        context.insert(car)
        try context.save()
        car.name = "bolt"
        car.seats = 5
        car.range = 420
        try context.save()
        let read = try #require(try ModelContext(container).fetch(FetchDescriptor<ElectricCar>()).first)
        #expect(read.name == "bolt")
        #expect(read.wheels == 4)
        #expect(read.seats == 5)
        #expect(read.vin == "V1")
        #expect(read.range == 420)
    }

    @Test func aChangedReferenceToAModelInsertedInTheSameSaveIsWritten() throws {
        let container = try ModelContainer(
            for: fleetTypes, configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])
        let context = ModelContext(container)
        let car = Car(name: "mini", seats: 4)
        context.insert(car)
        try context.save()
        let driver = Driver(name: "Dee")
        context.insert(driver)
        car.driver = driver
        car.plate = "D-1"
        try context.save()
        let read = try #require(try ModelContext(container).fetch(FetchDescriptor<Car>()).first)
        #expect(read.plate == "D-1")
        #expect(read.driver?.name == "Dee")
        #expect(read.driver?.cars.map(\.name) == ["mini"])
    }
}
