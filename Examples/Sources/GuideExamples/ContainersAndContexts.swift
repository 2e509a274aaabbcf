import Foundation
import OpenSwiftData

@Model final class Camper {
    @Attribute(.unique) var email: String
    var name: String
    var nights: Int

    init(email: String, name: String, nights: Int) {
        self.email = email
        self.name = name
        self.nights = nights
    }
}

/// A store file, two contexts on it, one instance per row in each, a unique value that updates, and a rollback.
func containersAndContextsExample() throws {
    try withTemporaryFolder { folder in
        let configuration = ModelConfiguration(url: folder.appendingPathComponent("camp.store"))
        let container = try ModelContainer(for: Camper.self, configurations: configuration)

        let context = ModelContext(container)
        context.insert(Camper(email: "ana@example.com", name: "Ana", nights: 2))
        context.insert(Camper(email: "ben@example.com", name: "Ben", nights: 1))
        try context.save()

        // The same unique email again: the stored row is updated, not duplicated.
        context.insert(Camper(email: "ben@example.com", name: "Ben", nights: 4))
        try context.save()
        try check(try context.fetchCount(FetchDescriptor<Camper>()) == 2, "the unique email made a second row")

        // One instance per row in a context; another context has its own.
        let byEmail = #Predicate<Camper> { $0.email == "ben@example.com" }
        let first = try context.fetch(FetchDescriptor(predicate: byEmail))
        let again = try context.fetch(FetchDescriptor(predicate: byEmail))
        try check(first.count == 1 && first[0] === again[0], "one row gave two instances in one context")
        try check(first[0].nights == 4, "the upsert did not update the row: \(first[0].nights)")

        let other = ModelContext(container)
        let elsewhere = try other.fetch(FetchDescriptor(predicate: byEmail))
        try check(elsewhere.count == 1 && elsewhere[0] !== first[0], "two contexts shared an instance")
        try check(elsewhere[0].persistentModelID == first[0].persistentModelID, "one row, two identifiers")

        // Unsaved changes go away with rollback().
        first[0].nights = 10
        try check(context.hasChanges, "a changed property left no change")
        context.rollback()
        try check(first[0].nights == 4 && !context.hasChanges, "rollback kept the change")
    }
}
