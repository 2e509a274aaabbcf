import Foundation

/// A fetch a context asks of a ``DataStore``. Mirrors SwiftData's `DataStoreFetchRequest`.
public struct DataStoreFetchRequest<T: PersistentModel>: @unchecked Sendable {
    // @unchecked: FetchDescriptor holds a Predicate and key paths, read-only here.
    /// What to fetch: the predicate, sort descriptors, limit and offset as the app wrote them.
    public var descriptor: FetchDescriptor<T>
    /// The context asking.
    public let editingState: EditingState

    init(descriptor: FetchDescriptor<T>, editingState: EditingState) {
        self.descriptor = descriptor
        self.editingState = editingState
    }
}
