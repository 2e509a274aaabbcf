// These tests exercise OpenSwiftData's UndoManager, which exists only where Foundation has none (Linux);
// `endAutomaticGrouping()` in particular has no Foundation counterpart.
#if !canImport(ObjectiveC)
import Foundation
import OpenSwiftData
import Synchronization
import Testing

/// A plain object whose setter registers its own undo — the classic pattern.
private final class Counter {
    let undoManager: UndoManager
    private(set) var value = 0

    init(_ undoManager: UndoManager) {
        self.undoManager = undoManager
    }

    func setValue(_ newValue: Int) {
        let oldValue = value
        undoManager.registerUndo(withTarget: self) { $0.setValue(oldValue) }
        value = newValue
    }
}

/// A list of items whose inserts and deletes undo each other, restoring positions.
private final class ItemStore {
    let undoManager: UndoManager
    private(set) var items: [String] = []

    init(_ undoManager: UndoManager) {
        self.undoManager = undoManager
    }

    func insert(_ item: String, at index: Int? = nil) {
        items.insert(item, at: min(index ?? items.count, items.count))
        undoManager.registerUndo(withTarget: self) { $0.delete(item) }
        undoManager.setActionName("Insert")
    }

    func delete(_ item: String) {
        guard let index = items.firstIndex(of: item) else { return }
        items.remove(at: index)
        undoManager.registerUndo(withTarget: self) { $0.insert(item, at: index) }
        undoManager.setActionName("Delete")
    }
}

@MainActor private final class MainActorDocument {
    let undoManager = UndoManager()
    private(set) var title = "Untitled"

    func rename(_ newTitle: String) {
        let oldTitle = title
        undoManager.registerUndo(withTarget: self) { $0.rename(oldTitle) }
        title = newTitle
    }
}

private func expectState(
    _ manager: UndoManager, canUndo: Bool, canRedo: Bool,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(manager.canUndo == canUndo, "canUndo", sourceLocation: sourceLocation)
    #expect(manager.canRedo == canRedo, "canRedo", sourceLocation: sourceLocation)
}

@Suite struct UndoManagerTests {
    @Test func setterUndoAndRedoStepByStep() {
        let manager = UndoManager()
        let counter = Counter(manager)
        expectState(manager, canUndo: false, canRedo: false)
        #expect(manager.groupsByEvent && manager.levelsOfUndo == 0 && manager.isUndoRegistrationEnabled)

        counter.setValue(1)
        expectState(manager, canUndo: true, canRedo: false)
        manager.endAutomaticGrouping()
        counter.setValue(2)
        manager.endAutomaticGrouping()
        counter.setValue(3)
        manager.endAutomaticGrouping()
        expectState(manager, canUndo: true, canRedo: false)
        #expect(manager.undoCount == 3 && manager.redoCount == 0)

        manager.undo()
        #expect(counter.value == 2)
        expectState(manager, canUndo: true, canRedo: true)
        manager.undo()
        #expect(counter.value == 1)
        expectState(manager, canUndo: true, canRedo: true)
        manager.undo()
        #expect(counter.value == 0)
        expectState(manager, canUndo: false, canRedo: true)
        #expect(manager.undoCount == 0 && manager.redoCount == 3)

        manager.undo()  // nothing left: no effect
        #expect(counter.value == 0)
        expectState(manager, canUndo: false, canRedo: true)

        manager.redo()
        #expect(counter.value == 1)
        expectState(manager, canUndo: true, canRedo: true)
        manager.redo()
        #expect(counter.value == 2)
        expectState(manager, canUndo: true, canRedo: true)
        manager.redo()
        #expect(counter.value == 3)
        expectState(manager, canUndo: true, canRedo: false)

        manager.redo()  // nothing left: no effect
        #expect(counter.value == 3)
        manager.undo()
        manager.redo()
        #expect(counter.value == 3)
        expectState(manager, canUndo: true, canRedo: false)
    }

