import Foundation

/// What a request run by ``NSManagedObjectContext/execute(_:)`` gives back. Mirrors Core Data's
/// `NSPersistentStoreResult`.
open class NSPersistentStoreResult: NSObject, @unchecked Sendable {}

/// A fetch request's result. Mirrors `NSAsynchronousFetchResult` loosely: `finalResult` holds the objects.
open class NSFetchRequestExecutionResult: NSPersistentStoreResult, @unchecked Sendable {
    /// The fetched objects (or IDs, dictionaries, count).
    public let finalResult: [Any]?
    init(finalResult: [Any]?) {
        self.finalResult = finalResult
        super.init()
    }
}

/// What a batch delete reports, by its result type. Mirrors `NSBatchDeleteRequestResultType`.
public enum NSBatchDeleteRequestResultType: UInt, Sendable {
    /// `result` is `true`.
    case resultTypeStatusOnly = 0
    /// `result` is the deleted objects' `[NSManagedObjectID]`.
    case resultTypeObjectIDs = 1
    /// `result` is the number of deleted rows (`Int`).
    case resultTypeCount = 2
}

/// A batch delete's result. Mirrors `NSBatchDeleteResult`.
open class NSBatchDeleteResult: NSPersistentStoreResult, @unchecked Sendable {
    /// `true`, the deleted `[NSManagedObjectID]`, or their number, by the request's result type. Mirrors `result`.
    public let result: Any?
    init(result: Any?) {
        self.result = result
        super.init()
    }
}

/// What a batch insert reports. Mirrors `NSBatchInsertRequestResultType`.
public enum NSBatchInsertRequestResultType: UInt, Sendable {
    /// Only whether the insert succeeded (raw value 0). Mirrors Core Data's
    /// `NSBatchInsertRequestResultType.statusOnly`.
    case statusOnly = 0
    /// The inserted objects' IDs (raw value 1). Mirrors Core Data's `NSBatchInsertRequestResultType.objectIDs`.
    case objectIDs = 1
    /// The number of inserted objects (raw value 2). Mirrors Core Data's `NSBatchInsertRequestResultType.count`.
    case count = 2
}

/// A batch insert's result. Mirrors `NSBatchInsertResult`.
open class NSBatchInsertResult: NSPersistentStoreResult, @unchecked Sendable {
    /// `true`, the inserted `[NSManagedObjectID]`, or their number. Mirrors `result`.
    public let result: Any?
    init(result: Any?) {
        self.result = result
        super.init()
    }
}

/// What a batch update reports. Mirrors `NSBatchUpdateRequestResultType`.
public enum NSBatchUpdateRequestResultType: UInt, Sendable {
    /// Only whether the update succeeded (raw value 0). Mirrors Core Data's
    /// `NSBatchUpdateRequestResultType.statusOnlyResultType`.
    case statusOnlyResultType = 0
    /// The updated objects' IDs (raw value 1). Mirrors Core Data's
    /// `NSBatchUpdateRequestResultType.updatedObjectIDsResultType`.
    case updatedObjectIDsResultType = 1
    /// The number of updated objects (raw value 2). Mirrors Core Data's
    /// `NSBatchUpdateRequestResultType.updatedObjectsCountResultType`.
    case updatedObjectsCountResultType = 2
}

/// A batch update's result. Mirrors `NSBatchUpdateResult`.
open class NSBatchUpdateResult: NSPersistentStoreResult, @unchecked Sendable {
    /// `true`, the updated `[NSManagedObjectID]`, or their number. Mirrors `result`.
    public let result: Any?
    init(result: Any?) {
        self.result = result
        super.init()
    }
}
