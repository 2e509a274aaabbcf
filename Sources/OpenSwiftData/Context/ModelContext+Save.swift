import Foundation
import SQLite

extension ModelContext {
    /// Writes every pending insert, change and delete to the store in one transaction. Mirrors SwiftData's `save()`.
    ///
    /// SQL run, inside `BEGIN IMMEDIATE … COMMIT`: the `DELETE` of each pending ``delete(model:where:)`` (one
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
    ///   model takes a unique value another row has; ``SwiftDataError/sqlite(_:)`` for other store errors.
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

        let (batchResults, vanished, insertedRowIDs) = try store.withConnection { connection in
            try connection.transaction {
                var pending = PendingReferences()
                let batchResults = try writeBatchDeletions(connection)
                try writeDeletes(deleted, connection)
                let vanished = try writeUpdates(changed, &pending, connection)
                let rowIDs = try writeInserts(inserted, upserts: upserts, &pending, connection)
                for (model, rowID) in zip(inserted, rowIDs) { pending.newRowIDs[ObjectIdentifier(model)] = rowID }
                try pending.write(connection, store: store)
                try writeJoinTables(changed + inserted, rowIDs: pending.newRowIDs, connection)
                return (batchResults, vanished, rowIDs)
            }
        }

        // The transaction committed: bring the models in line with the store.
        for model in deleted {
            model._$persistentState.markRemoved()
            unregister(model)
        }
        let batch = finishBatchDeletions(batchResults)
        for model in changed {
            model._$persistentState.changedProperties = PropertyIndexSet()
        }
        // Rows deleted elsewhere since they were fetched: their models learn it now.
        for model in vanished {
            unregister(model)
            model._$persistentState.markRemoved()
        }
        for (model, rowID) in zip(inserted, insertedRowIDs) {
            adoptInsertedRow(model, rowID: rowID, storeIdentifier: storeIdentifier)
        }
        insertedModels.removeAll()
        changedModels.removeAll()
        deletedModels.removeAll()
        forgetReferences(deletedWithRules: deleted, deletedWithoutRules: vanished + batch.removed, rows: batch.identifiers)
        let listed = Set(deletedIdentifiers)
        postDidSave(
            inserted: inserted.map(\.persistentModelID), updated: changed.map(\.persistentModelID),
            deleted: deletedIdentifiers + batch.identifiers.filter { !listed.contains($0) }
        )
    }

    // MARK: Writing

    private func writeDeletes(_ models: [any PersistentModel], _ connection: SQLiteConnection) throws {
        for model in models {
            let table = try store.table(for: type(of: model))
            try connection.execute(table.deleteSQL, [.integer(model._$persistentState.rowID)])
        }
    }

    /// Updates the changed columns of each model; returns the models whose row no longer exists.
    private func writeUpdates(
        _ models: [any PersistentModel], _ pending: inout PendingReferences, _ connection: SQLiteConnection
    ) throws -> [any PersistentModel] {
        var vanished: [any PersistentModel] = []
        for model in models {
            let table = try store.table(for: type(of: model))
            let columns = model._$persistentState.changedProperties.sorted.compactMap { table.columnOfProperty[$0] }
            guard !columns.isEmpty else { continue }
            var row = ModelRowEncoder(table: table, faults: model._$persistentState.faults)
            try model._$encode(to: &row)
            pending.add(row.deferredReferences.filter { columns.contains($0.column) }, of: model, table: table)
            try ExternalData.store(&row.values, columns: table.externalColumnIndexes.filter(columns.contains), connection: connection)
            let values = columns.map { row.values[$0] } + [.integer(model._$persistentState.rowID)]
            let sql = updateSQLCache.sql(for: table, columns: columns)
            do throws(SQLiteError) {
                try connection.execute(sql, values)
            } catch {
                throw error.isConstraintViolation ? uniqueViolation(table: table, values: row.values, error: error) : .sqlite(error)
            }
            if connection.changes == 0 { vanished.append(model) }
        }
        return vanished
    }

    /// Inserts (or upserts) each model; returns the primary keys, in order.
    private func writeInserts(
        _ models: [any PersistentModel], upserts: Bool, _ pending: inout PendingReferences, _ connection: SQLiteConnection
    ) throws -> [Int64] {
        var rowIDs: [Int64] = []
        rowIDs.reserveCapacity(models.count)
        // Models of one type usually come in runs: look the table and statement up once per run.
        var currentType: ObjectIdentifier?
        var table: EntityTable?
        var statement: SQLiteStatement?
        for model in models {
            let type = ObjectIdentifier(Swift.type(of: model))
            if type != currentType || table == nil || statement == nil {
                let found = try store.table(for: Swift.type(of: model))
                table = found
                statement = try connection.cachedStatement(upserts ? found.upsertSQL : found.insertSQL)
                currentType = type
            }
            guard let table, let statement else { continue }
            var row = ModelRowEncoder(table: table, faults: model._$persistentState.faults)
            try model._$encode(to: &row)
            if !row.deferredReferences.isEmpty { pending.add(row.deferredReferences, of: model, table: table) }
            if !table.externalColumnIndexes.isEmpty {
                try ExternalData.store(&row.values, columns: table.externalColumnIndexes, connection: connection)
            }
            defer { statement.reset() }
            try statement.bind(row.values)
            let lastRowIDBefore = connection.lastInsertRowID
            do throws(SQLiteError) {
                _ = try statement.step()
            } catch {
                throw error.isConstraintViolation ? uniqueViolation(table: table, values: row.values, error: error) : .sqlite(error)
            }
            rowIDs.append(try insertedRowID(
                table: table, values: row.values, upserts: upserts, lastRowIDBefore: lastRowIDBefore, connection
            ))
        }
        return rowIDs
    }

    /// The key of the row an `INSERT` just wrote. A new row is `sqlite3_last_insert_rowid` (which an upsert that
    /// updated an existing row leaves alone). When it did not change, the row is looked up by a unique group whose
    /// values are all non-NULL: after an upsert that row holds exactly these values. (Only a group with a NULL can
    /// never conflict — SQLite's NULLs are distinct — so when every group has one, the row is new.)
    private func insertedRowID(
        table: EntityTable, values: [SQLiteValue], upserts: Bool, lastRowIDBefore: Int64, _ connection: SQLiteConnection
    ) throws -> Int64 {
        let lastRowID = connection.lastInsertRowID
        guard upserts, lastRowID == lastRowIDBefore else { return lastRowID }
        for (index, group) in table.uniqueGroups.enumerated() {
            let groupValues = group.map { values[$0] }
            if groupValues.contains(where: { if case .null = $0 { true } else { false } }) { continue }
            let lookup = try connection.cachedStatement(table.selectByUniqueGroupSQL[index])
            defer { lookup.reset() }
            try lookup.bind(groupValues)
            guard try lookup.step() else {
                throw SwiftDataError.invalidStoredValue("the row just written to \(table.name) is not found by its unique values")
            }
            return lookup.int64(at: 0)
        }
        return lastRowID
    }

    /// References to models that had no row when their referrer was written: (referrer, column, target), written
    /// once every insert of the save has its key.
    struct PendingReferences {
        var references: [(owner: any PersistentModel, table: EntityTable, column: Int, target: any PersistentModel)] = []
        /// The keys this save's inserts received, by model identity.
        var newRowIDs: [ObjectIdentifier: Int64] = [:]

        mutating func add(_ deferred: [(column: Int, target: any PersistentModel)], of owner: any PersistentModel, table: EntityTable) {
            references += deferred.map { (owner, table, $0.column, $0.target) }
        }

        func rowID(of model: any PersistentModel) -> Int64? {
            newRowIDs[ObjectIdentifier(model)] ?? (model._$persistentState.rowID == 0 ? nil : model._$persistentState.rowID)
        }

        func write(_ connection: SQLiteConnection, store: Store) throws {
            for reference in references {
                guard let owner = rowID(of: reference.owner) else { continue }
                // A target that is not saved (it was dropped from the context) is no reference at all.
                let target: SQLiteValue = rowID(of: reference.target).map { .integer($0) } ?? .null
                try connection.execute(reference.table.updateSQL(columns: [reference.column]), [target, .integer(owner)])
            }
        }
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

    private func uniqueViolation(table: EntityTable, values: [SQLiteValue], error: SQLiteError) -> SwiftDataError {
        for group in table.uniqueGroups {
            let names = group.map { table.columns[$0].name }
            if error.message.contains(names.map { "\(table.name).\($0)" }.joined(separator: ", ")) {
                let shown = group.map { values.indices.contains($0) ? values[$0].description : "?" }.joined(separator: ", ")
                return .uniqueConstraintViolation(entityName: table.name, attributes: names, values: shown)
            }
        }
        return .sqlite(error)
    }
}