    @Test func automaticGroupCollectsAnEventUntilABoundary() {
        let manager = UndoManager()
        let counter = Counter(manager)

        // Registrations with no group open share one automatic group; undo() closes and reverts it.
        counter.setValue(1)
        counter.setValue(2)
        #expect(manager.groupingLevel == 1)
        #expect(manager.undoCount == 1)
        manager.undo()
        #expect(counter.value == 0)
        #expect(manager.groupingLevel == 0)
        expectState(manager, canUndo: false, canRedo: true)
        manager.redo()
        #expect(counter.value == 2)

        // endAutomaticGrouping() ends the event.
        counter.setValue(3)
        manager.endAutomaticGrouping()
        #expect(manager.groupingLevel == 0)
        counter.setValue(4)
        #expect(manager.undoCount == 3)

        // endUndoGrouping() closes the automatic group too.
        manager.endUndoGrouping()
        #expect(manager.groupingLevel == 0)
        counter.setValue(5)
        #expect(manager.undoCount == 4)

        // beginUndoGrouping() closes it and starts a top-level group of its own.
        manager.beginUndoGrouping()
        #expect(manager.groupingLevel == 1)
        counter.setValue(6)
        manager.endUndoGrouping()
        #expect(manager.undoCount == 5)
        manager.undo()
        #expect(counter.value == 5)
        manager.undo()
        #expect(counter.value == 4)

        // redo() ends the event as well (here the new registration emptied the redo stack).
        counter.setValue(7)
        #expect(manager.groupingLevel == 1)
        manager.redo()
        #expect(manager.groupingLevel == 0 && counter.value == 7)
        expectState(manager, canUndo: true, canRedo: false)

        // endAutomaticGrouping() leaves explicit groups alone.
        manager.beginUndoGrouping()
        counter.setValue(8)
        manager.endAutomaticGrouping()
        #expect(manager.groupingLevel == 1)
        manager.endUndoGrouping()
        manager.undo()
        #expect(counter.value == 7)
    }

    @Test func explicitGroupsWithoutAutomaticGrouping() {
        let manager = UndoManager()
        manager.groupsByEvent = false
        let counter = Counter(manager)

        manager.beginUndoGrouping()
        counter.setValue(1)
        counter.setValue(2)
        counter.setValue(3)
        #expect(manager.groupingLevel == 1)
        expectState(manager, canUndo: true, canRedo: false)
        manager.endUndoGrouping()
        #expect(manager.groupingLevel == 0 && manager.undoCount == 1)
        manager.undo()
        #expect(counter.value == 0)
        expectState(manager, canUndo: false, canRedo: true)
        manager.redo()
        #expect(counter.value == 3)
        expectState(manager, canUndo: true, canRedo: false)

        // undo() with one explicit group open closes it first, as Foundation does.
        manager.beginUndoGrouping()
        counter.setValue(4)
        counter.setValue(5)
        manager.undo()
        #expect(counter.value == 3 && manager.groupingLevel == 0)

        // Registering with no group open (Foundation raises): the operation is a group of its own.
        counter.setValue(6)
        counter.setValue(7)
        #expect(manager.groupingLevel == 0 && manager.undoCount == 3)
        manager.undo()
        #expect(counter.value == 6)

        // An empty group is dropped when it closes.
        manager.beginUndoGrouping()
        manager.endUndoGrouping()
        #expect(manager.undoCount == 2)
        manager.undo()
        #expect(counter.value == 3)
    }

    @Test func nestedGroupIsOneActionOfItsParent() {
        let manager = UndoManager()
        let counter = Counter(manager)
        manager.beginUndoGrouping()
        counter.setValue(1)
        manager.beginUndoGrouping()
        counter.setValue(2)
        counter.setValue(3)
        #expect(manager.groupingLevel == 2)

        // Foundation raises on undo() with nested groups open; here it does nothing.
        manager.undo()
        #expect(counter.value == 3 && manager.groupingLevel == 2)
        expectState(manager, canUndo: true, canRedo: false)

        manager.endUndoGrouping()
        #expect(manager.groupingLevel == 1)
        counter.setValue(4)
        manager.endUndoGrouping()
        #expect(manager.undoCount == 1)

        manager.undo()
        #expect(counter.value == 0)
        expectState(manager, canUndo: false, canRedo: true)
        manager.redo()
        #expect(counter.value == 4)
        expectState(manager, canUndo: true, canRedo: false)
        manager.undo()
        #expect(counter.value == 0)
    }

