import Foundation
import SQLStore

extension NSManagedObjectContext {
    /// Writes the context's inserts, changes and deletions: to the store in one transaction (`BEGIN IMMEDIATE …
    /// COMMIT`: the deletions, the changed columns of each updated row, the new rows, their relationships), or —
    /// for a context with a ``parent`` — into the parent context. Runs `willSave()`, validates every object first
    /// (`validateForInsert()`, `validateForUpdate()`, `validateForDelete()`), gives inserted objects their
    /// permanent IDs, runs `didSave()` and posts `NSManagedObjectContextDidSave`. Nothing happens without changes.
    /// Mirrors `save()`.
    ///
    /// - Throws: the validation errors (one, or ``CoreDataError/multipleValidationErrors(_:)``);
    ///   ``CoreDataError/constraintConflict(entityName:keys:values:)`` under the error merge policy;
    ///   ``CoreDataError/storeFailed(_:)``; ``CoreDataError/noPersistentStore``. A failed save writes nothing and
    ///   leaves the context's objects as they were.
    public func save() throws {
        processPendingChanges()
        guard hasChanges else { return }
        NotificationCenter.default.post(name: .NSManagedObjectContextWillSave, object: self)
        for object in orderedRegisteredObjects where object.hasChanges { object.willSave() }
        processPendingChanges()
        let objects = orderedRegisteredObjects
        var inserted = objects.filter { $0.isInsertedInContext && !$0.isDeletedInContext }
        var deleted = objects.filter { $0.isDeletedInContext && !$0.isInsertedInContext }
        var updated = objects.filter(\.isUpdated)
        try validate(inserted: inserted, updated: updated, deleted: deleted)

        if let parent {
            try saveIntoParent(parent, inserted: inserted, updated: updated, deleted: deleted)
            for object in inserted + updated { object.didCommit(permanentID: nil) }
        } else {
            let store = try requireStore()
            if store.isReadOnly { throw CoreDataError.storeFailed("the store is read-only") }
            let policy = NSMergePolicy.from(mergePolicy)
            if policy.storeWins { inserted = try adoptStoredRows(inserted, store: store) }
            var rounds = 0
            while let conflicts = try write(
                inserted: inserted, updated: updated, deleted: deleted, to: store, upserts: policy.objectWins)
            {
                // Another writer may change the rows again between two rounds; give up rather than loop forever.
                rounds += 1
                if rounds > Self.lockingConflictRounds { throw CoreDataError.mergeConflict(conflicts) }
                try policy.resolve(optimisticLockingConflicts: conflicts)
                // The policy refreshed the conflicting objects, or let go of those whose rows are gone.
                let objects = orderedRegisteredObjects
                inserted = objects.filter { $0.isInsertedInContext && !$0.isDeletedInContext }
                deleted = objects.filter { $0.isDeletedInContext && !$0.isInsertedInContext }
                updated = objects.filter(\.isUpdated)
            }
        }
        for object in deleted {
            unregister(object)
            object.context = nil
            object.isDeletedInContext = false
        }
        for object in inserted + updated + deleted { object.didSave() }

        let notification = Notification(
            name: .NSManagedObjectContextDidSave, object: self,
            userInfo: [
                NSInsertedObjectsKey: Set(inserted), NSUpdatedObjectsKey: Set(updated),
                NSDeletedObjectsKey: Set(deleted),
            ]
        )
        NotificationCenter.default.post(notification)
        if let parent {
            for sibling in parent.childContexts where sibling !== self && sibling.automaticallyMergesChangesFromParent {
                sibling.perform { sibling.mergeChanges(fromContextDidSave: notification) }
            }
        } else {
            persistentStoreCoordinator?.contextDidSave(self, notification: notification)
        }
        for child in childContexts where child.automaticallyMergesChangesFromParent {
            child.perform { child.mergeChanges(fromContextDidSave: notification) }
        }
    }

