import Foundation

extension ModelContext {
    /// Writes every pending insert, change and delete to the store in one transaction. Mirrors SwiftData's `save()`.
    ///
    /// SQL run, inside `BEGIN IMMEDIATE … COMMIT`: the `DELETE` of each pending `delete(model:where:)` (one
    /// statement each), one `DELETE` per deleted model, one `UPDATE` of the changed
    /// columns only per changed model (so two contexts changing different properties of one row both keep their
    /// change), one `INSERT … ON CONFLICT DO UPDATE` per inserted model (its key: `sqlite3_last_insert_rowid`, or a lookup by its
    /// unique values when it met an existing row).
    ///
    /// Unique constraints follow SwiftData: an inserted model whose unique value(s) — of an `@Attribute(.unique)`
    /// property or of any `#Unique` group — match an existing row updates that row (an upsert) and takes its
    /// identifier. Two pending inserts with the same unique value collapse the same way, in insertion order, so the
    /// last one inserted wins. After the save the inserted model is the context's instance for that row; an instance
    /// that represented the row before is given the saved values and leaves the context (its `modelContext` is nil).
    ///
    /// After the save, a deleted model is gone from the context: its `modelContext` is nil, ``PersistentModel/isDeleted``
    /// false, and every registered model that referred to it no longer does — an optional to-one reads nil, a
    /// to-many no longer lists it, whatever the delete rule (the store's triggers already cleared those references).
    ///
    /// If anything fails, the transaction is rolled back and the context is left exactly as before the call.
    /// - Throws: ``SwiftDataError/saveNotAllowed`` when the configuration forbids saving;
    ///   ``SwiftDataError/uniqueConstraintViolation(entityName:attributes:values:)`` when a changed (not inserted)
    ///   model takes a unique value another row has; ``SwiftDataError/storeFailed(_:)`` for other store errors.
    public func save() throws(SwiftDataError) {
        processPendingChanges()
        guard hasChanges else { return }
        guard container.configurations.first?.allowsSave ?? true else { throw .saveNotAllowed }
        // Delete rules first: cascades add deletions, nullify changes the other sides.
        let deleted = try applyDeleteRules(to: deletedModels.models).filter { $0._$persistentState.status == .deleted }
        let changed = changedModels.models.filter { $0._$persistentState.status == .registered }
        let inserted = insertedModels.models
        try validateRelationshipCounts(changed + inserted)
        let storeIdentifier = store.identifier
        let upserts = container.configurations.first?.uniquenessConflictPolicy != .throwError
        postWillSave()
        let deletedIdentifiers = deleted.map(\.persistentModelID)

        var changes: Changes
        do {
            changes = try saveRequest(deleted: deleted, changed: changed, inserted: inserted, upserts: upserts)
        } catch {
            throw .wrapping(error, url: store.url)
        }
        changes.request.author = author
        changes.request.contextIdentifier = editingIdentifier
        let result = try store.save(changes.request)
        let batchResults = result.batchDeletedKeys
        let vanished = result.vanishedUpdates.map { changes.updatedModels[$0] }
        let insertedRowIDs = result.insertedKeys

        // The transaction committed: bring the models in line with the store.
        for model in deleted {
            model._$persistentState.markRemoved()
            unregister(model)
        }
        let batch = finishBatchDeletions(batchResults)
        for model in changed {
            // Read again at the next fetch: the store may hold a written value otherwise (-0.0 as 0, say).
            model._$persistentState.markChangesSaved()
        }
        // Rows deleted elsewhere since they were fetched: their models learn it now.
        for model in vanished {
            unregister(model)
            model._$persistentState.markRemoved()
        }
        if let versions = result.versions {
            // Only this save changed the store since `before`: the rows it did not write are as the models hold them.
            recordOwnCommit(from: versions.before, to: versions.after)
        }
        let dataStore = store as? DataStoreModelStore
        for (model, rowID) in zip(inserted, insertedRowIDs) {
            adoptInsertedRow(model, rowID: rowID, storeIdentifier: storeIdentifier)
            if let dataStore { model._$persistentState.dataStoreIdentifier = dataStore.identifier(forKey: rowID) }
        }
        insertedModels.removeAll()
        changedModels.removeAll()
        deletedModels.removeAll()
        forgetReferences(
            deletedWithRules: deleted, deletedWithoutRules: vanished + batch.removed, rows: batch.identifiers)
        let listed = Set(deletedIdentifiers)
        postDidSave(
            inserted: inserted.map(\.persistentModelID), updated: identifiers(of: changed),
            deleted: deletedIdentifiers + batch.identifiers.filter { !listed.contains($0) }
        )
    }

