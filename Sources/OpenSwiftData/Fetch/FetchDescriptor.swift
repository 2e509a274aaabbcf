import Foundation

/// What to fetch: a predicate, a sort order, and a window. Mirrors SwiftData's `FetchDescriptor`.
///
/// The predicate and sort descriptors are translated to SQL (see ``SwiftDataError/unsupportedPredicate(_:)`` for
/// what cannot be). `fetchOffset` and `fetchLimit` apply after filtering, sorting and — when
/// `includePendingChanges` is true — merging the context's unsaved changes, so pages are disjoint and together
/// equal the whole result.
public struct FetchDescriptor<T: PersistentModel> {
    /// Which models to fetch; nil fetches all.
    public var predicate: Predicate<T>?
    /// The order; ties, and no order at all, fall back to the order rows were inserted (primary key).
    public var sortBy: [SortDescriptor<T>]
    /// The most models to return; nil for no limit.
    public var fetchLimit: Int?
    /// How many models to skip; nil or 0 for none.
    public var fetchOffset: Int?
    /// Whether unsaved inserts, changes and deletes in the context count (default true, as SwiftData).
    public var includePendingChanges: Bool = true
    /// Accepted for source compatibility; every stored property is fetched.
    public var propertiesToFetch: [PartialKeyPath<T>] = []
    /// Accepted for source compatibility; no effect until relationships exist.
    public var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = []

    /// A descriptor with an optional predicate and sort order.
    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}