    private func validate(inserted: [NSManagedObject], updated: [NSManagedObject], deleted: [NSManagedObject]) throws {
        var problems: [CoreDataError] = []
        func check(_ body: () throws -> Void) {
            do {
                try body()
            } catch CoreDataError.multipleValidationErrors(let errors) {
                problems += errors
            } catch let error as CoreDataError {
                problems.append(error)
            } catch {
                problems.append(.validation(entityName: "?", key: nil, problem: .predicateFailed("\(error)")))
            }
        }
        for object in inserted { check(object.validateForInsert) }
        for object in updated { check(object.validateForUpdate) }
        for object in deleted { check(object.validateForDelete) }
        if problems.count == 1 { throw problems[0] }
        if problems.count > 1 { throw CoreDataError.multipleValidationErrors(problems) }
    }

    // MARK: Into the store

    private func table(of object: NSManagedObject, in store: NSPersistentStore) throws -> EntityTable {
        guard let table = store.engine.mapping.table(named: object.entity.name ?? "") else {
            throw CoreDataError.unsupportedRequest("the store has no table for the entity \(object.entity.name ?? "?")")
        }
        return table
    }

    /// How many times a save resolves optimistic-locking conflicts and writes again before it throws them.
    static let lockingConflictRounds = 8

    /// Every column's value of `object`, in the table's order (foreign keys NULL: references set them; the row
    /// version 1, a new row's).
    private func columnValues(_ object: NSManagedObject, _ table: EntityTable) -> [StoredValue] {
        table.columns.map { column in
            if column.name == StoreSchemaBuilder.versionColumn { return .integer(1) }
            guard let attribute = column.attribute, let description = object.entity.attributesByName[attribute.name]
            else { return .null }
            return AttributeStorage.storedValue(object.values[attribute.name], for: description)
        }
    }

