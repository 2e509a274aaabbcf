import Foundation

/// One save's changes, as a context hands them to a ``DataStore``. Mirrors SwiftData's
/// `DataStoreSaveChangesRequest`.
public struct DataStoreSaveChangesRequest<SnapshotType: DataStoreSnapshot>: Sendable {
    /// The context saving.
    public let editingState: EditingState
    /// New models, each with a temporary identifier to remap to a permanent one.
    public let inserted: [SnapshotType]
    /// Changed models, with every stored value (changed or not).
    public let updated: [SnapshotType]
    /// Deleted models, with their last values.
    public let deleted: [SnapshotType]

    init(editingState: EditingState, inserted: [SnapshotType], updated: [SnapshotType], deleted: [SnapshotType]) {
        self.editingState = editingState
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }
}