    @Test func undoNestedGroupRevertsTheLastClosedNestedGroup() {
        let manager = UndoManager()
        manager.groupsByEvent = false
        let counter = Counter(manager)
        manager.beginUndoGrouping()
        counter.setValue(1)
        manager.beginUndoGrouping()
        counter.setValue(2)
        counter.setValue(3)
        manager.endUndoGrouping()

        manager.undoNestedGroup()
        #expect(counter.value == 1)
        #expect(manager.groupingLevel == 1)
        expectState(manager, canUndo: true, canRedo: true)

        // The open group now ends with an operation: nothing nested to revert.
        manager.undoNestedGroup()
        #expect(counter.value == 1)

        manager.endUndoGrouping()
        manager.undo()
        #expect(counter.value == 0)
        expectState(manager, canUndo: false, canRedo: true)
        #expect(manager.redoCount == 2)
        manager.redo()
        #expect(counter.value == 1)
        manager.redo()
        #expect(counter.value == 3)
        expectState(manager, canUndo: true, canRedo: false)

        // With no group open it reverts the last top-level group, like undo().
        manager.undoNestedGroup()
        #expect(counter.value == 1)
    }

    @Test func levelsOfUndoDropsTheOldestGroups() {
        let manager = UndoManager()
        let counter = Counter(manager)
        manager.levelsOfUndo = 2
        for value in 1...4 {
            counter.setValue(value)
            manager.endAutomaticGrouping()
        }
        #expect(manager.undoCount == 2)
        manager.undo()
        #expect(counter.value == 3)
        manager.undo()
        #expect(counter.value == 2)
        expectState(manager, canUndo: false, canRedo: true)
        manager.redo()
        manager.redo()
        #expect(counter.value == 4)
        expectState(manager, canUndo: true, canRedo: false)

        // Lowering the limit drops groups at once.
        manager.levelsOfUndo = 0
        for value in 5...8 {
            counter.setValue(value)
            manager.endAutomaticGrouping()
        }
        #expect(manager.undoCount == 6)
        manager.levelsOfUndo = 1
        #expect(manager.undoCount == 1)
        manager.undo()
        #expect(counter.value == 7)
        expectState(manager, canUndo: false, canRedo: true)

        // The limit applies to the redo stack too, and a negative limit means none.
        manager.levelsOfUndo = -3
        #expect(manager.levelsOfUndo == 0)
    }

    @Test func removeAllActionsEmptiesEverythingAndReenablesRegistration() {
        let manager = UndoManager()
        let counter = Counter(manager)
        counter.setValue(1)
        manager.endAutomaticGrouping()
        counter.setValue(2)
        manager.endAutomaticGrouping()
        manager.undo()
        counter.setValue(3)  // an open automatic group
        manager.disableUndoRegistration()
        expectState(manager, canUndo: true, canRedo: false)

        manager.removeAllActions()
        expectState(manager, canUndo: false, canRedo: false)
        #expect(manager.groupingLevel == 0)
        #expect(manager.isUndoRegistrationEnabled)
        manager.undo()
        #expect(counter.value == 3)

        // An explicit group stays open (empty), so its endUndoGrouping() still balances.
        manager.beginUndoGrouping()
        counter.setValue(4)
        manager.removeAllActions()
        #expect(manager.groupingLevel == 1 && !manager.canUndo)
        counter.setValue(5)
        manager.endUndoGrouping()
        #expect(manager.undoCount == 1)
        manager.undo()
        #expect(counter.value == 4)
    }

