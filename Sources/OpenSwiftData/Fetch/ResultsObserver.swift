import Foundation
import Observation

/// The results of a fetch, kept current: after any save that touches the entity — in this process (any context of
/// the container) or in another process writing the same file — it fetches again. `Observable`, so UI code and
/// server code alike can watch ``results``; ``updates()`` gives an async sequence of the refreshes. In the spirit of
/// the results observer Apple added to SwiftData for use outside SwiftUI's `@Query`.
///
/// How changes are noticed:
/// - saves by contexts of the same store in this process: ``ModelContext/didSave``, immediately;
/// - saves by other processes: SQLite's `PRAGMA data_version` on a connection of the observer's own, checked every
///   `pollingInterval` (file stores only).
///
/// Use it on the main actor, with a context used on the main actor (such as ``ModelContainer/mainContext``).
@MainActor
@Observable
public final class ResultsObserver<T: PersistentModel> {
    /// The fetch's results, as of the last refresh.
    public private(set) var results: [T] = []
    /// The error of the last refresh, if it failed (the previous results are kept).
    public private(set) var lastError: SwiftDataError?
    /// Counts the refreshes: a value derived from ``results`` can be cached until it changes.
    @ObservationIgnored public private(set) var revision = 0

    /// What is fetched.
    @ObservationIgnored public let descriptor: FetchDescriptor<T>
    @ObservationIgnored private let context: ModelContext
    @ObservationIgnored private var saveObserver: (any NSObjectProtocol)?
    @ObservationIgnored private var pollTask: Task<Void, Never>?
    @ObservationIgnored private var dataVersion: Int64?
    @ObservationIgnored private var subscribers: [UUID: AsyncStream<Void>.Continuation] = [:]

    /// Fetches `descriptor` in `context` now, and again after every save that touches `T`.
    /// - Parameter pollingInterval: how often to look for other processes' saves; nil not to.
    /// - Throws: ``SwiftDataError`` when the first fetch fails (an untranslatable predicate, say).
    public init(
        _ descriptor: FetchDescriptor<T>, in context: ModelContext, pollingInterval: Duration? = .milliseconds(500)
    ) throws(SwiftDataError) {
        self.descriptor = descriptor
        self.context = context
        dataVersion = context.store.dataVersion()
        results = try context.fetch(descriptor)
        let store = context.store
        let entityName = T.entityName
        saveObserver = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: nil, queue: nil) {
            [weak self] notification in
            guard let saver = notification.object as? ModelContext, saver.store === store,
                  Self.touches(entityName, notification.userInfo)
            else { return }
            Task { @MainActor [weak self] in self?.refreshIfStoreChanged() }
        }
        if let pollingInterval, store.url != nil {
            pollTask = Task { @MainActor [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: pollingInterval)
                    guard let self else { return }
                    self.refreshIfStoreChanged()
                }
            }
        }
    }

    isolated deinit {
        if let saveObserver { NotificationCenter.default.removeObserver(saveObserver) }
        pollTask?.cancel()
        for continuation in subscribers.values { continuation.finish() }
    }

    /// Fetches again now; ``results`` changes, and every ``updates()`` sequence yields.
    public func refresh() {
        dataVersion = context.store.dataVersion()
        do {
            results = try context.fetch(descriptor)
            lastError = nil
        } catch {
            lastError = error
        }
        revision += 1
        for continuation in subscribers.values { continuation.yield() }
    }

    /// Refreshes unless the store is as it was at the last refresh — a save that the owner of the context already
    /// answered with ``refresh()`` is not reported twice.
    private func refreshIfStoreChanged() {
        let version = context.store.dataVersion()
        if version < 0 || version != dataVersion { refresh() }
    }

    /// An async sequence that yields after every refresh, until the observer is freed or the consumer stops.
    public func updates() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor [weak self] in self?.subscribers[id] = nil }
        }
        return stream
    }

    /// Whether a save's identifiers include a model of `entityName`.
    private nonisolated static func touches(_ entityName: String, _ userInfo: [AnyHashable: Any]?) -> Bool {
        guard let userInfo else { return true }
        for key in [ModelContext.NotificationKey.insertedIdentifiers, .updatedIdentifiers, .deletedIdentifiers] {
            if let identifiers = userInfo[key.rawValue] as? [PersistentIdentifier],
               identifiers.contains(where: { $0.entityName == entityName }) {
                return true
            }
        }
        return false
    }
}
