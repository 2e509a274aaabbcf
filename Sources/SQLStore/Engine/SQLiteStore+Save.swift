import SQLite

extension SQLiteStore {
    /// Writes `request` in one transaction (`BEGIN IMMEDIATE … COMMIT`, or inside the caller's, a migration's): the
    /// batch deletes (`DELETE … RETURNING "Z_PK"`), the deletes, the updates of the given columns only (so two
    /// contexts changing different columns of one row both keep their change), the inserts (`INSERT … ON CONFLICT
    /// DO UPDATE` per unique group when upserting; the key is the last insert rowid, or — when the row met a stored
    /// one — the stored row's, which the conflict clause records (``UpsertedRow``), the references to inserted rows, and the join rows. External bytes are
    /// stored beside their rows. A failure rolls everything back.
    ///
    /// An update or delete with a ``SaveRequest/RowVersion`` runs `UPDATE … SET …, "Z_OPT" = "Z_OPT" + 1 WHERE
    /// "Z_PK" = ? AND "Z_OPT" = ?` (`DELETE … WHERE "Z_PK" = ? AND "Z_OPT" = ?`); when any changes no row, the whole
    /// save is rolled back and the result lists them in ``SaveResult/versionConflicts``. (Inside a caller's
    /// transaction, rolling back is the caller's: no migration step passes versions.)
    package func save(_ request: SaveRequest) throws(SaveError) -> SaveResult {
        do {
            return try withWriter { connection in
                guard !connection.isInTransaction else { return try write(request, connection) }
                var before: (version: Int64, writer: Int64)?
                var result = try connection.transaction {
                    before = try versionMarks(connection)
                    return try write(request, connection)
                }
                if let before, let after = try? versionMarks(connection), before.version >= 0, after.version >= 0,
                    after.writer == before.writer
                {
                    result.versions = (before.version, after.version)
                }
                return result
            }
        } catch let conflicts as VersionConflicts {
            var result = SaveResult()
            result.versionConflicts = conflicts.conflicts
            return result
        } catch let error as SaveError {
            throw error
        } catch let error as StoreError {
            throw .store(error)
        } catch let error as SQLiteError {
            throw .store(StoreError(error))
        } catch {
            throw .inconsistent("\(error)")
        }
    }

    /// The store's data version, then the writer's own `PRAGMA data_version`, which moves only when another
    /// connection commits: the same writer value before a save's transaction and after it (read in this order)
    /// means the data version after it tells of this save alone.
    private func versionMarks(_ connection: SQLiteConnection) throws -> (version: Int64, writer: Int64) {
        let version = versionProbe?.value() ?? connection.totalChanges
        guard case .integer(let writer) = try connection.scalar("PRAGMA data_version") else { return (-1, -1) }
        return (version, writer)
    }

    private func write(_ request: SaveRequest, _ connection: SQLiteConnection) throws -> SaveResult {
        var result = SaveResult()
        var historyDeleted: [HistoryDeletedRows] = []
        for delete in request.batchDeletes {
            var everyRowRuns: [ClosedRange<Int64>] = []
            let keys = try writeBatchDelete(delete, connection, everyRowRuns: &everyRowRuns)
            result.batchDeletedKeys.append(keys)
            historyDeleted.append(keys.map(HistoryDeletedRows.keys) ?? .runs(everyRowRuns))
        }
        var conflicts: [VersionConflict] = []
        for (index, delete) in request.deletes.enumerated() {
            if let version = delete.version, let expected = version.expected {
                let sql = DeleteQuery(table: delete.table, rows: .key(delete.key)).sql(
                    dialect, versionColumn: version.column, expected: expected)
                try connection.execute(sql.text, sql.arguments.map(\.sqliteValue))
                if connection.changes == 0 { conflicts.append(.delete(index)) }
                continue
            }
            let sql = DeleteQuery(table: delete.table, rows: .key(delete.key)).sql(dialect)
            try connection.execute(sql.text, sql.arguments.map(\.sqliteValue))
        }
        // Updates of one shape (table and columns) usually come in runs: one statement for the run.
        var shape: (table: EntityTable, columns: [Int], statement: SQLiteStatement)?
        for (index, update) in request.updates.enumerated() where !update.columns.isEmpty || update.version != nil {
            if try !writeUpdate(update, shape: &shape, connection) {
                if update.version?.expected != nil {
                    conflicts.append(.update(index))
                } else {
                    result.vanishedUpdates.append(index)
                }
            }
        }
        // Before the inserts: a conflicting save writes nothing, so there is no point in writing more of it.
        if !conflicts.isEmpty { throw VersionConflicts(conflicts: conflicts) }
        (result.insertedKeys, result.upsertedVersions) = try writeInserts(
            request.inserts, upserts: request.upserts, connection)
        func key(_ row: SaveRequest.RowKey) -> Int64? {
            switch row {
            case .stored(let key): key
            case .inserted(let index): result.insertedKeys.indices.contains(index) ? result.insertedKeys[index] : nil
            }
        }
        for reference in request.references {
            guard let owner = key(reference.owner) else { continue }
            let target: SQLiteValue = reference.target.flatMap(key).map { .integer($0) } ?? .null
            try connection.execute(
                updateStatement(reference.table, columns: [reference.column]), [target, .integer(owner)])
        }
        for rows in request.joinRows {
            guard case .joinTable(let joinTable, let ownerColumn, let destinationColumn) = rows.relationship.storage,
                let owner = key(rows.owner)
            else { continue }
            let query = JoinRowsQuery(
                joinTable: joinTable, ownerColumn: ownerColumn, destinationColumn: destinationColumn)
            try connection.execute(query.deleteSQL(dialect), [.integer(owner)])
            let insert = query.insertSQL(dialect)
            for target in rows.targets {
                guard let targetKey = key(target.key) else { continue }
                try connection.execute(insert, [.integer(owner), .integer(targetKey), .integer(Int64(target.order))])
            }
        }
        try recordHistory(request, result, batchDeleted: historyDeleted, connection)
        return result
    }