    @Test func removeAllActionsWithTargetKeepsOtherTargets() {
        let manager = UndoManager()
        let first = Counter(manager)
        let second = Counter(manager)
        first.setValue(1)
        manager.endAutomaticGrouping()
        first.setValue(2)
        second.setValue(1)
        manager.endAutomaticGrouping()
        second.setValue(2)
        manager.endAutomaticGrouping()
        #expect(manager.undoCount == 3)

        manager.removeAllActions(withTarget: first)
        #expect(manager.undoCount == 2)  // the first group held only `first`'s operation
        manager.removeAllActions(withTarget: 42)  // not an object: matches nothing
        #expect(manager.undoCount == 2)

        manager.undo()
        #expect(second.value == 1)
        manager.undo()
        #expect(second.value == 0 && first.value == 2)
        expectState(manager, canUndo: false, canRedo: true)

        // Redo stack and registration state are handled too.
        manager.disableUndoRegistration()
        manager.removeAllActions(withTarget: second)
        expectState(manager, canUndo: false, canRedo: false)
        #expect(!manager.isUndoRegistrationEnabled)
    }

    @Test func actionNamesAndMenuTitles() {
        let manager = UndoManager()
        let counter = Counter(manager)
        #expect(manager.undoActionName == "" && manager.redoActionName == "")
        #expect(manager.undoMenuItemTitle == "Undo" && manager.redoMenuItemTitle == "Redo")

        counter.setValue(1)
        #expect(manager.undoMenuItemTitle == "Undo")
        manager.setActionName("Change Value")
        #expect(manager.undoActionName == "Change Value")
        #expect(manager.undoMenuItemTitle == "Undo Change Value")
        manager.endAutomaticGrouping()
        #expect(manager.undoMenuItemTitle == "Undo Change Value")

        manager.undo()
        #expect(manager.undoActionName == "" && manager.undoMenuItemTitle == "Undo")
        #expect(manager.redoActionName == "Change Value")
        #expect(manager.redoMenuItemTitle == "Redo Change Value")
        manager.redo()
        #expect(manager.undoMenuItemTitle == "Undo Change Value" && manager.redoMenuItemTitle == "Redo")

        // With no group open, the name goes to the last group on the undo stack; "" removes it.
        manager.setActionName("Edit")
        #expect(manager.undoActionName == "Edit")
        manager.setActionName("")
        #expect(manager.undoMenuItemTitle == "Undo")

        // A named nested group names an unnamed parent; a named parent keeps its name.
        manager.beginUndoGrouping()
        manager.beginUndoGrouping()
        counter.setValue(2)
        manager.setActionName("Inner")
        manager.endUndoGrouping()
        manager.endUndoGrouping()
        #expect(manager.undoActionName == "Inner")
        manager.beginUndoGrouping()
        manager.setActionName("Outer")
        manager.beginUndoGrouping()
        counter.setValue(3)
        manager.setActionName("Inner")
        manager.endUndoGrouping()
        manager.endUndoGrouping()
        #expect(manager.undoActionName == "Outer")

        #expect(manager.undoMenuTitle(forUndoActionName: "Paste") == "Undo Paste")
        #expect(manager.redoMenuTitle(forUndoActionName: "") == "Redo")
    }

    @Test func disabledRegistrationRecordsNothing() {
        let manager = UndoManager()
        let counter = Counter(manager)
        manager.disableUndoRegistration()
        manager.disableUndoRegistration()
        #expect(!manager.isUndoRegistrationEnabled)
        counter.setValue(1)
        expectState(manager, canUndo: false, canRedo: false)
        #expect(manager.groupingLevel == 0)

        manager.enableUndoRegistration()
        #expect(!manager.isUndoRegistrationEnabled)  // one disable is still in effect
        counter.setValue(2)
        expectState(manager, canUndo: false, canRedo: false)

        manager.enableUndoRegistration()
        #expect(manager.isUndoRegistrationEnabled)
        manager.enableUndoRegistration()  // unbalanced (Foundation raises): ignored
        #expect(manager.isUndoRegistrationEnabled)
        counter.setValue(3)
        expectState(manager, canUndo: true, canRedo: false)

        // Undoing with registration disabled records no redo.
        manager.disableUndoRegistration()
        manager.undo()
        #expect(counter.value == 2)
        expectState(manager, canUndo: false, canRedo: false)
        manager.enableUndoRegistration()
    }