    /// Writes the changes in one transaction. Each update and delete carries the version its object was read with
    /// (`… AND "Z_OPT" = ?`); when a row no longer holds it, nothing is written and the conflicts come back (the
    /// objects are untouched) for the merge policy.
    private func write(
        inserted: [NSManagedObject], updated: [NSManagedObject], deleted: [NSManagedObject],
        to store: NSPersistentStore, upserts: Bool
    ) throws -> [NSMergeConflict]? {
        let mapping = store.engine.mapping
        var request = SaveRequest()
        request.upserts = upserts
        var insertIndex: [ObjectIdentifier: Int] = [:]
        func rowKey(_ object: NSManagedObject) -> SaveRequest.RowKey? {
            if let index = insertIndex[ObjectIdentifier(object)] { return .inserted(index) }
            guard let key = object.objectID.primaryKey, object.objectID.storeIdentifier == store.identifier else {
                return nil
            }
            return .stored(key)
        }
        for object in inserted {
            let table = try table(of: object, in: store)
            insertIndex[ObjectIdentifier(object)] = request.inserts.count
            var insert = SaveRequest.Insert(table: table, values: columnValues(object, table))
            insert.versionColumn = table.column(named: StoreSchemaBuilder.versionColumn)?.index
            request.inserts.append(insert)
        }
        func relationships(
            of object: NSManagedObject, owner: SaveRequest.RowKey, table: EntityTable, changed: Set<String>?
        ) {
            for column in table.columns {
                guard case .reference(let relationship) = column.kind, changed?.contains(relationship.name) ?? true
                else { continue }
                let target = (object.values[relationship.name] as? NSManagedObject).flatMap(rowKey)
                if changed == nil && target == nil { continue }
                request.references.append(
                    SaveRequest.Reference(table: table, column: column.index, owner: owner, target: target))
            }
            for (_, relationship) in mapping.relationships(of: table) where relationship.usesJoinTable {
                let name = relationship.relationship.name
                guard changed?.contains(name) ?? true else { continue }
                let targets = object.toManyObjects(name).compactMap(rowKey).enumerated().map {
                    (key: $0.element, order: $0.offset)
                }
                if changed == nil && targets.isEmpty { continue }
                request.joinRows.append(
                    SaveRequest.JoinRows(relationship: relationship, owner: owner, targets: targets))
            }
        }
        for object in inserted {
            guard let index = insertIndex[ObjectIdentifier(object)] else { continue }
            relationships(of: object, owner: .inserted(index), table: try table(of: object, in: store), changed: nil)
        }
        func version(_ object: NSManagedObject, _ table: EntityTable) -> SaveRequest.RowVersion? {
            table.column(named: StoreSchemaBuilder.versionColumn).map {
                SaveRequest.RowVersion(column: $0.index, expected: object.storedVersion)
            }
        }
        var updatedObjects: [NSManagedObject] = []
        for object in updated {
            guard let key = object.objectID.primaryKey else { continue }
            let table = try table(of: object, in: store)
            let changed = Set(object.changedKeys(includingTransient: false))
            let columns = table.columns.filter { $0.attribute != nil && changed.contains($0.name) }.map(\.index)
            let version = version(object, table)
            // A change of relationships only raises the version too, as in Core Data.
            if !columns.isEmpty || version != nil {
                var update = SaveRequest.Update(
                    table: table, key: key, columns: columns, values: columnValues(object, table))
                update.version = version
                request.updates.append(update)
                updatedObjects.append(object)
            }
            relationships(of: object, owner: .stored(key), table: table, changed: changed)
        }
        var deletedObjects: [NSManagedObject] = []
        for object in deleted {
            guard let key = object.objectID.primaryKey else { continue }
            let table = try table(of: object, in: store)
            var delete = SaveRequest.Delete(table: table, key: key)
            delete.version = version(object, table)
            request.deletes.append(delete)
            deletedObjects.append(object)
        }
        let result: SaveResult
        do {
            result = try store.engine.save(request)
        } catch {
            throw Self.coreDataError(error)
        }
        if !result.versionConflicts.isEmpty {
            return try result.versionConflicts.map { conflict in
                switch conflict {
                case .update(let index): try lockingConflict(updatedObjects[index], store: store)
                case .delete(let index): try lockingConflict(deletedObjects[index], store: store)
                }
            }
        }
        for object in inserted {
            guard let index = insertIndex[ObjectIdentifier(object)], result.insertedKeys.indices.contains(index) else {
                continue
            }
            let permanent = NSManagedObjectID.permanent(
                for: object.entity, storeIdentifier: store.identifier, primaryKey: result.insertedKeys[index])
            unregister(object)
            if let other = registeredObject(for: permanent), other !== object {
                // The insert met this stored row (a merge policy in which the object wins): the object is the row now.
                unregister(other)
                other.context = nil
            }
            object.didCommit(permanentID: permanent)
            // A new row's version is 1; a stored row the insert met and updated has had its own raised.
            object.storedVersion =
                store.engine.mapping.table(named: object.entity.name ?? "")?.column(
                    named: StoreSchemaBuilder.versionColumn) == nil ? nil : result.upsertedVersions[index] ?? 1
            register(object)
        }
        for (index, object) in updatedObjects.enumerated() {
            object.storedVersion = request.updates[index].version?.expected.map { $0 + 1 }
        }
        for object in updated { object.didCommit(permanentID: nil) }
        return nil
    }

