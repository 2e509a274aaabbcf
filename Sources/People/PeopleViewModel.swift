import Foundation
import IdentifierTokens
import OpenSwiftData

/// The people and the tutorial's create, read, update and delete, over an OpenSwiftData context.
///
/// Unlike the tutorial, which updates "the n-th row" of an unsorted fetch, every operation names a person by the
/// ``IdentifierTokens/IdentifierToken`` of its identifier, and the list has a stated order: by name, then by age.
/// Every change saves at once; a failed save is rolled back, so the store and the context stay as they were.
@MainActor
public final class PeopleViewModel {
    private let context: ModelContext

    /// A view model over `context`, whose container must include ``Person``.
    public init(context: ModelContext) {
        self.context = context
    }

    /// A view model over the store at `storeURL` (a file, created when missing, or a `postgres://` URL).
    /// - Throws: ``OpenSwiftData/SwiftDataError`` when the store cannot be opened.
    public convenience init(storeURL: URL) throws(SwiftDataError) {
        try self.init(configuration: ModelConfiguration("people", url: storeURL))
    }

    /// A view model over the store `configuration` names (the showcase's, with its PostgreSQL schema under
    /// `--database`).
    /// - Throws: ``OpenSwiftData/SwiftDataError`` when the store cannot be opened.
    public convenience init(configuration: ModelConfiguration) throws(SwiftDataError) {
        let container = try ModelContainer(for: Person.self, configurations: configuration)
        self.init(context: ModelContext(container))
    }

    /// The list's order: by name as SwiftData sorts strings (`localizedStandard`), then by age (`localizedStandard`
    /// compares digits by value, so 9 comes before 10), then as inserted.
    public static let sortOrder = [
        SortDescriptor(\Person.name, comparator: .localizedStandard),
        SortDescriptor(\Person.age, comparator: .localizedStandard),
    ]

    /// Everyone, in ``sortOrder``. Runs one `SELECT … ORDER BY`.
    public func fetchPeople() throws(PeopleError) -> [PersonLine] {
        do {
            return try context.fetch(FetchDescriptor<Person>(sortBy: Self.sortOrder)).map(line(of:))
        } catch {
            throw .store(error)
        }
    }

    /// The person with `id`, or nil when there is none.
    public func person(id: IdentifierToken<Person>) throws(PeopleError) -> PersonLine? {
        try model(id).map(line(of:))
    }

    /// Adds a person (the tutorial's 추가하기) and saves.
    public func addPerson(_ draft: PersonDraft) throws(PeopleError) -> PersonLine {
        let person = Person(name: draft.name, age: draft.age)
        context.insert(person)
        try save()
        return line(of: person)
    }

    /// Changes the person with `id` to `draft`'s values and saves.
    /// - Throws: ``PeopleError/notFound``.
    public func updatePerson(id: IdentifierToken<Person>, with draft: PersonDraft) throws(PeopleError) -> PersonLine {
        guard let person = try model(id) else { throw .notFound }
        person.name = draft.name
        person.age = draft.age
        try save()
        return line(of: person)
    }

    /// Deletes the person with `id` and saves.
    /// - Returns: The deleted person, or nil when there was none.
    @discardableResult
    public func deletePerson(id: IdentifierToken<Person>) throws(PeopleError) -> PersonLine? {
        guard let person = try model(id) else { return nil }
        let deleted = line(of: person)
        context.delete(person)
        try save()
        return deleted
    }

    private func model(_ id: IdentifierToken<Person>) throws(PeopleError) -> Person? {
        do {
            // A row another server deleted leaves its registered model without a context once the store's data
            // version shows the commit: not there, so not deleted here (404, not 204).
            guard let person = try context.existingModel(for: id.persistentModelID) as? Person,
                person.modelContext != nil, !person.isDeleted
            else { return nil }
            return person
        } catch {
            switch error {
            case .modelNotFound, .modelNotInSchema: return nil
            default: throw .store(error)
            }
        }
    }

    private func line(of person: Person) -> PersonLine {
        PersonLine(id: IdentifierToken<Person>(person.persistentModelID).token, name: person.name, age: person.age)
    }

    private func save() throws(PeopleError) {
        do {
            try context.save()
        } catch {
            context.rollback()
            throw .store(error)
        }
    }
}
