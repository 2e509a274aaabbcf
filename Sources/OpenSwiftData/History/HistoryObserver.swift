import Foundation
import Observation

/// The store's history as it grows: the transactions after a token, read again after every save — in this process
/// (any context of the container) or in another process writing the same file. An addition in the style of
/// ``ResultsObserver`` (SwiftData has no such type: there, apps fetch the history when a remote-change notification
/// arrives). Keep ``lastToken`` (it is `Codable`) and pass it back next launch to catch up on what happened while
/// the app was not running.
///
/// How saves are noticed: ``ModelContext/didSave`` for this process's contexts, immediately; SQLite's
/// `PRAGMA data_version`, checked every `pollingInterval`, for other processes (file stores only); on the PostgreSQL
/// store, each other container's commit as it is heard (`LISTEN osd_store_changes`), with no polling.
@MainActor
@Observable
public final class HistoryObserver {
    /// Every transaction after the starting token, oldest first.
    public private(set) var transactions: [DefaultHistoryTransaction] = []
    /// The token of the newest transaction seen (the starting token until one arrives).
    public private(set) var lastToken: DefaultHistoryToken?
    /// The error of the last read, if it failed.
    public private(set) var lastError: SwiftDataError?

    @ObservationIgnored private let context: ModelContext
    @ObservationIgnored private var watch: StoreChangeWatch?
    @ObservationIgnored private var dataVersion: Int64?
    @ObservationIgnored private var subscribers: [UUID: AsyncStream<[DefaultHistoryTransaction]>.Continuation] = [:]

    /// Reads the transactions after `token` (all when nil) now, and the new ones after every save.
    /// - Throws: ``SwiftDataError`` when the first read fails.
    public init(
        modelContext: ModelContext, after token: DefaultHistoryToken? = nil,
        pollingInterval: Duration? = .milliseconds(500)
    ) throws(SwiftDataError) {
        self.context = modelContext
        self.lastToken = token
        dataVersion = modelContext.store.dataVersion()
        let first = try modelContext.history(after: token)
        transactions = first
        if let newest = first.last { lastToken = newest.token }
        watch = StoreChangeWatch(store: modelContext.store, pollingInterval: pollingInterval) {
            [weak self] committedElsewhere in
            if committedElsewhere { self?.refresh() } else { self?.refreshIfStoreChanged() }
        }
    }

    isolated deinit {
        for continuation in subscribers.values { continuation.finish() }
    }

    /// Reads the transactions after ``lastToken`` now; appends them, and every ``updates()`` sequence yields them.
    public func refresh() {
        dataVersion = context.store.dataVersion()
        do {
            let new = try context.history(after: lastToken)
            lastError = nil
            guard let newest = new.last else { return }
            transactions.append(contentsOf: new)
            lastToken = newest.token
            for continuation in subscribers.values { continuation.yield(new) }
        } catch {
            lastError = error
        }
    }

    private func refreshIfStoreChanged() {
        let version = context.store.dataVersion()
        if version < 0 || version != dataVersion { refresh() }
    }

    /// An async sequence of the new transactions of each refresh that found some.
    public func updates() -> AsyncStream<[DefaultHistoryTransaction]> {
        let (stream, continuation) = AsyncStream<[DefaultHistoryTransaction]>.makeStream()
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor [weak self] in self?.subscribers[id] = nil }
        }
        return stream
    }
}
