import Foundation
import SQLite

/// Something that lends an SQLite connection for a while: the store's own connection, or a snapshot.
protocol StoreReader: Sendable {
    func withConnection<T>(_ body: (SQLiteConnection) throws -> T) throws(SwiftDataError) -> T
}

extension Store: StoreReader {}

/// A read-only connection to a store file holding one read transaction open, so it keeps seeing the database as it
/// was when the snapshot was taken (WAL mode lets writers go on meanwhile). Closed when released.
final class StoreSnapshot: StoreReader, @unchecked Sendable {
    // Invariant behind @unchecked Sendable: `connection` is only touched while `lock` is held.
    private let lock = NSLock()
    private let connection: SQLiteConnection

    init(url: URL) throws(SwiftDataError) {
        do {
            connection = try SQLiteConnection(location: .file(url.path), readOnly: true)
            connection.setBusyTimeout(milliseconds: 5_000)
            try StringFunctions.register(on: connection)
            try connection.execute("BEGIN")
            // The first read starts the transaction's snapshot.
            _ = try connection.scalar("SELECT count(*) FROM sqlite_master")
        } catch {
            throw .storeOpenFailed(url: url, reason: "cannot open a read snapshot: \(error)")
        }
    }

    deinit {
        try? connection.execute("ROLLBACK")
        connection.close()
    }

    func withConnection<T>(_ body: (SQLiteConnection) throws -> T) throws(SwiftDataError) -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body(connection)
        } catch {
            throw .wrapping(error, url: nil)
        }
    }
}

extension Store {
    /// A snapshot of the store file as it is now; nil for an in-memory store (which has no file to reopen).
    func makeSnapshot() throws(SwiftDataError) -> StoreSnapshot? {
        guard let url else { return nil }
        return try StoreSnapshot(url: url)
    }
}
