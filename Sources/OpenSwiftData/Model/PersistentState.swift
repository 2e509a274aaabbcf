import Synchronization

/// A model's bookkeeping: which context it belongs to, its row, and its lifecycle. `@Model` adds one to each class
/// as `_$persistentState`; only OpenSwiftData reads or writes its contents.
public struct PersistentState {
    enum Status: UInt8 {
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

    // The inline fields are the ones every fetched model sets, widest first, so the state is 56 bytes (issue 16's
    // memory per fetched row): the store's identifier is an index into `StoreIdentifiers` (a `String?` would take
    // 16), and the change set's overflow past 64 properties lives in the rarely used side allocation.

    /// The owning context. Not retained (the context holds its models, so retaining it back would be a cycle),
    /// and never dangling: a context clears it in every model it holds when it is freed, and whenever a model
    /// leaves it. Keep the context alive as long as its models are in use, as with SwiftData.
    unowned(unsafe) var context: ModelContext?
    /// The row's primary key once saved; 0 before.
    var rowID: Int64 = 0
    /// The store's data version (``Store/dataVersion()``) when the model's values were last read from its row: while
    /// it is unchanged, the row is known not to have changed, and reading it again can be skipped.
    var loadedVersion: Int64 = -1
    /// Which of the first 64 stored properties (by index) changed since the last save; the rest are in `rarelyUsed`.
    private var changedLow: UInt64 = 0
    /// Relationships not read from the store yet, by property index: read on first access.
    var faults: [Int: RelationshipFault] = [:]
    /// The fields few models ever use, allocated by the first one set: a fetched model has none, so its state stays
    /// a few words wide (memory per fetched row is issue 16's target).
    private var rarelyUsed: RarelyUsed?
    /// The store the row is in, interned (`StoreIdentifiers.none` before).
    var storeIndex = StoreIdentifiers.none
    var status: Status = .unmanaged

    /// The identifier of the store the row is in; nil before the first save.
    var storeIdentifier: String? {
        get { StoreIdentifiers.identifier(at: storeIndex) }
        set { storeIndex = newValue.map(StoreIdentifiers.index(of:)) ?? StoreIdentifiers.none }
    }

    /// Which stored properties (by index) changed since the last save: a save writes only these.
    var changedProperties: PropertyIndexSet {
        get { PropertyIndexSet(low: changedLow, high: rarelyUsed?.changedHigh ?? []) }
        set {
            changedLow = newValue.low
            let high = newValue.high
            if !high.isEmpty || rarelyUsed?.changedHigh.isEmpty == false {
                updateRarelyUsed(!high.isEmpty) { $0.changedHigh = high }
            }
        }
    }

    /// Records that the stored property at `index` changed.
    mutating func markChanged(_ index: Int) {
        if index < 64 {
            changedLow |= 1 << UInt64(index)
        } else {
            updateRarelyUsed(true) { $0.changedHigh.insert(index) }
        }
    }

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
    /// Whether a stored property changed since the last save (or fetch).
    var hasChanges: Bool { changedLow != 0 || rarelyUsed?.changedHigh.isEmpty == false }
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
        clearChanges()
    }

    /// No stored property has an unsaved change.
    mutating func clearChanges() {
        changedLow = 0
        if rarelyUsed?.changedHigh.isEmpty == false { updateRarelyUsed(false) { $0.changedHigh = [] } }
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
        clearChanges()
    }

    /// The model was just read from row `rowID` of the store `storeIdentifier` (at store version `version`) by
    /// `context`, which registers it. One call, so a fetch writes a new model's state once.
    mutating func markFetched(
        context: ModelContext, rowID: Int64, store: StoreIdentifiers.Index, faults: [Int: RelationshipFault],
        version: Int64
    ) {
        self.context = context
        markRegistered(rowID: rowID, store: store)
        markLoaded(faults: faults, version: version)
    }

    /// The model's values were read again from its row, at store version `version`.
    mutating func markLoaded(faults: [Int: RelationshipFault], version: Int64) {
        self.faults = faults
        loadedVersion = version
    }

    /// The model is backed by row `rowID` of the store `storeIdentifier`, with no unsaved changes.
    mutating func markRegistered(rowID: Int64, storeIdentifier: String) {
        markRegistered(rowID: rowID, store: StoreIdentifiers.index(of: storeIdentifier))
    }

    /// The model is backed by row `rowID` of the store interned as `store`, with no unsaved changes.
    mutating func markRegistered(rowID: Int64, store: StoreIdentifiers.Index) {
        status = .registered
        self.rowID = rowID
        storeIndex = store
        clearChanges()
    }
}

/// The fields of ``PersistentState`` that most models never set, kept out of line.
private final class RarelyUsed {
    var temporaryIdentifier: PersistentIdentifier?
    var dataStoreIdentifier: PersistentIdentifier?
    var orphanContainer: ModelContainer?
    /// The changed stored properties from index 64 on.
    var changedHigh: Set<Int> = []

    func copy() -> RarelyUsed {
        let copy = RarelyUsed()
        copy.temporaryIdentifier = temporaryIdentifier
        copy.dataStoreIdentifier = dataStoreIdentifier
        copy.orphanContainer = orphanContainer
        copy.changedHigh = changedHigh
        return copy
    }
}

/// The identifiers of the stores models have been read from or saved to, each kept once for the life of the
/// process: a model's state holds a 4-byte index instead of a 16-byte `String?` (a process opens few stores; a
/// test run a few thousand, a few dozen bytes each).
enum StoreIdentifiers {
    /// An interned store identifier's position; ``none`` for no store.
    struct Index: Equatable {
        fileprivate let value: UInt32
    }

    /// No store (a model never saved).
    static let none = Index(value: 0)

    private struct Table {
        /// Position 0 is `none`'s.
        var identifiers: [String] = [""]
        var positions: [String: UInt32] = [:]
        /// The last identifier interned, compared first: a fetch or a save interns its store's for every row.
        var last: (identifier: String, index: UInt32)?
    }

    private static let table = Mutex(Table())

    /// The index of `identifier`, interning it the first time.
    static func index(of identifier: String) -> Index {
        table.withLock { table in
            if let last = table.last, last.identifier == identifier { return Index(value: last.index) }
            let index: UInt32
            if let known = table.positions[identifier] {
                index = known
            } else {
                index = UInt32(truncatingIfNeeded: table.identifiers.count)
                table.identifiers.append(identifier)
                table.positions[identifier] = index
            }
            table.last = (identifier, index)
            return Index(value: index)
        }
    }

    /// The identifier interned at `index`; nil for ``none``.
    static func identifier(at index: Index) -> String? {
        guard index.value != 0 else { return nil }
        return table.withLock { table in
            Int(index.value) < table.identifiers.count ? table.identifiers[Int(index.value)] : nil
        }
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
