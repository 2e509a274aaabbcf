import Foundation

extension ModelContext {
    /// The models `descriptor` selects, read from the store `batchSize` at a time. Mirrors SwiftData's
    /// `fetch(_:batchSize:)`.
    ///
    /// For a store file, the call reads from a snapshot of the database taken at the call (a read-only connection
    /// holding a WAL read transaction): the primary keys first (8 bytes a row), then the models, one query of
    /// `batchSize` rows at a time, all before it returns. The collection keeps the models it hands out, so its
    /// subscript never reads the store: a read that fails (a disk error, a value that cannot be decoded) fails this
    /// call with the error, never an element later, and rows deleted after the call are still there to read. The
    /// models are all in memory while the collection lives; for memory that stays flat however many rows there are,
    /// use ``enumerate(_:batchSize:allowEscapingMutations:block:)``. For an in-memory store, or when the context has
    /// unsaved changes to `T` to merge, the models are fetched at once.
    /// - Throws: ``SwiftDataError`` from any read (nothing is returned then).
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, batchSize: Int) throws(SwiftDataError)
        -> FetchResultsCollection<T>
    {
        if let snapshot = try store.makeSnapshot(), let rowIDs = try fetchRowIDs(descriptor, from: .snapshot(snapshot))
        {
            let batchSize = max(batchSize, 1)
            var models: [T] = []
            models.reserveCapacity(rowIDs.count)
            for start in stride(from: 0, to: rowIDs.count, by: batchSize) {
                let ids = rowIDs[start..<min(start + batchSize, rowIDs.count)]
                let batch = try fetchModels(T.self, rowIDs: ids, from: .snapshot(snapshot))
                let byRowID = Dictionary(
                    batch.map { ($0._$persistentState.rowID, $0) }, uniquingKeysWith: { first, _ in first })
                for rowID in ids {
                    guard let model = byRowID[rowID] else {
                        throw .storeFailed(
                            StoreError(
                                kind: .other,
                                message:
                                    "\(T.self) row \(rowID) was listed by the batched fetch but could not be read from its snapshot"
                            ))
                    }
                    models.append(model)
                }
            }
            return FetchResultsCollection(models: models)
        }
        return FetchResultsCollection(models: try fetch(descriptor))
    }

    /// Calls `block` with each model `descriptor` selects, reading `batchSize` models at a time and letting each
    /// batch go before reading the next, so memory stays flat however many rows there are. Mirrors SwiftData's
    /// `enumerate(_:batchSize:allowEscapingMutations:block:)`.
    ///
    /// Without sort descriptors, batches are read by primary key ranges (`WHERE "Z_PK" > ? ORDER BY "Z_PK" LIMIT ?`)
    /// and nothing grows with the row count; with sort descriptors, the primary keys are read first (8 bytes a row).
    /// Changes the block makes stay pending in the context (whatever `allowEscapingMutations` says) until saved.
    /// When the context has unsaved changes to `T`, the models are fetched at once instead.
    public func enumerate<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>, batchSize: Int = 5_000, allowEscapingMutations: Bool = false,
        block: (T) throws -> Void
    ) throws {
        let batchSize = max(batchSize, 1)
        let table = try store.table(for: T.self)
        let plan = try FetchPlan(
            table: table, schema: store.mapping, descriptor: descriptor,
            inMemoryFallback: evaluatesUnsupportedPredicatesInMemory)
        let merges = descriptor.includePendingChanges && hasPendingChanges(for: T.self)
        guard plan.isEntirelySQL, !merges else {
            for model in try fetch(descriptor) { try block(model) }
            return
        }
        if descriptor.sortBy.isEmpty {
            var remaining = descriptor.fetchLimit ?? Int.max
            var skip = max(descriptor.fetchOffset ?? 0, 0)
            var lastRowID = Int64.min
            while remaining > 0 {
                let request = plan.query.request(after: lastRowID, limit: min(batchSize + skip, remaining + skip))
                let batch = try fetchRows(T.self, table: table, request: request)
                guard let last = batch.last else { return }
                lastRowID = last._$persistentState.rowID
                let usable = batch.dropFirst(min(skip, batch.count))
                skip -= min(skip, batch.count)
                for model in usable.prefix(remaining) { try block(model) }
                remaining -= min(usable.count, remaining)
                releaseUnusedInstances()
            }
            return
        }
        guard let rowIDs = try fetchRowIDs(descriptor) else { return }
        for start in stride(from: 0, to: rowIDs.count, by: batchSize) {
            let batch = try fetchModels(T.self, rowIDs: rowIDs[start..<min(start + batchSize, rowIDs.count)])
            for model in batch { try block(model) }
            releaseUnusedInstances()
        }
    }
}

/// The models of a batched fetch, as a random-access collection. Mirrors SwiftData's `FetchResultsCollection`.
///
/// It holds the models ``ModelContext/fetch(_:batchSize:)`` read, so reading an element never touches the store and
/// never fails (SwiftData's subscript cannot throw either).
public struct FetchResultsCollection<Element: PersistentModel>: RandomAccessCollection {
    let models: [Element]

    public var startIndex: Int { 0 }

    public var endIndex: Int { models.count }

    /// The model at `position`.
    public subscript(position: Int) -> Element { models[position] }
}