    /// The conflict of `object`, whose row no longer holds the version the object was read with: the row as the
    /// store has it now (nil and version 0 when it is gone), read without touching the object.
    private func lockingConflict(_ object: NSManagedObject, store: NSPersistentStore) throws -> NSMergeConflict {
        let table = try table(of: object, in: store)
        var persisted: [String: Any]?
        var newVersion = 0
        if let key = object.objectID.primaryKey,
            let row = try storeCall({
                try ObjectLoader.rows(FetchRequest(table: table, rows: .keys([key])), from: store)
            }).first?.row
        {
            var values: [String: Any] = [:]
            for column in table.columns where row.indices.contains(column.index) {
                switch column.kind {
                case .attribute(let attribute):
                    if attribute.name == StoreSchemaBuilder.versionColumn,
                        case .integer(let version) = row[column.index]
                    {
                        newVersion = Int(version)
                    } else if let description = object.entity.attributesByName[attribute.name] {
                        values[attribute.name] = AttributeStorage.value(row[column.index], for: description)
                    }
                case .reference(let relationship):
                    guard case .integer(let target) = row[column.index],
                        let destination = object.entity.relationshipsByName[relationship.name]?.destinationEntity
                    else { continue }
                    values[relationship.name] = NSManagedObjectID.permanent(
                        for: destination, storeIdentifier: store.identifier, primaryKey: target)
                }
            }
            var snapshot = NSMergeConflict.snapshot(values, of: object.entity)
            for (name, value) in values where value is NSManagedObjectID { snapshot[name] = value }
            persisted = snapshot
        }
        let oldVersion = Int(object.storedVersion ?? 0)
        let cached = NSMergeConflict.snapshot(object.committed ?? [:], of: object.entity)
        return NSMergeConflict(
            source: object, newVersion: newVersion, oldVersion: oldVersion, cachedSnapshot: cached,
            persistedSnapshot: persisted)
    }

    /// The store layer's save error as Core Data's.
    static func coreDataError(_ error: SaveError) -> CoreDataError {
        switch error {
        case .uniqueConflict(let entity, let columns, let values):
            return .constraintConflict(entityName: entity, keys: columns, values: values.map(\.description))
        case .store(let error):
            return .storeFailed(error.description)
        case .inconsistent(let message):
            return .storeFailed(message)
        }
    }

    /// Under a merge policy in which the store wins: each inserted object whose uniqueness-constrained values a
    /// stored row has becomes that row, with the store's values (or leaves the context when the context has the
    /// row's object already). Returns the inserts left.
    private func adoptStoredRows(_ inserted: [NSManagedObject], store: NSPersistentStore) throws -> [NSManagedObject] {
        var remaining: [NSManagedObject] = []
        for object in inserted {
            let table = try table(of: object, in: store)
            let values = columnValues(object, table)
            var storedKey: Int64?
            for (index, group) in table.uniqueGroups.enumerated() {
                let groupValues = group.map { values[$0] }
                guard !groupValues.contains(where: \.isNull) else { continue }
                let keys = try storeCall {
                    try store.engine.fetchKeys(
                        FetchRequest(table: table, rows: .unique(group: index, values: groupValues)))
                }
                if let key = keys.first {
                    storedKey = key
                    break
                }
            }
            guard let storedKey else {
                remaining.append(object)
                continue
            }
            let permanent = NSManagedObjectID.permanent(
                for: object.entity, storeIdentifier: store.identifier, primaryKey: storedKey)
            unregister(object)
            object.isInsertedInContext = false
            if registeredObject(for: permanent) != nil {
                object.context = nil
                continue
            }
            object.storedObjectID = permanent
            register(object)
            let loader = ObjectLoader(
                context: self, store: store,
                model: store.persistentStoreCoordinator?.managedObjectModel ?? NSManagedObjectModel())
            _ = loader.object(table, key: storedKey, row: nil, refresh: true)
            try storeCall { try loader.finish() }
        }
        return remaining
    }

    // MARK: Into the parent

