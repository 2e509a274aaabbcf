import CSQLite
import Foundation

/// The arguments an application-defined SQL function receives, read without copying into an array first.
public struct SQLiteFunctionArguments {
    let values: UnsafeMutablePointer<OpaquePointer?>?
    /// The number of arguments.
    public let count: Int

    private func raw(_ index: Int) -> OpaquePointer? {
        guard index >= 0, index < count else { return nil }
        return values?[index]
    }

    /// Whether argument `index` (0-based) is NULL (or missing).
    public func isNull(at index: Int) -> Bool {
        guard let value = raw(index) else { return true }
        return sqlite3_value_type(value) == SQLITE_NULL
    }

    /// Argument `index` as UTF-8 text ("" for NULL or missing).
    public func text(at index: Int) -> String {
        guard let value = raw(index), let bytes = sqlite3_value_text(value) else { return "" }
        let count = Int(sqlite3_value_bytes(value))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Argument `index` as its UTF-8 bytes, valid only during the call (empty for NULL or missing).
    public func withUTF8<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        guard let value = raw(index), let bytes = sqlite3_value_text(value) else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return try body(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value))))
    }

    /// Argument `index` in its own storage class.
    public func value(at index: Int) -> SQLiteValue {
        guard let value = raw(index) else { return .null }
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: return .real(sqlite3_value_double(value))
        case SQLITE_TEXT: return .text(text(at: index))
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            guard count > 0, let bytes = sqlite3_value_blob(value) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }
}

/// An application-defined SQL function's body.
public typealias SQLiteFunction = (SQLiteFunctionArguments) throws -> SQLiteValue

private final class FunctionBox {
    let body: SQLiteFunction
    init(_ body: @escaping SQLiteFunction) { self.body = body }
}

private final class CollationBox {
    let compare: (String, String) -> ComparisonResult
    init(_ compare: @escaping (String, String) -> ComparisonResult) { self.compare = compare }
}

extension SQLiteConnection {
    /// Registers a scalar SQL function (`sqlite3_create_function_v2`), replacing any of the same name and arity.
    /// - Parameters:
    ///   - name: the SQL name, for example `osd_contains`.
    ///   - argumentCount: the number of arguments, or -1 for any.
    ///   - deterministic: same arguments give the same result (`SQLITE_DETERMINISTIC`), so SQLite may use it in
    ///     indexes and factor it out of loops.
    ///   - body: computes the result; an error it throws becomes an SQL error carrying its description.
    public func createFunction(
        _ name: String, argumentCount: Int32, deterministic: Bool = true, _ body: @escaping SQLiteFunction
    ) throws(SQLiteError) {
        let handle = try openHandle()
        let box = Unmanaged.passRetained(FunctionBox(body)).toOpaque()
        var flags = SQLITE_UTF8 | SQLITE_INNOCUOUS
        if deterministic { flags |= SQLITE_DETERMINISTIC }
        let code = sqlite3_create_function_v2(
            handle, name, argumentCount, flags, box,
            { context, count, values in
                guard let context, let userData = sqlite3_user_data(context) else { return }
                let function = Unmanaged<FunctionBox>.fromOpaque(userData).takeUnretainedValue()
                do {
                    let result = try function.body(SQLiteFunctionArguments(values: values, count: Int(count)))
                    switch result {
                    case .null: sqlite3_result_null(context)
                    case .integer(let value): sqlite3_result_int64(context, value)
                    case .real(let value): sqlite3_result_double(context, value)
                    case .text(let value): sqlite3_result_text(context, value, -1, csqlite_transient())
                    case .blob(let value):
                        value.withUnsafeBytes { bytes in
                            sqlite3_result_blob(context, bytes.baseAddress, Int32(bytes.count), csqlite_transient())
                        }
                    }
                } catch {
                    sqlite3_result_error(context, String(describing: error), -1)
                }
            },
            nil, nil,
            { userData in
                guard let userData else { return }
                Unmanaged<FunctionBox>.fromOpaque(userData).release()
            }
        )
        guard code == SQLITE_OK else {
            throw SQLiteError(
                extendedCode: code,
                message: "cannot register SQL function \(name): \(String(cString: sqlite3_errmsg(handle)))")
        }
    }

    /// Registers a collating sequence (`sqlite3_create_collation_v2`) usable as `ORDER BY x COLLATE name`.
    public func createCollation(_ name: String, _ compare: @escaping (String, String) -> ComparisonResult)
        throws(SQLiteError)
    {
        let handle = try openHandle()
        let box = Unmanaged.passRetained(CollationBox(compare)).toOpaque()
        let code = sqlite3_create_collation_v2(
            handle, name, SQLITE_UTF8, box,
            { userData, leftCount, left, rightCount, right in
                guard let userData else { return 0 }
                let collation = Unmanaged<CollationBox>.fromOpaque(userData).takeUnretainedValue()
                func string(_ bytes: UnsafeRawPointer?, _ count: Int32) -> String {
                    guard let bytes, count > 0 else { return "" }
                    return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
                }
                switch collation.compare(string(left, leftCount), string(right, rightCount)) {
                case .orderedAscending: return -1
                case .orderedSame: return 0
                case .orderedDescending: return 1
                }
            },
            { userData in
                guard let userData else { return }
                Unmanaged<CollationBox>.fromOpaque(userData).release()
            }
        )
        guard code == SQLITE_OK else {
            throw SQLiteError(
                extendedCode: code,
                message: "cannot register collation \(name): \(String(cString: sqlite3_errmsg(handle)))")
        }
    }
}
