import Foundation

extension ModelContext {
    /// Deletes every `T` matching `predicate` (all of them when nil) at the next save. Mirrors SwiftData's
    /// `delete(model:where:includeSubclasses:)`.
    ///
    /// Like ``delete(_:)``, it is a pending change of the context. From the call on, fetches in this context (with
    /// pending changes included) no longer return the matching rows, and their registered instances are marked
    /// deleted (``PersistentModel/isDeleted`` is true); unsaved inserted `T`s that match are dropped, and models
    /// inserted after the call are not affected. Nothing is written until ``save()``, which runs one
    /// `DELETE FROM <table> WHERE <predicate> RETURNING "Z_PK"` (without a predicate, `DELETE FROM <table>`) in its
    /// transaction, before its other changes: the rows whose stored values match then are deleted, and a failed save
    /// or ``transaction(block:)`` leaves every one of them. ``rollback()`` cancels it. With an ``undoManager`` it is
    /// one undoable change: before the save, undo cancels it; after, undo inserts the deleted models again (as new
    /// rows, which the next save stores) — so that it can, the call then reads the matching rows as models.
    ///
    /// Being a statement on rows, it applies no delete rule: join-table rows go with the deleted rows, and references
    /// to them read as nil after the save; delete models one by one with ``delete(_:)`` for `.cascade` and `.deny`.
    ///
    /// SQL at the call: `SELECT "Z_PK" FROM <table> WHERE <predicate>`, to know which rows fetches leave out (none
    /// without a predicate; every column with an undo manager).
    /// - Throws: ``SwiftDataError/unsupportedPredicate(_:)`` when the predicate cannot be translated (nothing is
    ///   deleted then); store errors.
    public func delete<T: PersistentModel>(
        model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true
    ) throws(SwiftDataError) {
        guard container.configurations.first?.allowsSave ?? true else {
            throw .writeNotAllowed(
                "delete(model: \(T.self).self, where:) was refused: the container's configuration does not allow saving (allowsSave is false)"
            )
        }
        let table = try store.table(for: T.self)
        let plan = try FetchPlan(
            table: table, schema: store.mapping, descriptor: FetchDescriptor(predicate: predicate),
            inMemoryFallback: evaluatesUnsupportedPredicatesInMemory, includeSubclasses: includeSubclasses
        )
        // In a hierarchy's table the rows are chosen by their entity column too (only exactly T's without
        // subclasses), so the rows it deletes are always known by key.
        let inHierarchy = table.entityColumnIndex != nil
        var droppedInserts: [T] = []
        for inserted in insertedModels.models(of: T.self) where includeSubclasses || Swift.type(of: inserted) == T.self
        {
            if try predicate.map({ p throws(SwiftDataError) in try Self.evaluate(p, on: inserted) }) ?? true {
                droppedInserts.append(inserted)
            }
        }
        let recordsUndo = undoManager?.isUndoRegistrationEnabled ?? false
        var stored = FetchDescriptor<T>(predicate: predicate)
        stored.includePendingChanges = false
        let delete: SaveRequest.BatchDelete
        let matchedRowIDs: [Int64]?
        let candidates: [T]
        if predicate == nil && !recordsUndo && !inHierarchy {
            matchedRowIDs = nil
            candidates = registeredInstances(T.self)
        } else if inHierarchy && !recordsUndo && !plan.filtersInMemory {
            let keys = try store.fetchKeys(plan.query.request(keysOnly: true), from: .current)
            matchedRowIDs = keys
            candidates = keys.compactMap { registeredInstance(T.self, rowID: $0) }
        } else if !recordsUndo && !plan.filtersInMemory, let keys = try fetchRowIDs(stored) {
            matchedRowIDs = keys
            candidates = keys.compactMap { registeredInstance(T.self, rowID: $0) }
        } else {
            // Read as models, so that undo after the save can insert every one of them again.
            candidates = try fetch(stored).filter { includeSubclasses || Swift.type(of: $0) == T.self }
            matchedRowIDs = predicate == nil && !inHierarchy ? nil : candidates.map { $0._$persistentState.rowID }
        }
        if predicate == nil || !plan.filtersInMemory {
            delete = plan.query.batchDelete
        } else {
            delete = SaveRequest.BatchDelete(table: table, rows: .keys(matchedRowIDs ?? []))
        }
        // A model already deleted one by one stays so (its delete rules still apply at the save).
        let instances = candidates.filter { $0._$persistentState.status == .registered }
        for instance in instances {
            instance._$persistentState.status = .deleted
            changedModels.remove(instance)
        }
        for inserted in droppedInserts {
            insertedModels.remove(inserted)
            inserted._$persistentState.markRemoved()
        }
        let deletion = BatchDeletion(
            modelType: T.self, table: table, delete: delete, matchedRowIDs: matchedRowIDs.map(Set.init),
            instances: instances, droppedInserts: droppedInserts
        )
        batchDeletions.append(deletion)
        didChange()
        registerUndo { context in
            context.undoBatchDeletion(deletion) { context in
                try? context.delete(model: T.self, where: predicate, includeSubclasses: includeSubclasses)
            }
        }
    }