    /// Runs one batch delete; returns the keys it deleted, or nil when it deleted every row (a plain `DELETE`, which
    /// SQLite runs as a truncation, so it returns none).
    /// - Parameter everyRowRuns: set to the keys of the rows deleted when `delete` deletes every row, as runs of
    ///   consecutive keys, for the history.
    private func writeBatchDelete(
        _ delete: SaveRequest.BatchDelete, _ connection: SQLiteConnection, everyRowRuns: inout [ClosedRange<Int64>]
    ) throws -> [Int64]? {
        var deleted: [Int64] = []
        func run(_ rows: DeleteQuery.Rows) throws {
            let sql = DeleteQuery(table: delete.table, rows: rows).sql(dialect)
            let statement = try Self.statement(sql.text, on: connection)
            defer { statement.reset() }
            try Self.bind(sql.arguments, to: statement)
            while try statement.step() { deleted.append(statement.int64(at: 0)) }
        }
        switch delete.rows {
        case .all:
            // The keys first, for the history (the plain `DELETE` returns none).
            everyRowRuns = try keyRuns(of: delete.table, connection)
            try connection.execute(DeleteQuery(table: delete.table, rows: .all).sql(dialect).text)
            return nil
        case .matching(let condition):
            try run(.matching(condition))
        case .keys(let keys):
            // SQLite allows 32,766 parameters per statement; delete in chunks well under that.
            for start in stride(from: 0, to: keys.count, by: 500) {
                try run(.keys(Array(keys[start..<min(start + 500, keys.count)])))
            }
        }
        return deleted
    }

    /// Updates the given columns of one row; false when the row no longer exists. The statement is prepared once per
    /// table and set of columns, and the values are bound to it straight from the request.
    /// - Parameter shape: the statement of the previous update, reused when this one writes the same columns.
    private func writeUpdate(
        _ update: SaveRequest.Update, shape: inout (table: EntityTable, columns: [Int], statement: SQLiteStatement)?,
        _ connection: SQLiteConnection
    ) throws -> Bool {
        let table = update.table
        var values = update.values
        if !table.externalColumnIndexes.isEmpty {
            try storeExternalData(
                &values, columns: table.externalColumnIndexes.filter(update.columns.contains), connection)
        }
        let statement: SQLiteStatement
        if let version = update.version {
            statement = try Self.statement(
                UpdateQuery(table: table, columns: update.columns).sql(dialect, version: version), on: connection)
        } else if let shape, shape.table === table, shape.columns == update.columns {
            statement = shape.statement
        } else {
            statement = try Self.statement(updateStatement(table, columns: update.columns), on: connection)
            shape = (table, update.columns, statement)
        }
        defer { statement.reset() }
        var position: Int32 = 1
        for column in update.columns {
            try statement.bind(values.indices.contains(column) ? values[column].sqliteValue : .null, at: position)
            position += 1
        }
        try statement.bind(.integer(update.key), at: position)
        if let expected = update.version?.expected { try statement.bind(.integer(expected), at: position + 1) }
        do throws(SQLiteError) {
            while try statement.step() {}
        } catch {
            throw uniqueConflict(table: table, values: values, error: error)
        }
        return connection.changes != 0
    }

    /// Thrown inside a save's transaction to roll it back when rows did not hold their expected versions.
    private struct VersionConflicts: Error {
        var conflicts: [VersionConflict]
    }

