import CSQLite
import Foundation

/// One SQLite database connection (`sqlite3*`), with a cache of prepared statements.
///
/// Not thread-safe (opened with `SQLITE_OPEN_NOMUTEX`): the owner serialises access, for example behind a mutex.
/// Closing happens in `deinit` or ``close()``; statements still alive keep the handle open until they are freed
/// (`sqlite3_close_v2`).
public final class SQLiteConnection {
    /// Where a connection's database lives.
    public enum Location: Sendable, Hashable {
        /// A file at this path; created if missing when opened read-write.
        case file(String)
        /// A private, temporary in-memory database (`:memory:`).
        case memory
    }

    /// The `sqlite3*` handle; nil once closed.
    public private(set) var handle: OpaquePointer?
    /// Where this connection's database lives.
    public let location: Location
    private var statementCache: [String: SQLiteStatement] = [:]

    /// Opens a connection.
    /// - Parameters:
    ///   - location: a file path or `.memory`.
    ///   - readOnly: open with `SQLITE_OPEN_READONLY`; otherwise read-write, creating the file if missing.
    ///   - immutable: open the file as a URI with `immutable=1` (read-only, no locks, no `-wal`/`-shm` files): only for
    ///     a file nobody can be writing, see https://www.sqlite.org/uri.html#uriimmutable.
    /// - Throws: ``SQLiteError`` when SQLite cannot open the file (missing folder, permissions…).
    ///   SQLite reads the file lazily: call ``validate()`` to find out whether it really is a database.
    public init(location: Location, readOnly: Bool = false, immutable: Bool = false) throws(SQLiteError) {
        self.location = location
        var db: OpaquePointer?
        var path: String
        switch location {
        case .file(let filePath): path = filePath
        case .memory: path = ":memory:"
        }
        var flags =
            (readOnly || immutable ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE))
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        if immutable, case .file(let filePath) = location {
            // A URI's path escapes what URIs reserve (https://www.sqlite.org/uri.html).
            var escaped = ""
            for byte in filePath.utf8 {
                let character = Character(Unicode.Scalar(byte))
                if byte < 0x80, character.isLetter || character.isNumber || "/-._~".contains(character) {
                    escaped.append(character)
                } else {
                    escaped += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
            path = "file:\(escaped)?immutable=1"
            flags |= SQLITE_OPEN_URI
        }
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw SQLiteError(extendedCode: code, message: "cannot open \(path): \(message)")
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
    }

    deinit { close() }

    /// Finalizes cached statements and closes the connection. Further use throws.
    public func close() {
        statementCache.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// Reads the database header and schema, so a file that is not SQLite, or is damaged, fails now.
    /// - Throws: ``SQLiteError`` with ``SQLiteError/isNotADatabase`` set for such a file.
    public func validate() throws(SQLiteError) {
        _ = try scalar("SELECT count(*) FROM sqlite_master")
    }

    /// Waits up to `milliseconds` for a lock held by another connection before failing with `SQLITE_BUSY`.
    public func setBusyTimeout(milliseconds: Int32) {
        if let handle { sqlite3_busy_timeout(handle, milliseconds) }
    }

    // MARK: Running SQL

    /// Prepares a new statement, not cached.
    /// - Throws: ``SQLiteError`` for a syntax error or an unknown table or column.
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        try SQLiteStatement(connection: try openHandle(), sql: sql)
    }

    /// A prepared statement for `sql`, reused across calls; it comes back reset, with no bindings.
    public func cachedStatement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let statement = statementCache[sql] { return statement }
        let statement = try prepare(sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs one or more SQL statements that take no parameters (`sqlite3_exec`).
    public func execute(_ sql: String) throws(SQLiteError) {
        let handle = try openHandle()
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteError(extendedCode: sqlite3_extended_errcode(handle), message: text, sql: sql)
        }
    }

    /// Runs `sql` with `arguments` through the statement cache, ignoring any rows.
    public func execute(_ sql: String, _ arguments: [SQLiteValue]) throws(SQLiteError) {
        try cachedStatement(sql).execute(arguments)
    }

    /// The first column of the first row of `sql`, or nil when there is no row.
    public func scalar(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteValue? {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        return try statement.step() ? statement.value(at: 0) : nil
    }

    /// All rows of `sql`, each as an array of column values.
    public func rows(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        var rows: [[SQLiteValue]] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }

    /// The rowid of the last successful INSERT on this connection (`sqlite3_last_insert_rowid`).
    public var lastInsertRowID: Int64 { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }

    /// Rows changed by the last INSERT, UPDATE or DELETE (`sqlite3_changes64`).
    public var changes: Int64 { handle.map { sqlite3_changes64($0) } ?? 0 }

    /// Rows changed by every INSERT, UPDATE and DELETE since the connection opened (`sqlite3_total_changes64`).
    public var totalChanges: Int64 { handle.map { sqlite3_total_changes64($0) } ?? 0 }

    /// Whether a transaction is open (`sqlite3_get_autocommit` is 0).
    public var isInTransaction: Bool { handle.map { sqlite3_get_autocommit($0) == 0 } ?? false }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`; any thrown error rolls back and is rethrown.
    /// Nested calls run inside the outer transaction.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        if isInTransaction { return try body() }
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    func openHandle() throws(SQLiteError) -> OpaquePointer {
        guard let handle else {
            throw SQLiteError(extendedCode: SQLITE_MISUSE, message: "the connection is closed")
        }
        return handle
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
