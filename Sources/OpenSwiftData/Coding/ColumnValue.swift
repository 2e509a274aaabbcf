import Foundation
import SQLStore

/// The type a column is declared with: `.integer`, `.real`, `.text` or `.blob` (raw values `INTEGER`, `REAL`, `TEXT`,
/// `BLOB`). The store layer's `StorageType`.
public typealias ColumnType = StorageType

/// One value as the store holds it: `.null`, `.integer(Int64)`, `.real(Double)`, `.text(String)` or `.blob(Data)`.
/// The store layer's `StoredValue`; what a ``ColumnValue`` reads and writes.
public typealias StoredValue = SQLStore.StoredValue

/// The row a fetch is reading, column by column where it lies (`isNull(at:)`, `storageType(at:)`, `int64(at:)`,
/// `double(at:)`, `text(at:)`, `blob(at:)`, `value(at:)`). The store layer's `StoreRow`; what a ``ColumnValue``
/// may read directly in ``ColumnValue/init(row:column:)``.
public typealias StoreRow = SQLStore.StoreRow

/// A value stored as itself in one column, rather than as JSON. Not in SwiftData (whose attributes of these types
/// are stored alike): the protocol OpenSwiftData's own scalar types conform to, open to yours.
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
///
/// A type of your own conforms with three members; predicates compare and sort it by its stored value:
///
/// ```swift
/// struct Cents: ColumnValue, Comparable {
///     var amount: Int64
///     static var columnType: ColumnType { .integer }
///     init?(storedValue: StoredValue) {
///         guard case .integer(let amount) = storedValue else { return nil }
///         self.amount = amount
///     }
///     func storedValue() -> StoredValue { .integer(amount) }
/// }
/// ```
public protocol ColumnValue: Codable {
    /// The column type this type is declared with.
    static var columnType: ColumnType { get }
    /// The collating sequence the column is declared with, when the store's default (binary) would order the stored
    /// text differently from Swift: `osd_decimal` for `Decimal`. Nil (the default) for most types.
    static var columnCollation: String? { get }
    /// Reads a stored value; nil when the stored value cannot be this type (wrong storage type, out of range): the
    /// fetch then throws ``SwiftDataError/invalidStoredValue(_:)`` naming the property.
    init?(storedValue: StoredValue)
    /// Reads column `column` of the row a fetch is on, directly; nil when it cannot be this type. The default goes
    /// through ``init(storedValue:)``; the common types read the column without building a value first.
    init?(row: StoreRow, column: Int32)
    /// The value to store.
    /// - Throws: ``SwiftDataError/valueOutOfRange(_:)`` when the value has no stored representation.
    func storedValue() throws(SwiftDataError) -> StoredValue
}

extension ColumnValue {
    public static var columnCollation: String? { nil }

    @inlinable
    public init?(row: StoreRow, column: Int32) {
        self.init(storedValue: row.value(at: column))
    }
}

extension Optional: ColumnValue where Wrapped: ColumnValue {
    public static var columnType: ColumnType { Wrapped.columnType }
    public static var columnCollation: String? { Wrapped.columnCollation }

    public init?(storedValue: StoredValue) {
        if case .null = storedValue {
            self = .none
        } else if let wrapped = Wrapped(storedValue: storedValue) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }

    public func storedValue() throws(SwiftDataError) -> StoredValue {
        switch self {
        case .none: .null
        case .some(let wrapped): try wrapped.storedValue()
        }
    }

    @inlinable
    public init?(row: StoreRow, column: Int32) {
        if row.isNull(at: column) {
            self = .none
        } else if let wrapped = Wrapped(row: row, column: column) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }
}

extension String: ColumnValue {
    public static var columnType: ColumnType { .text }
    @inlinable
    public init?(row: StoreRow, column: Int32) {
        guard row.storageType(at: column) == .text else { return nil }
        self = row.text(at: column)
    }
    public init?(storedValue: StoredValue) {
        guard case .text(let text) = storedValue else { return nil }
        self = text
    }
    public func storedValue() -> StoredValue { .text(canonicalForm) }
}

