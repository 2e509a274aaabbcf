import Foundation
import OpenSwiftData
import Testing

/// A store of one's own (`JSONStore`) behind an ordinary `ModelContext`, the SQLite store as a `DataStore`, and the
/// container's store APIs.
@Suite struct DataStoreTests {
    private func jsonContainer(_ url: URL, _ types: any PersistentModel.Type...) throws -> ModelContainer {
        let schema = Schema(types)
        return try ModelContainer(
            for: schema, configurations: [JSONStoreConfiguration(name: "JSON", schema: schema, fileURL: url)])
    }

    /// The Places tutorial's predicate.
    private func predicate(searchText: String, filterByInterested: Bool) -> Predicate<Place> {
        #Predicate<Place> {
            if !searchText.isEmpty && filterByInterested {
                $0.name.localizedStandardContains(searchText) && $0.intersted
            } else if !searchText.isEmpty {
                $0.name.localizedStandardContains(searchText)
            } else if filterByInterested {
                $0.intersted
            } else {
                true
            }
        }
    }

    @Test func placesInsertFetchUpdateDeleteAndReopenThroughAJSONFile() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("places.json")
        let byName = FetchDescriptor<Place>(sortBy: [SortDescriptor(\.name)])
        do {
            let context = ModelContext(try jsonContainer(url, Place.self))
            context.author = "seeder"
            for place in Place.previewPlaces { context.insert(place) }
            try context.save()
            #expect(
                try context.fetch(byName).map(\.name) == [
                    "Bellagio", "Excalibur", "Luxor", "Paris", "Stratosphere", "Treasure Island",
                ])

            // Every model has the permanent identifier the store gave it, and the file holds it.
            let stored = try JSONDecoder().decode([DefaultSnapshot].self, from: Data(contentsOf: url))
            #expect(stored.count == 6)
            let bellagio = try #require(try context.fetch(byName).first)
            #expect(!bellagio.persistentModelID.isTemporary)
            #expect(bellagio.persistentModelID.storeIdentifier == "places.json")
            let bellagioSnapshot = try #require(stored.first { $0["name"] == .text("Bellagio") })
            #expect(bellagioSnapshot.persistentIdentifier == bellagio.persistentModelID)
            #expect(bellagioSnapshot["latitude"] == .real(36.1129))
            #expect(bellagioSnapshot["intersted"] == .integer(1))

            // The predicate reaches the store, which leaves it to the context (Predicate.evaluate); the results
            // are the tutorial's in-memory filter on the same models.
            func names(_ search: String, _ interested: Bool) throws -> [String] {
                try context.fetch(
                    FetchDescriptor(
                        predicate: predicate(searchText: search, filterByInterested: interested),
                        sortBy: [SortDescriptor(\.name)])
                ).map(\.name)
            }
            #expect(try names("", true) == ["Bellagio", "Excalibur", "Paris"])
            #expect(try names("island", false) == ["Treasure Island"])
            for (search, interested) in [
                ("", false), ("", true), ("e", false), ("E", true), ("str", false), ("zz", true),
            ] {
                let inMemory = try context.fetch(byName).filter(
                    predicate(searchText: search, filterByInterested: interested)
                ).map(\.name)
                #expect(try names(search, interested) == inMemory)
            }
            #expect(try context.fetchCount(FetchDescriptor(predicate: #Predicate<Place> { $0.intersted })) == 3)
            // Sort, offset and limit applied after the store's fetch.
            var window = FetchDescriptor<Place>(sortBy: [SortDescriptor(\.latitude, order: .reverse)])
            window.fetchOffset = 1
            window.fetchLimit = 2
            #expect(try context.fetch(window).map(\.name) == ["Treasure Island", "Bellagio"])

            // Update and delete.
            let luxor = try #require(
                try context.fetch(FetchDescriptor(predicate: #Predicate<Place> { $0.name == "Luxor" })).first)
            luxor.intersted = true
            luxor.latitude = 36.0956
            let paris = try #require(
                try context.fetch(FetchDescriptor(predicate: #Predicate<Place> { $0.name == "Paris" })).first)
            context.delete(paris)
            try context.save()
            #expect(
                try context.fetch(byName).map(\.name) == [
                    "Bellagio", "Excalibur", "Luxor", "Stratosphere", "Treasure Island",
                ])
        }
        // A new container reads the file again.
        let reopened = ModelContext(try jsonContainer(url, Place.self))
        let places = try reopened.fetch(byName)
        #expect(places.map(\.name) == ["Bellagio", "Excalibur", "Luxor", "Stratosphere", "Treasure Island"])
        let luxor = try #require(places.first { $0.name == "Luxor" })
        #expect(luxor.intersted && luxor.latitude == 36.0956)
        #expect(
            try reopened.fetch(
                FetchDescriptor(
                    predicate: predicate(searchText: "", filterByInterested: true), sortBy: [SortDescriptor(\.name)])
            ).map(\.name) == ["Bellagio", "Excalibur", "Luxor"])
        // One instance per row: fetching again returns the same object.
        #expect(try reopened.fetch(byName).first === places.first)
    }

    @Test func cartAddDeleteAndRestartThroughAJSONFile() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("cart.json")
        do {
            let context = ModelContext(try jsonContainer(url, SDCartModel.self))
            context.insert(SDCartModel(id: 1, title: "Essence Mascara Lash Princess", price: 9.99))
            context.insert(SDCartModel(id: 2, title: "Eyeshadow Palette with Mirror", price: 19.99))
            try context.save()
            let second = try #require(
                try context.fetch(FetchDescriptor<SDCartModel>(predicate: #Predicate { $0.id == 2 })).first)
            context.delete(second)
            try context.save()
            #expect(try context.fetch(FetchDescriptor<SDCartModel>()).map(\.id) == [1])
            // Pending inserts are merged into fetches, as with the SQLite store.
            context.insert(SDCartModel(id: 3, title: "Powder Canister", price: 14.99))
            #expect(
                try context.fetch(FetchDescriptor<SDCartModel>(sortBy: [SortDescriptor(\.id)])).map(\.id) == [1, 3])
            context.rollback()
        }
        let reopened = ModelContext(try jsonContainer(url, SDCartModel.self))
        #expect(try reopened.fetch(FetchDescriptor<SDCartModel>()).map(\.title) == ["Essence Mascara Lash Princess"])
        #expect(try reopened.fetch(FetchDescriptor<SDCartModel>()).first?.price == 9.99)
    }

    @Test func theStoreAppliesTheWindowItselfAndErases() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("people.json")
        let schema = Schema([Person.self])
        let configuration = JSONStoreConfiguration(name: "People", schema: schema, fileURL: url)
        let container = try ModelContainer(for: Person.self, configurations: configuration)
        let context = ModelContext(container)
        context.author = "importer"
        for (name, age) in [("Ada", 36), ("Grace", 85), ("Linus", 28)] { context.insert(Person(name: name, age: age)) }
        try context.save()
        // No predicate and no sort: the store applies the window itself, in its own (insertion) order.
        var descriptor = FetchDescriptor<Person>()
        descriptor.fetchOffset = 1
        descriptor.fetchLimit = 1
        #expect(try context.fetch(descriptor).map(\.name) == ["Grace"])
        let store = try JSONStore(configuration, migrationPlan: nil)
        #expect(try store.read().map { $0["name"] } == [.text("Ada"), .text("Grace"), .text("Linus")])
        #expect(try store.read().first?["age"] == .integer(36))
        // erase() empties the file.
        try container.erase()
        #expect(try store.read().isEmpty)
        #expect(try ModelContext(container).fetch(FetchDescriptor<Person>()).isEmpty)
    }

    @Test func identifiersLastAcrossAReopen() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("ids.json")
        let schema = Schema([SDCartModel.self])
        let container = try ModelContainer(
            for: schema, configurations: [JSONStoreConfiguration(name: "A", schema: schema, fileURL: url)])
        let context = ModelContext(container)
        context.insert(SDCartModel(id: 1, title: "One", price: 1))
        try context.save()
        // The store handed out a UUID primary key; the model's identifier is it, stable across a reopen.
        let identifier = try #require(try context.fetch(FetchDescriptor<SDCartModel>()).first?.persistentModelID)
        #expect(identifier.primaryKey == nil && !identifier.isTemporary)
        let again = ModelContext(
            try ModelContainer(
                for: schema, configurations: [JSONStoreConfiguration(name: "A", schema: schema, fileURL: url)]))
        #expect(try again.fetch(FetchDescriptor<SDCartModel>()).first?.persistentModelID == identifier)
    }

    @Test func theStoreGetsTheWholeDescriptorAndTheAuthor() throws {
        let schema = Schema([Person.self])
        let context = ModelContext(
            try ModelContainer(for: schema, configurations: [CapturingConfiguration(name: "c", schema: schema)]))
        context.author = "importer"
        var descriptor = FetchDescriptor<Person>(
            predicate: #Predicate { $0.age > 30 }, sortBy: [SortDescriptor(\.name)])
        descriptor.fetchLimit = 5
        #expect(try context.fetch(descriptor).isEmpty)
        let request = try #require(CapturingStore.last as? DataStoreFetchRequest<Person>)
        #expect(
            request.descriptor.predicate != nil && request.descriptor.sortBy.count == 1
                && request.descriptor.fetchLimit == 5)
        #expect(request.editingState.author == "importer")
        context.insert(Person(name: "Ada", age: 36))
        try context.save()
        #expect(CapturingStore.lastSave?.author == "importer")
        #expect(CapturingStore.lastSave?.inserted == 1)
    }

    @Test func relationshipsAndSeveralConfigurationsAreRefusedClearly() throws {
        let folder = try TemporaryDirectory()
        let schema = Schema([Author.self, Book.self])
        #expect {
            try ModelContainer(
                for: schema,
                configurations: [JSONStoreConfiguration(name: "J", schema: schema, fileURL: folder.file("j.json"))])
        } throws: { error in
            guard case SwiftDataError.unsupportedConfiguration(let message) = error else { return false }
            return message.contains("relationships") && message.contains("JSONStore")
        }
        #expect {
            try ModelContainer(
                for: Schema([Place.self, Person.self]),
                configurations: ModelConfiguration(for: Place.self, isStoredInMemoryOnly: true),
                ModelConfiguration(for: Person.self, isStoredInMemoryOnly: true)
            )
        } throws: { error in
            guard case SwiftDataError.unsupportedConfiguration(let message) = error else { return false }
            return message.contains("2 configurations")
        }
        #expect {
            try ModelContainer(
                for: Schema([Place.self, Person.self]),
                configurations: ModelConfiguration(for: Place.self, isStoredInMemoryOnly: true))
        } throws: { error in
            guard case SwiftDataError.unsupportedConfiguration(let message) = error else { return false }
            return message.contains("leaves out Person")
        }
    }

    @Test func containerAPIsMatchSwiftData() throws {
        let folder = try TemporaryDirectory()
        let schema = Schema([Person.self])
        let configuration = ModelConfiguration(for: Person.self, isStoredInMemoryOnly: true)
        #expect(configuration.isStoredInMemoryOnly)
        #expect(configuration.schema?.entities.map(\.name) == ["Person"])
        let container = try ModelContainer(for: schema, configurations: configuration)
        #expect(container.migrationPlan == nil)
        let context = ModelContext(container)
        context.insert(Person(name: "Ada", age: 36))
        try context.save()
        try container.erase()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Person>()) == 0)
        // The array of any DataStoreConfiguration with SQLite configurations opens the SQLite store.
        let file = try ModelContainer(
            for: schema,
            configurations: [ModelConfiguration(url: folder.file("p.store"))] as [any DataStoreConfiguration])
        #expect(file.configurations.first?.url == folder.file("p.store"))
    }

    @Test func theSQLiteStoreIsADataStore() throws {
        let folder = try TemporaryDirectory()
        let schema = Schema([Person.self])
        let configuration = ModelConfiguration(schema: schema, url: folder.file("default.store"))
        let store = try DefaultStore(configuration, migrationPlan: nil)
        #expect(store.name == "default")
        let container = try ModelContainer(for: schema, configurations: configuration)
        let context = ModelContext(container)
        context.insert(Person(name: "Ada", age: 36))
        context.insert(Person(name: "Grace", age: 85))
        try context.save()
        let editing = try #require(
            try store.fetch(requestFor(FetchDescriptor<Person>(predicate: #Predicate { $0.age > 40 }))).fetchedSnapshots
                .first)
        #expect(editing["name"] == .text("Grace"))
        #expect(editing["age"] == .integer(85))
        #expect(editing.persistentIdentifier.storeIdentifier == store.identifier)
        #expect(try store.fetchCount(requestFor(FetchDescriptor<Person>())) == 2)
    }

    /// A fetch request as a context would make it (their initializer is not public, as in SwiftData): recorded by a
    /// store that captures what it is asked.
    private func requestFor<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> DataStoreFetchRequest<T> {
        let folder = try TemporaryDirectory()
        let configuration = CapturingConfiguration(name: "capture", schema: Schema([T.self]))
        let container = try ModelContainer(for: Schema([T.self]), configurations: [configuration])
        _ = try? ModelContext(container).fetch(descriptor)
        _ = folder
        guard let request = CapturingStore.last as? DataStoreFetchRequest<T> else {
            throw SwiftDataError.saveNotAllowed
        }
        return request
    }
}

/// A store that records the last fetch request it gets (and answers nothing).
final class CapturingConfiguration: DataStoreConfiguration {
    typealias Store = CapturingStore
    var name: String
    var schema: Schema?
    init(name: String, schema: Schema?) {
        self.name = name
        self.schema = schema
    }
    static func == (lhs: CapturingConfiguration, rhs: CapturingConfiguration) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

final class CapturingStore: DataStore {
    nonisolated(unsafe) static var last: Any?
    let configuration: CapturingConfiguration
    let schema: Schema
    let identifier = "capture"
    init(_ configuration: CapturingConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        self.configuration = configuration
        self.schema = configuration.schema ?? Schema([])
    }
    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<
        T, DefaultSnapshot
    > {
        Self.last = request
        return DataStoreFetchResult(descriptor: request.descriptor, fetchedSnapshots: [])
    }
    nonisolated(unsafe) static var lastSave: (author: String?, inserted: Int)?
    func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<
        DefaultSnapshot
    > {
        Self.lastSave = (request.editingState.author, request.inserted.count)
        var remapped: [PersistentIdentifier: PersistentIdentifier] = [:]
        for snapshot in request.inserted {
            remapped[snapshot.persistentIdentifier] = try PersistentIdentifier.identifier(
                for: identifier, entityName: snapshot.persistentIdentifier.entityName, primaryKey: UUID()
            )
        }
        return DataStoreSaveChangesResult(for: identifier, remappedIdentifiers: remapped)
    }
}
