import Foundation

/// The type a column is declared with: what it stores when not NULL. Its raw value is the SQL type name SQLite's
/// type affinity reads (https://sqlite.org/datatype3.html), which stores record; a dialect maps it to its own names
/// (``SQLDialect/typeName(for:)``).
///
/// OpenSwiftData names it `ColumnType` (a public typealias): ``ColumnValue/columnType`` is one.
public enum StorageType: String, Sendable, Hashable, Codable, CaseIterable {
    /// Signed 64-bit integers (also booleans, as 0 and 1).
    case integer = "INTEGER"
    /// Doubles.
    case real = "REAL"
    /// UTF-8 text.
    case text = "TEXT"
    /// Bytes.
    case blob = "BLOB"

    /// The value a new required column of this type starts from when nothing better is known: 0, 0.0, "" or no bytes.
    package var zeroValue: StoredValue {
        switch self {
        case .integer: .integer(0)
        case .real: .real(0)
        case .text: .text("")
        case .blob: .blob(Data())
        }
    }
}
