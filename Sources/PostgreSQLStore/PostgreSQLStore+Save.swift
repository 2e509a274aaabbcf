import Foundation
import PostgreSQL
import SQLStore

extension PostgreSQLStore {
    /// Writes `request` in one `REPEATABLE READ` transaction, in the SQLite store's order (``SQLiteStore/save(_:)``):
    /// batch deletes, deletes, updates of the given columns only, inserts, references, join rows; then
    /// `pg_notify` on ``notificationChannel`` inside the transaction, and the data version moved after `COMMIT`.
    ///
    /// Inserts that upsert look the row up by each unique group after the first (`SELECT "Z_PK" … WHERE …`) and
    /// update the one they find; otherwise `INSERT … ON CONFLICT (<first group>) DO UPDATE … RETURNING "Z_PK"`.
    /// A transaction that meets a concurrent one — a serialization failure or deadlock (40001, 40P01), or a unique
    /// violation (23505) on a group looked up first — is rolled back and run again (up to
    /// ``PostgreSQLStoreOptions/serializationRetries`` times), so two upserts of one unique value at once leave one
    /// row and neither caller sees an error. A save whose connection broke before `COMMIT` runs again once on a new
    /// connection; one that broke during `COMMIT` is reported (whether it committed is unknown).
    package func save(_ request: SaveRequest) throws(SaveError) -> SaveResult {
        var attempts = 0
        var reconnected = false
        while true {
            attempts += 1
            var committing = false
            do {
                let result = try pool.withConnection { connection in
                    // Inside a migration's transaction (a custom stage's context saving): a savepoint of it.
                    if connection.isInTransaction { return try writeInSavepoint(request, connection) }
                    try connection.execute(script: "BEGIN ISOLATION LEVEL REPEATABLE READ")
                    do {
                        let result = try write(request, connection)
                        committing = true
                        let commit = try connection.execute("COMMIT")
                        if commit.commandStatus == "ROLLBACK" {
                            throw SaveError.store(StoreError(kind: .other, message: "the save was rolled back"))
                        }
                        return result
                    } catch {
                        if connection.isInTransaction { try? connection.execute(script: "ROLLBACK") }
                        throw error
                    }
                }
                // After COMMIT: a reader that sees the new version sees the save's rows.
                _ = try? pool.withConnection { connection in
                    try connection.execute("SELECT nextval($1::regclass)", [.text(Self.quotedDataVersionSequence)])
                }
                return result
            } catch let conflicts as VersionConflictsFound {
                var result = SaveResult()
                result.versionConflicts = conflicts.conflicts
                return result
            } catch let error as SaveError {
                throw error
            } catch let error as PostgreSQLError {
                let retriable = error.isSerializationFailure || (error.isUniqueViolation && request.upserts)
                if retriable && attempts <= options.serializationRetries {
                    // Back off a little, differently per attempt, so two writers stop meeting each other.
                    usleep(UInt32.random(in: 0...UInt32(min(attempts, 10) * 2_000)))
                    continue
                }
                if Self.isConnectionFailure(error) && !committing && !reconnected {
                    reconnected = true
                    pool.closeIdle()
                    continue
                }
                if error.isUniqueViolation, let conflict = uniqueConflict(error, request) { throw conflict }
                throw .store(Self.storeError(error))
            } catch let error as StoreError {
                throw .store(error)
            } catch {
                throw .inconsistent("\(error)")
            }
        }
    }

    static var quotedDataVersionSequence: String { "\"\(dataVersionSequence)\"" }

    /// Writes `request` in a savepoint of the transaction `connection` is in (a migration's, whose custom stage
    /// saves): released on success, rolled back to on failure. It commits or rolls back with that transaction.
    private func writeInSavepoint(_ request: SaveRequest, _ connection: PostgreSQLConnection) throws -> SaveResult {
        try connection.execute(script: "SAVEPOINT \"osd_stage_save\"")
        do {
            let result = try write(request, connection)
            try connection.execute(script: "RELEASE SAVEPOINT \"osd_stage_save\"")
            return result
        } catch {
            try? connection.execute(script: "ROLLBACK TO SAVEPOINT \"osd_stage_save\"")
            throw error
        }
    }

    /// Thrown inside a save's transaction to roll it back when rows did not hold their expected versions.
    private struct VersionConflictsFound: Error {
        var conflicts: [VersionConflict]
    }

