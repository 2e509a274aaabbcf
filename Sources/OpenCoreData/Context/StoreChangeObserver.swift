import Foundation
import Synchronization

/// Notices every change of a coordinator's stores made in this process, and tells whoever shows them (the Core Data
/// apps' live pages): a ``revision`` that grows with each change, and ``changes()`` streams that yield after it.
/// An OpenCoreData addition (Core Data has no such type; `NSFetchedResultsController` does this for one fetch).
///
/// It listens to OpenCoreData's notifications of the contexts on the coordinator:
/// `NSManagedObjectContextDidSave` (a save by any of them) and `NSManagedObjectContextObjectsDidChange` when it
/// reports what came from elsewhere (objects refreshed, invalidated, or deleted by a merge). A context's own unsaved
/// edits are not changes of the store. `NSBatchDeleteRequest` posts neither, so whoever runs one calls ``publish()``
/// after merging its result. No polling: it sees this process's saves only (for other processes' commits use an
/// `NSFetchedResultsController`, which checks `PRAGMA data_version`).
public final class StoreChangeObserver: @unchecked Sendable {
    private struct State {
        var revision = 0
        var continuations: [UUID: AsyncStream<Void>.Continuation] = [:]
    }

    private let state = Mutex(State())
    /// The NotificationCenter registrations, removed when the observer goes.
    private var tokens: [any NSObjectProtocol] = []

    /// Observes the contexts on `coordinator`, which must outlive the observer (its identity is what is matched).
    public init(coordinator: NSPersistentStoreCoordinator) {
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
                if isOurs(notification) { self?.publish() }
            })
        tokens.append(
            center.addObserver(forName: .NSManagedObjectContextObjectsDidChange, object: nil, queue: nil) {
                [weak self] notification in
                if isOurs(notification), Self.reportsOutsideChange(notification) { self?.publish() }
            })
    }

    deinit {
        for token in tokens { NotificationCenter.default.removeObserver(token) }
        state.withLock { state in
            for continuation in state.continuations.values { continuation.finish() }
        }
    }

    /// Grows by one with every change.
    public var revision: Int { state.withLock { $0.revision } }

    /// Yields after every change from now on; changes that come faster than they are read are coalesced into one.
    public func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let key = UUID()
        state.withLock { $0.continuations[key] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.continuations.removeValue(forKey: key) }
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
