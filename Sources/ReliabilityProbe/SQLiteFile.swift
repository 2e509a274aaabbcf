import CSQLite
import Foundation

/// What the probes check with SQLite itself, below OpenSwiftData.
enum SQLiteFile {
    /// `PRAGMA integrity_check` on the file: `"ok"`, or what SQLite reports (or why it could not open the file).
    static func integrityCheck(_ path: String) -> String {
        var database: OpaquePointer?
        defer { sqlite3_close_v2(database) }
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            return "cannot open: \(message(database))"
        }
        sqlite3_busy_timeout(database, 10_000)
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(database, "PRAGMA integrity_check", -1, &statement, nil) == SQLITE_OK else {
            return "cannot check: \(message(database))"
        }
        var lines: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            if let text = sqlite3_column_text(statement, 0) { lines.append(String(cString: text)) }
        }
        return lines.isEmpty ? "no result: \(message(database))" : lines.joined(separator: "; ")
    }

    /// Makes `path` an ordinary SQLite database of someone else's: a `customers` table with three rows, in the
    /// default rollback-journal mode.
    static func createForeignDatabase(_ path: String) -> Bool {
        var database: OpaquePointer?
        defer { sqlite3_close_v2(database) }
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            return false
        }
        let sql = """
            CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            INSERT INTO customers (name) VALUES ('Ada'), ('Grace'), ('Edsger');
            """
        return sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK
    }

    private static func message(_ database: OpaquePointer?) -> String {
        database.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "out of memory"
    }
}