    /// The identifiers of saved registered models (`persistentModelID`), with each type's entity name looked up once
    /// per run of that type.
    private func identifiers(of models: [any PersistentModel]) -> [PersistentIdentifier] {
        var identifiers: [PersistentIdentifier] = []
        identifiers.reserveCapacity(models.count)
        var names = PerTypeRun<String>()
        for model in models {
            let name = names.value(for: model) { EntityNames.name(of: $0) }
            let state = model._$persistentState
            guard state.rowID != 0, state.dataStoreIdentifier == nil, let store = state.storeIdentifier else {
                identifiers.append(model.persistentModelID)
                continue
            }
            identifiers.append(.permanent(entityName: name, storeIdentifier: store, rowID: state.rowID))
        }
        return identifiers
    }

    // MARK: The request

    /// The save's changes as the store writes them, and the models its updates are of (in order).
    struct Changes {
        var request = SaveRequest()
        var updatedModels: [any PersistentModel] = []
    }

    /// Encodes every change into one request: the pending batch deletions, one delete per deleted model, the changed
    /// columns of each changed model, every column of each inserted model, the references to models that had no row
    /// yet (set once the inserts have keys), and the join rows of changed join-table relationships.
    private func saveRequest(
        deleted: [any PersistentModel], changed: [any PersistentModel], inserted: [any PersistentModel], upserts: Bool
    ) throws -> Changes {
        var changes = Changes()
        changes.request.upserts = upserts
        changes.request.batchDeletes = batchDeletions.map(\.delete)
        for model in deleted {
            let entity = try store.mapping.entity(for: type(of: model))
            var delete = SaveRequest.Delete(table: entity.table, key: model._$persistentState.rowID)
            if !entity.preservedColumns.isEmpty {
                // The history's tombstone: the values of the attributes marked .preserveValueOnDeletion.
                var row = ModelRowEncoder(table: entity.table, faults: model._$persistentState.faults)
                try model._$encode(to: &row)
                let values = entity.tableValues(row.values)
                for column in entity.preservedColumns where column.index < values.count {
                    delete.tombstone[column.name] = values[column.index]
                }
            }
            changes.request.deletes.append(delete)
        }
        var deferred: [(owner: any PersistentModel, table: EntityTable, column: Int, target: any PersistentModel)] = []
        changes.request.updates.reserveCapacity(changed.count)
        changes.updatedModels.reserveCapacity(changed.count)
        // One encoder for every changed model; models of one type usually come in runs.
        var row = ModelRowEncoder(capacity: 0)
        var entities = PerTypeRun<EntityMapping>()
        var shape: (entity: EntityMapping, properties: PropertyIndexSet, columns: [Int])?
        for model in changed {
            let entity = try entities.value(for: model) { (type) throws(SwiftDataError) in
                try store.mapping.entity(for: type)
            }
            let table = entity.table
            let state = model._$persistentState
            // Models changed alike share one array of columns.
            let columns: [Int]
            if let shape, shape.entity === entity, shape.properties == state.changedProperties {
                columns = shape.columns
            } else {
                columns = entity.columns(of: state.changedProperties)
                shape = (entity, state.changedProperties, columns)
            }
            guard !columns.isEmpty else { continue }
            row.reset(table: table, faults: state.faults)
            let values: [StoredValue]
            if let changedValues = try encodeChangedColumns(model, columns, entity, &row, &deferred) {
                values = changedValues
            } else {
                row.reset(table: table, faults: state.faults)
                try model._$encode(to: &row)
                for reference in row.deferredReferences
                where columns.contains(entity.tableColumn(ofValue: reference.column)) {
                    deferred.append((model, table, entity.tableColumn(ofValue: reference.column), reference.target))
                }
                values = entity.tableValues(row.values)
            }
            changes.request.updates.append(
                SaveRequest.Update(table: table, key: state.rowID, columns: columns, values: values))
            changes.updatedModels.append(model)
        }
        changes.request.inserts.reserveCapacity(inserted.count)
        // Models of one type usually come in runs: look the table up once per run.
        for model in inserted {
            let entity = try entities.value(for: model) { (type) throws(SwiftDataError) in
                try store.mapping.entity(for: type)
            }
            let table = entity.table
            var row = ModelRowEncoder(table: table, faults: model._$persistentState.faults)
            try model._$encode(to: &row)
            for reference in row.deferredReferences {
                deferred.append((model, table, entity.tableColumn(ofValue: reference.column), reference.target))
            }
            changes.request.inserts.append(SaveRequest.Insert(table: table, values: entity.tableValues(row.values)))
        }

        // Keys of the models this save inserts, by their place among the inserts; others by their row.
        let joinModels = changed + inserted
        let typesWithJoinTables = Set(
            store.mapping.entities.filter { $0.orderedRelationships.contains(where: \.usesJoinTable) }.map {
                ObjectIdentifier($0.entity.modelType)
            }
        )
        let hasJoinRows =
            !typesWithJoinTables.isEmpty
            && joinModels.contains { typesWithJoinTables.contains(ObjectIdentifier(type(of: $0))) }
        guard !deferred.isEmpty || hasJoinRows else { return changes }
        var insertIndex: [ObjectIdentifier: Int] = [:]
        insertIndex.reserveCapacity(inserted.count)
        for (index, model) in inserted.enumerated() { insertIndex[ObjectIdentifier(model)] = index }
        func key(_ model: any PersistentModel) -> SaveRequest.RowKey? {
            if let index = insertIndex[ObjectIdentifier(model)] { return .inserted(index) }
            let rowID = model._$persistentState.rowID
            return rowID == 0 ? nil : .stored(rowID)
        }
        for reference in deferred {
            guard let owner = key(reference.owner) else { continue }
            // A target that is not saved (it was dropped from the context) is no reference at all.
            changes.request.references.append(
                SaveRequest.Reference(
                    table: reference.table, column: reference.column, owner: owner, target: key(reference.target)
                ))
        }
        changes.request.joinRows = joinRows(joinModels, key: key)
        return changes
    }

