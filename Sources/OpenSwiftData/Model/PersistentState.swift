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
    var storeIdentifier: String?
    /// The store's data version (``Store/dataVersion()``) when the model's values were last read from its row: while
    /// it is unchanged, the row is known not to have changed, and reading it again can be skipped.
    var loadedVersion: Int64 = -1
    /// The fields few models ever use, allocated by the first one set: a fetched model has none, so its state stays
    /// a few words wide (memory per fetched row is issue 16's target).
    private var rarelyUsed: RarelyUsed?

    /// Set when first asked for, and kept until the first save.
    var temporaryIdentifier: PersistentIdentifier? {
        get { rarelyUsed?.temporaryIdentifier }
        set { updateRarelyUsed(newValue != nil) { $0.temporaryIdentifier = newValue } }
    }
    /// The permanent identifier a ``DataStore`` of your own gave the model's row (nil for the SQLite store, whose
    /// identifiers are built from ``rowID``).
    var dataStoreIdentifier: PersistentIdentifier? {
        get { rarelyUsed?.dataStoreIdentifier }
        set { updateRarelyUsed(newValue != nil) { $0.dataStoreIdentifier = newValue } }
    }
    /// The container of the context that was freed while this model still had relationships to read: they are read
    /// through a fresh context of it (the model itself belongs to no context any more).
    var orphanContainer: ModelContainer? {
        get { rarelyUsed?.orphanContainer }
        set { updateRarelyUsed(newValue != nil) { $0.orphanContainer = newValue } }
    }
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

    /// Applies `change` to the rarely used fields: allocating them only when `creates` (a value is being set), and
    /// copying them first when another copy of this state shares them (value semantics, as for the inline fields).
    private mutating func updateRarelyUsed(_ creates: Bool, _ change: (RarelyUsed) -> Void) {
        if rarelyUsed == nil {
            guard creates else { return }
            rarelyUsed = RarelyUsed()
        } else if !isKnownUniquelyReferenced(&rarelyUsed) {
            rarelyUsed = rarelyUsed?.copy()
        }
        if let rarelyUsed { change(rarelyUsed) }
    }

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

    /// The model was just read from row `rowID` of the store `storeIdentifier` (at store version `version`) by
    /// `context`, which registers it. One call, so a fetch writes a new model's state once.
    mutating func markFetched(
        context: ModelContext, rowID: Int64, storeIdentifier: String, faults: [Int: RelationshipFault], version: Int64
    ) {
        self.context = context
        markRegistered(rowID: rowID, storeIdentifier: storeIdentifier)
        markLoaded(faults: faults, version: version)
    }

    /// The model's values were read again from its row, at store version `version`.
    mutating func markLoaded(faults: [Int: RelationshipFault], version: Int64) {
        self.faults = faults
        loadedVersion = version
    }

    /// The model is backed by row `rowID` of the store `storeIdentifier`, with no unsaved changes.
    mutating func markRegistered(rowID: Int64, storeIdentifier: String) {
        status = .registered
        self.rowID = rowID
        self.storeIdentifier = storeIdentifier
        changedProperties = PropertyIndexSet()
    }
}

/// The fields of ``PersistentState`` that most models never set, kept out of line.
private final class RarelyUsed {
    var temporaryIdentifier: PersistentIdentifier?
    var dataStoreIdentifier: PersistentIdentifier?
    var orphanContainer: ModelContainer?

    func copy() -> RarelyUsed {
        let copy = RarelyUsed()
        copy.temporaryIdentifier = temporaryIdentifier
        copy.dataStoreIdentifier = dataStoreIdentifier
        copy.orphanContainer = orphanContainer
        return copy
    }
}

/// A relationship whose value is still in the store.
enum RelationshipFault: Equatable {
    /// A to-one relationship: the related row's primary key.
    case toOne(Int64)
    /// A to-many relationship, not read yet.
    case toMany
}

extension PersistentModel {
    /// `body` applied to the model's state where it is stored (through the requirement's modify accessor). Reading
    /// `_$persistentState.field` through the requirement's getter copies the whole state first, retaining and then
    /// releasing each reference in it (≈ 270 instructions), which is more than a setter or a fetch that wants one
    /// field of it can afford.
    @inline(__always)
    func withState<Result>(_ body: (inout PersistentState) throws -> Result) rethrows -> Result {
        try body(&_$persistentState)
    }
}

/// Called by each persisted property's setter (code `@Model` generates): tells the model's context, if any,
/// that the model changed.
/// `index` is the property's position in `schemaMetadata` (-1 when the macro could not tell; the name is used then).
public func _modelDidChange<Model: PersistentModel>(_ model: Model, property: StaticString, index: Int) {
    guard let context = model.withState({ $0.context }) else { return }
    context.modelDidChange(model, property: property, index: index)
}
