import Foundation

/// What wakes a live observer (``ResultsObserver``, ``HistoryObserver``): a save by any context on `store` that
/// `accepts` lets through, and — for a store on disk — a look every `pollingInterval` for other processes' commits.
/// Each wake runs `wake` on the main actor, where the observer compares the store's `PRAGMA data_version` with the
/// one it last read and refreshes if it moved. A save made on the main thread wakes it before that `save()` returns
/// (so the observer's owner sees its own commit at once, and the commit is observed once: the poll then finds the
/// version it has); a save on another thread wakes it through a task. Stops when freed.
@MainActor
final class StoreChangeWatch {
    private var saveObserver: (any NSObjectProtocol)?
    private var pollTask: Task<Void, Never>?

    init(
        store: any ModelStore, pollingInterval: Duration?,
        accepts: @escaping @Sendable (Notification) -> Bool = { _ in true },
        wake: @escaping @MainActor @Sendable () -> Void
    ) {
        saveObserver = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: nil, queue: nil) {
            notification in
            guard let saver = notification.object as? ModelContext, saver.store === store, accepts(notification) else {
                return
            }
            if Thread.isMainThread {
                MainActor.assumeIsolated { wake() }
            } else {
                Task { @MainActor in wake() }
            }
        }
        if let pollingInterval, store.url != nil {
            pollTask = Task { @MainActor in
                while !Task.isCancelled {
                    try? await Task.sleep(for: pollingInterval)
                    if Task.isCancelled { return }
                    wake()
                }
            }
        }
    }

    isolated deinit {
        if let saveObserver { NotificationCenter.default.removeObserver(saveObserver) }
        pollTask?.cancel()
    }
}
