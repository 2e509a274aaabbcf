import CPostgreSQL
import Foundation
import SQLStore

/// The rows of one statement (`PGresult`), every column in PostgreSQL's binary format, read in place: a column is
/// decoded straight from libpq's buffer when it is asked for, with no array of values per row.
///
/// Rows and columns count from 0. Reads of a row or column out of range, or of a NULL, give nil (or `.null`).
public final class PostgreSQLResult {
    /// The `PGresult*`, freed (`PQclear`) with the result.
    public let handle: OpaquePointer
    /// The number of rows (`PQntuples`).
    public let rowCount: Int32
    /// The number of columns (`PQnfields`).
    public let columnCount: Int32

    init(handle: OpaquePointer) {
        self.handle = handle
        self.rowCount = PQntuples(handle)
        self.columnCount = PQnfields(handle)
    }

    deinit { PQclear(handle) }

    /// The command tag (`PQcmdStatus`): `INSERT 0 1`, `UPDATE 3`, `SELECT 2`, `COMMIT`, `ROLLBACK`…
    public var commandStatus: String { String(cString: PQcmdStatus(handle)) }

    /// Rows an INSERT, UPDATE, DELETE, MERGE or SELECT touched (`PQcmdTuples`); 0 for other commands.
    public var affectedRows: Int64 { Int64(String(cString: PQcmdTuples(handle))) ?? 0 }

    /// The name of column `column` (its alias in the select list).
    public func columnName(_ column: Int32) -> String? {
        guard let name = PQfname(handle, column) else { return nil }
        return String(cString: name)
    }

    /// The index of the column named `name`, or nil.
    public func columnIndex(named name: String) -> Int32? {
        let index = PQfnumber(handle, name)
        return index < 0 ? nil : index
    }

    /// The type OID of column `column` (`PQftype`): 20 for `bigint`, 701 for `double precision`, 25 for `text`,
    /// 17 for `bytea`… (https://www.postgresql.org/docs/15/catalog-pg-type.html).
    public func columnType(_ column: Int32) -> UInt32 { PQftype(handle, column) }

    /// Whether the value at `row`, `column` is NULL (or out of range).
    @inlinable
    public func isNull(row: Int32, column: Int32) -> Bool {
        row < 0 || row >= rowCount || column < 0 || column >= columnCount || PQgetisnull(handle, row, column) != 0
    }

