import Foundation

extension ModelContext {
    /// Ends the current group of undoable changes, so the next change starts a new one. Mirrors SwiftData's
    /// `processPendingChanges()`.
    ///
    /// With an ``undoManager`` whose `groupsByEvent` is true, every change made between two calls — inserts,
    /// deletes, property changes, and the other sides of relationships they update — is one undo step. `save()`
    /// calls it first. (On Linux there is no run loop to end groups at each event; this is that event boundary.)
    public func processPendingChanges() {
        #if !canImport(ObjectiveC)
        undoManager?.endAutomaticGrouping()
        #endif
    }

    /// Records `undo` (run with this context) as the undo of the change just made, when undo is enabled.
    func registerUndo(_ undo: @escaping (ModelContext) -> Void) {
        guard let undoManager, undoManager.isUndoRegistrationEnabled else { return }
        undoManager.registerUndo(withTarget: self, handler: undo)
    }
}

/// Records the undo of setting `property` of `model` from `oldValue`, when its context has an undo manager: setting it
/// back. (Run from the property's setter, before the change; the other side of a relationship is not recorded
/// separately: setting the property back updates it again.)
@usableFromInline
func registerUndoOfChange<Model: PersistentModel, Value>(
    _ model: Model, _ property: ReferenceWritableKeyPath<Model, Value>, from oldValue: Value
) {
    guard let context = model.withState({ $0.context }), context.undoManager != nil, !RelationshipSync.isSyncing else {
        return
    }
    switch model.withState({ $0.status }) {
    case .inserted, .registered, .deleted:
        context.registerUndo { _ in model[keyPath: property] = oldValue }
    case .unmanaged, .removed:
        break
    }
}
