import Foundation

/// What wakes a live observer (``ResultsObserver``, ``HistoryObserver``): a save by any context on `store` that
/// `accepts` lets through, and other processes' commits — for a PostgreSQL store, each one as it is heard
/// (`LISTEN`, ``PostgreSQLModelStore/observeCommits(_:)``); for a store file, a look every `pollingInterval`.
/// Each wake runs `wake` on the main actor. `wake(false)`: the store may have changed — the observer compares the
/// store's data version with the one it last read and refreshes if it moved. `wake(true)`: another process
/// committed (a PostgreSQL store moves its data version just after the commit, which may be after the notification)
/// — the observer refreshes. A save made on the main thread wakes it before that `save()` returns (so the
/// observer's owner sees its own commit at once, and the commit is observed once: the poll then finds the version
/// it has); a save on another thread wakes it through a task. Stops when freed.
@MainActor
final class StoreChangeWatch {
    private var saveObserver: (any NSObjectProtocol)?
    private var pollTask: Task<Void, Never>?
    /// The PostgreSQL store listened to, and the subscription.
    private var commits: (store: PostgreSQLModelStore, subscriber: Int)?

    init(
        store: any ModelStore, pollingInterval: Duration?,
        accepts: @escaping @Sendable (Notification) -> Bool = { _ in true },
        wake: @escaping @MainActor @Sendable (_ committedElsewhere: Bool) -> Void
    ) {
        saveObserver = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: nil, queue: nil) {
            notification in
            guard let saver = notification.object as? ModelContext, saver.store === store, accepts(notification) else {
                return
            }
            if Thread.isMainThread {
                MainActor.assumeIsolated { wake(false) }
            } else {
                Task { @MainActor in wake(false) }
            }
        }
        if let postgreSQL = store as? PostgreSQLModelStore {
            // Other servers' commits arrive as notifications: nothing to poll. A commit made between the
            // observer's first read and the subscription is looked for once.
            let subscriber = postgreSQL.observeCommits { Task { @MainActor in wake(true) } }
            commits = (postgreSQL, subscriber)
            wake(false)
        } else if let pollingInterval, store.url != nil {
            pollTask = Task { @MainActor in
                while !Task.isCancelled {
                    try? await Task.sleep(for: pollingInterval)
                    if Task.isCancelled { return }
                    wake(false)
                }
            }
        }
    }

    isolated deinit {
        if let saveObserver { NotificationCenter.default.removeObserver(saveObserver) }
        pollTask?.cancel()
        if let commits { commits.store.stopObservingCommits(commits.subscriber) }
    }
}
