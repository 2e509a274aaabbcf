import Foundation

/// An optimistic-locking conflict met by a save: the store's row of ``sourceObject`` is not at the version the
/// object was fetched (or last saved) with — another context, coordinator or process changed or deleted it since.
/// A save under ``NSMergePolicy/error`` throws them in `userInfo["conflictList"]` of an `NSManagedObjectMergeError`
/// (133020); the other policies resolve them (``NSMergePolicy/resolve(optimisticLockingConflicts:)``). Mirrors Core
/// Data's `NSMergeConflict`.
///
/// Snapshots hold every attribute and to-one relationship (an `NSManagedObjectID`, or `NSNull` for none and for an
/// attribute without a value), no to-many relationship — as Core Data's.
///
/// **Differs:** Core Data tells conflicts with its coordinator's row cache from conflicts with the store; here there
/// is no row cache, so ``cachedSnapshot`` is the row as this context last read it (the same as ``objectSnapshot``).
open class NSMergeConflict: NSObject, @unchecked Sendable {
    /// The object whose save met the conflict. Mirrors `sourceObject`.
    public let sourceObject: NSManagedObject
    /// The object's values as last fetched or saved (the version ``oldVersionNumber``). Mirrors `objectSnapshot`.
    public let objectSnapshot: [String: Any]?
    /// The row as the context last read it (see the type's note). Mirrors `cachedSnapshot`.
    public let cachedSnapshot: [String: Any]?
    /// The row as the store holds it now; nil when the store deleted it. Mirrors `persistedSnapshot`.
    public let persistedSnapshot: [String: Any]?
    /// The row's version in the store now (`Z_OPT`); 0 when the row was deleted. Mirrors `newVersionNumber`.
    public let newVersionNumber: Int
    /// The version the object was read with. Mirrors `oldVersionNumber`.
    public let oldVersionNumber: Int

    /// Mirrors `init(source:newVersion:oldVersion:cachedSnapshot:persistedSnapshot:)`; ``objectSnapshot`` is the
    /// object's committed values.
    public init(
        source srcObject: NSManagedObject, newVersion newvers: Int, oldVersion oldvers: Int,
        cachedSnapshot cachesnap: [String: Any]?, persistedSnapshot persnap: [String: Any]?
    ) {
        sourceObject = srcObject
        objectSnapshot = Self.snapshot(srcObject.committed ?? [:], of: srcObject.entity)
        cachedSnapshot = cachesnap
        persistedSnapshot = persnap
        newVersionNumber = newvers
        oldVersionNumber = oldvers
        super.init()
    }

    open override var description: String {
        "NSMergeConflict(\(sourceObject.objectID.uriRepresentation().absoluteString): version \(oldVersionNumber) read, "
            + (newVersionNumber == 0 ? "deleted in the store)" : "\(newVersionNumber) in the store)")
    }

    /// Core Data's snapshot of object-level `values`: attributes (their public values) and to-one relationships
    /// (object IDs), `NSNull` for none; no to-many relationships.
    static func snapshot(_ values: [String: Any], of entity: NSEntityDescription) -> [String: Any] {
        var snapshot: [String: Any] = [:]
        for property in entity.properties where !property.isTransient {
            if let attribute = property as? NSAttributeDescription {
                snapshot[attribute.name] = ManagedValue.publicValue(values[attribute.name], for: attribute) ?? NSNull()
            } else if let relationship = property as? NSRelationshipDescription, !relationship.isToMany {
                snapshot[relationship.name] = (values[relationship.name] as? NSManagedObject)?.objectID ?? NSNull()
            }
        }
        return snapshot
    }
}
