import Foundation
import Observation
import OpenSwiftData

/// The cart: what it holds and the seed tutorial's operations on it, over an OpenSwiftData context.
///
/// Names follow the seed's view model (`addCart`, `deleteCart`, `deleteAllCart`, `checkDuplicate`). Every operation
/// saves at once, and ``items`` is kept current by a ``OpenSwiftData/ResultsObserver``, which reads the cart again
/// once per commit — its own saves before the operation returns, so ``items`` is never stale after one and every
/// page and API call, from any browser tab, sees the same cart — and also notices carts changed by other processes
/// on the same store file; ``changes()`` streams those updates (the pages' live updates use it).
///
/// Give it a context of a container whose configuration's `uniquenessConflictPolicy` is `.throwError`
/// (``configuration(_:url:)``): an add is then one `INSERT` and the unique `productID` answers a duplicate. Under
/// SwiftData's `.update` rule (an insert of a stored product would overwrite its row) an add looks for the product
/// first.
@MainActor
@Observable
public final class CartViewModel {
    /// The result of ``addCart(_:)``.
    public enum AddResult: Sendable, Equatable {
        /// The product was added; the new cart line.
        case added(CartLine)
        /// The product was already in the cart (the seed's duplicate alert); the existing line. Nothing changed.
        case alreadyInCart(CartLine)
    }

    /// The cart's items in the order they were added (read again first if ``writer`` has committed since).
    public var items: [CartItem] {
        catchUp()
        return observer.results
    }
    /// Adds and deletes on a context of their own, for callers off the main actor (the JSON API); this view model
    /// reads the cart again after their commits.
    public nonisolated let writer: CartWriter
    @ObservationIgnored private let context: ModelContext
    @ObservationIgnored private let observer: ResultsObserver<CartItem, Never>
    /// ``writer``'s ``CartWriter/commits`` as of the last read of the cart.
    @ObservationIgnored private var writerCommitsRead = 0
    /// How many ``changes()`` sequences are consumed (live pages).
    @ObservationIgnored private var listeners = 0
    /// Whether the cart is in a store file, which another process may share (two showcases on one data directory):
    /// its data version is then looked at before each read. A PostgreSQL store hears other servers' commits
    /// through `LISTEN` at once; a store in memory has no other process.
    @ObservationIgnored private let sharesAFile: Bool

