import SQLite

/// A `delete(model:where:)` waiting for its context's next save: which rows the save deletes, which stored rows the
/// context's fetches leave out until then, and what rollback and undo restore.
final class BatchDeletion {
    /// The rows the save deletes.
    enum Rows {
        /// Every row of the table: `DELETE FROM <table>`.
        case all
        /// The rows a translated predicate matches: `DELETE FROM <table> WHERE … RETURNING "Z_PK"`.
        case matching(whereClause: String, arguments: [SQLiteValue])
        /// Rows chosen in memory (a predicate with no SQL translation), by key.
        case keys([Int64])
    }

    let modelType: any PersistentModel.Type
    let table: EntityTable
    let rows: Rows
    /// The stored rows that matched at the call; nil for every row. Fetches leave them out until the save.
    let matchedRowIDs: Set<Int64>?
    /// The registered instances of those rows it marked deleted (status `.deleted`, in no pending set).
    let instances: [any PersistentModel]
    /// The unsaved inserts that matched, which it dropped.
    let droppedInserts: [any PersistentModel]

    init(
        modelType: any PersistentModel.Type, table: EntityTable, rows: Rows, matchedRowIDs: Set<Int64>?,
        instances: [any PersistentModel], droppedInserts: [any PersistentModel]
    ) {
        self.modelType = modelType
        self.table = table
        self.rows = rows
        self.matchedRowIDs = matchedRowIDs
        self.instances = instances
        self.droppedInserts = droppedInserts
    }

    /// Whether fetches leave stored row `rowID` of this entity out.
    func excludes(_ rowID: Int64) -> Bool {
        matchedRowIDs?.contains(rowID) ?? true
    }

    /// Runs the `DELETE` (inside the save's transaction); returns the keys of the rows deleted, or nil when it
    /// deleted every row (a plain `DELETE`, which SQLite runs as a truncation, so it returns none).
    func write(_ connection: SQLiteConnection) throws -> [Int64]? {
        let key = SQL.identifier(SQL.primaryKey)
        var deleted: [Int64] = []
        func run(_ sql: String, _ arguments: [SQLiteValue]) throws {
            let statement = try connection.cachedStatement(sql)
            defer { statement.reset() }
            try statement.bind(arguments)
            while try statement.step() { deleted.append(statement.int64(at: 0)) }
        }
        switch rows {
        case .all:
            try connection.execute("DELETE FROM \(table.quotedName)")
            return nil
        case .matching(let whereClause, let arguments):
            try run("DELETE FROM \(table.quotedName)\(whereClause) RETURNING \(key)", arguments)
        case .keys(let keys):
            // SQLite allows 32,766 parameters per statement; delete in chunks well under that.
            for start in stride(from: 0, to: keys.count, by: 500) {
                let chunk = keys[start..<min(start + 500, keys.count)]
                try run(
                    "DELETE FROM \(table.quotedName) WHERE \(key) IN (\(SQL.placeholders(chunk.count))) RETURNING \(key)",
                    chunk.map { .integer($0) }
                )
            }
        }
        return deleted
    }
}
