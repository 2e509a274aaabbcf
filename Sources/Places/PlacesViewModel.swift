import Foundation
import IdentifierTokens
import OpenSwiftData

/// The places and what the tutorial's views do with them, over an OpenSwiftData context.
///
/// The tutorial's `PlaceList` reads `@Query(sort: \Place.name)` and filters it with its `predicate`; here
/// ``fetchPlaces(searchText:filterByInterested:)`` runs that same predicate in SQL, sorted by name as SwiftData
/// sorts strings (`.localizedStandard`). Every change saves at once; a failed save is rolled back, so the store and
/// the context stay as they were.
@MainActor
public final class PlacesViewModel {
    private let context: ModelContext

    /// The name of the ``SampleDataRecord`` saved with ``Place/previewPlaces``.
    public static let sampleDataName = "previewPlaces"

    /// A view model over `context`, whose container must include ``Place`` and ``SampleDataRecord``.
    public init(context: ModelContext) {
        self.context = context
    }

    /// A view model over the store at `storeURL` (a file, created when missing, or a `postgres://` URL), with the sample places inserted if
    /// this store never had them (``insertSamplesOnFirstRun()``).
    /// - Throws: ``OpenSwiftData/SwiftDataError`` when the store cannot be opened or written.
    public convenience init(storeURL: URL) throws(SwiftDataError) {
        try self.init(configuration: ModelConfiguration("places", url: storeURL))
    }

    /// A view model over the store `configuration` names (the showcase's, with its PostgreSQL schema under
    /// `--database`), with the sample places inserted if this store never had them (``insertSamplesOnFirstRun()``).
    /// - Throws: ``OpenSwiftData/SwiftDataError`` when the store cannot be opened or written.
    public convenience init(configuration: ModelConfiguration) throws(SwiftDataError) {
        let container = try ModelContainer(
            for: Place.self, SampleDataRecord.self, configurations: configuration)
        self.init(context: ModelContext(container))
        do {
            try insertSamplesOnFirstRun()
        } catch {
            if case .store(let storeError) = error { throw storeError }
        }
    }

    /// The tutorial's predicate, as written in its `PlaceList`: the search text (`localizedStandardContains`: case-
    /// and diacritic-insensitive) and the "interested only" filter, alone or together.
    public static func predicate(searchText: String, filterByInterested: Bool) -> Predicate<Place> {
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

    /// The order of every list: by name as SwiftData sorts strings (`localizedStandard`: case-insensitive, numbers
    /// by value).
    public static let sortByName = [SortDescriptor(\Place.name, comparator: .localizedStandard)]

    /// The places matching the tutorial's predicate, sorted by name. Runs one `SELECT … WHERE … ORDER BY`.
    /// - Parameters:
    ///   - searchText: Text the name must contain (case- and diacritic-insensitive); empty for any name.
    ///   - filterByInterested: Only places the user is interested in.
    public func fetchPlaces(searchText: String = "", filterByInterested: Bool = false) throws(PlacesError)
        -> [PlaceLine]
    {
        let descriptor = FetchDescriptor(
            predicate: Self.predicate(searchText: searchText, filterByInterested: filterByInterested),
            sortBy: Self.sortByName
        )
        return try store { () throws(SwiftDataError) in try context.fetch(descriptor).map(line(of:)) }
    }

    /// The place with `id`, or nil when there is none.
    public func place(id: IdentifierToken<Place>) throws(PlacesError) -> PlaceLine? {
        try model(id).map(line(of:))
    }

    /// Inserts ``Place/previewPlaces`` unless this store already had them, recording that it did in the same save.
    /// - Returns: Whether they were inserted now.
    @discardableResult
    public func insertSamplesOnFirstRun() throws(PlacesError) -> Bool {
        let name = Self.sampleDataName
        let recorded = try store { () throws(SwiftDataError) in
            try context.fetchCount(FetchDescriptor<SampleDataRecord>(predicate: #Predicate { $0.name == name }))
        }
        guard recorded == 0 else { return false }
        for place in Place.previewPlaces { context.insert(place) }
        context.insert(SampleDataRecord(name: name))
        try save()
        return true
    }

    /// Adds a place the way the tutorial does, by inserting a new `Place`: when one with that name exists, the
    /// save updates it instead (`@Attribute(.unique)`).
    /// - Returns: The saved place, and whether it was an existing one that got updated.
    public func addPlace(_ draft: PlaceDraft) throws(PlacesError) -> (place: PlaceLine, updatedExisting: Bool) {
        let name = draft.name
        let existing = try store { () throws(SwiftDataError) in
            try context.fetchCount(FetchDescriptor<Place>(predicate: #Predicate { $0.name == name }))
        }
        let place = Place(
            name: draft.name, latitude: draft.latitude, longitude: draft.longitude, intersted: draft.interested)
        context.insert(place)
        try save()
        return (line(of: place), existing > 0)
    }

    /// Changes the place with `id` to `draft`'s values.
    /// - Throws: ``PlacesError/notFound``; ``PlacesError/nameTaken(_:)`` when another place has the new name.
    public func updatePlace(id: IdentifierToken<Place>, with draft: PlaceDraft) throws(PlacesError) -> PlaceLine {
        guard let place = try model(id) else { throw .notFound }
        let name = draft.name
        let others = try store { () throws(SwiftDataError) in
            try context.fetch(FetchDescriptor<Place>(predicate: #Predicate { $0.name == name }))
        }
        if let other = others.first(where: { $0.persistentModelID != place.persistentModelID }) {
            throw .nameTaken(line(of: other))
        }
        place.name = draft.name
        place.latitude = draft.latitude
        place.longitude = draft.longitude
        place.intersted = draft.interested
        try save()
        return line(of: place)
    }

    /// Sets whether the user is interested in the place with `id` (the tutorial's swipe action toggles it).
    /// - Throws: ``PlacesError/notFound``.
    public func setInterested(id: IdentifierToken<Place>, _ interested: Bool) throws(PlacesError) -> PlaceLine {
        guard let place = try model(id) else { throw .notFound }
        if place.intersted != interested {
            place.intersted = interested
            try save()
        }
        return line(of: place)
    }

    /// Deletes the place with `id`.
    /// - Returns: The deleted place, or nil when there was none.
    @discardableResult
    public func deletePlace(id: IdentifierToken<Place>) throws(PlacesError) -> PlaceLine? {
        guard let place = try model(id) else { return nil }
        let deleted = line(of: place)
        context.delete(place)
        try save()
        return deleted
    }

    private func model(_ id: IdentifierToken<Place>) throws(PlacesError) -> Place? {
        do {
            // A row another server deleted leaves its registered model without a context once the store's data
            // version shows the commit: not there, so not deleted here (404, not 204).
            guard let place = try context.existingModel(for: id.persistentModelID) as? Place,
                place.modelContext != nil, !place.isDeleted
            else { return nil }
            return place
        } catch {
            switch error {
            case .modelNotFound, .modelNotInSchema: return nil
            default: throw .store(error)
            }
        }
    }

    private func line(of place: Place) -> PlaceLine {
        PlaceLine(
            id: IdentifierToken<Place>(place.persistentModelID).token,
            name: place.name,
            latitude: place.latitude,
            longitude: place.longitude,
            interested: place.intersted
        )
    }

    private func save() throws(PlacesError) {
        do {
            try context.save()
        } catch {
            context.rollback()
            throw .store(error)
        }
    }

    private func store<T>(_ body: () throws(SwiftDataError) -> T) throws(PlacesError) -> T {
        do {
            return try body()
        } catch {
            throw .store(error)
        }
    }
}
