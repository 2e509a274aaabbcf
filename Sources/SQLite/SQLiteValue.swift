import Foundation

/// One value as SQLite stores it: one of its five storage classes (https://sqlite.org/datatype3.html).
public enum SQLiteValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    /// The storage class's SQL name, as `typeof()` reports it: `null`, `integer`, `real`, `text` or `blob`.
    public var storageClassName: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }
}

extension SQLiteValue: CustomStringConvertible {
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

/// SQLite's five storage classes, without a value.
public enum SQLiteStorageClass: Sendable, Hashable {
    case null, integer, real, text, blob
}
