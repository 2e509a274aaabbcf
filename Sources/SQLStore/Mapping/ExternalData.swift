/// Bytes of attributes stored outside their row (``StoreAttribute/storesExternally``).
///
/// They live in one table of the same database, so they are written and deleted in the same transactions as the
/// rows that refer to them: the row holds the primary key of the bytes' row, and triggers delete the bytes when the
/// row is deleted or refers to other bytes. A fetch reads the bytes back with a subquery.
package enum ExternalData {
    /// The table of the bytes.
    package static let table = "Z_EXTERNALDATA"
    /// Its column of bytes.
    package static let bytesColumn = "Z_BYTES"

    /// The SQL expression reading the bytes a reference column points to (NULL for a NULL reference).
    package static func bytesSQL(reference: String, dialect: any SQLDialect) -> String {
        "(SELECT \(dialect.quoted(bytesColumn)) FROM \(dialect.quoted(table)) WHERE \(dialect.quoted(EntityTable.primaryKey)) = \(reference))"
    }
}