    /// Inserts (or upserts) each row; returns the keys, in order, and the versions of the versioned rows that met a
    /// stored row (see ``SaveResult/upsertedVersions``).
    private func writeInserts(_ inserts: [SaveRequest.Insert], upserts: Bool, _ connection: SQLiteConnection) throws
        -> (keys: [Int64], versions: [Int: Int64])
    {
        var keys: [Int64] = []
        keys.reserveCapacity(inserts.count)
        var versions: [Int: Int64] = [:]
        // Rows of one table usually come in runs: look the statement up once per run.
        var current: (table: EntityTable, versionColumn: Int?, statement: SQLiteStatement)?
        // The run's look-ups by unique group, prepared when first needed.
        var lookups: [SQLiteStatement?] = []
        for (index, insert) in inserts.enumerated() {
            let table = insert.table
            let statement: SQLiteStatement
            if let current, current.table === table, current.versionColumn == insert.versionColumn {
                statement = current.statement
            } else {
                lookups = [SQLiteStatement?](repeating: nil, count: table.uniqueGroups.count)
                let text =
                    upserts && insert.versionColumn != nil
                    ? upsertText(InsertQuery(table: table, upserts: true, versionColumn: insert.versionColumn))
                    : insertStatement(table, upserts: upserts)
                statement = try connection.cachedStatement(text)
                current = (table, insert.versionColumn, statement)
            }
            var values = insert.values
            if !table.externalColumnIndexes.isEmpty {
                try storeExternalData(&values, columns: table.externalColumnIndexes, connection)
            }
            defer { statement.reset() }
            try Self.bind(values, to: statement)
            let lastKeyBefore = connection.lastInsertRowID
            upsertedRow?.clear()
            do throws(SQLiteError) {
                _ = try statement.step()
            } catch {
                throw uniqueConflict(table: table, values: values, error: error)
            }
            let key = try insertedKey(
                table: table, values: values, upserts: upserts, lastKeyBefore: lastKeyBefore,
                versionColumn: insert.versionColumn, lookups: &lookups, connection)
            keys.append(key.key)
            if let version = key.version { versions[index] = version }
        }
        return (keys, versions)
    }

    /// The key of the row an `INSERT` just wrote. A new row is the last insert rowid (which an upsert that updated a
    /// stored row leaves alone). When it did not change, the row is looked up by a unique group whose values are all
    /// non-NULL: after an upsert that row holds exactly these values. (Only a group with a NULL can never conflict —
    /// NULLs are distinct — so when every group has one, the row is new.) For a looked-up row, its version
    /// `versionColumn` too.
    private func insertedKey(
        table: EntityTable, values: [StoredValue], upserts: Bool, lastKeyBefore: Int64, versionColumn: Int?,
        lookups: inout [SQLiteStatement?], _ connection: SQLiteConnection
    ) throws -> (key: Int64, version: Int64?) {
        let lastKey = connection.lastInsertRowID
        guard upserts, !table.uniqueGroups.isEmpty else { return (lastKey, nil) }
        // The conflict clause told which row it updated (see ``UpsertedRow``); nothing told means a new row.
        if let upsertedRow {
            guard let key = upsertedRow.key else { return (lastKey, nil) }
            return (key, upsertedRow.version)
        }
        guard lastKey == lastKeyBefore else { return (lastKey, nil) }
        for (index, group) in table.uniqueGroups.enumerated() where index < lookups.count {
            if group.contains(where: { !values.indices.contains($0) || values[$0].isNull }) { continue }
            // Prepared once per run of the table's rows (a row with a version, Core Data's, is read with it).
            let lookup: SQLiteStatement
            if let prepared = lookups[index] {
                lookup = prepared
            } else {
                let text =
                    InsertQuery(table: table, upserts: true, versionColumn: versionColumn).versionLookup(
                        dialect, group: index)
                    ?? uniqueLookupStatement(table, group: index, values: group.map { values[$0] })
                lookup = try Self.statement(text, on: connection)
                lookups[index] = lookup
            }
            defer { lookup.reset() }
            for (position, column) in group.enumerated() {
                try lookup.bind(values[column].sqliteValue, at: Int32(position + 1))
            }
            guard try lookup.step() else {
                throw SaveError.inconsistent("the row just written to \(table.name) is not found by its unique values")
            }
            return (lookup.int64(at: 0), lookup.columnCount > 1 ? lookup.int64(at: 1) : nil)
        }
        return (lastKey, nil)
    }

    /// Stores the bytes of the external columns of `values` and replaces them with references to them.
    private func storeExternalData(_ values: inout [StoredValue], columns: [Int], _ connection: SQLiteConnection) throws
    {
        for index in columns where values.indices.contains(index) {
            guard case .blob = values[index] else { continue }
            try connection.execute(InsertQuery.externalData(dialect), [values[index].sqliteValue])
            values[index] = .integer(connection.lastInsertRowID)
        }
    }

    /// The error for a failed write of `values` to `table`: which unique group it broke, when SQLite's message names
    /// one (`UNIQUE constraint failed: Tag.name`), else the database's error.
    private func uniqueConflict(table: EntityTable, values: [StoredValue], error: SQLiteError) -> SaveError {
        guard error.isConstraintViolation else { return .store(StoreError(error)) }
        for group in table.uniqueGroups {
            let names = group.map { table.columns[$0].name }
            if error.message.contains(names.map { "\(table.name).\($0)" }.joined(separator: ", ")) {
                return .uniqueConflict(
                    entity: table.name, columns: names,
                    values: group.map { values.indices.contains($0) ? values[$0] : .null })
            }
        }
        return .store(StoreError(error))
    }
}
