import Foundation

extension ModelContext {
    /// The models `descriptor` selects, read from the store `batchSize` at a time as the collection is accessed.
    /// Mirrors SwiftData's `fetch(_:batchSize:)`.
    ///
    /// For a store file, the collection reads from a snapshot of the database taken at the call (a read-only
    /// connection holding a WAL read transaction while the collection lives): the primary keys are read at once
    /// (8 bytes a row), each batch of models when one of its elements is first accessed, and rows deleted after the
    /// call are still there to read — never a fault that traps. A batch no longer accessed is released. For an
    /// in-memory store, or when the context has unsaved changes to `T` to merge, the models are fetched at once.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, batchSize: Int) throws(SwiftDataError) -> FetchResultsCollection<T> {
        if let snapshot = try store.makeSnapshot(), let rowIDs = try fetchRowIDs(descriptor, from: .snapshot(snapshot)) {
            let loader = BatchLoader<T>(context: self, snapshot: snapshot, batchSize: max(batchSize, 1))
            return FetchResultsCollection(source: .batches(rowIDs, loader))
        }
        return FetchResultsCollection(source: .models(try fetch(descriptor)))
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
        let plan = try FetchPlan(table: table, schema: store.mapping, descriptor: descriptor, inMemoryFallback: evaluatesUnsupportedPredicatesInMemory)
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
public struct FetchResultsCollection<Element: PersistentModel>: RandomAccessCollection {
    enum Source {
        case batches([Int64], BatchLoader<Element>)
        case models([Element])
    }

    let source: Source

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch source {
        case .batches(let rowIDs, _): rowIDs.count
        case .models(let models): models.count
        }
    }

    /// The model at `position`; reads its batch from the snapshot when needed.
    public subscript(position: Int) -> Element {
        switch source {
        case .models(let models):
            return models[position]
        case .batches(let rowIDs, let loader):
            if let model = loader.model(at: position, in: rowIDs) ?? loader.modelFromStore(at: position, in: rowIDs) {
                return model
            }
            // The snapshot holds every row the collection lists, so this is reached only when the disk fails
            // under both the snapshot and the store; there is no model to return.
            preconditionFailure("OpenSwiftData: \(Element.self) row \(rowIDs[position]) could not be read from the store (I/O error)")
        }
    }
}

/// Reads and caches the current batch of a ``FetchResultsCollection`` from its snapshot.
final class BatchLoader<T: PersistentModel> {
    private let context: ModelContext
    private let snapshot: any StoreReadSnapshot
    private let batchSize: Int
    private var batchStart = -1
    private var batch: [Int64: T] = [:]

    init(context: ModelContext, snapshot: any StoreReadSnapshot, batchSize: Int) {
        self.context = context
        self.snapshot = snapshot
        self.batchSize = batchSize
    }

    func model(at position: Int, in rowIDs: [Int64]) -> T? {
        let rowID = rowIDs[position]
        let start = position - position % batchSize
        if start != batchStart {
            let ids = rowIDs[start..<min(start + batchSize, rowIDs.count)]
            batch = [:]
            context.releaseUnusedInstances()
            let models = (try? context.fetchModels(T.self, rowIDs: ids, from: .snapshot(snapshot))) ?? []
            batch = Dictionary(models.map { ($0._$persistentState.rowID, $0) }, uniquingKeysWith: { first, _ in first })
            batchStart = start
        }
        return batch[rowID]
    }

    /// The row read from the store's own connection, for when the snapshot could not be read.
    func modelFromStore(at position: Int, in rowIDs: [Int64]) -> T? {
        try? context.fetchModels(T.self, rowIDs: [rowIDs[position]]).first
    }
}
