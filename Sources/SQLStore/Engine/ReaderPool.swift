import Foundation
import SQLite

/// Read-only connections to a store file, so fetches from different threads run in parallel while one connection
/// writes (WAL mode lets readers and the writer work at once). Opened on demand, at most `limit` of them; a fetch
/// waits for a free one beyond that.
final class ReaderPool: @unchecked Sendable {
    // Invariant behind @unchecked Sendable: `idle` and `opened` are only touched while `condition` is locked, and a
    // connection is used by one thread at a time (taken out of `idle` while in use).
    private let condition = NSCondition()
    private var idle: [SQLiteConnection] = []
    private var opened = 0
    private var isClosed = false
    private let limit: Int
    private let url: URL
    /// Whether the store was opened `immutable=1` (see ``StoreFile/Access/immutable``).
    private let immutable: Bool

    init(url: URL, immutable: Bool = false, limit: Int = max(2, ProcessInfo.processInfo.activeProcessorCount)) {
        self.url = url
        self.immutable = immutable
        self.limit = limit
    }

    /// Runs `body` with a reader connection.
    func withReader<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let connection = try acquire()
        defer { release(connection) }
        return try body(connection)
    }

    private func acquire() throws -> SQLiteConnection {
        condition.lock()
        while idle.isEmpty && opened >= limit && !isClosed { condition.wait() }
        if isClosed {
            condition.unlock()
            throw StoreError(code: 21, message: "the store is closed")
        }
        if let connection = idle.popLast() {
            condition.unlock()
            return connection
        }
        opened += 1
        condition.unlock()
        do {
            let connection = try SQLiteConnection(location: .file(url.path), readOnly: true, immutable: immutable)
            connection.setBusyTimeout(milliseconds: 5_000)
            try StringFunctions.register(on: connection)
            return connection
        } catch {
            condition.lock()
            opened -= 1
            condition.signal()
            condition.unlock()
            throw error
        }
    }

    private func release(_ connection: SQLiteConnection) {
        condition.lock()
        if isClosed {
            connection.close()
        } else {
            idle.append(connection)
        }
        condition.signal()
        condition.unlock()
    }

    /// Closes idle readers; readers in use close when returned.
    func close() {
        condition.lock()
        isClosed = true
        for connection in idle { connection.close() }
        idle.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}

/// A read-only connection kept open to read `PRAGMA data_version`, which changes when another connection commits.
final class VersionProbe: @unchecked Sendable {
    // Invariant behind @unchecked Sendable: `connection` is only touched while `lock` is held.
    private let lock = NSLock()
    private var connection: SQLiteConnection?
    private var isClosed = false
    private let url: URL
    private let immutable: Bool

    init(url: URL, immutable: Bool = false) {
        self.url = url
        self.immutable = immutable
    }

    func close() {
        lock.withLock {
            connection?.close()
            connection = nil
            isClosed = true
        }
    }

    func value() -> Int64 {
        lock.withLock {
            if isClosed { return -1 }
            if connection == nil {
                connection = try? SQLiteConnection(location: .file(url.path), readOnly: true, immutable: immutable)
            }
            guard case .integer(let version) = try? connection?.scalar("PRAGMA data_version") else { return -1 }
            return version
        }
    }
}
