import Foundation
import SQLite

/// The SQLite column type a property is declared with (its type affinity, https://sqlite.org/datatype3.html).
public enum ColumnType: String, Sendable, Codable {
    case integer = "INTEGER"
    case real = "REAL"
    case text = "TEXT"
    case blob = "BLOB"
}

/// A value stored as itself in one SQLite column, rather than as JSON.
///
/// Conforming types and their storage:
///
/// | Swift type | column | stored as |
/// | --- | --- | --- |
/// | `Int`, `Int8`…`Int64`, `UInt8`…`UInt32` | INTEGER | the value |
/// | `UInt`, `UInt64` | INTEGER | the value; saving one above `Int64.max` throws |
/// | `Bool` | INTEGER | 0 or 1 |
/// | `Double`, `Float` | REAL | the value; saving NaN throws (SQLite would store NULL) |
/// | `String` | TEXT | UTF-8 in Unicode normalization form C (canonically equal strings are stored alike) |
/// | `Date` | REAL | seconds since 2001-01-01 00:00:00 UTC (`timeIntervalSinceReferenceDate`), as Core Data |
/// | `Data` | BLOB | the bytes |
/// | `UUID` | TEXT | `uuidString` (upper-case), which sorts as the bytes do |
/// | `URL` | TEXT | `absoluteString`; a URL relative to a base, as JSON of both (see `URL`'s conformance) |
/// | `Decimal` | TEXT | its description, exact; the column's collation compares it as a number |
/// | `Optional` of any of these | same | NULL for nil |
public protocol ColumnValue: Codable {
    /// The column type this type is declared with.
    static var columnType: ColumnType { get }
    /// The collating sequence the column is declared with, when SQLite's default (BINARY) would order the stored
    /// text differently from Swift: `osd_decimal` for `Decimal`. Nil for most types.
    static var columnCollation: String? { get }
    /// Reads a stored value; nil when the stored value cannot be this type (wrong storage class, out of range).
    init?(sqliteValue: SQLiteValue)
    /// Reads column `column` of the statement's current row directly; nil when it cannot be this type. The default
    /// goes through ``init(sqliteValue:)``; the common types read the column without building a value first.
    init?(statement: SQLiteStatement, column: Int32)
    /// The value to store.
    /// - Throws: ``SwiftDataError/valueOutOfRange(_:)`` when the value has no SQLite representation.
    func sqliteValue() throws(SwiftDataError) -> SQLiteValue
}

extension ColumnValue {
    public static var columnCollation: String? { nil }

    @inlinable
    public init?(statement: SQLiteStatement, column: Int32) {
        self.init(sqliteValue: statement.value(at: column))
    }
}

extension Optional: ColumnValue where Wrapped: ColumnValue {
    public static var columnType: ColumnType { Wrapped.columnType }
    public static var columnCollation: String? { Wrapped.columnCollation }

    public init?(sqliteValue: SQLiteValue) {
        if case .null = sqliteValue {
            self = .none
        } else if let wrapped = Wrapped(sqliteValue: sqliteValue) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }

    public func sqliteValue() throws(SwiftDataError) -> SQLiteValue {
        switch self {
        case .none: .null
        case .some(let wrapped): try wrapped.sqliteValue()
        }
    }

    @inlinable
    public init?(statement: SQLiteStatement, column: Int32) {
        if statement.storageClass(at: column) == .null {
            self = .none
        } else if let wrapped = Wrapped(statement: statement, column: column) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }
}

extension String: ColumnValue {
    public static var columnType: ColumnType { .text }
    @inlinable
    public init?(statement: SQLiteStatement, column: Int32) {
        guard statement.storageClass(at: column) == .text else { return nil }
        self = statement.text(at: column)
    }
    public init?(sqliteValue: SQLiteValue) {
        guard case .text(let text) = sqliteValue else { return nil }
        self = text
    }
    public func sqliteValue() -> SQLiteValue { .text(canonicalForm) }

    /// This string in Unicode normalization form C; ASCII strings are returned as they are.
    var canonicalForm: String {
        utf8.allSatisfy { $0 < 0x80 } ? self : precomposedStringWithCanonicalMapping
    }
}

extension Bool: ColumnValue {
    public static var columnType: ColumnType { .integer }
    @inlinable
    public init?(statement: SQLiteStatement, column: Int32) {
        guard statement.storageClass(at: column) == .integer else { return nil }
        self = statement.int64(at: column) != 0
    }
    public init?(sqliteValue: SQLiteValue) {
        guard case .integer(let integer) = sqliteValue else { return nil }
        self = integer != 0
    }
    public func sqliteValue() -> SQLiteValue { .integer(self ? 1 : 0) }
}

extension Double: ColumnValue {
    public static var columnType: ColumnType { .real }
    @inlinable
    public init?(statement: SQLiteStatement, column: Int32) {
        switch statement.storageClass(at: column) {
        case .real, .integer: self = statement.double(at: column)
        default: return nil
        }
    }
    public init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .real(let real): self = real
        case .integer(let integer): self = Double(integer)
        default: return nil
        }
    }
    public func sqliteValue() -> SQLiteValue { .real(self) }
}

extension Float: ColumnValue {
    public static var columnType: ColumnType { .real }
    public init?(sqliteValue: SQLiteValue) {
        guard let double = Double(sqliteValue: sqliteValue) else { return nil }
        self = Float(double)
    }
    public func sqliteValue() -> SQLiteValue { .real(Double(self)) }
}