    /// A view model over `context`; reads the cart once, and again whenever it changes.
    /// - Parameter pollingInterval: how often to look for changes by other processes; nil not to.
    /// - Throws: ``SwiftDataError`` when the store cannot be read.
    public init(context: ModelContext, pollingInterval: Duration? = .milliseconds(500)) throws(SwiftDataError) {
        self.context = context
        sharesAFile = context.container.configurations.first?.url?.isFileURL == true
        // A store file gets a container of its own for the writer: its commits then reach this view model as another
        // connection's do — read again before the cart is next shown (catchUp), and while live updates are listened
        // to at most every 20 ms — not as a `didSave` that would read the cart again after every commit, on the main
        // actor. A store in memory exists only in its container, so the writer shares it.
        let (commits, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let writerContainer =
            if let configuration = context.container.configurations.first, configuration.url != nil {
                try ModelContainer(for: CartItem.self, configurations: configuration)
            } else {
                context.container
            }
        writer = CartWriter(container: writerContainer, commitSignal: signal)
        observer = try ResultsObserver(
            FetchDescriptor<CartItem>(sortBy: [SortDescriptor(\.addedAt)]), in: context,
            pollingInterval: pollingInterval
        )
        Task { [weak self] in
            for await _ in commits {
                guard let self else { return }
                // Only live updates need the cart read at once; without a listener the next read of the cart (a
                // page, a `GET`) catches up. Reading 100 rows after each commit cost more than the commit's request
                // did when requests came slower than one per 20 ms (issue 16: 1.13 M instructions a pair of the
                // server's 2.07 M, under callgrind).
                guard listeners > 0 else { continue }
                catchUp()
                // Commits that come meanwhile are read together, once.
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// Changes whenever the cart was read again: derived values (the JSON the API serves) can be cached until then.
    public var revision: Int {
        catchUp()
        return observer.revision
    }

    /// Reads the cart again if ``writer`` committed since the last read: its `didSave` wakes the observer only once
    /// the main actor gets to it, and a page or `GET` that follows its answer must show the commit.
    private func catchUp() {
        let commits = writer.commits
        guard commits != writerCommitsRead else {
            // Another process's commit on the same store file (two showcases on one data directory): the store's
            // data version says so at once, where the 0.5 s look would answer stale in between.
            if sharesAFile { observer.refreshIfStoreChanged() }
            return
        }
        writerCommitsRead = commits
        observer.refresh()
    }

    /// Yields whenever the cart changed (here, in another context, or in another process).
    public func changes() -> AsyncStream<Void> {
        let updates = observer.updates()
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        listeners += 1
        // Forwarded, so that this view model knows while anyone listens (see the commits' task in init).
        let forwarding = Task { @MainActor in
            for await _ in updates { continuation.yield() }
            continuation.finish()
        }
        continuation.onTermination = { [weak self] _ in
            forwarding.cancel()
            Task { @MainActor [weak self] in self?.listeners -= 1 }
        }
        return stream
    }

    /// The cart rows, in the order added.
    public var lines: [CartLine] { items.map(\.line) }

    /// The sum of the items' prices, in US dollars.
    public var total: Double { items.reduce(0) { $0 + $1.price } }

    /// Reads the cart from the store into ``items`` now.
    public func fetchCart() throws(SwiftDataError) {
        observer.refresh()
        if let error = observer.lastError { throw error }
    }

    /// The configuration of a cart store: `uniquenessConflictPolicy` `.throwError`, so that an add is one statement.
    /// - Parameters:
    ///   - name: The configuration's name.
    ///   - url: The store file; nil for a store in memory.
    public nonisolated static func configuration(_ name: String = "cart", url: URL?) -> ModelConfiguration {
        var configuration =
            url.map { ModelConfiguration(name, url: $0) } ?? ModelConfiguration(name, isStoredInMemoryOnly: true)
        configuration.uniquenessConflictPolicy = .throwError
        return configuration
    }

    /// Whether the product is in the cart (checked in the store, not in a cached list).
    public func checkDuplicate(productID: Int) throws(SwiftDataError) -> Bool {
        try context.fetchCount(FetchDescriptor<CartItem>(predicate: #Predicate { $0.productID == productID })) > 0
    }

    /// Adds `product` unless it is already in the cart, and saves. With `.throwError` uniqueness (see the type) one
    /// `INSERT`, and the stored line is read only when the unique `productID` refuses it; otherwise the product is
    /// looked for first.
    public func addCart(_ product: Product) throws(SwiftDataError) -> AddResult {
        try CartWriter.add(product, in: context, save: save)
    }

    /// Removes the product's item, and saves. Returns the removed line, or nil when the product was not in the cart.
    /// The item is taken from ``items`` (current as of this process's last commit, and of other processes' within a
    /// polling interval, as every page and `GET` shows the cart); only a product not there is looked for in the store.
    @discardableResult
    public func deleteCart(productID: Int) throws(SwiftDataError) -> CartLine? {
        var found = items.first { $0.productID == productID }
        if found == nil { found = try CartWriter.storedItem(productID: productID, in: context) }
        guard let item = found else { return nil }
        let line = item.line
        context.delete(item)
        try save()
        return line
    }

    /// Removes every item, and saves. Returns how many there were (0: the cart was already empty).
    @discardableResult
    public func deleteAllCart() throws(SwiftDataError) -> Int {
        let count = try context.fetchCount(FetchDescriptor<CartItem>())
        guard count > 0 else { return 0 }
        try context.delete(model: CartItem.self)
        try save()
        return count
    }

    /// Saves (the observer reads the cart again as the save posts `didSave`); on failure the context's unsaved
    /// changes are rolled back so the next request starts from what the store holds.
    private func save() throws(SwiftDataError) {
        let revision = observer.revision
        try CartWriter.save(context)
        // On the main thread `didSave` has already woken the observer; elsewhere it wakes it through a task, which
        // will then find this commit read.
        if observer.revision == revision { observer.refresh() }
        if let error = observer.lastError { throw error }
    }
}
