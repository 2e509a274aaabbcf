import CSQLite

extension SQLiteConnection {
    /// Copies the whole database to `path` with SQLite's online backup API (`sqlite3_backup_init`, `_step(-1)`,
    /// `_finish`): a consistent copy as of one moment, made while other connections keep reading and writing. An
    /// existing file at `path` is replaced.
    /// - Throws: ``SQLiteError`` when the copy cannot be opened or written; a partial copy may be left at `path`.
    public func backup(to path: String) throws(SQLiteError) {
        let source = try openHandle()
        let destination = try SQLiteConnection(location: .file(path))
        defer { destination.close() }
        let target = try destination.openHandle()
        guard let backup = sqlite3_backup_init(target, "main", source, "main") else {
            throw SQLiteError(
                extendedCode: sqlite3_extended_errcode(target),
                message: "cannot back up to \(path): \(String(cString: sqlite3_errmsg(target)))")
        }
        var code: Int32
        repeat {
            code = sqlite3_backup_step(backup, -1)
            // Another connection holds a lock on the copy or the source for a moment: wait and go on.
            if code == SQLITE_BUSY || code == SQLITE_LOCKED { sqlite3_sleep(10) }
        } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
        sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE else {
            throw SQLiteError(
                extendedCode: code, message: "cannot back up to \(path): \(String(cString: sqlite3_errstr(code)))")
        }
    }
}
