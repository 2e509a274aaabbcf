import Foundation
import Observation

/// The results of a fetch, kept current: after any save that touches the entity — in this process (any context of
/// the container) or in another process writing the same file — it fetches again. `Observable`, so UI code and
/// server code alike can watch ``results``; ``updates()`` gives an async sequence of the refreshes. Mirrors
/// SwiftData's `ResultsObserver<Element, SectionTitle>` (iOS 27): its initializers
/// (`init(fetchDescriptor:modelContext:)`, `init(filterBy:sortBy:modelContext:)` and the `modelContainer:` forms),
/// ``fetchDescriptor``, ``filterBy``, ``sortBy`` and ``modelContext``. Unlike SwiftData's it is bound to the main
/// actor (so its initializers take no `isolation:`), and it does not section (`SectionTitle` is `Never`).
/// ``revision``, ``lastError``, ``refresh()``, ``updates()`` and `init(_:in:pollingInterval:)` are additions.
///
/// How changes are noticed, each commit once:
/// - saves by contexts of the same store in this process: ``ModelContext/didSave`` — before `save()` returns when
///   the save is made on the main thread, else as soon as the main actor runs;
/// - saves by other processes: SQLite's `PRAGMA data_version` on a connection of the observer's own, checked every
///   `pollingInterval` (file stores only); on the PostgreSQL store, each other container's commit as it is heard
///   (`LISTEN osd_store_changes`), with no polling.
///
/// Use it on the main actor, with a context used on the main actor (such as ``ModelContainer/mainContext``).
@MainActor
@Observable
public final class ResultsObserver<Element: PersistentModel, SectionTitle: Hashable> {
    /// The fetch's results, as of the last refresh.
    public private(set) var results: [Element] = []
    /// The error of the last refresh, if it failed (the previous results are kept).
    public private(set) var lastError: SwiftDataError?
    /// Counts the refreshes: a value derived from ``results`` can be cached until it changes.
    @ObservationIgnored public private(set) var revision = 0

    /// What is fetched. Mirrors SwiftData's `fetchDescriptor`; change it through ``filterBy`` and ``sortBy``.
    public private(set) var fetchDescriptor: FetchDescriptor<Element>
    /// The context fetched from and watched. Mirrors SwiftData's `modelContext`.
    @ObservationIgnored public let modelContext: ModelContext
    @ObservationIgnored private var watch: StoreChangeWatch?
    @ObservationIgnored private var dataVersion: Int64?
    @ObservationIgnored private let subscribers = UpdateSubscribers()

    /// The predicate the results are filtered by (nil: every model). Mirrors SwiftData's `filterBy`: setting it
    /// fetches again before it returns (a failure is in ``lastError``, the previous results kept).
    public var filterBy: Predicate<Element>? {
        get { fetchDescriptor.predicate }
        set {
            fetchDescriptor.predicate = newValue
            refresh()
        }
    }

    /// The sort descriptors the results are ordered by. Mirrors SwiftData's `sortBy`: setting it fetches again before
    /// it returns. The primary key always ends the order, so it is total (SwiftData appends `persistentModelID`).
    public var sortBy: [SortDescriptor<Element>] {
        get { fetchDescriptor.sortBy }
        set {
            fetchDescriptor.sortBy = newValue
            refresh()
        }
    }

    /// Fetches `descriptor` in `context` now, and again after every save that touches `Element`.
    fileprivate init(
        descriptor: FetchDescriptor<Element>, context: ModelContext, pollingInterval: Duration?
    ) throws(SwiftDataError) {
        self.fetchDescriptor = descriptor
        self.modelContext = context
        dataVersion = context.store.dataVersion()
        results = try context.fetch(descriptor)
        // Element's entity and, in a hierarchy, its subclasses' (a saved Car changes the results of Vehicles).
        let entityNames = Set((try? context.store.mapping.entity(for: Element.self))?.layout.codes ?? []).union([
            Element.entityName
        ])
        watch = StoreChangeWatch(
            store: context.store, pollingInterval: pollingInterval,
            accepts: { notification in saveTouches(entityNames, notification.userInfo) }
        ) { [weak self] committedElsewhere in
            if committedElsewhere { self?.refresh() } else { self?.refreshIfStoreChanged() }
        }
    }

    isolated deinit {
        for continuation in subscribers.continuations.values { continuation.finish() }
    }

    /// Fetches again now; ``results`` changes, and every ``updates()`` sequence yields.
    public func refresh() {
        dataVersion = modelContext.store.dataVersion()
        do {
            results = try modelContext.fetch(fetchDescriptor)
            lastError = nil
        } catch {
            lastError = error
        }
        revision += 1
        for continuation in subscribers.continuations.values { continuation.yield() }
    }

