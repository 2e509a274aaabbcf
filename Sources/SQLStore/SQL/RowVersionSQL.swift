/// The statements of optimistic locking (Core Data's `Z_OPT` row version): an update that raises the row's
/// version and, when it knows the version it read, writes only a row that still holds it; a delete likewise.
///
/// ```sql
/// UPDATE "T" SET "a" = ?, "Z_OPT" = "Z_OPT" + 1 WHERE "Z_PK" = ? AND "Z_OPT" = ?
/// UPDATE "T" SET "Z_OPT" = "Z_OPT" + 1 WHERE "Z_PK" = ?            -- no expected version (a batch update)
/// DELETE FROM "T" WHERE "Z_PK" = ? AND "Z_OPT" = ?
/// SELECT "Z_PK", "Z_OPT" FROM "T" WHERE "name" = ?                 -- the row an upsert met, and its version now
/// ```
extension UpdateQuery {
    /// The `UPDATE` of ``columns`` that also raises `version`'s column by one; its arguments are the columns'
    /// values, the key, then the expected version when there is one.
    package func sql(_ dialect: any SQLDialect, version: SaveRequest.RowVersion) -> String {
        let versionColumn = dialect.quoted(table.columns[version.column].name)
        let assignments =
            columns.map { "\(dialect.quoted(table.columns[$0].name)) = ?" } + [
                "\(versionColumn) = \(versionColumn) + 1"
            ]
        return "UPDATE \(table.quotedName) SET " + assignments.joined(separator: ", ")
            + " WHERE \(table.quotedPrimaryKey) = ?" + (version.expected == nil ? "" : " AND \(versionColumn) = ?")
    }
}

extension DeleteQuery {
    /// The `DELETE` of one row (``Rows/key(_:)``) that still holds version `expected` in column `versionColumn`;
    /// other kinds of rows give the plain statement.
    package func sql(_ dialect: any SQLDialect, versionColumn: Int, expected: Int64) -> SQLFragment {
        guard case .key(let key) = rows else { return sql(dialect) }
        return SQLFragment(
            "DELETE FROM \(table.quotedName) WHERE \(table.quotedPrimaryKey) = ? AND \(dialect.quoted(table.columns[versionColumn].name)) = ?",
            [.integer(key), .integer(expected)]
        )
    }
}

extension InsertQuery {
    /// The key and version (``versionColumn``) of the row whose unique group `group` holds the bound values: the
    /// row an upsert met and updated. Nil without a version column or such a group.
    package func versionLookup(_ dialect: any SQLDialect, group: Int) -> String? {
        guard let versionColumn, table.columns.indices.contains(versionColumn),
            table.uniqueGroups.indices.contains(group)
        else { return nil }
        let conditions = table.uniqueGroups[group].map { "\(dialect.quoted(table.columns[$0].name)) = ?" }
        return "SELECT \(table.quotedPrimaryKey), \(dialect.quoted(table.columns[versionColumn].name)) FROM "
            + "\(table.quotedName) WHERE \(conditions.joined(separator: " AND "))"
    }
}
