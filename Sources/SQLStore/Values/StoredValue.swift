import Foundation
import SQLite

/// One stored value, as every layer above the store speaks it: SQL's NULL, a 64-bit integer, a double, UTF-8 text or
/// bytes — the five storage classes of SQLite (https://sqlite.org/datatype3.html), which a PostgreSQL store maps to
/// `bigint`, `double precision`, `text` and `bytea`.
///
/// OpenSwiftData names it `StoredValue` too (a public typealias): ``ColumnValue`` conformances read and write it.
public enum StoredValue: Hashable, Sendable {
    /// SQL's NULL: `nil` for an optional property.
    case null
    /// A signed 64-bit integer.
    case integer(Int64)
    /// A double. (SQLite stores NaN as NULL.)
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes.
    case blob(Data)

    /// The storage class's SQL name, as SQLite's `typeof()` reports it: `null`, `integer`, `real`, `text` or `blob`.
    public var storageClassName: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }

    /// Whether this is SQL's NULL.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension StoredValue: CustomStringConvertible {
    /// The value as an SQL literal would spell it (`NULL`, `42`, `'it''s'`, `X'00FF'`): for messages, never for SQL.
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let value): "X'" + value.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }
}

extension StoredValue {
    /// The same value as the SQLite wrapper binds it.
    @inlinable
    package var sqliteValue: SQLiteValue {
        switch self {
        case .null: .null
        case .integer(let value): .integer(value)
        case .real(let value): .real(value)
        case .text(let value): .text(value)
        case .blob(let value): .blob(value)
        }
    }

    /// A value the SQLite wrapper read.
    @inlinable
    package init(_ value: SQLiteValue) {
        switch value {
        case .null: self = .null
        case .integer(let value): self = .integer(value)
        case .real(let value): self = .real(value)
        case .text(let value): self = .text(value)
        case .blob(let value): self = .blob(value)
        }
    }
}
