/// `INSERT` of one row of an entity, its values bound in column order.
///
/// ```sql
/// INSERT INTO "Tag" ("name", "count") VALUES (?, ?)
/// INSERT INTO "Tag" ("name", "count") VALUES (?, ?) ON CONFLICT ("name") DO UPDATE SET "name" = excluded."name", "count" = excluded."count"
/// ```
///
/// With ``upserts``, a row that meets an existing one on any unique group updates that row instead (SwiftData's
/// rule): one `ON CONFLICT` clause per group. No `RETURNING` (it makes SQLite buffer the result and doubles the cost
/// of an insert): the new key is the connection's last insert rowid, or — when the row met an existing one — found
/// with ``FetchRequest/Rows/unique(group:values:)``.
///
/// With a ``versionColumn`` (Core Data's row version `Z_OPT`), an upsert raises the stored row's version instead of
/// writing the new row's: `… DO UPDATE SET "name" = excluded."name", "Z_OPT" = "Z_OPT" + 1`, so that a writer holding
/// the version it read before the upsert finds the row changed.
package struct InsertQuery {
    package let table: EntityTable
    package let upserts: Bool
    /// The index of the row-version column, or nil.
    package let versionColumn: Int?

    package init(table: EntityTable, upserts: Bool, versionColumn: Int? = nil) {
        self.table = table
        self.upserts = upserts
        self.versionColumn = versionColumn
    }

    /// The statement; its arguments are the row's values, in column order.
    package func sql(_ dialect: any SQLDialect) -> String {
        guard !table.columns.isEmpty else { return "INSERT INTO \(table.quotedName) DEFAULT VALUES" }
        let columns = table.columns.map { dialect.quoted($0.name) }
        var sql =
            "INSERT INTO \(table.quotedName) (\(columns.joined(separator: ", "))) VALUES (\(dialect.placeholders(columns.count)))"
        guard upserts, !table.uniqueGroups.isEmpty else { return sql }
        guard let versionColumn, columns.indices.contains(versionColumn) else {
            return sql
                + dialect.upsertClause(
                    conflictTargets: table.uniqueGroups.map { $0.map { columns[$0] } }, updating: columns)
        }
        // One clause per group, each ending with its assignments, so the version's own one follows each.
        let version = columns[versionColumn]
        let updating = columns.indices.filter { $0 != versionColumn }.map { columns[$0] }
        for group in table.uniqueGroups {
            sql += dialect.upsertClause(conflictTargets: [group.map { columns[$0] }], updating: updating)
            sql += (updating.isEmpty ? " " : ", ") + "\(version) = \(version) + 1"
        }
        return sql
    }

    /// The upsert with each group's conflict clause ending in `WHERE <recorder>("Z_PK")` (with a ``versionColumn``:
    /// `WHERE <recorder>("Z_PK", "Z_OPT" + 1)`, the version the clause writes), a function that records the key of
    /// the stored row the insert met and answers true, so that the key need not be looked up again. A clause does
    /// not set its own group's columns where the stored value is the new one (``assignments(onConflictWith:updating:)``):
    ///
    /// ```sql
    /// INSERT INTO "Tag" ("name", "count") VALUES (?, ?) ON CONFLICT ("name") DO UPDATE SET "count" = excluded."count" WHERE osd_upserted("Z_PK")
    /// ```
    ///
    /// Without ``upserts`` or unique groups, the plain insert of ``sql(_:)``.
    package func sql(_ dialect: any SQLDialect, recordingKeyWith recorder: String) -> String {
        guard upserts, !table.columns.isEmpty, !table.uniqueGroups.isEmpty else { return sql(dialect) }
        let columns = table.columns.map { dialect.quoted($0.name) }
        var sql =
            "INSERT INTO \(table.quotedName) (\(columns.joined(separator: ", "))) VALUES (\(dialect.placeholders(columns.count)))"
        let version = versionColumn.flatMap { columns.indices.contains($0) ? columns[$0] : nil }
        let updating = columns.indices.filter { $0 != versionColumn || version == nil }
        let recorded = table.quotedPrimaryKey + (version.map { ", \($0) + 1" } ?? "")
        for group in table.uniqueGroups {
            let assigned = assignments(onConflictWith: group, updating: updating).map { columns[$0] }
            sql += dialect.upsertClause(conflictTargets: [group.map { columns[$0] }], updating: assigned)
            if let version { sql += (assigned.isEmpty ? " " : ", ") + "\(version) = \(version) + 1" }
            sql += " WHERE \(recorder)(\(recorded))"
        }
        return sql
    }

    /// The columns a conflict on `group` sets: `updating` without the group's own columns whose stored value is
    /// necessarily identical to the new one — the conflict means they compare equal, and an integer, a reference or
    /// text in the default (binary) collation that compares equal is identical — so that the update does not rewrite
    /// the unique index's entry (≈ 7,000 instructions a met row on SQLite: `make benchmarks`' upsert). A real (`-0.0`
    /// meets `0.0`), a column with a collation, JSON or another encoding, and external bytes stay assigned; so does
    /// everything when nothing else would be (`DO UPDATE SET` needs an assignment).
    private func assignments(onConflictWith group: [Int], updating: [Int]) -> [Int] {
        let identical = Set(
            group.filter { index in
                guard table.columns.indices.contains(index) else { return false }
                let column = table.columns[index]
                switch column.kind {
                case .reference: return true
                case .attribute(let attribute):
                    return !column.isExternal && attribute.collation == nil
                        && (attribute.storageType == .integer || attribute.storageType == .text)
                        && (attribute.representation == "scalar" || attribute.representation == "rawValue")
                }
            })
        let assigned = updating.filter { !identical.contains($0) }
        return assigned.isEmpty ? updating : assigned
    }

    /// `INSERT INTO "Z_EXTERNALDATA" ("Z_BYTES") VALUES (?)`: bytes stored outside their row.
    package static func externalData(_ dialect: any SQLDialect) -> String {
        "INSERT INTO \(dialect.quoted(ExternalData.table)) (\(dialect.quoted(ExternalData.bytesColumn))) VALUES (?)"
    }
}

