import CSQLite
import Foundation

/// What the probes check with SQLite itself, below OpenSwiftData.
enum SQLiteFile {
    /// `PRAGMA integrity_check` on the file: `"ok"`, or what SQLite reports (or why it could not open the file).
    static func integrityCheck(_ path: String) -> String {
        var database: OpaquePointer?
        defer { sqlite3_close_v2(database) }
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
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

    /// Counts the rows of each batch in the kill and full-disk probes' table with SQLite alone, read-only (no
    /// OpenSwiftData open, which writes): batch number → rows, or why it could not be read.
    static func batchSizes(_ path: String) -> Result<[Int: Int], ProbeError> {
        var database: OpaquePointer?
        defer { sqlite3_close_v2(database) }
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            return .failure(ProbeError("cannot open read-only: \(message(database))"))
        }
        sqlite3_busy_timeout(database, 10_000)
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard
            sqlite3_prepare_v2(
                database, #"SELECT "batch", COUNT(*) FROM "BatchRow" GROUP BY "batch""#, -1, &statement, nil)
                == SQLITE_OK
        else {
            return .failure(ProbeError("cannot read the batches: \(message(database))"))
        }
        var sizes: [Int: Int] = [:]
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return .success(sizes) }
            guard step == SQLITE_ROW else {
                return .failure(ProbeError("reading the batches failed: \(message(database))"))
            }
            sizes[Int(sqlite3_column_int64(statement, 0))] = Int(sqlite3_column_int64(statement, 1))
        }
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
