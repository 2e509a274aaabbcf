import Foundation

/// What a ``DataStore`` answers when it leaves work to the context. Mirrors SwiftData's `DataStoreError`.
public enum DataStoreError: Error, Hashable, Sendable {
    /// The predicate cannot be evaluated.
    case invalidPredicate
    /// Fetch again without the predicate (and limit and offset); the context filters with `Predicate.evaluate`.
    case preferInMemoryFilter
    /// Fetch again without the sort descriptors (and limit and offset); the context sorts in memory.
    case preferInMemorySort
    /// The store does not do this.
    case unsupportedFeature
}
