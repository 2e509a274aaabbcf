import Foundation

extension NSManagedObjectContext {
    /// Brings the objects another context saved up to date here: registered objects it updated are refreshed
    /// (keeping this context's unsaved changes), those it deleted leave the context; new ones are found by the
    /// next fetch. Posts `ObjectsDidChange`. Call it on this context's queue. Mirrors
    /// `mergeChanges(fromContextDidSave:)`.
    public func mergeChanges(fromContextDidSave notification: Notification) {
        let info = notification.userInfo ?? [:]
        mergeChanges(
            updated: Self.objectIDs(info[NSUpdatedObjectsKey], coordinator: persistentStoreCoordinator)
                + Self.objectIDs(info[NSInsertedObjectsKey], coordinator: persistentStoreCoordinator),
            deleted: Self.objectIDs(info[NSDeletedObjectsKey], coordinator: persistentStoreCoordinator)
        )
    }

    /// Merges changes made outside these contexts — by a batch request, another coordinator or another process —
    /// into each of `contexts` (on its queue): `changeNotificationData` holds `NSManagedObjectID`s or their URIs
    /// under ``NSInsertedObjectsKey``, ``NSUpdatedObjectsKey`` and ``NSDeletedObjectsKey``. After emptying a
    /// table with `NSBatchDeleteRequest`, this is what makes every context show it empty. Mirrors
    /// `mergeChanges(fromRemoteContextSave:into:)`.
    public class func mergeChanges(
        fromRemoteContextSave changeNotificationData: [AnyHashable: Any], into contexts: [NSManagedObjectContext]
    ) {
        for context in contexts {
            context.performAndWait {
                let coordinator = context.persistentStoreCoordinator
                context.mergeChanges(
                    updated: objectIDs(changeNotificationData[NSUpdatedObjectsKey], coordinator: coordinator)
                        + objectIDs(changeNotificationData[NSInsertedObjectsKey], coordinator: coordinator),
                    deleted: objectIDs(changeNotificationData[NSDeletedObjectsKey], coordinator: coordinator)
                )
            }
        }
    }

    func mergeChanges(updated: [NSManagedObjectID], deleted: [NSManagedObjectID]) {
        var refreshed = Set<NSManagedObject>()
        for objectID in deleted {
            guard let object = registeredObject(for: objectID) else { continue }
            unregister(object)
            object.context = nil
            object.isDeletedInContext = false
            eventDeleted[ObjectIdentifier(object)] = object
        }
        for objectID in updated {
            guard let object = registeredObject(for: objectID) else { continue }
            refresh(object, mergeChanges: true)
            if object.context === self { refreshed.insert(object) }
        }
        postObjectsDidChange(refreshed: refreshed)
    }

    /// Resolves an optimistic-locking conflict of one of this context's objects by `type` (not the error policy):
    /// the object is read again from the store (its remembered version becomes the store's), then its own changes
    /// go back on top as the policy says. An object whose row the store deleted leaves the context under every
    /// policy (its change is dropped; the row is not made again).
    func resolveLockingConflict(_ conflict: NSMergeConflict, by type: NSMergePolicyType) {
        let object = conflict.sourceObject
        guard object.context === self else { return }
        guard conflict.persistedSnapshot != nil else {
            unregister(object)
            object.context = nil
            object.isDeletedInContext = false
            eventDeleted[ObjectIdentifier(object)] = object
            return
        }
        let wasDeleted = object.isDeletedInContext
        let ancestor = object.committed ?? [:]
        let mine = object.values
        let changed = object.changedKeys(includingTransient: false)
        refresh(object, mergeChanges: false)
        guard object.context === self else { return }
        let stored = object.committed ?? [:]
        switch type {
        case .errorMergePolicyType, .rollbackMergePolicyType:
            return
        case .mergeByPropertyObjectTrumpMergePolicyType:
            for key in changed { object.values[key] = mine[key] }
        case .mergeByPropertyStoreTrumpMergePolicyType:
            for key in changed where ManagedValue.isEqual(ancestor[key], stored[key]) { object.values[key] = mine[key] }
        case .overwriteMergePolicyType:
            for property in object.entity.properties where !property.isTransient {
                object.values[property.name] = mine[property.name]
            }
        }
        if wasDeleted { object.isDeletedInContext = true }
    }

    /// The object IDs in a notification's value: a collection of objects, IDs or ID URIs.
    static func objectIDs(_ value: Any?, coordinator: NSPersistentStoreCoordinator?) -> [NSManagedObjectID] {
        guard let value, let elements = KeyValueCoding.elements(of: value) else { return [] }
        return elements.compactMap { element in
            if let object = element as? NSManagedObject { return object.objectID }
            if let objectID = element as? NSManagedObjectID { return objectID }
            if let url = element as? URL { return coordinator?.managedObjectID(forURIRepresentation: url) }
            return nil
        }
    }
}

extension NSPersistentStoreCoordinator {
    /// The ID an object ID's URI (`x-coredata://<store>/<Entity>/p<key>`) names; nil for a temporary ID's URI, or
    /// one of another store or an unknown entity. Mirrors `managedObjectID(forURIRepresentation:)`.
    public func managedObjectID(forURIRepresentation url: URL) -> NSManagedObjectID? {
        guard url.scheme == "x-coredata", let host = url.host, !host.isEmpty else { return nil }
        let parts = url.path.split(separator: "/").map(String.init)
        guard parts.count == 2, parts[1].hasPrefix("p"), let key = Int64(parts[1].dropFirst()),
            let entity = managedObjectModel.entitiesByName[parts[0]],
            persistentStores.contains(where: { $0.identifier == host })
        else { return nil }
        return .permanent(for: entity, storeIdentifier: host, primaryKey: key)
    }
}
