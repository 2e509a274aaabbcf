#if !canImport(ObjectiveC)
import Foundation

// The notifications ``UndoManager`` posts on `NotificationCenter.default`, with the manager as the object and no
// `userInfo`. Foundation declares these names on Apple platforms; Foundation on Linux does not, so they are declared
// here with Foundation's names and raw values.
extension Notification.Name {
    /// Posted by ``UndoManager/beginUndoGrouping()`` (unless undoing or redoing), ``UndoManager/endUndoGrouping()``,
    /// ``UndoManager/undo()``, ``UndoManager/undoNestedGroup()``, ``UndoManager/redo()`` and when
    /// ``UndoManager/canRedo`` is read, so that observers can register pending operations first. Mirrors Foundation's
    /// `NSUndoManagerCheckpoint`. Difference: Foundation does not post it when it opens a top-level group at the start
    /// of a run-loop pass; here opening the automatic group does not post it either.
    public static let NSUndoManagerCheckpoint = Notification.Name("NSUndoManagerCheckpointNotification")

    /// Posted after ``UndoManager`` opens a group (explicitly or automatically). Mirrors Foundation's
    /// `NSUndoManagerDidOpenUndoGroup`.
    public static let NSUndoManagerDidOpenUndoGroup = Notification.Name("NSUndoManagerDidOpenUndoGroupNotification")

    /// Posted before ``UndoManager/endUndoGrouping()`` closes a group. Mirrors Foundation's
    /// `NSUndoManagerWillCloseUndoGroup`. Difference: never has a `userInfo` (there are no discardable actions).
    public static let NSUndoManagerWillCloseUndoGroup = Notification.Name("NSUndoManagerWillCloseUndoGroupNotification")

    /// Posted after ``UndoManager/endUndoGrouping()`` closes a group. Mirrors Foundation's
    /// `NSUndoManagerDidCloseUndoGroup`.
    public static let NSUndoManagerDidCloseUndoGroup = Notification.Name("NSUndoManagerDidCloseUndoGroupNotification")

    /// Posted before ``UndoManager`` reverts a group. Mirrors Foundation's `NSUndoManagerWillUndoChange`.
    public static let NSUndoManagerWillUndoChange = Notification.Name("NSUndoManagerWillUndoChangeNotification")

    /// Posted after ``UndoManager`` reverted a group. Mirrors Foundation's `NSUndoManagerDidUndoChange`.
    public static let NSUndoManagerDidUndoChange = Notification.Name("NSUndoManagerDidUndoChangeNotification")

    /// Posted before ``UndoManager`` applies a group again. Mirrors Foundation's `NSUndoManagerWillRedoChange`.
    public static let NSUndoManagerWillRedoChange = Notification.Name("NSUndoManagerWillRedoChangeNotification")

    /// Posted after ``UndoManager`` applied a group again. Mirrors Foundation's `NSUndoManagerDidRedoChange`.
    public static let NSUndoManagerDidRedoChange = Notification.Name("NSUndoManagerDidRedoChangeNotification")
}

#endif
