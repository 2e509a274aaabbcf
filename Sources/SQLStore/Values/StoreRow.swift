import Foundation
import SQLite

/// The row a fetch's cursor is on, read column by column where it lies — no array of values is built for it.
///
/// Column 0 of an entity's row is its primary key (``primaryKey``); the entity's columns follow from
/// ``firstValueColumn`` on, in the order of its table (``EntityTable/columns``). Valid only while the fetch hands it
/// to its body. ``ColumnValue`` conformances read it in `init?(row:column:)`, OpenSwiftData's fast path.
public struct StoreRow {
    @usableFromInline let statement: SQLiteStatement

    @inlinable
    package init(_ statement: SQLiteStatement) {
        self.statement = statement
    }

    /// The column of an entity's row where its values start (after the primary key).
    public static let firstValueColumn: Int32 = 1

    /// The row's primary key (column 0).
    @inlinable
    public var primaryKey: Int64 { statement.int64(at: 0) }

    /// Whether column `index` is NULL.
    @inlinable
    public func isNull(at index: Int32) -> Bool { statement.isNull(at: index) }

    /// What column `index` holds: its storage type, or nil for NULL.
    @inlinable
    public func storageType(at index: Int32) -> StorageType? {
        switch statement.storageClass(at: index) {
        case .integer: .integer
        case .real: .real
        case .text: .text
        case .blob: .blob
        case .null: nil
        }
    }

    /// Column `index` as a 64-bit integer (a value of another type is converted as SQL converts it).
    @inlinable
    public func int64(at index: Int32) -> Int64 { statement.int64(at: index) }

    /// Column `index` as a double (a value of another type is converted as SQL converts it).
    @inlinable
    public func double(at index: Int32) -> Double { statement.double(at: index) }

    /// Column `index` as text ("" for NULL).
    @inlinable
    public func text(at index: Int32) -> String { statement.text(at: index) }

    /// Column `index` as bytes (empty for NULL).
    @inlinable
    public func blob(at index: Int32) -> Data { statement.blob(at: index) }

    /// Column `index` as a ``StoredValue`` of its own type.
    @inlinable
    public func value(at index: Int32) -> StoredValue {
        switch statement.storageClass(at: index) {
        case .integer: .integer(statement.int64(at: index))
        case .real: .real(statement.double(at: index))
        case .text: .text(statement.text(at: index))
        case .blob: .blob(statement.blob(at: index))
        case .null: .null
        }
    }
}
