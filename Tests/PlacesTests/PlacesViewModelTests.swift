import Foundation
import IdentifierTokens
import OpenSwiftData
import Testing
@testable import Places

@MainActor
@Suite("PlacesViewModel: the tutorial's list, search, filter and unique names over a store file")
struct PlacesViewModelTests {
    private let sampleNames = ["Bellagio", "Excalibur", "Luxor", "Paris", "Stratosphere", "Treasure Island"]

    @Test("The six sample places come on first run only: not after a restart, not after they were deleted")
    func samplesOnFirstRunOnly() throws {
        let folder = try TemporaryFolder()
        do {
            let places = try PlacesViewModel(storeURL: folder.store)
            #expect(try places.fetchPlaces().map(\.name) == sampleNames)
            #expect(try places.insertSamplesOnFirstRun() == false)
        }
        do {
            let places = try PlacesViewModel(storeURL: folder.store)
            #expect(try places.fetchPlaces().count == 6)
            for place in try places.fetchPlaces() {
                try places.deletePlace(id: try #require(IdentifierToken<Place>(token: place.id)))
            }
            #expect(try places.fetchPlaces().isEmpty)
        }
        let reopened = try PlacesViewModel(storeURL: folder.store)
        #expect(try reopened.fetchPlaces().isEmpty)
    }

    @Test("Search is the tutorial's localizedStandardContains: case, accents and Korean; combined with the filter")
    func searchAndFilter() throws {
        let folder = try TemporaryFolder()
        let places = try PlacesViewModel(storeURL: folder.store)
        _ = try places.addPlace(PlaceDraft(name: "벨라지오 분수", latitude: 36.113, longitude: -115.174, interested: true))
        func names(_ search: String, _ interested: Bool = false) throws -> [String] {
            try places.fetchPlaces(searchText: search, filterByInterested: interested).map(\.name)
        }
        #expect(try names("lu") == ["Luxor"])
        #expect(try names("LU") == ["Luxor"])
        #expect(try names("Lúxor") == ["Luxor"])
        #expect(try names("벨라") == ["벨라지오 분수"])
        #expect(try names("", true) == ["Bellagio", "Excalibur", "Paris", "벨라지오 분수"])
        #expect(try names("a", true) == ["Bellagio", "Excalibur", "Paris"])
        #expect(try names("island", true) == [])
        #expect(try names("island") == ["Treasure Island"])

        // SQL answers what the tutorial's in-memory filter does, on the same rows.
        let container = try ModelContainer(
            for: Place.self, SampleDataRecord.self, configurations: ModelConfiguration(url: folder.store))
        let all = try ModelContext(container).fetch(FetchDescriptor<Place>(sortBy: PlacesViewModel.sortByName))
        for (search, interested) in [
            ("", false), ("", true), ("e", false), ("É", true), ("str", false), ("분수", true), ("zz", false),
        ] {
            let inMemory = try all.filter {
                try PlacesViewModel.predicate(searchText: search, filterByInterested: interested).evaluate($0)
            }
            #expect(try names(search, interested) == inMemory.map(\.name))
        }
    }

    @Test("Adding an existing name updates that place and says so; the count stays")
    func upsert() throws {
        let folder = try TemporaryFolder()
        let places = try PlacesViewModel(storeURL: folder.store)
        let luxor = try #require(try places.fetchPlaces(searchText: "Luxor").first)
        let (saved, updatedExisting) = try places.addPlace(
            PlaceDraft(name: "Luxor", latitude: 36.0956, longitude: -115.1762, interested: true))
        #expect(updatedExisting)
        #expect(saved.id == luxor.id)
        #expect(
            saved == PlaceLine(id: luxor.id, name: "Luxor", latitude: 36.0956, longitude: -115.1762, interested: true))
        #expect(try places.fetchPlaces().count == 6)
        let (added, existed) = try places.addPlace(
            PlaceDraft(name: "High Roller", latitude: 36.1176, longitude: -115.1680, interested: false))
        #expect(!existed)
        #expect(added.id != luxor.id)
        #expect(try places.fetchPlaces().count == 7)
    }

    @Test("Renaming to another place's name is refused and changes nothing; edits and interest are saved")
    func edits() throws {
        let folder = try TemporaryFolder()
        let places = try PlacesViewModel(storeURL: folder.store)
        let luxor = try #require(try places.fetchPlaces(searchText: "Luxor").first)
        let id = try #require(IdentifierToken<Place>(token: luxor.id))
        #expect(throws: PlacesError.self) {
            try places.updatePlace(id: id, with: PlaceDraft(name: "Paris", latitude: 1, longitude: 2, interested: true))
        }
        #expect(try places.place(id: id) == luxor)
        #expect(try places.fetchPlaces().map(\.name) == sampleNames)

