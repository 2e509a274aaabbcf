import Foundation
import OpenSwiftData

@Model final class Author {
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \Novel.author) var novels: [Novel] = []

    init(name: String) { self.name = name }
}

@Model final class Novel {
    var title: String
    var pages: Int
    var author: Author?

    init(title: String, pages: Int, author: Author? = nil) {
        self.title = title
        self.pages = pages
        self.author = author
    }
}

/// Inverses kept in step in memory, predicates through relationships, and a cascade delete.
func relationshipsExample() throws {
    let container = try ModelContainer(
        for: Author.self, Novel.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    let context = ModelContext(container)

    let le = Author(name: "Ursula K. Le Guin")
    let banks = Author(name: "Iain M. Banks")
    context.insert(le)
    context.insert(banks)
    let dispossessed = Novel(title: "The Dispossessed", pages: 387)
    context.insert(dispossessed)
    dispossessed.author = le  // sets the inverse too: le.novels now holds it
    le.novels.append(Novel(title: "The Lathe of Heaven", pages: 184))  // sets that novel's author
    banks.novels.append(Novel(title: "Excession", pages: 451))
    try check(le.novels.count == 2 && le.novels[1].author === le, "the inverse was not kept in step")
    try context.save()

    // Through a to-one relationship, and through a to-many one with a closure.
    let byLeGuin = try context.fetch(
        FetchDescriptor<Novel>(
            predicate: #Predicate { $0.author?.name == "Ursula K. Le Guin" }, sortBy: [SortDescriptor(\.title)]))
    try check(byLeGuin.map(\.title) == ["The Dispossessed", "The Lathe of Heaven"], "\(byLeGuin.map(\.title))")
    let longWriters = try context.fetch(
        FetchDescriptor<Author>(predicate: #Predicate { $0.novels.contains { $0.pages > 400 } }))
    try check(longWriters.map(\.name) == ["Iain M. Banks"], "authors of long novels: \(longWriters.map(\.name))")

    // `.cascade`: deleting the author deletes the novels at the save.
    context.delete(le)
    try context.save()
    let left = try context.fetch(FetchDescriptor<Novel>()).map(\.title)
    try check(left == ["Excession"], "after the cascade: \(left)")
}
