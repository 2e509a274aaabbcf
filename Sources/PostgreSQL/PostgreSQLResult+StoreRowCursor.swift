import Foundation
import SQLStore

/// A result read by the store's fetches in place, as a SQLite statement is (``StoreRow``): each read converts as
/// SQLite's column reads do — NULL as 0, "" or no bytes; an integer read as a double and the reverse; a number read
/// as its text; text read as its UTF-8 bytes.
extension PostgreSQLResult: StoreRowCursor {
    public func storageType(row: Int32, column: Int32) -> StorageType? {
        if isNull(row: row, column: column) { return nil }
        switch columnType(column) {
        case PostgreSQLType.int8, PostgreSQLType.int4, PostgreSQLType.int2, PostgreSQLType.bool: return .integer
        case PostgreSQLType.float8, PostgreSQLType.float4: return .real
        case PostgreSQLType.bytea: return .blob
        default: return .text
        }
    }

    public func integerValue(row: Int32, column: Int32) -> Int64 {
        if let integer = integer(row: row, column: column) { return integer }
        if let real = real(row: row, column: column) {
            guard real.isFinite else { return real.isNaN ? 0 : (real > 0 ? .max : .min) }
            return real >= 9.223_372_036_854_775_807e18
                ? .max : (real <= -9.223_372_036_854_775_808e18 ? .min : Int64(real))
        }
        if let text = text(row: row, column: column) {
            return Int64(text.trimmingCharacters(in: .whitespaces)) ?? Int64(Double(text) ?? 0)
        }
        return 0
    }

    public func realValue(row: Int32, column: Int32) -> Double {
        if let real = real(row: row, column: column) { return real }
        if let integer = integer(row: row, column: column) { return Double(integer) }
        if let text = text(row: row, column: column) { return Double(text.trimmingCharacters(in: .whitespaces)) ?? 0 }
        return 0
    }

    public func textValue(row: Int32, column: Int32) -> String {
        if let text = text(row: row, column: column) { return text }
        if let integer = integer(row: row, column: column) { return String(integer) }
        if let real = real(row: row, column: column) { return String(real) }
        if let blob = blob(row: row, column: column) { return String(decoding: blob, as: UTF8.self) }
        return ""
    }

    public func blobValue(row: Int32, column: Int32) -> Data {
        if let blob = blob(row: row, column: column) { return blob }
        if let text = text(row: row, column: column) { return Data(text.utf8) }
        return Data()
    }
}