    /// Fetches again only if the store changed since the last refresh (``ModelContainer``'s data version: for a
    /// store file `PRAGMA data_version`, which moves with any other connection's or process's commit), so a
    /// caller about to answer from ``results`` can first catch up with a commit the 0.5 s look has not seen yet;
    /// one statement, and no fetch, when nothing changed (a store that knows no data version, -1, fetches every
    /// time). A save that the owner of the context already answered
    /// with ``refresh()`` is not reported twice. An OpenSwiftData addition.
    public func refreshIfStoreChanged() {
        let version = modelContext.store.dataVersion()
        if version < 0 || version != dataVersion { refresh() }
    }

    /// An async sequence that yields after every refresh, until the observer is freed or the consumer stops.
    public func updates() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        subscribers.continuations[id] = continuation
        continuation.onTermination = { [weak subscribers] _ in
            Task { @MainActor [weak subscribers] in subscribers?.continuations[id] = nil }
        }
        return stream
    }

}

// Outside the generic class, so that the closures that reach them from other isolation capture no generic
// metatype (`SectionTitle.Type` is not Sendable).

/// The ``ResultsObserver/updates()`` streams' continuations.
@MainActor private final class UpdateSubscribers {
    var continuations: [UUID: AsyncStream<Void>.Continuation] = [:]
}

/// Whether a save's identifiers include a model of one of `entityNames`.
private func saveTouches(_ entityNames: Set<String>, _ userInfo: [AnyHashable: Any]?) -> Bool {
    guard let userInfo else { return true }
    for key in [ModelContext.NotificationKey.insertedIdentifiers, .updatedIdentifiers, .deletedIdentifiers] {
        if let identifiers = userInfo[key.rawValue] as? [PersistentIdentifier],
            identifiers.contains(where: { entityNames.contains($0.entityName) })
        {
            return true
        }
    }
    return false
}

extension ResultsObserver where SectionTitle == Never {
    /// An observer of `fetchDescriptor`'s results in `modelContext`. Mirrors SwiftData's
    /// `init(fetchDescriptor:modelContext:isolation:)` (without `isolation:`: the observer is on the main actor).
    /// Other processes' saves to a store file are looked for every 0.5 s.
    /// - Throws: ``SwiftDataError`` when the first fetch fails (an untranslatable predicate, say).
    public convenience init(
        fetchDescriptor: FetchDescriptor<Element> = FetchDescriptor<Element>(), modelContext: ModelContext
    ) throws(SwiftDataError) {
        try self.init(descriptor: fetchDescriptor, context: modelContext, pollingInterval: .milliseconds(500))
    }

    /// An observer of `fetchDescriptor`'s results in a new context of `modelContainer`. Mirrors SwiftData's
    /// `init(fetchDescriptor:modelContainer:isolation:)`.
    /// - Throws: ``SwiftDataError`` when the first fetch fails.
    public convenience init(
        fetchDescriptor: FetchDescriptor<Element> = FetchDescriptor<Element>(), modelContainer: ModelContainer
    ) throws(SwiftDataError) {
        try self.init(fetchDescriptor: fetchDescriptor, modelContext: ModelContext(modelContainer))
    }

    /// An observer of the models `filterBy` accepts (all when nil), in `sortBy`'s order. Mirrors SwiftData's
    /// `init(filterBy:sortBy:modelContext:isolation:)`.
    /// - Throws: ``SwiftDataError`` when the first fetch fails.
    public convenience init(
        filterBy: Predicate<Element>? = nil, sortBy: [SortDescriptor<Element>]? = nil, modelContext: ModelContext
    ) throws(SwiftDataError) {
        try self.init(
            fetchDescriptor: FetchDescriptor(predicate: filterBy, sortBy: sortBy ?? []), modelContext: modelContext
        )
    }

    /// As ``init(filterBy:sortBy:modelContext:)``, in a new context of `modelContainer`. Mirrors SwiftData's
    /// `init(filterBy:sortBy:modelContainer:isolation:)`.
    /// - Throws: ``SwiftDataError`` when the first fetch fails.
    public convenience init(
        filterBy: Predicate<Element>? = nil, sortBy: [SortDescriptor<Element>]? = nil, modelContainer: ModelContainer
    ) throws(SwiftDataError) {
        try self.init(filterBy: filterBy, sortBy: sortBy, modelContext: ModelContext(modelContainer))
    }

    /// Fetches `descriptor` in `context` now, and again after every save that touches `Element`. An addition (the
    /// form OpenSwiftData had before SwiftData's).
    /// - Parameters:
    ///   - descriptor: What to fetch.
    ///   - context: The context to fetch in and watch.
    ///   - pollingInterval: how often to look for other processes' saves; nil not to.
    /// - Throws: ``SwiftDataError`` when the first fetch fails (an untranslatable predicate, say).
    public convenience init(
        _ descriptor: FetchDescriptor<Element>, in context: ModelContext,
        pollingInterval: Duration? = .milliseconds(500)
    ) throws(SwiftDataError) {
        try self.init(descriptor: descriptor, context: context, pollingInterval: pollingInterval)
    }
}