    @Test func newRegistrationClearsTheRedoStack() {
        let manager = UndoManager()
        let counter = Counter(manager)
        counter.setValue(1)
        manager.endAutomaticGrouping()
        counter.setValue(2)
        manager.endAutomaticGrouping()
        manager.undo()
        manager.undo()
        expectState(manager, canUndo: false, canRedo: true)
        #expect(manager.redoCount == 2)

        counter.setValue(10)
        expectState(manager, canUndo: true, canRedo: false)
        manager.redo()
        #expect(counter.value == 10)
        manager.undo()
        #expect(counter.value == 0)
        expectState(manager, canUndo: false, canRedo: true)
    }

    @Test func registrationWhileUndoingGoesToTheRedoStack() {
        let manager = UndoManager()
        let counter = Counter(manager)
        let observed = Mutex<[String]>([])
        func note(_ manager: UndoManager) -> String {
            "undoing=\(manager.isUndoing) redoing=\(manager.isRedoing) level=\(manager.groupingLevel)"
        }

        counter.setValue(1)
        // A second operation in the same group that watches the manager and misuses it.
        manager.registerUndo(withTarget: counter) { [unowned manager] counter in
            observed.withLock { $0.append(note(manager)) }
            manager.undo()  // Foundation raises: ignored
            manager.redo()  // Foundation raises: ignored
            manager.endUndoGrouping()  // would close the recording group: ignored
            #expect(counter.value == 1)
        }
        manager.endAutomaticGrouping()
        #expect(!manager.isUndoing && !manager.isRedoing)

        manager.undo()
        #expect(counter.value == 0)
        #expect(observed.withLock { $0 } == ["undoing=true redoing=false level=1"])
        #expect(!manager.isUndoing)
        // Only the setter registered while undoing, so its redo is all that is recorded.
        expectState(manager, canUndo: false, canRedo: true)
        #expect(manager.redoCount == 1)

        manager.redo()
        #expect(counter.value == 1)
        expectState(manager, canUndo: true, canRedo: false)

        // isRedoing is true while a redo runs; what the redo registers goes to the undo stack.
        let redoing = Mutex<[Bool]>([])
        manager.removeAllActions()
        manager.registerUndo(withTarget: counter) { [unowned manager] counter in
            redoing.withLock { $0.append(manager.isRedoing) }
            manager.registerUndo(withTarget: counter) { [unowned manager] _ in
                redoing.withLock { $0.append(manager.isRedoing) }
            }
        }
        manager.endAutomaticGrouping()
        manager.undo()
        expectState(manager, canUndo: false, canRedo: true)
        manager.redo()
        #expect(redoing.withLock { $0 } == [false, true])
        #expect(!manager.isRedoing)
        expectState(manager, canUndo: false, canRedo: false)
    }

