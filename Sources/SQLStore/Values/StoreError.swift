import SQLite

/// An error the store's database reported: its result code, its message, and the SQL statement that failed —
/// never the values bound to it, which may be a user's secrets.
///
/// OpenSwiftData carries it in `SwiftDataError.storeFailed(_:)` (and names it `StoreError`, a public typealias).
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure it is, whatever the database: what a caller may want to act on.
    public enum Kind: Sendable, Hashable {
        /// A UNIQUE, NOT NULL, CHECK or FOREIGN KEY constraint failed (`SQLITE_CONSTRAINT`).
        case constraint
        /// Another connection holds a lock it needed, for longer than the busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`).
        case busy
        /// The database file is damaged (`SQLITE_CORRUPT`).
        case corrupt
        /// The database is read-only, or opened so (`SQLITE_READONLY`).
        case readOnly
        /// The disk or the database is full (`SQLITE_FULL`).
        case full
        /// The file is not a database (`SQLITE_NOTADB`).
        case notADatabase
        /// The file cannot be opened or created: missing folder, permissions (`SQLITE_CANTOPEN`).
        case cannotOpen
        /// The file is another program's SQLite database (tables of its own, no store metadata), refused unless the
        /// caller asks to adopt it.
        case foreignDatabase
        /// Anything else: a syntax error, an unknown table, a misuse, I/O.
        case other
    }

    /// The database's own code: SQLite's extended result code (https://sqlite.org/rescode.html), for example 2067
    /// (`SQLITE_CONSTRAINT_UNIQUE`); 0 for a failure the store itself detected.
    public let code: Int32
    /// The database's message, or the store's.
    public let message: String
    /// The SQL statement that failed, when there was one.
    public let statement: String?
    /// What kind of failure it is.
    public let kind: Kind

    /// An error with this code, message and statement; its kind follows from SQLite's primary code (`code & 0xFF`).
    public init(code: Int32, message: String, statement: String? = nil) {
        self.code = code
        self.message = message
        self.statement = statement
        self.kind = Self.kind(ofSQLiteCode: code)
    }

    /// An error with this code, message and statement, of `kind` (a failure SQLite's code does not classify as the
    /// store does: a file that cannot be read at all, when it is opened).
    package init(code: Int32, message: String, statement: String?, kind: Kind) {
        self.code = code
        self.message = message
        self.statement = statement
        self.kind = kind
    }

    /// An error the store itself detected, of `kind`, with code 0.
    package init(kind: Kind, message: String, statement: String? = nil) {
        self.code = 0
        self.message = message
        self.statement = statement
        self.kind = kind
    }

    /// An error of the SQLite wrapper (its arguments are dropped: they may be secrets).
    package init(_ error: SQLiteError) {
        self.init(code: error.extendedCode, message: error.message, statement: error.sql)
    }

    /// The primary result code: the low byte of ``code`` (`SQLITE_CONSTRAINT` is 19, `SQLITE_NOTADB` 26…).
    public var primaryCode: Int32 { code & 0xFF }

    /// Whether the file is not a database or is damaged: what a store that refuses to open it reports.
    public var isNotADatabase: Bool { kind == .notADatabase || kind == .corrupt }

    /// `SQLite error 2067: UNIQUE constraint failed: Tag.name — while running: INSERT …`.
    public var description: String {
        var text = code == 0 ? "store error: \(message)" : "SQLite error \(code): \(message)"
        if let statement { text += " — while running: \(statement)" }
        return text
    }

    private static func kind(ofSQLiteCode code: Int32) -> Kind {
        switch code & 0xFF {
        case 19: .constraint
        case 5, 6: .busy
        case 11: .corrupt
        case 8: .readOnly
        case 13: .full
        case 26: .notADatabase
        case 14: .cannotOpen
        default: .other
        }
    }
}
