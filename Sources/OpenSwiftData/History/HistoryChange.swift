/// One model a transaction inserted, updated or deleted. Mirrors SwiftData's `HistoryChange`.
public enum HistoryChange: Sendable {
    /// The transaction inserted the model. Mirrors SwiftData's `HistoryChange.insert(_:)`.
    case insert(any HistoryInsert)
    /// The transaction updated the model. Mirrors SwiftData's `HistoryChange.update(_:)`.
    case update(any HistoryUpdate)
    /// The transaction deleted the model. Mirrors SwiftData's `HistoryChange.delete(_:)`.
    case delete(any HistoryDelete)

    /// The changed model's identifier.
    public var changedPersistentIdentifier: PersistentIdentifier {
        switch self {
        case .insert(let insert): insert.changedPersistentIdentifier
        case .update(let update): update.changedPersistentIdentifier
        case .delete(let delete): delete.changedPersistentIdentifier
        }
    }
}

/// A model a transaction inserted. Mirrors SwiftData's `HistoryInsert`.
public protocol HistoryInsert<Model>: Sendable {
    associatedtype Model: PersistentModel
    var changedPersistentIdentifier: PersistentIdentifier { get }
    /// The change's position in its transaction.
    var changeIdentifier: Int { get }
    /// Its transaction's number.
    var transactionIdentifier: Int64 { get }
}

/// A model a transaction updated, with the attributes it wrote. Mirrors SwiftData's `HistoryUpdate`.
public protocol HistoryUpdate<Model>: Sendable {
    associatedtype Model: PersistentModel
    var changedPersistentIdentifier: PersistentIdentifier { get }
    var changeIdentifier: Int { get }
    var transactionIdentifier: Int64 { get }
    /// The properties the save wrote (those changed since the model was read).
    var updatedAttributes: [PartialKeyPath<Model>] { get }
}

/// A model a transaction deleted, with the values of its attributes marked `.preserveValueOnDeletion`. Mirrors
/// SwiftData's `HistoryDelete`.
public protocol HistoryDelete<Model>: Sendable {
    associatedtype Model: PersistentModel
    var changedPersistentIdentifier: PersistentIdentifier { get }
    var changeIdentifier: Int { get }
    var transactionIdentifier: Int64 { get }
    var tombstone: HistoryTombstone<Model> { get }
}

/// The `HistoryInsert` that history fetches return. Mirrors SwiftData's `DefaultHistoryInsert`.
public struct DefaultHistoryInsert<Model: PersistentModel>: HistoryInsert, Hashable {
    /// The inserted model's identifier.
    public let changedPersistentIdentifier: PersistentIdentifier
    public let changeIdentifier: Int
    public let transactionIdentifier: Int64
}

/// The `HistoryUpdate` that history fetches return. Mirrors SwiftData's `DefaultHistoryUpdate`.
public struct DefaultHistoryUpdate<Model: PersistentModel>: HistoryUpdate, @unchecked Sendable {
    // @unchecked: key paths are immutable.
    /// The updated model's identifier.
    public let changedPersistentIdentifier: PersistentIdentifier
    /// The change's position in its transaction.
    public let changeIdentifier: Int
    /// Its transaction's number.
    public let transactionIdentifier: Int64
    public let updatedAttributes: [PartialKeyPath<Model>]
}

/// The `HistoryDelete` that history fetches return. Mirrors SwiftData's `DefaultHistoryDelete`.
public struct DefaultHistoryDelete<Model: PersistentModel>: HistoryDelete {
    /// The deleted model's identifier.
    public let changedPersistentIdentifier: PersistentIdentifier
    /// The change's position in its transaction.
    public let changeIdentifier: Int
    /// Its transaction's number.
    public let transactionIdentifier: Int64
    /// The values of the deleted model's attributes marked `.preserveValueOnDeletion`.
    public let tombstone: HistoryTombstone<Model>
}

/// The values a deleted model's `.preserveValueOnDeletion` attributes held. Mirrors SwiftData's `HistoryTombstone`:
/// `tombstone[\.name] as? String`.
public struct HistoryTombstone<Model: PersistentModel>: Sequence, @unchecked Sendable {
    // @unchecked: key paths are immutable, values are Sendable.
    let entries: [(keyPath: PartialKeyPath<Model>, value: any Sendable)]

    /// The kept value of the property `keyPath` names (nil when it is not kept, or was nil).
    public subscript(keyPath: PartialKeyPath<Model>) -> (any Sendable)? {
        entries.first { $0.keyPath == keyPath }?.value
    }

    public func makeIterator() -> IndexingIterator<[(keyPath: PartialKeyPath<Model>, value: any Sendable)]> {
        entries.makeIterator()
    }
}
