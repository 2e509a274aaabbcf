import Foundation

/// The kinds of merge policy. Same cases and raw values as Core Data's `NSMergePolicyType`.
public enum NSMergePolicyType: UInt, Sendable {
    /// A conflict fails the save (raw value 0). Mirrors Core Data's `NSMergePolicyType.errorMergePolicyType`.
    case errorMergePolicyType = 0
    /// Merge property by property; the store's changes win (raw value 1). Mirrors Core Data's
    /// `NSMergePolicyType.mergeByPropertyStoreTrumpMergePolicyType`.
    case mergeByPropertyStoreTrumpMergePolicyType = 1
    /// Merge property by property; the in-memory changes win (raw value 2). Mirrors Core Data's
    /// `NSMergePolicyType.mergeByPropertyObjectTrumpMergePolicyType`.
    case mergeByPropertyObjectTrumpMergePolicyType = 2
    /// The in-memory objects overwrite the store (raw value 3). Mirrors Core Data's
    /// `NSMergePolicyType.overwriteMergePolicyType`.
    case overwriteMergePolicyType = 3
    /// The in-memory changes are discarded for the store's (raw value 4). Mirrors Core Data's
    /// `NSMergePolicyType.rollbackMergePolicyType`.
    case rollbackMergePolicyType = 4
}

/// How a save resolves an object that conflicts with the store. Mirrors Core Data's `NSMergePolicy`.
///
/// **Uniqueness constraints** — an inserted object whose constrained values a stored row already has:
/// - ``error`` (the default): the save fails with ``CoreDataError/constraintConflict(entityName:keys:values:)``
///   (`NSManagedObjectConstraintMergeError`, its `conflictList` of ``NSConstraintConflict``) naming the entity,
///   attributes and values, and writes nothing.
/// - ``mergeByPropertyObjectTrump`` and ``overwrite``: the inserted object's values win; it becomes the stored
///   row (its ID is the row's).
/// - ``mergeByPropertyStoreTrump`` and ``rollback``: the stored row's values win; the inserted object becomes the
///   stored row with the store's values.
///
/// **Optimistic locking** — every row has a version (the hidden `Z_OPT` column) that each save of it raises; an
/// object remembers the version it was fetched or last saved with, and a save's `UPDATE`/`DELETE` of its row runs
/// only while the row still holds it. A row another context, coordinator or process changed or deleted since is a
/// conflict (``NSMergeConflict``), resolved by ``resolve(optimisticLockingConflicts:)``:
///
/// | Policy | Row changed in the store | Row deleted in the store | Object deleted here, row changed in the store |
/// | --- | --- | --- | --- |
/// | ``error`` | the save throws `NSManagedObjectMergeError` (133020); nothing written, the context keeps its changes | same | same |
/// | ``mergeByPropertyObjectTrump`` | per property: this context's changes win, the store's other changes are kept | the object leaves the context; the rest is saved | the row is deleted |
/// | ``mergeByPropertyStoreTrump`` | per property: the store's changes win, this context's other changes are written | as above | the row is deleted |
/// | ``overwrite`` | the object's every value is written over the row | as above | the row is deleted |
/// | ``rollback`` | the object's changes are discarded; it takes the store's values | as above | the deletion is undone; the object takes the store's values |
open class NSMergePolicy: NSObject, @unchecked Sendable {
    /// Mirrors `mergeType`.
    public let mergeType: NSMergePolicyType

    /// Mirrors `init(merge:)`.
    public init(merge type: NSMergePolicyType) {
        self.mergeType = type
        super.init()
    }

    /// Mirrors `NSMergePolicy.error`.
    public static let error = NSMergePolicy(merge: .errorMergePolicyType)
    /// Mirrors `NSMergePolicy.mergeByPropertyStoreTrump`.
    public static let mergeByPropertyStoreTrump = NSMergePolicy(merge: .mergeByPropertyStoreTrumpMergePolicyType)
    /// Mirrors `NSMergePolicy.mergeByPropertyObjectTrump`.
    public static let mergeByPropertyObjectTrump = NSMergePolicy(merge: .mergeByPropertyObjectTrumpMergePolicyType)
    /// Mirrors `NSMergePolicy.overwrite`.
    public static let overwrite = NSMergePolicy(merge: .overwriteMergePolicyType)
    /// Mirrors `NSMergePolicy.rollback`.
    public static let rollback = NSMergePolicy(merge: .rollbackMergePolicyType)

    /// Resolves the optimistic-locking conflicts a save met (rows changed or deleted in the store since their
    /// objects were read): the error policy throws ``CoreDataError/mergeConflict(_:)``; the others change the
    /// conflicting objects so that the save can write them again (see the type's table). Mirrors
    /// `resolve(optimisticLockingConflicts:)`.
    ///
    /// - Throws: ``CoreDataError/mergeConflict(_:)`` under ``error``.
    open func resolve(optimisticLockingConflicts list: [NSMergeConflict]) throws {
        if mergeType == .errorMergePolicyType { throw CoreDataError.mergeConflict(list) }
        for conflict in list {
            conflict.sourceObject.managedObjectContext?.resolveLockingConflict(conflict, by: mergeType)
        }
    }

    /// Resolves the ``NSMergeConflict``s of `list` as ``resolve(optimisticLockingConflicts:)`` does. Mirrors
    /// `resolve(mergeConflicts:)`. **Differs:** ``NSConstraintConflict``s in the list are not resolved here: a save
    /// resolves uniqueness conflicts in the store (see the type's note).
    ///
    /// - Throws: ``CoreDataError/mergeConflict(_:)`` under ``error``.
    open func resolve(mergeConflicts list: [Any]) throws {
        try resolve(optimisticLockingConflicts: list.compactMap { $0 as? NSMergeConflict })
    }

    /// Whether an inserted object's values win over a stored row's.
    var objectWins: Bool {
        mergeType == .mergeByPropertyObjectTrumpMergePolicyType || mergeType == .overwriteMergePolicyType
    }
    /// Whether a stored row's values win over an inserted object's.
    var storeWins: Bool {
        mergeType == .mergeByPropertyStoreTrumpMergePolicyType || mergeType == .rollbackMergePolicyType
    }

    /// The policy a context's `mergePolicy` (an `NSMergePolicy`, or an `NSMergePolicyType`) names.
    static func from(_ value: Any) -> NSMergePolicy {
        if let policy = value as? NSMergePolicy { return policy }
        if let type = value as? NSMergePolicyType { return NSMergePolicy(merge: type) }
        return .error
    }
}

/// Mirrors Core Data's `NSErrorMergePolicy`.
nonisolated(unsafe) public let NSErrorMergePolicy: Any = NSMergePolicy.error
/// Mirrors Core Data's `NSMergeByPropertyStoreTrumpMergePolicy`.
nonisolated(unsafe) public let NSMergeByPropertyStoreTrumpMergePolicy: Any = NSMergePolicy.mergeByPropertyStoreTrump
/// Mirrors Core Data's `NSMergeByPropertyObjectTrumpMergePolicy`.
nonisolated(unsafe) public let NSMergeByPropertyObjectTrumpMergePolicy: Any = NSMergePolicy.mergeByPropertyObjectTrump
/// Mirrors Core Data's `NSOverwriteMergePolicy`.
nonisolated(unsafe) public let NSOverwriteMergePolicy: Any = NSMergePolicy.overwrite
/// Mirrors Core Data's `NSRollbackMergePolicy`.
nonisolated(unsafe) public let NSRollbackMergePolicy: Any = NSMergePolicy.rollback
