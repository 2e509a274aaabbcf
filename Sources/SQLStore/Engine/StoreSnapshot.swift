import Foundation
import SQLite

/// A read-only connection to a store file holding one read transaction open, so it keeps seeing the database as it
/// was when the snapshot was taken (WAL mode lets writers go on meanwhile). Closed when released. Made by
/// ``SQLiteStore/makeSnapshot()``; a fetch reads from it with ``SQLiteStore/ReadSource/snapshot(_:)``.
package final class StoreSnapshot: @unchecked Sendable {
    // Invariant behind @unchecked Sendable: `connection` is only touched while `lock` is held.
    private let lock = NSLock()
    private let connection: SQLiteConnection

    init(url: URL) throws(StoreError) {
        do {
            connection = try SQLiteConnection(location: .file(url.path), readOnly: true)
            connection.setBusyTimeout(milliseconds: 5_000)
            try StringFunctions.register(on: connection)
            try connection.execute("BEGIN")
            // The first read starts the transaction's snapshot.
            _ = try connection.scalar("SELECT count(*) FROM sqlite_master")
        } catch let error as SQLiteError {
            throw StoreError(kind: .cannotOpen, message: "cannot open a read snapshot: \(error.message)")
        } catch let error as StoreError {
            throw StoreError(kind: .cannotOpen, message: "cannot open a read snapshot: \(error.message)")
        } catch {
            throw StoreError(kind: .cannotOpen, message: "cannot open a read snapshot: \(error)")
        }
    }

    deinit {
        try? connection.execute("ROLLBACK")
        connection.close()
    }

    func withConnection<T>(_ body: (SQLiteConnection) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(connection)
    }
}
