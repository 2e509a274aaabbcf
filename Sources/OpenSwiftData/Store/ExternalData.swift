import SQLite

/// Bytes of `@Attribute(.externalStorage)` properties, kept out of their model's row.
///
/// They live in one table of the same database, so they are written and deleted in the same transactions as the
/// rows that refer to them: the row holds the primary key of the bytes' row, and triggers delete the bytes when the
/// row is deleted or refers to other bytes. A fetch reads the bytes back with a subquery.
enum ExternalData {
    static let table = "Z_EXTERNALDATA"

    static let creationSQL = """
        CREATE TABLE IF NOT EXISTS "\(table)" ("\(SQL.primaryKey)" INTEGER PRIMARY KEY AUTOINCREMENT, "Z_BYTES" BLOB NOT NULL)
        """

    /// The SQL expression reading the bytes a reference column points to (NULL for a NULL reference).
    static func bytesSQL(reference: String) -> String {
        "(SELECT \"Z_BYTES\" FROM \"\(table)\" WHERE \"\(SQL.primaryKey)\" = \(reference))"
    }

    /// Triggers that delete an entity's external bytes with the row, or when the row points elsewhere.
    static func triggersSQL(table entity: String, column: String) -> [String] {
        let quotedEntity = SQL.identifier(entity)
        let quotedColumn = SQL.identifier(column)
        let deleteOld = "DELETE FROM \"\(table)\" WHERE \"\(SQL.primaryKey)\" = old.\(quotedColumn);"
        return [
            "CREATE TRIGGER IF NOT EXISTS \(SQL.identifier("\(entity)_\(column)_external_update")) AFTER UPDATE OF \(quotedColumn) "
                + "ON \(quotedEntity) WHEN old.\(quotedColumn) IS NOT new.\(quotedColumn) BEGIN \(deleteOld) END",
            "CREATE TRIGGER IF NOT EXISTS \(SQL.identifier("\(entity)_\(column)_external_delete")) AFTER DELETE "
                + "ON \(quotedEntity) BEGIN \(deleteOld) END",
        ]
    }

    /// Stores the bytes of the external columns of `values` and replaces them with references.
    static func store(_ values: inout [SQLiteValue], columns: [Int], connection: SQLiteConnection) throws {
        for index in columns where values.indices.contains(index) {
            guard case .blob = values[index] else { continue }
            try connection.execute("INSERT INTO \"\(table)\" (\"Z_BYTES\") VALUES (?)", [values[index]])
            values[index] = .integer(connection.lastInsertRowID)
        }
    }
}
