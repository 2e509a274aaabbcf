import Foundation
import SQLStore
import Synchronization

/// Notices every change of a coordinator's store — this process's saves, and commits made elsewhere (another
/// process, or another coordinator on the same store) — and tells whoever shows them (the Core Data apps' live
/// pages): a ``revision`` that grows with each change, and ``changes()`` streams that yield after it. An OpenCoreData
/// addition (Core Data has no such type; `NSFetchedResultsController` does this for one fetch, and Core Data's
/// `NSPersistentStoreRemoteChange` notification tells of other processes' commits).
///
/// This process's changes come from OpenCoreData's notifications of the contexts on the coordinator:
/// `NSManagedObjectContextDidSave` (a save by any of them) and `NSManagedObjectContextObjectsDidChange` when it
/// reports what came from elsewhere (objects refreshed, invalidated, or deleted by a merge). A context's own unsaved
/// edits are not changes of the store. `NSBatchDeleteRequest` posts neither, so whoever runs one calls ``publish()``
/// after merging its result.
///
/// Commits made elsewhere (counted by ``outsideRevision`` too):
/// - a SQLite store file: its `PRAGMA data_version` (on a connection of the store's that never writes, so every
///   commit by anyone moves it), looked at whenever ``revision`` or ``outsideRevision`` is read, and every
///   `pollingInterval` while a ``changes()`` stream is open (none while nobody listens);
/// - a PostgreSQL store: each commit as its `LISTEN osd_store_changes` connection hears it (the notification the
///   saving transaction sends arrives once it has committed, usually within milliseconds) — no polling.
///
/// A commit elsewhere that lands between this process's own commit and the `DidSave` that reports it is counted
/// with that save (``revision`` moves once), not in ``outsideRevision``.
public final class StoreChangeObserver: @unchecked Sendable {
    private struct State {
        var revision = 0
        var outsideRevision = 0
        /// The store's data version last seen (SQLite), nil before the first look or when it cannot be read.
        var dataVersion: Int64?
        var continuations: [UUID: AsyncStream<Void>.Continuation] = [:]
        var poll: Task<Void, Never>?
    }

    private let state = Mutex(State())
    /// The NotificationCenter registrations, removed when the observer goes.
    private var tokens: [any NSObjectProtocol] = []
    /// The store whose commits from elsewhere are looked for through its data version (a SQLite file), if any.
    private let versionedStore: (any StoreExecutor)?
    /// The store that hears other store objects' commits (PostgreSQL), and the subscription.
    private var listening: (store: any StoreExecutor, subscriber: Int)?
    private let pollingInterval: Duration

    /// Observes the contexts on `coordinator`, which must outlive the observer (its identity is what is matched),
    /// and the store it has now: a SQLite file's data version is looked at every `pollingInterval` (default 0.5 s)
    /// while someone reads ``changes()``; a PostgreSQL store is listened to from now until the observer goes.
    public init(coordinator: NSPersistentStoreCoordinator, pollingInterval: Duration = .milliseconds(500)) {
        self.pollingInterval = pollingInterval
        let store = coordinator.persistentStores.first
        let engine = store?.engine
        let relay = OutsideCommitRelay()
        let subscriber = engine?.observeOutsideCommits { relay.observer?.noticeOutsideCommit() }
        // Nobody else commits to a store in memory.
        let inMemory = store.map { NSPersistentStore.isInMemory(type: $0.type, url: $0.url) } ?? true
        versionedStore = subscriber == nil && !inMemory ? engine : nil
        if let engine, let subscriber { listening = (engine, subscriber) }
        let version = versionedStore?.dataVersion() ?? -1
        state.withLock { $0.dataVersion = version < 0 ? nil : version }
        relay.observer = self
        let center = NotificationCenter.default
        let coordinatorID = ObjectIdentifier(coordinator)
        let isOurs: @Sendable (Notification) -> Bool = { notification in
            guard let context = notification.object as? NSManagedObjectContext,
                let contextCoordinator = context.persistentStoreCoordinator
            else { return false }
            return ObjectIdentifier(contextCoordinator) == coordinatorID
        }
        tokens.append(
            center.addObserver(forName: .NSManagedObjectContextDidSave, object: nil, queue: nil) {
                [weak self] notification in
                if isOurs(notification) { self?.noticeOwnSave() }
            })
        tokens.append(
            center.addObserver(forName: .NSManagedObjectContextObjectsDidChange, object: nil, queue: nil) {
                [weak self] notification in
                if isOurs(notification), Self.reportsOutsideChange(notification) { self?.publish() }
            })
    }