    private func saveIntoParent(
        _ parent: NSManagedObjectContext, inserted: [NSManagedObject], updated: [NSManagedObject],
        deleted: [NSManagedObject]
    ) throws {
        try parent.performAndWait {
            for object in inserted where parent.registeredObject(for: object.objectID) == nil {
                let copy = ManagedObjectClassRegistry.objectClass(for: object.entity).init(
                    entity: object.entity, insertInto: nil)
                copy.storedObjectID = object.objectID
                copy.values = [:]
                copy.context = parent
                copy.didAwakeFromInsert = true
                copy.isInsertedInContext = true
                parent.register(copy)
                parent.eventInserted[ObjectIdentifier(copy)] = copy
            }
            func counterpart(_ object: NSManagedObject) throws -> NSManagedObject {
                try parent.materializedObject(for: object.objectID) ?? parent.importObject(object)
            }
            func mapped(_ value: Any) throws -> Any {
                if let object = value as? NSManagedObject { return try counterpart(object) }
                if let objects = value as? [NSManagedObject] { return try objects.map(counterpart) }
                return value
            }
            for object in updated + inserted {
                let target = try counterpart(object)
                let keys =
                    object.isInsertedInContext
                    ? object.entity.properties.map(\.name) : object.changedKeys(includingTransient: true)
                for key in keys {
                    target.values[key] = try object.values[key].map(mapped)
                }
                parent.objectDidChange(target)
            }
            for object in deleted {
                parent.delete(try counterpart(object))
            }
            parent.processPendingChanges()
        }
    }

    // MARK: Undoing and refreshing

    /// Throws away every unsaved change: inserted objects leave the context, deleted ones come back, changed ones
    /// get their last saved values; the undo manager's history is emptied. Mirrors `rollback()`.
    public func rollback() {
        for object in orderedRegisteredObjects {
            if object.isInsertedInContext {
                unregister(object)
                object.context = nil
                object.isInsertedInContext = false
                object.isDeletedInContext = false
            } else if object.isDeletedInContext || object.hasChanges
                || !object.changedKeys(includingTransient: true).isEmpty
            {
                object.isDeletedInContext = false
                object.revertToCommittedValues()
            }
        }
        pendingDeletions = []
        eventInserted = [:]
        eventUpdated = [:]
        eventDeleted = [:]
        undoManager?.removeAllActions()
    }

    /// Lets every object go (they leave the context; unsaved changes are lost) and empties the undo manager's
    /// history. Mirrors `reset()`.
    public func reset() {
        undoManager?.removeAllActions()
        unregisterAll()
        NotificationCenter.default.post(
            name: .NSManagedObjectContextObjectsDidChange, object: self, userInfo: [NSInvalidatedAllObjectsKey: true])
    }

    /// Reads `object`'s values again from the store (or the parent). With `mergeChanges`, its unsaved changes are
    /// kept on top; without, they are lost. An object whose row is gone leaves the context. Inserted objects are
    /// left alone. Mirrors `refresh(_:mergeChanges:)`.
    public func refresh(_ object: NSManagedObject, mergeChanges flag: Bool) {
        guard object.context === self, !object.isInsertedInContext else { return }
        let local = flag ? object.changedKeys(includingTransient: true).map { ($0, object.values[$0]) } : []
        let wasDeleted = flag && object.isDeletedInContext
        if let parent {
            let fresh: (values: [String: Any], version: Int64?)? = parent.performAndWait {
                (try? parent.materializedObject(for: object.objectID)).map {
                    (importedValues($0.values), $0.storedVersion)
                }
            }
            guard let fresh else {
                unregister(object)
                object.context = nil
                return
            }
            object.didFetch(objectID: object.objectID, values: fresh.values, into: self)
            object.storedVersion = fresh.version
        } else {
            guard let store = try? requireStore(), let key = object.objectID.primaryKey,
                let table = store.engine.mapping.table(named: object.entity.name ?? "")
            else { return }
            let loader = ObjectLoader(
                context: self, store: store,
                model: store.persistentStoreCoordinator?.managedObjectModel ?? NSManagedObjectModel())
            _ = loader.object(table, key: key, row: nil, refresh: true)
            do {
                try loader.finish()
            } catch {
                reportToStandardError("OpenCoreData: refreshing \(object.objectID) failed: \(error)")
            }
        }
        guard object.context === self else { return }
        for (key, value) in local { object.values[key] = value }
        if wasDeleted { object.isDeletedInContext = true }
    }

    /// Refreshes every registered object, keeping unsaved changes. Mirrors `refreshAllObjects()`.
    public func refreshAllObjects() {
        for object in orderedRegisteredObjects { refresh(object, mergeChanges: true) }
    }
}