        let renamed = try places.updatePlace(
            id: id,
            with: PlaceDraft(name: "Luxor Las Vegas", latitude: 36.0955, longitude: -115.1761, interested: false))
        #expect(renamed.id == luxor.id && renamed.name == "Luxor Las Vegas")
        #expect(try places.setInterested(id: id, true).interested)
        let reopened = try PlacesViewModel(storeURL: folder.store)
        #expect(
            try reopened.place(id: id)
                == PlaceLine(
                    id: luxor.id, name: "Luxor Las Vegas", latitude: 36.0955, longitude: -115.1761, interested: true))
    }

    @Test("IDs are opaque tokens that survive a restart; malformed, foreign or deleted ones find nothing")
    func tokens() throws {
        let folder = try TemporaryFolder()
        let token: String
        do {
            let places = try PlacesViewModel(storeURL: folder.store)
            token = try #require(try places.fetchPlaces(searchText: "Paris").first).id
            #expect(!token.contains("Paris") && !token.contains("/") && !token.contains("="))
        }
        let places = try PlacesViewModel(storeURL: folder.store)
        let id = try #require(IdentifierToken<Place>(token: token))
        #expect(try places.place(id: id)?.name == "Paris")
        #expect(IdentifierToken<Place>(id.persistentModelID).token == token)
        for bad in ["", "garbage", "eyJ", "e30", String(repeating: "A", count: 2000), "../../etc", "%00", token + "x"] {
            if let parsed = IdentifierToken<Place>(token: bad) { #expect(try places.place(id: parsed) == nil) }
        }
        // Another store's place with the same primary key is not this one.
        let other = try TemporaryFolder()
        let otherPlaces = try PlacesViewModel(storeURL: other.store)
        let otherToken = try #require(try otherPlaces.fetchPlaces(searchText: "Paris").first).id
        let otherParis = try #require(IdentifierToken<Place>(token: otherToken))
        #expect(otherParis.persistentModelID.primaryKey == id.persistentModelID.primaryKey)
        #expect(try places.place(id: otherParis) == nil)
        try places.deletePlace(id: id)
        #expect(try places.place(id: id) == nil)
        #expect(try places.deletePlace(id: id) == nil)
    }
}

@Suite("PlaceForm: trimmed, checked, with a message per field")
struct PlaceFormTests {
    @Test("Valid input, trimmed; coordinates written in several ways")
    func valid() throws {
        let draft = try PlaceForm(name: "  Luxor \n", latitude: " 36.0955 ", longitude: "−115.1761", interested: true)
            .validated().get()
        #expect(draft == PlaceDraft(name: "Luxor", latitude: 36.0955, longitude: -115.1761, interested: true))
        #expect(try PlaceForm(name: "A", latitude: "+90", longitude: "-180").validated().get().latitude == 90)
        #expect(try PlaceForm(name: "A", latitude: ".5", longitude: "7.").validated().get().longitude == 7)
    }

    @Test("Each problem is named next to its field; nothing is accepted half-way")
    func invalid() {
        func errors(_ form: PlaceForm) -> PlaceFormErrors? {
            if case let .failure(errors) = form.validated() { return errors }
            return nil
        }
        #expect(
            errors(PlaceForm(name: "   ", latitude: "", longitude: ""))
                == PlaceFormErrors(
                    name: "Enter a name.",
                    latitude: "Enter a latitude from -90 to 90, such as 36.1129.",
                    longitude: "Enter a longitude from -180 to 180, such as -115.1765."
                ))
        for latitude in ["90.0001", "-91", "1e3", "inf", "nan", "0x10", "36,1", "abc", "--1", "."] {
            #expect(
                errors(PlaceForm(name: "A", latitude: latitude, longitude: "0"))?.latitude
                    == "A latitude is a number from -90 to 90, such as 36.1129.")
        }
        #expect(
            errors(PlaceForm(name: String(repeating: "가", count: 101), latitude: "0", longitude: "0"))?.name
                == "Use at most 100 characters (this name has 101).")
        #expect(
            errors(PlaceForm(name: "Two\nlines", latitude: "0", longitude: "0"))?.name
                == "A name cannot contain line breaks, tabs or other control characters.")
        #expect(errors(PlaceForm(name: "A", latitude: "0", longitude: "181"))?.summary == "The longitude is not valid.")
        #expect(PlaceFormErrors(name: "x", latitude: "y").summary == "The name and latitude are not valid.")
    }

    @Test("A place's values round-trip through the edit form")
    func roundTrip() throws {
        for value in [36.1129, -115.1765, 0.00001, -0.5, 90, 1e-9] {
            let latitude = min(90, max(-90, value))
            let line = PlaceLine(id: "x", name: "A", latitude: latitude, longitude: value, interested: false)
            let form = PlaceForm(line)
            let draft = try #require(try? form.validated().get(), "\(form)")
            #expect(draft.latitude == latitude && draft.longitude == value)
        }
        #expect(PlaceFormat.coordinate(0.00001) == "0.00001")
        #expect(PlaceFormat.position(latitude: 36.1129, longitude: -115.1765) == "36.1129° N, 115.1765° W")
    }
}
