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

    /// The owning context. Not retained (the context holds its models, so retaining it back would be a cycle),
    /// and never dangling: a context clears it in every model it holds when it is freed, and whenever a model
    /// leaves it. Keep the context alive as long as its models are in use, as with SwiftData.
    unowned(unsafe) var context: ModelContext?
    var status: Status = .unmanaged
    /// The row's primary key once saved; 0 before.
    var rowID: Int64 = 0
    /// Set when first asked for, and kept until the first save.
    var temporaryIdentifier: PersistentIdentifier?
    var storeIdentifier: String?
    /// The permanent identifier a ``DataStore`` of your own gave the model's row (nil for the SQLite store, whose
    /// identifiers are built from ``rowID``).
    var dataStoreIdentifier: PersistentIdentifier?
    /// The store's data version (``Store/dataVersion()``) when the model's values were last read from its row: while
    /// it is unchanged, the row is known not to have changed, and reading it again can be skipped.
    var loadedVersion: Int64 = -1
    /// The container of the context that was freed while this model still had relationships to read: they are read
    /// through a fresh context of it (the model itself belongs to no context any more).
    var orphanContainer: ModelContainer?
    /// Relationships not read from the store yet, by property index: read on first access.
    var faults: [Int: RelationshipFault] = [:]
    /// Which stored properties (by index) changed since the last save: a save writes only these.
    var changedProperties = PropertyIndexSet()
    /// Whether a stored property changed since the last save (or fetch).
    var hasChanges: Bool { !changedProperties.isEmpty }
    /// Whether the model is marked for deletion or its deletion is saved: it is no longer a related model to count,
    /// store or follow.
    var isDeletedOrRemoved: Bool { status == .deleted || status == .removed }

    /// The state of a new model: it belongs to no context and has no row yet. `@Model`'s `_$persistentState`
    /// starts as one.
    public init() {}

    /// The model's row is gone (deleted and saved, or deleted in the store): it leaves its context.
    mutating func markRemoved() {
        status = .removed
        context = nil
        changedProperties = PropertyIndexSet()
    }

    /// The model's context is being freed: it keeps its row (an unmanaged copy of its last values) but belongs to
    /// no context.
    mutating func detachFromContext() {
        if !faults.isEmpty, let context { orphanContainer = context.container }
        context = nil
        if status != .removed { status = .unmanaged }
    }

    /// The model no longer belongs to any context (rolled back before its first save, or replaced by another
    /// instance of its row).
    mutating func detach() {
        status = .unmanaged
        context = nil
        changedProperties = PropertyIndexSet()
    }

    /// The model is backed by row `rowID` of the store `storeIdentifier`, with no unsaved changes.
    mutating func markRegistered(rowID: Int64, storeIdentifier: String) {
        status = .registered
        self.rowID = rowID
        self.storeIdentifier = storeIdentifier
        changedProperties = PropertyIndexSet()
    }
}

/// A relationship whose value is still in the store.
enum RelationshipFault: Equatable {
    /// A to-one relationship: the related row's primary key.
    case toOne(Int64)
    /// A to-many relationship, not read yet.
    case toMany
}

/// Called by each persisted property's setter (code `@Model` generates): tells the model's context, if any,
/// that the model changed.
/// `index` is the property's position in `schemaMetadata` (-1 when the macro could not tell; the name is used then).
public func _modelDidChange<Model: PersistentModel>(_ model: Model, property: StaticString, index: Int) {
    guard let context = model._$persistentState.context else { return }
    context.modelDidChange(model, property: property, index: index)
}