    /// Undoes `deletion`: before the save, it is cancelled; after, the models it deleted are inserted again. Redo runs
    /// it again.
    private func undoBatchDeletion(_ deletion: BatchDeletion, redo: @escaping (ModelContext) -> Void) {
        if let index = batchDeletions.firstIndex(where: { $0 === deletion }) {
            batchDeletions.remove(at: index)
            restoreInstances(of: deletion)
            withoutRecordingUndo {
                for model in deletion.droppedInserts where model._$persistentState.status == .removed { insert(model) }
            }
        } else {
            withoutRecordingUndo {
                for model in deletion.instances + deletion.droppedInserts
                where model._$persistentState.status == .removed {
                    insert(model)
                }
            }
        }
        didChange()
        registerUndo(redo)
    }

    /// The instances `deletion` marked deleted are registered again (rollback, undo).
    func restoreInstances(of deletion: BatchDeletion) {
        for instance in deletion.instances
        where instance._$persistentState.status == .deleted && !deletedModels.contains(instance) {
            instance._$persistentState.status = .registered
            if instance._$persistentState.hasChanges { changedModels.insert(instance) }
        }
    }

    private func withoutRecordingUndo(_ body: () -> Void) {
        guard let undoManager, undoManager.isUndoRegistrationEnabled else { return body() }
        undoManager.disableUndoRegistration()
        defer { undoManager.enableUndoRegistration() }
        body()
    }

    /// The pending batch deletions of `T`, whose stored rows fetches leave out; nil when there are none.
    func batchDeletions<T: PersistentModel>(of type: T.Type) -> [BatchDeletion]? {
        guard !batchDeletions.isEmpty else { return nil }
        // In a hierarchy, a deletion of any class of the table hides the rows it matched (it chose them by key).
        let table = store.mapping.hasInheritance ? try? store.table(for: T.self) : nil
        let deletions = batchDeletions.filter { $0.modelType == T.self || (table != nil && $0.table === table) }
        return deletions.isEmpty ? nil : deletions
    }

    // MARK: At the save

    /// After the save committed: the models whose rows the batch deletions removed leave the context. Returns them,
    /// and the identifiers of every row deleted.
    func finishBatchDeletions(_ results: [[Int64]?]) -> (
        removed: [any PersistentModel], identifiers: [PersistentIdentifier]
    ) {
        var removed: [any PersistentModel] = []
        var identifiers: [PersistentIdentifier] = []
        for (deletion, deletedKeys) in zip(batchDeletions, results) {
            let keys = deletedKeys.map(Set.init)
            var removedKeys = Set<Int64>()
            func remove(_ model: any PersistentModel) {
                removedKeys.insert(model._$persistentState.rowID)
                identifiers.append(model.persistentModelID)
                unregister(model)
                model._$persistentState.markRemoved()
                removed.append(model)
            }
            for instance in deletion.instances
            where instance._$persistentState.status == .deleted && !deletedModels.contains(instance) {
                if keys?.contains(instance._$persistentState.rowID) ?? true {
                    remove(instance)
                } else {
                    // Its row no longer matched when the save ran (changed elsewhere): it stays.
                    instance._$persistentState.status = .registered
                }
            }
            // Rows that matched at the save and were read since the call.
            let others =
                keys.map { $0.compactMap { registeredInstance(of: deletion.modelType, rowID: $0) } }
                ?? registeredInstances(of: deletion.modelType)
            for model in others where model._$persistentState.status == .registered { remove(model) }
            for key in deletedKeys ?? [] where !removedKeys.contains(key) {
                identifiers.append(
                    .permanent(entityName: deletion.modelType.entityName, storeIdentifier: store.identifier, rowID: key)
                )
            }
        }
        batchDeletions.removeAll()
        return (removed, identifiers)
    }
}
