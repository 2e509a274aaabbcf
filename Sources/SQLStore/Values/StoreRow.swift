import Foundation
import SQLite

/// The row a fetch's cursor is on, read column by column where it lies — no array of values is built for it.
///
/// Column 0 of an entity's row is its primary key (``primaryKey``); the entity's columns follow from
/// ``firstValueColumn`` on, in the order of its table (``EntityTable/columns``). Valid only while the fetch hands it
/// to its body. ``ColumnValue`` conformances read it in `init?(row:column:)`, OpenSwiftData's fast path.
///
/// Backend-neutral: a SQLite statement stepping through its rows (read straight from it, the fast path every
/// SQLite fetch takes), or one row of another backend's result (``StoreRowCursor``, a PostgreSQL result).
public struct StoreRow {
    @usableFromInline
    enum Source {
        case sqlite(SQLiteStatement)
        case cursor(any StoreRowCursor, row: Int32)
    }

    @usableFromInline let source: Source

    @inlinable
    package init(_ statement: SQLiteStatement) {
        self.source = .sqlite(statement)
    }

    /// Row `row` of `cursor`.
    @inlinable
    package init(_ cursor: any StoreRowCursor, row: Int32) {
        self.source = .cursor(cursor, row: row)
    }

    /// The column of an entity's row where its values start (after the primary key).
    public static let firstValueColumn: Int32 = 1

    /// The row's primary key (column 0).
    @inlinable
    public var primaryKey: Int64 { int64(at: 0) }

    /// Whether column `index` is NULL.
    @inlinable
    public func isNull(at index: Int32) -> Bool {
        switch source {
        case .sqlite(let statement): statement.isNull(at: index)
        case .cursor(let cursor, let row): cursor.isNull(row: row, column: index)
        }
    }

    /// What column `index` holds: its storage type, or nil for NULL.
    @inlinable
    public func storageType(at index: Int32) -> StorageType? {
        switch source {
        case .sqlite(let statement):
            switch statement.storageClass(at: index) {
            case .integer: .integer
            case .real: .real
            case .text: .text
            case .blob: .blob
            case .null: nil
            }
        case .cursor(let cursor, let row): cursor.storageType(row: row, column: index)
        }
    }

    /// Column `index` as a 64-bit integer (a value of another type is converted as SQL converts it).
    @inlinable
    public func int64(at index: Int32) -> Int64 {
        switch source {
        case .sqlite(let statement): statement.int64(at: index)
        case .cursor(let cursor, let row): cursor.integerValue(row: row, column: index)
        }
    }

    /// Column `index` as a double (a value of another type is converted as SQL converts it).
    @inlinable
    public func double(at index: Int32) -> Double {
        switch source {
        case .sqlite(let statement): statement.double(at: index)
        case .cursor(let cursor, let row): cursor.realValue(row: row, column: index)
        }
    }

    /// Column `index` as text ("" for NULL).
    @inlinable
    public func text(at index: Int32) -> String {
        switch source {
        case .sqlite(let statement): statement.text(at: index)
        case .cursor(let cursor, let row): cursor.textValue(row: row, column: index)
        }
    }

    /// Column `index` as bytes (empty for NULL).
    @inlinable
    public func blob(at index: Int32) -> Data {
        switch source {
        case .sqlite(let statement): statement.blob(at: index)
        case .cursor(let cursor, let row): cursor.blobValue(row: row, column: index)
        }
    }

    /// Column `index` as a ``StoredValue`` of its own type.
    @inlinable
    public func value(at index: Int32) -> StoredValue {
        switch source {
        case .sqlite(let statement):
            switch statement.storageClass(at: index) {
            case .integer: .integer(statement.int64(at: index))
            case .real: .real(statement.double(at: index))
            case .text: .text(statement.text(at: index))
            case .blob: .blob(statement.blob(at: index))
            case .null: .null
            }
        case .cursor(let cursor, let row):
            switch cursor.storageType(row: row, column: index) {
            case .integer: .integer(cursor.integerValue(row: row, column: index))
            case .real: .real(cursor.realValue(row: row, column: index))
            case .text: .text(cursor.textValue(row: row, column: index))
            case .blob: .blob(cursor.blobValue(row: row, column: index))
            case nil: .null
            }
        }
    }
}

/// The rows of a result held by a backend other than SQLite, read in place by ``StoreRow``: each read names the
/// row and the column (both from 0) and converts as ``StoreRow``'s reads promise (NULL as 0, "" or empty bytes; a
/// value of another type as SQL converts it).
public protocol StoreRowCursor: AnyObject {
    /// Whether the value is NULL.
    func isNull(row: Int32, column: Int32) -> Bool
    /// The value's storage type, or nil for NULL.
    func storageType(row: Int32, column: Int32) -> StorageType?
    /// The value as a 64-bit integer.
    func integerValue(row: Int32, column: Int32) -> Int64
    /// The value as a double.
    func realValue(row: Int32, column: Int32) -> Double
    /// The value as text.
    func textValue(row: Int32, column: Int32) -> String
    /// The value as bytes.
    func blobValue(row: Int32, column: Int32) -> Data
}
