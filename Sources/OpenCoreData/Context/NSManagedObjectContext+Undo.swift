import Foundation
import Undo

/// Undo and redo of a context's changes through its ``NSManagedObjectContext/undoManager``.
///
/// Every change made through the object graph is registered as it happens: an insert, a delete, and each value
/// an object's property gets (attributes and relationships; each side of a relationship registers its own value,
/// so undoing puts inverses back too). The group of an event closes when the context processes its pending
/// changes (``NSManagedObjectContext/processPendingChanges()``: the end of a `perform` block, a fetch, a save), so
/// one `undo()` reverts one event, delete rules included. Undoing changes the context's objects only; a later save
/// writes the result. Values read from the store (fetches, refreshes, merges) are never registered.
extension NSManagedObjectContext {
    /// Asks the undo manager to revert the last group of unsaved changes (the changes of the current event are
    /// closed into a group first). Does nothing without an undo manager. Mirrors `undo()`.
    public func undo() {
        guard let undoManager else { return }
        processPendingChanges()
        undoManager.undo()
        processPendingChanges()
    }

    /// Applies again the last group `undo()` reverted. Mirrors `redo()`.
    public func redo() {
        guard let undoManager else { return }
        processPendingChanges()
        undoManager.redo()
        processPendingChanges()
    }

    /// The undo manager when it records now (set, and registration not disabled).
    var recordingUndoManager: UndoManager? {
        guard let undoManager, undoManager.isUndoRegistrationEnabled else { return nil }
        return undoManager
    }

    /// Closes the current event's group of undo operations.
    func endUndoEvent() {
        guard let undoManager, undoManager.groupsByEvent else { return }
        undoManager.endAutomaticGrouping()
    }

    /// `object` was inserted (as new, or again): undoing takes it out again.
    func registerUndoOfInsertion(_ object: NSManagedObject) {
        recordingUndoManager?.registerUndo(withTarget: self) { context in
            context.undoInsertion(of: object)
        }
    }

    /// `object`, deleted and not saved, was inserted again: undoing deletes it again.
    func registerUndoOfReinsertion(_ object: NSManagedObject) {
        recordingUndoManager?.registerUndo(withTarget: self) { context in
            context.delete(object)
        }
    }

    private func undoInsertion(of object: NSManagedObject) {
        guard object.context === self else { return }
        recordingUndoManager?.registerUndo(withTarget: self) { context in
            context.insert(object)
        }
        if object.isInsertedInContext {
            unregister(object)
            eventInserted[ObjectIdentifier(object)] = nil
            object.isInsertedInContext = false
            object.context = nil
        }
    }

    /// `object` (saved, or an unsaved insert that left the context at once) was deleted: undoing brings it back.
    func registerUndoOfDeletion(_ object: NSManagedObject, wasInserted: Bool) {
        recordingUndoManager?.registerUndo(withTarget: self) { context in
            context.undoDeletion(of: object, wasInserted: wasInserted)
        }
    }

    private func undoDeletion(of object: NSManagedObject, wasInserted: Bool) {
        recordingUndoManager?.registerUndo(withTarget: self) { context in
            context.delete(object)
        }
        if wasInserted {
            guard object.context == nil else { return }
            object.context = self
            object.isInsertedInContext = true
            register(object)
            eventInserted[ObjectIdentifier(object)] = object
        } else {
            guard object.context === self, object.isDeletedInContext else { return }
            object.isDeletedInContext = false
            pendingDeletions.removeAll { $0 === object }
            eventDeleted[ObjectIdentifier(object)] = nil
            eventUpdated[ObjectIdentifier(object)] = object
        }
    }
}

extension NSManagedObject {
    /// Registers the undo of the change `key`'s value is about to get (its value now is put back), in the
    /// context's undo manager.
    func registerUndoOfValue(forKey key: String) {
        guard let context, let undoManager = context.recordingUndoManager else { return }
        let old = values[key]
        undoManager.registerUndo(withTarget: self) { object in
            object.registerUndoOfValue(forKey: key)
            object.values[key] = old
            object.context?.objectDidChange(object)
        }
    }
}