/// `UPDATE` of given columns of one row: `UPDATE "T" SET "a" = ?, "b" = ? WHERE "Z_PK" = ?`; its arguments are
/// those columns' values, then the key.
package struct UpdateQuery {
    package let table: EntityTable
    /// The columns to set, by index.
    package let columns: [Int]

    package init(table: EntityTable, columns: [Int]) {
        self.table = table
        self.columns = columns
    }

    package func sql(_ dialect: any SQLDialect) -> String {
        "UPDATE \(table.quotedName) SET "
            + columns.map { "\(dialect.quoted(table.columns[$0].name)) = ?" }.joined(separator: ", ")
            + " WHERE \(table.quotedPrimaryKey) = ?"
    }
}

/// `DELETE` of rows of an entity.
///
/// ```sql
/// DELETE FROM "T" WHERE "Z_PK" = ?
/// DELETE FROM "T"                                               -- every row (SQLite truncates)
/// DELETE FROM "T" WHERE (<condition>) RETURNING "Z_PK"
/// DELETE FROM "T" WHERE "Z_PK" IN (?, ?) RETURNING "Z_PK"
/// ```
package struct DeleteQuery {
    /// Which rows.
    package enum Rows {
        case key(Int64)
        case all
        /// The rows a condition holds for; the statement returns their keys.
        case matching(SQLExpression)
        /// The rows with these keys; the statement returns the keys it found.
        case keys([Int64])
    }

    package let table: EntityTable
    package let rows: Rows

    package init(table: EntityTable, rows: Rows) {
        self.table = table
        self.rows = rows
    }

    package func sql(_ dialect: any SQLDialect) -> SQLFragment {
        let key = table.quotedPrimaryKey
        switch rows {
        case .key(let rowKey):
            return SQLFragment("DELETE FROM \(table.quotedName) WHERE \(key) = ?", [.integer(rowKey)])
        case .all:
            return SQLFragment("DELETE FROM \(table.quotedName)")
        case .matching(let condition):
            return "DELETE FROM \(table.quotedName) WHERE (" + condition.fragment + ")" + dialect.returningClause([key])
        case .keys(let keys):
            return SQLFragment(
                "DELETE FROM \(table.quotedName) WHERE \(key) IN (\(dialect.placeholders(keys.count)))\(dialect.returningClause([key]))",
                keys.map { .integer($0) }
            )
        }
    }
}

/// The statements that rewrite a join-table relationship of one row: delete its rows, then insert one per related
/// row with its position.
///
/// ```sql
/// DELETE FROM "Z_Movie_cast" WHERE "Z_SOURCE" = ?
/// INSERT OR REPLACE INTO "Z_Movie_cast" ("Z_SOURCE", "Z_TARGET", "Z_ORDER") VALUES (?, ?, ?)
/// ```
package struct JoinRowsQuery {
    package let joinTable: JoinTable
    package let ownerColumn: String
    package let destinationColumn: String

    package init(joinTable: JoinTable, ownerColumn: String, destinationColumn: String) {
        self.joinTable = joinTable
        self.ownerColumn = ownerColumn
        self.destinationColumn = destinationColumn
    }

    /// Deletes the owner's rows; its argument is the owner's key.
    package func deleteSQL(_ dialect: any SQLDialect) -> String {
        "DELETE FROM \(joinTable.quotedName) WHERE \(dialect.quoted(ownerColumn)) = ?"
    }

    /// Inserts one row; its arguments are the owner's key, the destination's key and the position.
    package func insertSQL(_ dialect: any SQLDialect) -> String {
        dialect.insertOrReplace(
            into: joinTable.quotedName,
            columns: [
                dialect.quoted(ownerColumn), dialect.quoted(destinationColumn), dialect.quoted(JoinTable.orderColumn),
            ]
        )
    }
}