extension Bool: ColumnValue {
    public static var columnType: ColumnType { .integer }
    @inlinable
    public init?(row: StoreRow, column: Int32) {
        guard row.storageType(at: column) == .integer else { return nil }
        self = row.int64(at: column) != 0
    }
    public init?(storedValue: StoredValue) {
        guard case .integer(let integer) = storedValue else { return nil }
        self = integer != 0
    }
    public func storedValue() -> StoredValue { .integer(self ? 1 : 0) }
}

extension Double: ColumnValue {
    public static var columnType: ColumnType { .real }
    @inlinable
    public init?(row: StoreRow, column: Int32) {
        switch row.storageType(at: column) {
        case .real, .integer: self = row.double(at: column)
        default: return nil
        }
    }
    public init?(storedValue: StoredValue) {
        switch storedValue {
        case .real(let real): self = real
        case .integer(let integer): self = Double(integer)
        default: return nil
        }
    }
    public func storedValue() -> StoredValue { .real(self) }
}

extension Float: ColumnValue {
    public static var columnType: ColumnType { .real }
    public init?(storedValue: StoredValue) {
        guard let double = Double(storedValue: storedValue) else { return nil }
        self = Float(double)
    }
    public func storedValue() -> StoredValue { .real(Double(self)) }
}

extension Date: ColumnValue {
    public static var columnType: ColumnType { .real }
    @inlinable
    public init?(row: StoreRow, column: Int32) {
        switch row.storageType(at: column) {
        case .real, .integer: self = Date(timeIntervalSinceReferenceDate: row.double(at: column))
        default: return nil
        }
    }
    public init?(storedValue: StoredValue) {
        guard let seconds = Double(storedValue: storedValue) else { return nil }
        self = Date(timeIntervalSinceReferenceDate: seconds)
    }
    public func storedValue() -> StoredValue { .real(timeIntervalSinceReferenceDate) }
}

extension Data: ColumnValue {
    public static var columnType: ColumnType { .blob }
    public init?(storedValue: StoredValue) {
        guard case .blob(let data) = storedValue else { return nil }
        self = data
    }
    public func storedValue() -> StoredValue { .blob(self) }
}

extension UUID: ColumnValue {
    public static var columnType: ColumnType { .text }
    public init?(storedValue: StoredValue) {
        guard case .text(let text) = storedValue, let uuid = UUID(uuidString: text) else { return nil }
        self = uuid
    }
    public func storedValue() -> StoredValue { .text(uuidString) }
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
    public init?(storedValue: StoredValue) {
        guard case .text(let text) = storedValue else { return nil }
        if text.hasPrefix("{") {
            guard let relative = AttributeJSON.decode(Relative.self, from: storedValue),
                let base = URL(storedValue: .text(relative.base)),
                let url = URL(string: relative.relative, relativeTo: base)
            else {
                return nil
            }
            self = url
            return
        }
        guard let url = URL(string: text) else { return nil }
        self = url
    }
    public func storedValue() throws(SwiftDataError) -> StoredValue {
        guard let baseURL else { return .text(absoluteString) }
        guard case .text(let base) = try baseURL.storedValue() else { return .text(absoluteString) }
        return try AttributeJSON.encode(Relative(base: base, relative: relativeString))
    }
}

extension Decimal: ColumnValue {
    public static var columnType: ColumnType { .text }
    /// Stored as exact text, compared and sorted as numbers by the `osd_decimal` collation.
    public static var columnCollation: String? { DecimalCollation.name }
    public init?(storedValue: StoredValue) {
        switch storedValue {
        case .text(let text):
            guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
            self = decimal
        case .integer(let integer): self = Decimal(integer)
        case .real(let real): self = Decimal(real)
        default: return nil
        }
    }
    public func storedValue() -> StoredValue { .text(description) }
}

/// Integers stored in an INTEGER column, range-checked both ways.
public protocol IntegerColumnValue: ColumnValue, FixedWidthInteger {}

extension IntegerColumnValue {
    public static var columnType: ColumnType { .integer }
    @inlinable
    public init?(row: StoreRow, column: Int32) {
        guard row.storageType(at: column) == .integer, let value = Self(exactly: row.int64(at: column)) else {
            return nil
        }
        self = value
    }
    public init?(storedValue: StoredValue) {
        guard case .integer(let integer) = storedValue, let value = Self(exactly: integer) else { return nil }
        self = value
    }
    public func storedValue() throws(SwiftDataError) -> StoredValue {
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
