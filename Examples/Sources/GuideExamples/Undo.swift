import Foundation
import OpenSwiftData

@Model final class Sketch {
    var title: String
    var strokes: Int

    init(title: String, strokes: Int) {
        self.title = title
        self.strokes = strokes
    }
}

/// A context with an `UndoManager`: each group of changes undone and redone, and the result saved.
func undoExample() throws {
    let container = try ModelContainer(for: Sketch.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    let context = ModelContext(container)
    let undoManager = UndoManager()
    context.undoManager = undoManager

    let sketch = Sketch(title: "Harbour", strokes: 10)
    context.insert(sketch)
    context.processPendingChanges()  // ends the group: the insert is one step
    sketch.strokes = 25
    sketch.title = "Harbour at dusk"
    context.processPendingChanges()  // both changes are the next step

    undoManager.undo()
    try check(sketch.strokes == 10 && sketch.title == "Harbour", "undo left \(sketch.title), \(sketch.strokes)")
    undoManager.redo()
    try check(sketch.strokes == 25, "redo left \(sketch.strokes)")

    try context.save()  // undo and redo are edits like any other: the save stores them
    let stored = try ModelContext(container).fetch(FetchDescriptor<Sketch>())
    try check(stored.map(\.title) == ["Harbour at dusk"], "stored: \(stored.map(\.title))")

    undoManager.undo()  // after a save too: the next save stores the undone state
    try context.save()
    let undone = try ModelContext(container).fetch(FetchDescriptor<Sketch>())
    try check(undone.map(\.strokes) == [10], "stored after undo: \(undone.map(\.strokes))")
}
