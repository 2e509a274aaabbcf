import Foundation
import PostgreSQL
import SQLStore
import Synchronization

/// The store's connections to the server: at most ``PostgreSQLStoreOptions/poolSize`` open at once, reused, each
/// set up for the store (its schema on `search_path`, the statement timeout) when it is opened.
///
/// A connection found broken after a statement failed is dropped rather than returned; the next caller opens a new
/// one. A caller that finds the pool full waits for a connection to come back.
///
/// A pool pinned to one connection (``init(options:pinned:)``) hands out that connection only and never closes it:
/// the store a migration's custom stage works on, whose every statement must run in the migration's transaction.
final class PostgreSQLConnectionPool: Sendable {
    private struct State {
        var idle: [PostgreSQLConnection] = []
        var open = 0
        var closed = false
    }

    // Invariant behind the `nonisolated(unsafe)`: `state` is only touched while `condition` is locked.
    private nonisolated(unsafe) var state = State()
    private let condition = NSCondition()
    let options: PostgreSQLStoreOptions
    // Used by one thread at a time: the migration's, while it runs its stage.
    private nonisolated(unsafe) let pinned: PostgreSQLConnection?

    init(options: PostgreSQLStoreOptions) {
        self.options = options
        self.pinned = nil
    }

    /// A pool whose only connection is `connection`, owned by the caller (a migration's transaction).
    init(options: PostgreSQLStoreOptions, pinned connection: PostgreSQLConnection) {
        self.options = options
        self.pinned = connection
    }

    /// Opens a connection set up for the store.
    /// - Throws: ``StoreError`` (`cannotOpen`) naming the host and port when the server cannot be reached.
    func connect() throws(StoreError) -> PostgreSQLConnection {
        let connection: PostgreSQLConnection
        do {
            connection = try PostgreSQLConnection(url: options.connectionString)
        } catch {
            throw StoreError(kind: .cannotOpen, message: error.message)
        }
        var setup = "SET search_path TO \(PostgreSQLConnection.quoted(options.schemaName))"
        if let timeout = options.statementTimeout {
            setup += "; SET statement_timeout = \(Int64((timeout * 1000).rounded(.up)))"
        }
        do {
            try connection.execute(script: setup)
        } catch {
            throw PostgreSQLStore.storeError(error)
        }
        return connection
    }

    /// Runs `body` with a connection of the pool; a connection left broken or inside a transaction is closed
    /// instead of being reused.
    func withConnection<T>(_ body: (PostgreSQLConnection) throws -> T) throws -> T {
        if let pinned { return try body(pinned) }
        let connection = try take()
        do {
            let value = try body(connection)
            give(connection)
            return value
        } catch {
            give(connection)
            throw error
        }
    }

    private func take() throws(StoreError) -> PostgreSQLConnection {
        condition.lock()
        while true {
            if state.closed {
                condition.unlock()
                throw StoreError(kind: .other, message: "the store is closed")
            }
            if let connection = state.idle.popLast() {
                condition.unlock()
                return connection
            }
            if state.open < max(options.poolSize, 1) {
                state.open += 1
                condition.unlock()
                do {
                    return try connect()
                } catch {
                    condition.lock()
                    state.open -= 1
                    condition.signal()
                    condition.unlock()
                    throw error
                }
            }
            condition.wait()
        }
    }

    private func give(_ connection: PostgreSQLConnection) {
        let reusable = connection.handle != nil && connection.isHealthy && !connection.isInTransaction
        condition.lock()
        if reusable && !state.closed {
            state.idle.append(connection)
        } else {
            state.open -= 1
            connection.close()
        }
        condition.signal()
        condition.unlock()
    }

    /// Closes the idle connections (the pool stays open): after one was found lost, the others are likely lost too.
    func closeIdle() {
        closeIdleConnections(closingThePool: false)
    }

    /// Closes every idle connection; connections in use close when they come back.
    func close() {
        closeIdleConnections(closingThePool: true)
    }

    private func closeIdleConnections(closingThePool: Bool) {
        condition.lock()
        if closingThePool { state.closed = true }
        let idle = state.idle
        state.idle = []
        state.open -= idle.count
        condition.broadcast()
        condition.unlock()
        for connection in idle { connection.close() }
    }
}