    private func write(_ request: SaveRequest, _ connection: PostgreSQLConnection) throws -> SaveResult {
        let dialect = mapping.dialect
        func run(_ sql: String, _ arguments: [StoredValue]) throws -> PostgreSQLResult {
            try connection.executePrepared(dialect.statementText(sql), arguments)
        }
        var result = SaveResult()
        var historyDeleted: [HistoryDeletedRows] = []
        for delete in request.batchDeletes {
            switch delete.rows {
            case .all:
                historyDeleted.append(.runs(try keyRuns(of: delete.table, connection)))
                try connection.execute(script: DeleteQuery(table: delete.table, rows: .all).sql(dialect).text)
                result.batchDeletedKeys.append(nil)
            case .matching(let condition):
                let sql = DeleteQuery(table: delete.table, rows: .matching(condition)).sql(dialect)
                let deleted = try run(sql.text, sql.arguments)
                let keys = (0..<deleted.rowCount).map { deleted.integerValue(row: $0, column: 0) }
                historyDeleted.append(.keys(keys))
                result.batchDeletedKeys.append(keys)
            case .keys(let keys):
                var all: [Int64] = []
                for start in stride(from: 0, to: keys.count, by: 1_000) {
                    let sql = DeleteQuery(
                        table: delete.table, rows: .keys(Array(keys[start..<min(start + 1_000, keys.count)]))
                    )
                    .sql(dialect)
                    let deleted = try run(sql.text, sql.arguments)
                    all += (0..<deleted.rowCount).map { deleted.integerValue(row: $0, column: 0) }
                }
                historyDeleted.append(.keys(all))
                result.batchDeletedKeys.append(all)
            }
        }
        var conflicts: [VersionConflict] = []
        for (index, delete) in request.deletes.enumerated() {
            if let version = delete.version, let expected = version.expected {
                let sql = DeleteQuery(table: delete.table, rows: .key(delete.key)).sql(
                    dialect, versionColumn: version.column, expected: expected)
                if try run(sql.text, sql.arguments).affectedRows == 0 { conflicts.append(.delete(index)) }
                continue
            }
            let sql = DeleteQuery(table: delete.table, rows: .key(delete.key)).sql(dialect)
            _ = try run(sql.text, sql.arguments)
        }
        for (index, update) in request.updates.enumerated() where !update.columns.isEmpty || update.version != nil {
            var values = update.values
            try storeExternalData(
                &values, columns: update.table.externalColumnIndexes.filter(update.columns.contains), connection)
            var arguments = update.columns.map { values.indices.contains($0) ? values[$0] : .null }
            arguments.append(.integer(update.key))
            let statement: String
            if let version = update.version {
                statement = UpdateQuery(table: update.table, columns: update.columns).sql(dialect, version: version)
                if let expected = version.expected { arguments.append(.integer(expected)) }
            } else {
                statement = UpdateQuery(table: update.table, columns: update.columns).sql(dialect)
            }
            if try run(statement, arguments).affectedRows == 0 {
                if update.version?.expected != nil {
                    conflicts.append(.update(index))
                } else {
                    result.vanishedUpdates.append(index)
                }
            }
        }
        if !conflicts.isEmpty { throw VersionConflictsFound(conflicts: conflicts) }
        result.insertedKeys.reserveCapacity(request.inserts.count)
        for (index, insert) in request.inserts.enumerated() {
            let written = try writeInsert(insert, upserts: request.upserts, connection)
            result.insertedKeys.append(written.key)
            if let version = written.version { result.upsertedVersions[index] = version }
        }
        func key(_ row: SaveRequest.RowKey) -> Int64? {
            switch row {
            case .stored(let key): key
            case .inserted(let index): result.insertedKeys.indices.contains(index) ? result.insertedKeys[index] : nil
            }
        }
        for reference in request.references {
            guard let owner = key(reference.owner) else { continue }
            let target: StoredValue = reference.target.flatMap(key).map { .integer($0) } ?? .null
            _ = try run(
                UpdateQuery(table: reference.table, columns: [reference.column]).sql(dialect),
                [target, .integer(owner)])
        }
        for rows in request.joinRows {
            guard case .joinTable(let joinTable, let ownerColumn, let destinationColumn) = rows.relationship.storage,
                let owner = key(rows.owner)
            else { continue }
            let query = JoinRowsQuery(
                joinTable: joinTable, ownerColumn: ownerColumn, destinationColumn: destinationColumn)
            _ = try run(query.deleteSQL(dialect), [.integer(owner)])
            let insert = query.insertSQL(dialect)
            for target in rows.targets {
                guard let targetKey = key(target.key) else { continue }
                _ = try run(insert, [.integer(owner), .integer(targetKey), .integer(Int64(target.order))])
            }
        }
        try recordHistory(request, result, batchDeleted: historyDeleted, connection)
        try connection.execute(
            "SELECT pg_notify($1, $2)", [.text(Self.notificationChannel), .text(notificationPayload)])
        return result
    }

