import Foundation

/// The kinds of merge policy. Same cases and raw values as Core Data's `NSMergePolicyType`.
public enum NSMergePolicyType: UInt, Sendable {
    case errorMergePolicyType = 0
    case mergeByPropertyStoreTrumpMergePolicyType = 1
    case mergeByPropertyObjectTrumpMergePolicyType = 2
    case overwriteMergePolicyType = 3
    case rollbackMergePolicyType = 4
}

/// How a save resolves an object that conflicts with the store: for uniqueness constraints, an inserted object
/// whose constrained values a stored row already has. Mirrors Core Data's `NSMergePolicy`.
///
/// - ``error`` (the default): the save fails with ``CoreDataError/constraintConflict(entityName:keys:values:)``
///   naming the entity, attributes and values, and writes nothing.
/// - ``mergeByPropertyObjectTrump`` and ``overwrite``: the inserted object's values win; it becomes the stored
///   row (its ID is the row's).
/// - ``mergeByPropertyStoreTrump`` and ``rollback``: the stored row's values win; the inserted object becomes the
///   stored row with the store's values.
///
/// **Differs:** optimistic-locking conflicts (two contexts changing one row) are not detected: the later save
/// writes the columns it changed.
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

    /// Whether an inserted object's values win over a stored row's.
    var objectWins: Bool { mergeType == .mergeByPropertyObjectTrumpMergePolicyType || mergeType == .overwriteMergePolicyType }
    /// Whether a stored row's values win over an inserted object's.
    var storeWins: Bool { mergeType == .mergeByPropertyStoreTrumpMergePolicyType || mergeType == .rollbackMergePolicyType }

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