    deinit {
        for token in tokens { NotificationCenter.default.removeObserver(token) }
        if let listening { listening.store.stopObservingOutsideCommits(listening.subscriber) }
        state.withLock { state in
            state.poll?.cancel()
            for continuation in state.continuations.values { continuation.finish() }
        }
    }

    /// Grows by one with every change noticed: this process's saves and ``publish()`` calls, and commits made
    /// elsewhere (a SQLite store's data version is looked at first, one `PRAGMA data_version`).
    public var revision: Int {
        lookForOutsideCommits()
        return state.withLock { $0.revision }
    }

    /// Grows by one with every commit made elsewhere that the observer noticed (a SQLite store's data version is
    /// looked at first): when it moved, objects a context holds may be stale — refresh them
    /// (`refreshAllObjects()`) before reading, as after Core Data's `NSPersistentStoreRemoteChange`.
    public var outsideRevision: Int {
        lookForOutsideCommits()
        return state.withLock { $0.outsideRevision }
    }

    /// Refreshes `context`'s objects (`refreshAllObjects()`) when a commit was made elsewhere since `seen` — the
    /// ``outsideRevision`` this caller kept from its last call, 0 at first — and sets `seen` to the current one. Call
    /// it on the context's queue before reading: rows another server deleted then leave the context, and changed ones
    /// are read again. An OpenCoreData addition.
    public func refreshIfCommittedElsewhere(_ context: NSManagedObjectContext, since seen: inout Int) {
        let outside = outsideRevision
        guard outside != seen else { return }
        seen = outside
        context.refreshAllObjects()
    }

    /// Yields after every change from now on; changes that come faster than they are read are coalesced into one.
    /// While a stream is open, a SQLite store's data version is looked at every `pollingInterval`.
    public func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let key = UUID()
        let polls = versionedStore != nil
        state.withLock { state in
            state.continuations[key] = continuation
            if polls, state.poll == nil {
                let interval = pollingInterval
                state.poll = Task { [weak self] in
                    while !Task.isCancelled {
                        try? await Task.sleep(for: interval)
                        guard let self else { return }
                        self.lookForOutsideCommits()
                    }
                }
            }
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { state in
                state.continuations.removeValue(forKey: key)
                if state.continuations.isEmpty {
                    state.poll?.cancel()
                    state.poll = nil
                }
            }
        }
        return stream
    }

    /// Counts a change and wakes every stream: called for the notifications above, and after a batch request.
    public func publish() {
        let continuations = state.withLock { state in
            state.revision += 1
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.yield() }
    }

    /// A save by a context on the coordinator: counted, and the data version it moved taken as seen.
    private func noticeOwnSave() {
        let version = versionedStore?.dataVersion()
        state.withLock { state in
            if let version, version >= 0 { state.dataVersion = version }
        }
        publish()
    }

    /// Counts a commit made elsewhere (in ``outsideRevision`` too) and wakes every stream.
    fileprivate func noticeOutsideCommit() {
        state.withLock { $0.outsideRevision += 1 }
        publish()
    }

    /// Compares the SQLite store's data version with the one last seen; a move not reported by a `DidSave` is a
    /// commit made elsewhere.
    private func lookForOutsideCommits() {
        guard let versionedStore else { return }
        let version = versionedStore.dataVersion()
        guard version >= 0 else { return }
        let moved = state.withLock { state -> Bool in
            defer { state.dataVersion = version }
            return state.dataVersion.map { $0 != version } ?? false
        }
        if moved { noticeOutsideCommit() }
    }

    /// Whether an `ObjectsDidChange` reports changes merged from elsewhere, rather than the context's own edits
    /// (which its `DidSave` reports once saved).
    private static func reportsOutsideChange(_ notification: Notification) -> Bool {
        let info = notification.userInfo ?? [:]
        if info[NSRefreshedObjectsKey] != nil || info[NSInvalidatedObjectsKey] != nil
            || info[NSInvalidatedAllObjectsKey] != nil
        {
            return true
        }
        // A merged deletion leaves the object without a context; a local one keeps it until the save.
        let deleted = info[NSDeletedObjectsKey] as? Set<NSManagedObject> ?? []
        return deleted.contains { $0.managedObjectContext == nil }
    }
}

/// Hands the store's listener thread the observer, which is made after the subscription (so that the observer can
/// hold the subscription's number) and may go before it ends.
private final class OutsideCommitRelay: Sendable {
    private let target = Mutex(WeakObserver())

    var observer: StoreChangeObserver? {
        get { target.withLock { $0.object } }
        set { target.withLock { $0.object = newValue } }
    }
}

private struct WeakObserver: @unchecked Sendable {
    weak var object: StoreChangeObserver?
}