extension Date: ColumnValue {
    public static var columnType: ColumnType { .real }
    @inlinable
    public init?(statement: SQLiteStatement, column: Int32) {
        switch statement.storageClass(at: column) {
        case .real, .integer: self = Date(timeIntervalSinceReferenceDate: statement.double(at: column))
        default: return nil
        }
    }
    public init?(sqliteValue: SQLiteValue) {
        guard let seconds = Double(sqliteValue: sqliteValue) else { return nil }
        self = Date(timeIntervalSinceReferenceDate: seconds)
    }
    public func sqliteValue() -> SQLiteValue { .real(timeIntervalSinceReferenceDate) }
}

extension Data: ColumnValue {
    public static var columnType: ColumnType { .blob }
    public init?(sqliteValue: SQLiteValue) {
        guard case .blob(let data) = sqliteValue else { return nil }
        self = data
    }
    public func sqliteValue() -> SQLiteValue { .blob(self) }
}

extension UUID: ColumnValue {
    public static var columnType: ColumnType { .text }
    public init?(sqliteValue: SQLiteValue) {
        guard case .text(let text) = sqliteValue, let uuid = UUID(uuidString: text) else { return nil }
        self = uuid
    }
    public func sqliteValue() -> SQLiteValue { .text(uuidString) }
}

/// A URL is stored as its `absoluteString`, unless it is relative to a base URL (`URL(string: "b", relativeTo:
/// base)`, `URL(fileURLWithPath: "notes.txt")`): then as the JSON `{"base":…,"relative":…}` of its base's stored form
/// and its `relativeString`. Swift's `==` compares a URL's relative string and base, so a relative URL is not equal to
/// the absolute URL it resolves to; stored this way, it reads back equal to itself, and equality in SQL (equality of
/// the stored text) is Swift's. No `absoluteString` begins with `{`, which a URL percent-encodes.
extension URL: ColumnValue {
    private struct Relative: Codable {
        var base: String
        var relative: String
    }

    public static var columnType: ColumnType { .text }
    public init?(sqliteValue: SQLiteValue) {
        guard case .text(let text) = sqliteValue else { return nil }
        if text.hasPrefix("{") {
            guard let relative = AttributeJSON.decode(Relative.self, from: sqliteValue),
                  let base = URL(sqliteValue: .text(relative.base)), let url = URL(string: relative.relative, relativeTo: base) else {
                return nil
            }
            self = url
            return
        }
        guard let url = URL(string: text) else { return nil }
        self = url
    }
    public func sqliteValue() throws(SwiftDataError) -> SQLiteValue {
        guard let baseURL else { return .text(absoluteString) }
        guard case .text(let base) = try baseURL.sqliteValue() else { return .text(absoluteString) }
        return try AttributeJSON.encode(Relative(base: base, relative: relativeString))
    }
}

extension Decimal: ColumnValue {
    public static var columnType: ColumnType { .text }
    /// Stored as exact text, compared and sorted as numbers by the `osd_decimal` collation.
    public static var columnCollation: String? { DecimalCollation.name }
    public init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .text(let text): guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
            self = decimal
        case .integer(let integer): self = Decimal(integer)
        case .real(let real): self = Decimal(real)
        default: return nil
        }
    }
    public func sqliteValue() -> SQLiteValue { .text(description) }
}

/// Integers stored in an INTEGER column, range-checked both ways.
public protocol IntegerColumnValue: ColumnValue, FixedWidthInteger {}

extension IntegerColumnValue {
    public static var columnType: ColumnType { .integer }
    @inlinable
    public init?(statement: SQLiteStatement, column: Int32) {
        guard statement.storageClass(at: column) == .integer, let value = Self(exactly: statement.int64(at: column)) else {
            return nil
        }
        self = value
    }
    public init?(sqliteValue: SQLiteValue) {
        guard case .integer(let integer) = sqliteValue, let value = Self(exactly: integer) else { return nil }
        self = value
    }
    public func sqliteValue() throws(SwiftDataError) -> SQLiteValue {
        guard let integer = Int64(exactly: self) else {
            throw .valueOutOfRange("\(Self.self) value \(self) does not fit SQLite's 64-bit signed INTEGER")
        }
        return .integer(integer)
    }
}

extension Int: IntegerColumnValue {}
extension Int8: IntegerColumnValue {}
extension Int16: IntegerColumnValue {}
extension Int32: IntegerColumnValue {}
extension Int64: IntegerColumnValue {}
extension UInt: IntegerColumnValue {}
extension UInt8: IntegerColumnValue {}
extension UInt16: IntegerColumnValue {}
extension UInt32: IntegerColumnValue {}
extension UInt64: IntegerColumnValue {}

/// Orders `Decimal` text as numbers, so `<`, `=` and `ORDER BY` on a Decimal column agree with Swift's `Decimal`.
enum DecimalCollation {
    static let name = "osd_decimal"

    static func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        let posix = Locale(identifier: "en_US_POSIX")
        guard let left = Decimal(string: lhs, locale: posix), let right = Decimal(string: rhs, locale: posix) else {
            return lhs < rhs ? .orderedAscending : (lhs == rhs ? .orderedSame : .orderedDescending)
        }
        return left < right ? .orderedAscending : (left == right ? .orderedSame : .orderedDescending)
    }
}
