import Foundation
import OpenCoreData

/// Saves three notes to an SQLite file, loads the file in a second container and fetches with an `NSPredicate`
/// format string and an `NSSortDescriptor`. Exits 1 when a result is not the expected one.
func run() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coredata-example-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let storeURL = folder.appendingPathComponent("Notes.sqlite")
    let model = noteModel()
    try model.validate()

    func loadedContainer() throws -> NSPersistentContainer {
        let container = NSPersistentContainer(name: "Notes", managedObjectModel: model)
        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: storeURL)]
        var failure: Error?
        container.loadPersistentStores { _, error in failure = error }
        if let failure { throw failure }
        return container
    }

    do {
        let context = try loadedContainer().viewContext
        for (title, priority) in [("Buy milk", 2), ("File taxes", 5), ("Call mum", 4)] {
            let note = Note(context: context)
            note.title = title
            note.priority = Int64(priority)
        }
        try context.save()
    }

    let context = try loadedContainer().viewContext
    let request: NSFetchRequest<Note> = Note.fetchRequest()
    request.predicate = NSPredicate(format: "priority >= %d", 4)
    request.sortDescriptors = [NSSortDescriptor(key: "priority", ascending: false)]
    let urgent = try context.fetch(request).map { $0.title ?? "nil" }
    let count = try context.count(for: Note.fetchRequest())
    print("notes: \(count)")
    print("priority 4 or more: \(urgent)")
    try check(count == 3, "expected 3 notes, got \(count)")
    try check(urgent == ["File taxes", "Call mum"], "wrong fetch: \(urgent)")
}

struct ExampleFailure: Error, CustomStringConvertible {
    let description: String
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw ExampleFailure(description: message()) }
}

do {
    try run()
    print("CoreDataExample: ok")
} catch {
    print("CoreDataExample: FAILED: \(error)")
    exit(1)
}
