import Foundation

extension Notification.Name {
    /// Posted by a context after a save, with the saved objects under ``NSInsertedObjectsKey``,
    /// ``NSUpdatedObjectsKey`` and ``NSDeletedObjectsKey`` (each a `Set<NSManagedObject>`); the object is the
    /// context. Hand it to another context's ``NSManagedObjectContext/mergeChanges(fromContextDidSave:)``. Mirrors
    /// Core Data's `NSManagedObjectContextDidSave`.
    public static let NSManagedObjectContextDidSave = Notification.Name("NSManagedObjectContextDidSaveNotification")
    /// Posted by a context before a save. Mirrors `NSManagedObjectContextWillSave`.
    public static let NSManagedObjectContextWillSave = Notification.Name("NSManagingContextWillSaveChangesNotification")
    /// Posted by a context when its objects changed, at the end of an event (``NSManagedObjectContext/processPendingChanges()``,
    /// a save, a merge, a `perform` block), with the objects under ``NSInsertedObjectsKey``, ``NSUpdatedObjectsKey``,
    /// ``NSDeletedObjectsKey``, ``NSRefreshedObjectsKey`` and ``NSInvalidatedObjectsKey``, or
    /// ``NSInvalidatedAllObjectsKey`` after a reset. Mirrors `NSManagedObjectContextObjectsDidChange`.
    public static let NSManagedObjectContextObjectsDidChange = Notification.Name(
        "NSObjectsChangedInManagingContextNotification")
}

extension NSManagedObjectContext {
    /// Mirrors `NSManagedObjectContext.didSaveObjectsNotification` (the same notification as
    /// `.NSManagedObjectContextDidSave`).
    public static let didSaveObjectsNotification = Notification.Name.NSManagedObjectContextDidSave
    /// Mirrors `NSManagedObjectContext.didChangeObjectsNotification`.
    public static let didChangeObjectsNotification = Notification.Name.NSManagedObjectContextObjectsDidChange
    /// Mirrors `NSManagedObjectContext.willSaveObjectsNotification`.
    public static let willSaveObjectsNotification = Notification.Name.NSManagedObjectContextWillSave
}

/// Mirrors Core Data's `NSInsertedObjectsKey`.
public let NSInsertedObjectsKey = "inserted"
/// Mirrors Core Data's `NSUpdatedObjectsKey`.
public let NSUpdatedObjectsKey = "updated"
/// Mirrors Core Data's `NSDeletedObjectsKey`.
public let NSDeletedObjectsKey = "deleted"
/// Mirrors Core Data's `NSRefreshedObjectsKey`.
public let NSRefreshedObjectsKey = "refreshed"
/// Mirrors Core Data's `NSInvalidatedObjectsKey`.
public let NSInvalidatedObjectsKey = "invalidated"
/// Mirrors Core Data's `NSInvalidatedAllObjectsKey`.
public let NSInvalidatedAllObjectsKey = "invalidatedAll"

extension NSManagedObjectContext {
    /// Posts `ObjectsDidChange` for what changed since the last time, if anything did.
    func postObjectsDidChange(refreshed: Set<NSManagedObject> = [], invalidated: Set<NSManagedObject> = []) {
        let inserted = Set(eventInserted.values.filter { $0.context === self })
        let updated = Set(eventUpdated.values.filter { $0.context === self && !$0.isDeletedInContext })
        let deleted = Set(eventDeleted.values)
        eventInserted = [:]
        eventUpdated = [:]
        eventDeleted = [:]
        guard !inserted.isEmpty || !updated.isEmpty || !deleted.isEmpty || !refreshed.isEmpty || !invalidated.isEmpty
        else { return }
        var userInfo: [AnyHashable: Any] = [:]
        if !inserted.isEmpty { userInfo[NSInsertedObjectsKey] = inserted }
        if !updated.isEmpty { userInfo[NSUpdatedObjectsKey] = updated }
        if !deleted.isEmpty { userInfo[NSDeletedObjectsKey] = deleted }
        if !refreshed.isEmpty { userInfo[NSRefreshedObjectsKey] = refreshed }
        if !invalidated.isEmpty { userInfo[NSInvalidatedObjectsKey] = invalidated }
        NotificationCenter.default.post(name: .NSManagedObjectContextObjectsDidChange, object: self, userInfo: userInfo)
    }
}
