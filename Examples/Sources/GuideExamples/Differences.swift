import Foundation
import OpenSwiftData

@Model final class Label {
    @Attribute(.unique) var code: String
    var caption: String

    init(code: String, caption: String) {
        self.code = code
        self.caption = caption
    }
}

/// Three differences from SwiftData you can see: the default string order, two unsaved inserts of one unique value,
/// and a look-up of a row that is gone.
func differencesExample() throws {
    let container = try ModelContainer(for: Label.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    let context = ModelContext(container)
    for (code, caption) in [("b", "item 10"), ("a", "Item 2"), ("c", "item 1")] {
        context.insert(Label(code: code, caption: caption))
    }
    // Two unsaved inserts with one unique code collapse, the last one winning (SwiftData traps).
    context.insert(Label(code: "d", caption: "draft"))
    context.insert(Label(code: "d", caption: "final"))
    try context.save()
    let captions = try context.fetch(FetchDescriptor<Label>(predicate: #Predicate { $0.code == "d" })).map(\.caption)
    try check(captions == ["final"], "the unique code kept \(captions)")

    // The default string order is Swift's `<` (capitals first); `.localizedStandard` is Finder's order.
    let swiftOrder = try context.fetch(FetchDescriptor<Label>(sortBy: [SortDescriptor(\.caption)])).map(\.caption)
    try check(swiftOrder == ["Item 2", "final", "item 1", "item 10"], "Swift's order: \(swiftOrder)")
    let finderOrder = try context.fetch(
        FetchDescriptor<Label>(sortBy: [SortDescriptor(\.caption, comparator: .localizedStandard)])
    ).map(\.caption)
    try check(finderOrder == ["final", "item 1", "Item 2", "item 10"], "localizedStandard: \(finderOrder)")

    // `existingModel(for:)` (an addition) throws for a row that is gone; `model(for:)` never traps.
    let gone = try context.fetch(FetchDescriptor<Label>(predicate: #Predicate { $0.code == "c" }))[0]
    let identifier = gone.persistentModelID
    context.delete(gone)
    try context.save()
    do {
        _ = try ModelContext(container).existingModel(for: identifier)
        throw ExampleFailure(description: "a deleted row was found")
    } catch SwiftDataError.modelNotFound(let missing) {
        try check(missing == identifier, "the error names another identifier")
    }
}
