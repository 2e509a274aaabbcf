import CSQLite

/// An error reported by SQLite, with the statement and arguments that caused it.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// SQLite's extended result code (https://sqlite.org/rescode.html), for example 2067 (`SQLITE_CONSTRAINT_UNIQUE`).
    public let extendedCode: Int32
    /// SQLite's message, from `sqlite3_errmsg` or this wrapper.
    public let message: String
    /// The SQL that failed, when there was one.
    public let sql: String?
    /// The bound arguments, when known.
    public let arguments: [SQLiteValue]

    /// The primary result code: the low byte of `extendedCode` (`SQLITE_CONSTRAINT` is 19, `SQLITE_NOTADB` 26…).
    public var code: Int32 { extendedCode & 0xFF }

    public init(extendedCode: Int32, message: String, sql: String? = nil, arguments: [SQLiteValue] = []) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.arguments = arguments
    }

    public var description: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql { text += " — while running: \(sql)" }
        if !arguments.isEmpty { text += " with arguments \(arguments)" }
        return text
    }

    /// `SQLITE_CONSTRAINT` (19): a UNIQUE, NOT NULL, CHECK or FOREIGN KEY constraint failed.
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }
    /// `SQLITE_NOTADB` (26) or `SQLITE_CORRUPT` (11): the file is not a database, or is damaged.
    public var isNotADatabase: Bool { code == SQLITE_NOTADB || code == SQLITE_CORRUPT }
    /// `SQLITE_BUSY` (5) or `SQLITE_LOCKED` (6).
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
}