    /// The value's bytes, in place (valid while the result lives), or nil for NULL.
    @inlinable
    public func withBytes<T>(row: Int32, column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T? {
        guard !isNull(row: row, column: column), let pointer = PQgetvalue(handle, row, column) else { return nil }
        return try body(UnsafeRawBufferPointer(start: pointer, count: Int(PQgetlength(handle, row, column))))
    }

    /// An integer column (`bigint`, `integer`, `smallint`, `boolean` as 0 or 1); nil for NULL or another type.
    @inlinable
    public func integer(row: Int32, column: Int32) -> Int64? {
        let type = PQftype(handle, column)
        return withBytes(row: row, column: column) { bytes -> Int64? in
            switch (type, bytes.count) {
            case (PostgreSQLType.int8, 8): Int64(bigEndian: bytes.loadUnaligned(as: Int64.self))
            case (PostgreSQLType.int4, 4): Int64(Int32(bigEndian: bytes.loadUnaligned(as: Int32.self)))
            case (PostgreSQLType.int2, 2): Int64(Int16(bigEndian: bytes.loadUnaligned(as: Int16.self)))
            case (PostgreSQLType.bool, 1): bytes[0] == 0 ? 0 : 1
            default: nil
            }
        } ?? nil
    }

    /// A floating-point column (`double precision`, `real`); nil for NULL or another type.
    @inlinable
    public func real(row: Int32, column: Int32) -> Double? {
        let type = PQftype(handle, column)
        return withBytes(row: row, column: column) { bytes -> Double? in
            switch (type, bytes.count) {
            case (PostgreSQLType.float8, 8): Double(bitPattern: UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)))
            case (PostgreSQLType.float4, 4):
                Double(Float(bitPattern: UInt32(bigEndian: bytes.loadUnaligned(as: UInt32.self))))
            default: nil
            }
        } ?? nil
    }

    /// A text column (`text`, `varchar`, `name`, `json`, `jsonb` as its JSON text, `uuid` as `UUID.uuidString`
    /// spells it — upper case —, `numeric` as PostgreSQL writes it); nil for NULL or another type.
    public func text(row: Int32, column: Int32) -> String? {
        let type = PQftype(handle, column)
        return withBytes(row: row, column: column) { bytes -> String? in
            switch type {
            case PostgreSQLType.jsonb:
                // Binary jsonb is a version byte (1) and the JSON text.
                guard bytes.first == 1 else { return nil }
                return String(decoding: UnsafeRawBufferPointer(rebasing: bytes.dropFirst()), as: UTF8.self)
            case PostgreSQLType.text, PostgreSQLType.varchar, PostgreSQLType.bpchar, PostgreSQLType.name,
                PostgreSQLType.json, PostgreSQLType.unknown:
                return String(decoding: bytes, as: UTF8.self)
            case PostgreSQLType.uuid:
                return Self.uuidText(bytes)
            case PostgreSQLType.numeric:
                return Self.numericText(bytes)
            default:
                return nil
            }
        } ?? nil
    }

    /// A binary `uuid` (16 bytes) in `UUID.uuidString`'s form: upper-case hexadecimal in groups of 8-4-4-4-12.
    static func uuidText(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count == 16 else { return nil }
        let digits = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A binary `numeric` as `numeric_out` writes it: sign, integer digits (at least "0"), and as many fraction
    /// digits as its display scale — so "1.50" stored reads back "1.50". The binary form is four 16-bit fields
    /// (digit count, weight of the first digit, sign, display scale) and base-10,000 digits, most significant first.
    static func numericText(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count >= 8 else { return nil }
        func field(_ index: Int) -> Int {
            Int(Int16(bitPattern: UInt16(bytes[index * 2]) << 8 | UInt16(bytes[index * 2 + 1])))
        }
        let count = field(0), weight = field(1), sign = UInt16(bitPattern: Int16(field(2))), scale = field(3)
        guard count >= 0, bytes.count == 8 + 2 * count, scale >= 0 else { return nil }
        switch sign {
        case 0xC000: return "NaN"
        case 0xD000: return "Infinity"
        case 0xF000: return "-Infinity"
        case 0x0000, 0x4000: break
        default: return nil
        }
        func digit(_ index: Int) -> Int { index >= 0 && index < count ? field(4 + index) : 0 }
        var text = sign == 0x4000 ? "-" : ""
        if weight < 0 {
            text += "0"
        } else {
            text += String(digit(0))
            for index in stride(from: 1, through: weight, by: 1) { text += Self.fourDigits(digit(index)) }
        }
        if scale > 0 {
            var fraction = ""
            var index = weight + 1
            while fraction.count < scale {
                fraction += Self.fourDigits(digit(index))
                index += 1
            }
            text += "." + fraction.prefix(scale)
        }
        return text
    }

    private static func fourDigits(_ value: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// A `bytea` column's bytes; nil for NULL or another type.
    public func blob(row: Int32, column: Int32) -> Data? {
        guard PQftype(handle, column) == PostgreSQLType.bytea else { return nil }
        return withBytes(row: row, column: column) { Data($0) }
    }

    /// The value at `row`, `column` as a ``StoredValue``: `bigint`/`integer`/`smallint`/`boolean` as `.integer`,
    /// `double precision`/`real` as `.real`, `text`/`varchar`/`json`/`jsonb`/`uuid`/`numeric` as `.text` (see
    /// ``text(row:column:)``), `bytea` as `.blob`, NULL (and a row or column out of range) as `.null`.
    /// - Throws: ``PostgreSQLError`` (``PostgreSQLError/Kind/client``) for a column of any other type (`timestamp`,
    ///   `interval`…): cast it in the statement (`::double precision`, `::text`).
    public func value(row: Int32, column: Int32) throws(PostgreSQLError) -> StoredValue {
        if isNull(row: row, column: column) { return .null }
        if let integer = integer(row: row, column: column) { return .integer(integer) }
        if let real = real(row: row, column: column) { return .real(real) }
        if let text = text(row: row, column: column) { return .text(text) }
        if let blob = blob(row: row, column: column) { return .blob(blob) }
        throw PostgreSQLError(
            kind: .client,
            message:
                "column \(columnName(column) ?? String(column)) has type OID \(columnType(column)), which is not stored "
                + "as a StoredValue: cast it to bigint, double precision, text or bytea in the statement"
        )
    }

    /// Every row as an array of ``value(row:column:)``s: for tests and small results; a fetch reads in place.
    public func rows() throws(PostgreSQLError) -> [[StoredValue]] {
        var rows: [[StoredValue]] = []
        rows.reserveCapacity(Int(rowCount))
        for row in 0..<rowCount {
            var values: [StoredValue] = []
            values.reserveCapacity(Int(columnCount))
            for column in 0..<columnCount { values.append(try value(row: row, column: column)) }
            rows.append(values)
        }
        return rows
    }
}

/// The type OIDs this wrapper sends and reads (PostgreSQL's `pg_type.oid`, fixed for built-in types).
public enum PostgreSQLType {
    public static let bool: UInt32 = 16
    public static let bytea: UInt32 = 17
    public static let name: UInt32 = 19
    public static let int8: UInt32 = 20
    public static let int2: UInt32 = 21
    public static let int4: UInt32 = 23
    public static let text: UInt32 = 25
    public static let json: UInt32 = 114
    public static let float4: UInt32 = 700
    public static let float8: UInt32 = 701
    public static let unknown: UInt32 = 705
    public static let bpchar: UInt32 = 1042
    public static let varchar: UInt32 = 1043
    public static let jsonb: UInt32 = 3802
    public static let numeric: UInt32 = 1700
    public static let uuid: UInt32 = 2950
    /// No type: the server infers the parameter's from the statement.
    public static let unspecified: UInt32 = 0
}
