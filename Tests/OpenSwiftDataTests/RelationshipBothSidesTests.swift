import Foundation
import OpenSwiftData
import Testing

/// Both Apple samples set a relationship from both sides (the inverse, then the list): a to-many relationship holds
/// each model once, whichever side is set first.
@Suite struct RelationshipBothSidesTests {
    @Test func settingTheInverseThenInsertingIntoTheListHoldsEachEventOnce() throws {
        let context = ModelContext(try inMemoryContainer(Backyard.self))
        let yard = Backyard(name: "North")
        context.insert(yard)
        try context.save()
        var events: [BackyardVisitorEvent] = []
        for minute in 0..<26 {
            let event = BackyardVisitorEvent(minute: minute)
            event.backyard = yard
            yard.visitorEvents.insert(event, at: 0)
            events.append(event)
        }
        #expect(yard.visitorEvents.count == 26)
        #expect(Set(yard.visitorEvents.map(\.minute)) == Set(0..<26))
        try context.save()
        #expect(yard.visitorEvents.count == 26)
        let fresh = try #require(try ModelContext(context.container).fetch(FetchDescriptor<Backyard>()).first)
        #expect(fresh.visitorEvents.count == 26)
    }

    @Test func eitherSideFirstInAnyOrderHoldsTheItemOnce() throws {
        let context = ModelContext(try inMemoryContainer(Trip.self))
        let trip = Trip(name: "Kyoto")
        context.insert(trip)
        let temple = BucketListItem(title: "Kinkaku-ji")
        temple.trip = trip
        trip.bucketList.append(temple)
        #expect(trip.bucketList.map(\.title) == ["Kinkaku-ji"])

        let garden = BucketListItem(title: "Ryōan-ji")
        trip.bucketList.append(garden)
        garden.trip = trip
        trip.bucketList.append(garden)
        #expect(trip.bucketList.map(\.title) == ["Kinkaku-ji", "Ryōan-ji"])

        // Models in no context yet behave the same.
        let other = Trip(name: "Osaka")
        let castle = BucketListItem(title: "Osaka-jō")
        castle.trip = other
        other.bucketList.insert(castle, at: 0)
        other.bucketList += [castle]
        #expect(other.bucketList.map(\.title) == ["Osaka-jō"])
        try context.save()
        let trips = try ModelContext(context.container).fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
        #expect(trips.map { $0.bucketList.count } == [2])
    }
}
