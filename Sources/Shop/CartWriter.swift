import Foundation
import OpenSwiftData
import Synchronization

/// The SwiftData cart's adds and deletes on a ``OpenSwiftData/ModelContext`` of their own, for callers off the main
/// actor: the JSON API answers them on the server's threads, without a hop to the main actor and back.
///
/// Each operation runs on the caller's thread, one at a time (a lock guards the context; the store's writer lock
/// would serialise the commits anyway), and saves at once. ``CartViewModel`` makes one (``CartViewModel/writer``)
/// and reads the cart again before it next shows it after a commit (``commits``), so a `GET` after a `POST` shows
/// the new line; its live updates hear of commits through `commitSignal`.
public final class CartWriter: Sendable {
    private let context: Mutex<ModelContext>
    private let committed = Atomic<Int>(0)
    private let commitSignal: AsyncStream<Void>.Continuation?

    /// A writer with a new context of `container`.
    /// - Parameter commitSignal: Yielded to after every commit (nil: none).
    public init(container: ModelContainer, commitSignal: AsyncStream<Void>.Continuation? = nil) {
        context = Mutex(ModelContext(container))
        self.commitSignal = commitSignal
    }

    deinit {
        commitSignal?.finish()
    }

    private func didCommit() {
        committed.add(1, ordering: .releasing)
        commitSignal?.yield()
    }

    /// How many saves this writer has committed: a reader on another context that has seen fewer reads again.
    public var commits: Int { committed.load(ordering: .acquiring) }

    /// Adds `product` unless it is already in the cart, and saves: one `INSERT` under `.throwError` uniqueness, the
    /// stored line read only when the unique `productID` refuses it (as ``CartViewModel/addCart(_:)``).
    /// - Throws: ``OpenSwiftData/SwiftDataError`` when the store fails; the context is then rolled back.
    public func addCart(_ product: Product) throws(SwiftDataError) -> CartViewModel.AddResult {
        try context.withLock { context throws(SwiftDataError) -> CartViewModel.AddResult in
            try Self.add(product, in: context) { () throws(SwiftDataError) in
                try Self.save(context)
                didCommit()
            }
        }
    }

    /// Removes the product's item, and saves; the removed line, or nil when the product was not in the cart. The
    /// item is looked for in the store (one `SELECT` by the unique `productID`).
    /// - Throws: ``OpenSwiftData/SwiftDataError`` when the store fails; the context is then rolled back.
    public func deleteCart(productID: Int) throws(SwiftDataError) -> CartLine? {
        try context.withLock { context throws(SwiftDataError) -> CartLine? in
            guard let item = try Self.storedItem(productID: productID, in: context) else { return nil }
            let line = item.line
            context.delete(item)
            try Self.save(context)
            didCommit()
            return line
        }
    }

    // MARK: The steps both the writer and the view model take

    /// Inserts `product` unless it is in the cart, then runs `save`. With `.throwError` uniqueness one `INSERT`, the
    /// stored line read only when the unique `productID` refuses it; otherwise the product is looked for first.
    static func add(
        _ product: Product, in context: ModelContext, save: () throws(SwiftDataError) -> Void
    ) throws(SwiftDataError) -> CartViewModel.AddResult {
        let productID = product.id
        let insertFailsOnDuplicate = context.container.configurations.first?.uniquenessConflictPolicy == .throwError
        if !insertFailsOnDuplicate, let existing = try storedItem(productID: productID, in: context) {
            return .alreadyInCart(existing.line)
        }
        let item = CartItem(
            productID: product.id, title: product.title, price: product.price, thumbnail: product.thumbnail)
        context.insert(item)
        do {
            try save()
        } catch {
            // The product is in the cart already: the line the store holds is the one to report.
            guard case .uniqueConstraintViolation = error,
                let existing = try storedItem(productID: productID, in: context)
            else { throw error }
            return .alreadyInCart(existing.line)
        }
        return .added(item.line)
    }

    /// The stored item of `productID`, if any.
    static func storedItem(productID: Int, in context: ModelContext) throws(SwiftDataError) -> CartItem? {
        try context.fetch(FetchDescriptor<CartItem>(predicate: #Predicate { $0.productID == productID })).first
    }

    /// Saves; on failure rolls the context's unsaved changes back, so the next operation starts from what the store
    /// holds.
    static func save(_ context: ModelContext) throws(SwiftDataError) {
        do {
            try context.save()
        } catch {
            context.rollback()
            throw error
        }
    }
}
