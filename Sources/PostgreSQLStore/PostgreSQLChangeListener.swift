import Foundation
import PostgreSQL
import SQLStore
import Synchronization

/// What tells a store's live observers that another process — or another store object in this one — committed a
/// save: `LISTEN osd_store_changes` on a connection of its own (not the pool's), on a thread of its own that waits on
/// the connection's socket. Each save sends `pg_notify('osd_store_changes', '<store identifier> <sender>')` in its
/// transaction, so a notification arrives once the save has committed; the listener passes on those of its store
/// (the identifier) that it did not send itself (the sender: this process's own saves wake their observers through
/// `ModelContext.didSave` already).
///
/// The connection opens with the first subscriber, before ``subscribe(_:)`` returns (so a commit made after it is
/// heard), and closes when the last one leaves or the store closes. When the connection is lost the listener
/// connects again (after 0.05 s, doubling up to 2 s between attempts) and then calls every subscriber once, since a
/// commit may have been missed while it was away.
package final class PostgreSQLChangeListener: Sendable {
    private struct State {
        var subscribers: [Int: @Sendable () -> Void] = [:]
        var nextSubscriber = 0
        /// Whether the listening thread runs (it stops when no subscriber is left or the store closes).
        var running = false
        var closed = false
    }

    private let state = Mutex(State())
    private let connectionString: String
    private let identifier: String
    private let sender: String

    init(connectionString: String, identifier: String, sender: String) {
        self.connectionString = connectionString
        self.identifier = identifier
        self.sender = sender
    }

    /// Calls `body` (on the listener's thread) after each commit another store object makes to the store, and once
    /// after a lost connection is back; until ``unsubscribe(_:)`` with the number returned.
    package func subscribe(_ body: @escaping @Sendable () -> Void) -> Int {
        let (subscriber, start) = state.withLock { state -> (Int, Bool) in
            state.nextSubscriber += 1
            state.subscribers[state.nextSubscriber] = body
            let start = !state.running && !state.closed
            if start { state.running = true }
            return (state.nextSubscriber, start)
        }
        if start {
            // Connected here, so that a commit made once this returns is heard; a failure is retried by the thread,
            // which then calls the subscribers (a commit may have happened meanwhile).
            let connection = try? listeningConnection()
            let handOver = ConnectionHandOver(connection: connection)
            let thread = Thread { [self] in run(handOver.connection) }
            thread.name = "PostgreSQL LISTEN \(PostgreSQLStore.notificationChannel)"
            thread.start()
        }
        return subscriber
    }

    /// Stops calling the subscriber `subscribe` returned `subscriber` for.
    package func unsubscribe(_ subscriber: Int) {
        state.withLock { _ = $0.subscribers.removeValue(forKey: subscriber) }
    }

    /// Stops listening (the thread ends within a wait of 0.25 s).
    func close() {
        state.withLock {
            $0.closed = true
            $0.subscribers = [:]
        }
    }

    private func listeningConnection() throws -> PostgreSQLConnection {
        let connection = try PostgreSQLConnection(url: connectionString)
        try connection.listen(PostgreSQLStore.notificationChannel)
        return connection
    }

    private func run(_ first: PostgreSQLConnection?) {
        var connection = first
        var missed = first == nil
        var pause = 0.05
        while true {
            let keepRunning = state.withLock { state -> Bool in
                if state.closed || state.subscribers.isEmpty {
                    state.running = false
                    return false
                }
                return true
            }
            guard keepRunning else { break }
            guard let listening = connection else {
                do {
                    connection = try listeningConnection()
                    pause = 0.05
                    if missed {
                        missed = false
                        notifySubscribers()
                    }
                } catch {
                    Thread.sleep(forTimeInterval: pause)
                    pause = min(pause * 2, 2)
                }
                continue
            }
            do {
                // A bounded wait, so that a closed store or a last subscriber gone ends the thread.
                let received = try listening.waitForNotifications(timeout: 0.25)
                if received.contains(where: isFromAnotherSender) { notifySubscribers() }
            } catch {
                listening.close()
                connection = nil
                missed = true
            }
        }
        connection?.close()
    }

    /// Whether `notification` is a commit to this store by another store object.
    private func isFromAnotherSender(_ notification: PostgreSQLNotification) -> Bool {
        guard notification.channel == PostgreSQLStore.notificationChannel else { return false }
        let parts = notification.payload.split(separator: " ", maxSplits: 1)
        guard parts.first.map(String.init) == identifier else { return false }
        return parts.count < 2 || String(parts[1]) != sender
    }

    private func notifySubscribers() {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers { subscriber() }
    }
}

/// The connection `subscribe` opened, handed to the listener's thread, which alone uses it from then on.
private struct ConnectionHandOver: @unchecked Sendable {
    let connection: PostgreSQLConnection?
}