    /// A row of `entity`'s table holding the values of `columns` (and of the unique groups they are in, which name a
    /// conflict), the other columns NULL, encoded one property at a time; nil when the model encodes only whole
    /// rows. References in `columns` to models without a row yet go to `deferred`.
    private func encodeChangedColumns(
        _ model: any PersistentModel, _ columns: [Int], _ entity: EntityMapping, _ row: inout ModelRowEncoder,
        _ deferred: inout [(owner: any PersistentModel, table: EntityTable, column: Int, target: any PersistentModel)]
    ) throws -> [StoredValue]? {
        let table = entity.table
        var values = [StoredValue](repeating: .null, count: table.columns.count)
        var encoded = PropertyIndexSet()
        func encode(_ column: Int, isChanged: Bool) throws -> Bool {
            guard column < entity.propertyOfColumn.count, let property = entity.propertyOfColumn[column] else {
                return true
            }
            if encoded.contains(column) { return true }
            encoded.insert(column)
            let first = row.values.count
            let references = row.deferredReferences.count
            row.propertyIndex = property
            guard try model._$encode(property: property, to: &row), row.values.count == first + 1 else { return false }
            values[column] = row.values[first]
            if isChanged, row.deferredReferences.count > references {
                deferred.append((model, table, column, row.deferredReferences[references].target))
            }
            return true
        }
        for column in columns {
            guard try encode(column, isChanged: true) else { return nil }
        }
        for column in columns where column < entity.uniqueGroupColumns.count {
            for other in entity.uniqueGroupColumns[column] ?? [] {
                guard try encode(other, isChanged: false) else { return nil }
            }
        }
        return values
    }

    /// Makes `model` the registered instance for `rowID`; a previous instance of that row (an earlier insert that
    /// collapsed into the same row, or a fetched one) takes the saved values and leaves the context.
    private func adoptInsertedRow<T: PersistentModel>(_ model: T, rowID: Int64, storeIdentifier: String) {
        if let previous = registeredInstance(T.self, rowID: rowID), previous !== model {
            var encoder = ModelRowEncoder(capacity: T.schemaMetadata.count)
            if (try? model._$encode(to: &encoder)) != nil {
                var row = ModelRowDecoder(values: encoder.values, entityName: T.entityName)
                try? previous._$load(from: &row)
            }
            changedModels.remove(previous)
            previous._$persistentState.detach()
        }
        model._$persistentState.markRegistered(rowID: rowID, storeIdentifier: storeIdentifier)
        register(model)
    }
}

extension PersistentState {
    /// A changed model's changes are saved: none are pending, and its values are read again at the next fetch.
    fileprivate mutating func markChangesSaved() {
        clearChanges()
        loadedVersion = -1
    }
}