    @Test func insertTwoDeleteOneThenUndoUndoRedo() {
        let manager = UndoManager()
        let store = ItemStore(manager)

        store.insert("A")
        manager.endAutomaticGrouping()
        store.insert("B")
        manager.endAutomaticGrouping()
        store.delete("A")
        manager.endAutomaticGrouping()
        #expect(store.items == ["B"])
        expectState(manager, canUndo: true, canRedo: false)
        #expect(manager.undoMenuItemTitle == "Undo Delete")

        manager.undo()  // the delete: A is back in its place
        #expect(store.items == ["A", "B"])
        expectState(manager, canUndo: true, canRedo: true)
        #expect(manager.undoMenuItemTitle == "Undo Insert" && manager.redoMenuItemTitle == "Redo Delete")

        manager.undo()  // the second insert
        #expect(store.items == ["A"])
        expectState(manager, canUndo: true, canRedo: true)
        #expect(manager.undoCount == 1 && manager.redoCount == 2)
        #expect(manager.redoMenuItemTitle == "Redo Insert")

        manager.redo()  // the second insert again
        #expect(store.items == ["A", "B"])
        expectState(manager, canUndo: true, canRedo: true)
        #expect(manager.undoCount == 2 && manager.redoCount == 1)
        #expect(manager.undoMenuItemTitle == "Undo Insert" && manager.redoMenuItemTitle == "Redo Delete")

        manager.redo()  // and the delete
        #expect(store.items == ["B"])
        expectState(manager, canUndo: true, canRedo: false)

        manager.undo()
        manager.undo()
        manager.undo()
        #expect(store.items == [])
        expectState(manager, canUndo: false, canRedo: true)
        store.insert("C")
        #expect(store.items == ["C"])
        expectState(manager, canUndo: true, canRedo: false)
    }

    @Test func targetsAreNotRetained() {
        let manager = UndoManager()
        weak var released: Counter?
        do {
            let counter = Counter(manager)
            released = counter
            counter.setValue(1)
            manager.endAutomaticGrouping()
        }
        #expect(released == nil)
        expectState(manager, canUndo: true, canRedo: false)
        manager.undo()  // the target is gone: the operation does nothing
        expectState(manager, canUndo: false, canRedo: false)
    }

    @Test func misuseNeverTraps() {
        let manager = UndoManager()
        manager.endUndoGrouping()
        manager.enableUndoRegistration()
        manager.undo()
        manager.redo()
        manager.undoNestedGroup()
        manager.endAutomaticGrouping()
        manager.setActionName("Nothing")
        #expect(manager.groupingLevel == 0 && manager.isUndoRegistrationEnabled)
        expectState(manager, canUndo: false, canRedo: false)
        #expect(manager.undoActionName == "")
    }

    @Test func postsFoundationNotifications() {
        let manager = UndoManager()
        let counter = Counter(manager)
        let names: [Notification.Name] = [
            .NSUndoManagerDidOpenUndoGroup, .NSUndoManagerWillCloseUndoGroup, .NSUndoManagerDidCloseUndoGroup,
            .NSUndoManagerWillUndoChange, .NSUndoManagerDidUndoChange,
            .NSUndoManagerWillRedoChange, .NSUndoManagerDidRedoChange, .NSUndoManagerCheckpoint,
        ]
        let received = Mutex<[String]>([])
        let observers = names.map { name in
            NotificationCenter.default.addObserver(forName: name, object: manager, queue: nil) { note in
                received.withLock { $0.append(note.name.rawValue) }
            }
        }
        defer { observers.forEach(NotificationCenter.default.removeObserver) }

        counter.setValue(1)
        manager.endAutomaticGrouping()
        manager.undo()
        manager.redo()
        #expect(
            received.withLock { $0 } == [
                "NSUndoManagerDidOpenUndoGroupNotification",
                "NSUndoManagerCheckpointNotification",
                "NSUndoManagerWillCloseUndoGroupNotification",
                "NSUndoManagerDidCloseUndoGroupNotification",
                "NSUndoManagerCheckpointNotification",
                "NSUndoManagerWillUndoChangeNotification",
                "NSUndoManagerDidUndoChangeNotification",
                "NSUndoManagerCheckpointNotification",
                "NSUndoManagerWillRedoChangeNotification",
                "NSUndoManagerDidRedoChangeNotification",
            ])
    }

    @Test @MainActor func mainActorTargets() {
        let document = MainActorDocument()
        document.rename("Draft")
        document.undoManager.endAutomaticGrouping()
        document.rename("Final")
        document.undoManager.undo()
        #expect(document.title == "Draft")
        document.undoManager.undo()
        #expect(document.title == "Untitled")
        document.undoManager.redo()
        #expect(document.title == "Draft")
    }
}
#endif
