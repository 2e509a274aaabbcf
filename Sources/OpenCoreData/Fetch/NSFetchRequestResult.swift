import Foundation

/// What a fetch can return: managed objects, object IDs, dictionaries or counts. Mirrors Core Data's
/// `NSFetchRequestResult`.
///
/// Core Data's is an Objective-C protocol, so `NSFetchRequest<NSFetchRequestResult>` names the protocol itself
/// as the result type; Swift's own protocols cannot do that, so ``NSFetchRequest``'s result type is not
/// constrained, and that spelling compiles as in Core Data.
public protocol NSFetchRequestResult: AnyObject {}

extension NSManagedObject: NSFetchRequestResult {}
extension NSManagedObjectID: NSFetchRequestResult {}
extension NSDictionary: NSFetchRequestResult {}
extension NSNumber: NSFetchRequestResult {}

/// What a fetch returns. Mirrors Core Data's `NSFetchRequestResultType`.
public struct NSFetchRequestResultType: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Managed objects (the default).
    public static let managedObjectResultType = NSFetchRequestResultType([])
    /// Their object IDs.
    public static let managedObjectIDResultType = NSFetchRequestResultType(rawValue: 1)
    /// Dictionaries of the properties in `propertiesToFetch`.
    public static let dictionaryResultType = NSFetchRequestResultType(rawValue: 2)
    /// One `NSNumber`: how many objects match.
    public static let countResultType = NSFetchRequestResultType(rawValue: 4)
}

/// The kind of a store request. Mirrors Core Data's `NSPersistentStoreRequestType`.
public enum NSPersistentStoreRequestType: UInt, Sendable {
    /// A fetch request (raw value 1). Mirrors Core Data's `NSPersistentStoreRequestType.fetchRequestType`.
    case fetchRequestType = 1
    /// A save request (raw value 2). Mirrors Core Data's `NSPersistentStoreRequestType.saveRequestType`.
    case saveRequestType = 2
    /// A batch insert request (raw value 5). Mirrors Core Data's `NSPersistentStoreRequestType.batchInsertRequestType`.
    case batchInsertRequestType = 5
    /// A batch update request (raw value 6). Mirrors Core Data's `NSPersistentStoreRequestType.batchUpdateRequestType`.
    case batchUpdateRequestType = 6
    /// A batch delete request (raw value 7). Mirrors Core Data's `NSPersistentStoreRequestType.batchDeleteRequestType`.
    case batchDeleteRequestType = 7
}

/// A request a context executes against its stores: fetches, and (later) batch deletes, updates and inserts.
/// Mirrors Core Data's `NSPersistentStoreRequest`.
open class NSPersistentStoreRequest: NSObject {
    /// The kind of request. Mirrors `requestType`.
    open var requestType: NSPersistentStoreRequestType { .fetchRequestType }
}
