/// A model's bookkeeping: which context it belongs to, its row, and its lifecycle. `@Model` adds one to each class
/// as `_$persistentState`; only OpenSwiftData reads or writes its contents.
public struct PersistentState {
    enum Status {
        /// Never inserted, or no longer belongs to a context.
        case unmanaged
        /// Inserted and not yet saved.
        case inserted
        /// Backed by a row.
        case registered
        /// Backed by a row and marked for deletion at the next save.
        case deleted
        /// Its row was deleted and the deletion saved (or seen saved by another context).
        case removed
    }

    weak var context: ModelContext?
    var status: Status = .unmanaged
    /// The row's primary key once saved; 0 before.
    var rowID: Int64 = 0
    /// Set when first asked for, and kept until the first save.
    var temporaryIdentifier: PersistentIdentifier?
    var storeIdentifier: String?
    /// Whether a property changed since the last save (or fetch).
    var hasChanges = false

    public init() {}
}

/// Called by each persisted property's setter (code `@Model` generates): tells the model's context, if any,
/// that the model changed.
public func _modelDidChange<Model: PersistentModel>(_ model: Model, property: StaticString) {
    guard let context = model._$persistentState.context else { return }
    context.modelDidChange(model)
}
