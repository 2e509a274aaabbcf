import Foundation
import OpenSwiftData
import StoreTestSupport
import Testing

/// The seed tutorials' scenarios, run on their own models.
@Suite struct SeedScenarioTests {
    /// The Places tutorial's predicate, verbatim (a computed property in its view).
    private func predicate(searchText: String, filterByInterested: Bool) -> Predicate<Place> {
        #Predicate<Place> {
            if !searchText.isEmpty && filterByInterested {
                $0.name.localizedStandardContains(searchText) && $0.intersted
            } else if !searchText.isEmpty {
                $0.name.localizedStandardContains(searchText)
            } else if filterByInterested {
                $0.intersted
            } else {
                true  // default
            }
        }
    }

    @MainActor
    @Test(arguments: TestStore.tested) func placesSixLasVegasPlacesUpsertSearchAndInterestedFilter(
        store: TestStore
    )
        throws
    {
        // The tutorial's preview container.
        let container = try store.container(Place.self)
        for place in Place.previewPlaces {
            container.mainContext.insert(place)
        }
        let context = container.mainContext
        try context.save()
        let byName = FetchDescriptor<Place>(sortBy: [SortDescriptor(\.name)])
        #expect(
            try context.fetch(byName).map(\.name) == [
                "Bellagio", "Excalibur", "Luxor", "Paris", "Stratosphere", "Treasure Island",
            ])

        // Inserting a place whose name exists updates that row instead of adding a duplicate.
        context.insert(Place(name: "Luxor", latitude: 36.0956, longitude: -115.1762, intersted: true))
        try context.save()
        let places = try context.fetch(byName)
        #expect(places.count == 6)
        let luxor = try #require(places.first { $0.name == "Luxor" })
        #expect(luxor.intersted && luxor.latitude == 36.0956)

        func names(_ search: String, _ interested: Bool) throws -> [String] {
            try context.fetch(
                FetchDescriptor(
                    predicate: predicate(searchText: search, filterByInterested: interested),
                    sortBy: [SortDescriptor(\.name)])
            ).map(\.name)
        }
        #expect(try names("", false).count == 6)
        #expect(try names("", true) == ["Bellagio", "Excalibur", "Luxor", "Paris"])
        #expect(try names("LU", false) == ["Luxor"])
        #expect(try names("a", true) == ["Bellagio", "Excalibur", "Paris"])
        #expect(try names("island", true) == [])
        #expect(try names("island", false) == ["Treasure Island"])
        // SQL and the tutorial's in-memory filter (`places.filter(predicate)`) agree.
        for (search, interested) in [("", false), ("", true), ("e", false), ("E", true), ("str", false), ("zz", true)] {
            let all = try context.fetch(byName)
            let inMemory = try all.filter(predicate(searchText: search, filterByInterested: interested)).map(\.name)
            #expect(try names(search, interested) == inMemory)
        }
    }

    @Test func cartModelAddDeleteAndRestart() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("cart.store")
        do {
            let context = ModelContext(
                try ModelContainer(for: SDCartModel.self, configurations: ModelConfiguration(url: url)))
            context.insert(SDCartModel(id: 1, title: "Essence Mascara Lash Princess", price: 9.99))
            context.insert(SDCartModel(id: 2, title: "Eyeshadow Palette with Mirror", price: 19.99))
            try context.save()
            let second = try #require(
                try context.fetch(FetchDescriptor<SDCartModel>(predicate: #Predicate { $0.id == 2 })).first)
            context.delete(second)
            try context.save()
            // After a delete the list is fetched again: no stale row.
            #expect(try context.fetch(FetchDescriptor<SDCartModel>()).map(\.id) == [1])
        }
        let reopened = ModelContext(
            try ModelContainer(for: SDCartModel.self, configurations: ModelConfiguration(url: url)))
        #expect(try reopened.fetch(FetchDescriptor<SDCartModel>()).map(\.title) == ["Essence Mascara Lash Princess"])
    }

    @Test func markedBookKeepsItsOwnIdentifier() throws {
        let context = ModelContext(try inMemoryContainer(MarkedBookModel.self))
        let id = UUID()
        let book = MarkedBookModel(
            id: id, authors: "기시미 이치로, 고가 후미타케", contents: "…", price: 14900, publisher: "인플루엔셜",
            status: "정상판매", thumbnail: "", title: "미움받을 용기", url: "https://search.daum.net/search?w=bookpage"
        )
        context.insert(book)
        try context.save()
        #expect(book.id == id)
        let found = try context.fetch(
            FetchDescriptor<MarkedBookModel>(predicate: #Predicate { $0.title.contains("용기") }))
        #expect(found.first === book)
        #expect(found.first?.id == id)
    }

    @Test func personCRUD() throws {
        let context = ModelContext(try inMemoryContainer(Person.self))
        let ada = Person(name: "Ada", age: 36, email: "ada@example.com")
        context.insert(ada)
        context.insert(Person(name: "Grace", age: 85))
        try context.save()
        ada.age = 37
        try context.save()
        let adults = try context.fetch(
            FetchDescriptor<Person>(predicate: #Predicate { $0.age >= 18 && $0.email != nil }))
        #expect(adults.map(\.name) == ["Ada"])
        #expect(adults.first?.age == 37)
        context.delete(ada)
        try context.save()
        #expect(try ModelContext(context.container).fetch(FetchDescriptor<Person>()).map(\.name) == ["Grace"])
    }
}
