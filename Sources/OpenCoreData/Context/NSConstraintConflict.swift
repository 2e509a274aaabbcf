import Foundation

/// A uniqueness-constraint conflict met by a save: an inserted object has the constrained values of a stored row.
/// A save under ``NSMergePolicy/error`` throws them in `userInfo["conflictList"]` of an
/// `NSManagedObjectConstraintMergeError` (133021). Mirrors Core Data's `NSConstraintConflict`.
///
/// **Differs:** the error thrown by a save is built from ``CoreDataError/constraintConflict(entityName:keys:values:)``,
/// so its conflicts have no objects (``databaseObject`` nil, ``conflictingObjects`` empty) and
/// ``constraintValues`` holds the values as the store writes them (text).
open class NSConstraintConflict: NSObject, @unchecked Sendable {
    /// The constraint's attribute names. Mirrors `constraint`.
    public let constraint: [String]
    /// The constrained values (attribute name → value). Mirrors `constraintValues`.
    public let constraintValues: [String: Any]
    /// The context's object of the stored row, when it has one. Mirrors `databaseObject`.
    public let databaseObject: NSManagedObject?
    /// The stored row's values. Mirrors `databaseSnapshot`.
    public let databaseSnapshot: [String: Any]?
    /// The objects of the save that break the constraint. Mirrors `conflictingObjects`.
    public let conflictingObjects: [NSManagedObject]
    /// Their values as last fetched or saved. Mirrors `conflictingSnapshots`.
    public let conflictingSnapshots: [[AnyHashable: Any]]

    /// Mirrors `init(constraint:database:databaseSnapshot:conflicting:conflictingSnapshots:)`.
    public init(
        constraint contraint: [String], database databaseObject: NSManagedObject?,
        databaseSnapshot: [AnyHashable: Any]?,
        conflicting conflictingObjects: [NSManagedObject], conflictingSnapshots: [Any]
    ) {
        self.constraint = contraint
        self.databaseObject = databaseObject
        var snapshot: [String: Any]?
        if let databaseSnapshot {
            snapshot = [:]
            for (key, value) in databaseSnapshot { snapshot?["\(key)"] = value }
        }
        self.databaseSnapshot = snapshot
        self.conflictingObjects = conflictingObjects
        self.conflictingSnapshots = conflictingSnapshots.compactMap { $0 as? [AnyHashable: Any] }
        var values: [String: Any] = [:]
        for key in contraint {
            if let value = snapshot?[key] ?? conflictingObjects.first?.value(forKey: key) { values[key] = value }
        }
        self.constraintValues = values
        super.init()
    }
}
