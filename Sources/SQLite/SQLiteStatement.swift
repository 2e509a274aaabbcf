import CSQLite
import Foundation

/// A prepared statement (`sqlite3_stmt`): bind parameters, step through rows, read columns.
///
/// Not thread-safe: use it from one thread at a time, as its ``SQLiteConnection``. Parameter and column indexes
/// follow SQLite's conventions: parameters count from 1, columns from 0.
public final class SQLiteStatement {
    /// The `sqlite3_stmt` handle.
    public let handle: OpaquePointer
    /// The SQL text this statement was prepared from.
    public let sql: String
    private let connection: OpaquePointer

    init(connection: OpaquePointer, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError(
                extendedCode: sqlite3_extended_errcode(connection),
                message: String(cString: sqlite3_errmsg(connection)),
                sql: sql
            )
        }
        self.handle = statement
        self.sql = sql
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: Binding

    /// The number of `?` parameters in the statement.
    public var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

    /// Binds `value` to parameter `index` (1-based).
    /// - Throws: ``SQLiteError`` when the index is out of range or SQLite refuses the value.
    public func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .integer(let integer): code = sqlite3_bind_int64(handle, index, integer)
        case .real(let real): code = sqlite3_bind_double(handle, index, real)
        case .text(let text): code = sqlite3_bind_text(handle, index, text, -1, csqlite_transient())
        case .blob(let data):
            code = data.withUnsafeBytes { bytes in
                // A zero-length blob still needs a non-NULL pointer, or SQLite binds NULL.
                sqlite3_bind_blob(
                    handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count),
                    csqlite_transient())
            }
        }
        try check(code)
    }

    /// Binds `values` to parameters 1…`values.count`, after clearing earlier bindings.
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    // MARK: Stepping

    /// Runs the statement to its next row.
    /// - Returns: `true` when a row is available (`SQLITE_ROW`), `false` when the statement is done (`SQLITE_DONE`).
    /// - Throws: ``SQLiteError`` for any other result, such as a constraint violation or `SQLITE_BUSY`.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(
                extendedCode: sqlite3_extended_errcode(connection),
                message: String(cString: sqlite3_errmsg(connection)),
                sql: sql
            )
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Whether the statement has stepped to a row and is not yet reset (`sqlite3_stmt_busy`): running it again now
    /// would lose its place.
    public var isBusy: Bool { sqlite3_stmt_busy(handle) != 0 }

    /// Resets the statement so it can run again, and clears its bindings.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Runs the statement to completion with `arguments`, ignoring rows; resets it afterwards.
    public func execute(_ arguments: [SQLiteValue] = []) throws(SQLiteError) {
        defer { reset() }
        try bind(arguments)
        while try step() {}
    }

    // MARK: Columns

    /// The number of columns in each result row.
    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The name of result column `index` (0-based).
    public func columnName(at index: Int32) -> String {
        sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
    }

    /// The storage class of column `index` of the current row.
    @inlinable
    public func storageClass(at index: Int32) -> SQLiteStorageClass {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: .integer
        case SQLITE_FLOAT: .real
        case SQLITE_TEXT: .text
        case SQLITE_BLOB: .blob
        default: .null
        }
    }

    /// Whether column `index` of the current row is NULL.
    @inlinable
    public func isNull(at index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// Column `index` of the current row as a 64-bit integer (SQLite converts other storage classes).
    @inlinable
    public func int64(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Column `index` of the current row as a double (SQLite converts other storage classes).
    @inlinable
    public func double(at index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// Column `index` of the current row as UTF-8 text ("" for NULL).
    @inlinable
    public func text(at index: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Column `index` of the current row as bytes (empty for NULL).
    public func blob(at index: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// Column `index` of the current row in its own storage class.
    public func value(at index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: .integer(int64(at: index))
        case SQLITE_FLOAT: .real(double(at: index))
        case SQLITE_TEXT: .text(text(at: index))
        case SQLITE_BLOB: .blob(blob(at: index))
        default: .null
        }
    }

    /// All columns of the current row.
    public func row() -> [SQLiteValue] {
        (0..<columnCount).map { value(at: $0) }
    }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else {
            throw SQLiteError(
                extendedCode: sqlite3_extended_errcode(connection),
                message: String(cString: sqlite3_errmsg(connection)),
                sql: sql
            )
        }
    }
}