    /// Inserts (or upserts) one row; returns its key and, for a row with a version column (Core Data's `Z_OPT`)
    /// that upserts, its version after the write (1 for a new row; the stored row's raised by one when it met one).
    private func writeInsert(_ insert: SaveRequest.Insert, upserts: Bool, _ connection: PostgreSQLConnection) throws
        -> (key: Int64, version: Int64?)
    {
        let table = insert.table
        let dialect = mapping.dialect
        var values = insert.values
        if !table.externalColumnIndexes.isEmpty {
            try storeExternalData(&values, columns: table.externalColumnIndexes, connection)
        }
        let versionColumn =
            upserts ? insert.versionColumn.flatMap { table.columns.indices.contains($0) ? $0 : nil } : nil
        if upserts, table.uniqueGroups.count > 1 {
            // One ON CONFLICT clause per INSERT: the other groups are looked up first, as SQLite's clauses would
            // meet them.
            for (group, columns) in table.uniqueGroups.enumerated().dropFirst() {
                let groupValues = columns.map { values[$0] }
                if groupValues.contains(where: \.isNull) { continue }
                let lookup = SelectQuery(FetchRequest(table: table, rows: .unique(group: group, values: groupValues)))
                    .sql(dialect)
                let found = try connection.executePrepared(dialect.statementText(lookup.text), lookup.arguments)
                guard found.rowCount > 0 else { continue }
                let key = found.integerValue(row: 0, column: 0)
                guard let versionColumn else {
                    let all = Array(table.columns.indices)
                    _ = try connection.executePrepared(
                        dialect.statementText(UpdateQuery(table: table, columns: all).sql(dialect)),
                        all.map { values[$0] } + [.integer(key)])
                    return (key, nil)
                }
                // The stored row's version is raised, not overwritten (as SQLite's versioned upsert does).
                let written = table.columns.indices.filter { $0 != versionColumn }
                let update =
                    UpdateQuery(table: table, columns: written).sql(
                        dialect, version: SaveRequest.RowVersion(column: versionColumn, expected: nil))
                    + dialect.returningClause([dialect.quoted(table.columns[versionColumn].name)])
                let updated = try connection.executePrepared(
                    dialect.statementText(update), written.map { values[$0] } + [.integer(key)])
                return (key, updated.rowCount > 0 ? updated.integerValue(row: 0, column: 0) : nil)
            }
        }
        var sql: String
        if let versionColumn, let group = table.uniqueGroups.first {
            let columns = table.columns.map { dialect.quoted($0.name) }
            let version = columns[versionColumn]
            let updating = columns.indices.filter { $0 != versionColumn }.map { columns[$0] }
            sql =
                InsertQuery(table: table, upserts: false).sql(dialect)
                + dialect.upsertClause(conflictTargets: [group.map { columns[$0] }], updating: updating)
                + (updating.isEmpty ? " " : ", ") + "\(version) = \(table.quotedName).\(version) + 1"
                + dialect.returningClause([table.quotedPrimaryKey, version])
        } else {
            sql =
                InsertQuery(table: table, upserts: upserts).sql(dialect)
                + dialect.returningClause([table.quotedPrimaryKey])
        }
        let inserted = try connection.executePrepared(dialect.statementText(sql), values)
        guard inserted.rowCount > 0 else {
            throw SaveError.inconsistent("the row just written to \(table.name) returned no key")
        }
        let key = inserted.integerValue(row: 0, column: 0)
        return (
            key,
            versionColumn != nil && table.uniqueGroups.first != nil ? inserted.integerValue(row: 0, column: 1) : nil
        )
    }

    /// Stores the bytes of the external columns of `values` and replaces them with references to them.
    private func storeExternalData(_ values: inout [StoredValue], columns: [Int], _ connection: PostgreSQLConnection)
        throws
    {
        let dialect = mapping.dialect
        for index in columns where values.indices.contains(index) {
            guard case .blob = values[index] else { continue }
            let sql =
                InsertQuery.externalData(dialect) + dialect.returningClause([dialect.quoted(EntityTable.primaryKey)])
            let inserted = try connection.executePrepared(dialect.statementText(sql), [values[index]])
            values[index] = .integer(inserted.integerValue(row: 0, column: 0))
        }
    }

    /// The unique group a 23505 names (its index is `<Entity>_unique_<columns>`), as the SQLite store reports it.
    private func uniqueConflict(_ error: PostgreSQLError, _ request: SaveRequest) -> SaveError? {
        let tables = request.inserts.map(\.table) + request.updates.map(\.table)
        for table in tables {
            for group in table.uniqueGroups {
                let names = group.map { table.columns[$0].name }
                guard error.message.contains("\"\(table.name)_unique_\(names.joined(separator: "_"))\"") else {
                    continue
                }
                let row =
                    request.inserts.first { $0.table === table }?.values ?? request.updates.first {
                        $0.table === table
                    }?
                    .values ?? []
                return .uniqueConflict(
                    entity: table.name, columns: names,
                    values: group.map { row.indices.contains($0) ? row[$0] : .null })
            }
        }
        return nil
    }

    /// Deletes every row of every table (`TRUNCATE`, keys not reset: as SQLite's `AUTOINCREMENT`, a key is never
    /// handed out twice), in one transaction, and moves the data version.
    package func erase() throws {
        let dialect = mapping.dialect
        let tables =
            mapping.tables.map(\.quotedName) + mapping.joinTables.map(\.quotedName) + [
                dialect.quoted(ExternalData.table)
            ]
        do {
            try pool.withConnection { connection in
                try connection.transaction {
                    try connection.execute(script: "TRUNCATE \(tables.joined(separator: ", "))")
                    try connection.execute(
                        "SELECT pg_notify($1, $2)", [.text(Self.notificationChannel), .text(notificationPayload)])
                }
                try connection.execute("SELECT nextval($1::regclass)", [.text(Self.quotedDataVersionSequence)])
            }
        } catch {
            throw Self.storeErrors(error)
        }
    }
}
