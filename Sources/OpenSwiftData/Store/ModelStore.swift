import Foundation
import SQLStore

// The terms contexts and stores speak, from the store layer: tables, requests in, rows and keys out.
typealias EntityTable = SQLStore.EntityTable
typealias FetchRequest = SQLStore.FetchRequest
typealias SaveRequest = SQLStore.SaveRequest
typealias SaveResult = SQLStore.SaveResult
typealias HistoryRecord = SQLStore.HistoryRecord

/// What a context asks of the store its container opened — the one boundary between the object layer and the store,
/// shaped like SwiftData's `DataStore`: a fetch request in (entity, predicate, sort, limit, offset, wanted columns),
/// rows out; a save request of inserted, updated and deleted snapshots in, permanent keys out; counts, keys, batch
/// deletes and erasing.
///
/// ``SQLiteModelStore`` and ``PostgreSQLModelStore`` (``ExecutorModelStore``s, over the store layer's executors) and
/// ``DataStoreModelStore`` (a store of your own) implement it. The executors' fast path hands fetched rows to the
/// context as cursors (``StoreRow``), decoded in place into models, rather than building snapshots. Every error is a
/// ``SwiftDataError``.
protocol ModelStore: AnyObject, Sendable {
    /// A UUID recorded in the store when it is created; part of every permanent `PersistentIdentifier`.
    var identifier: String { get }
    /// The store's file, or nil in memory.
    var url: URL? { get }
    /// The store's tables, seen from the model layer.
    var mapping: ModelMapping { get }

    /// A number that changes whenever anyone — this process or another — commits to the store; -1 when unknown.
    func dataVersion() -> Int64
    /// Runs `request`, handing each row to `body` (valid only during the call), from `source`.
    func fetch(_ request: FetchRequest, from source: StoreReadSource, _ body: (StoreRow) throws -> Void)
        throws(SwiftDataError)
    /// The primary keys of the rows `request` selects, in its order.
    func fetchKeys(_ request: FetchRequest, from source: StoreReadSource) throws(SwiftDataError) -> [Int64]
    /// The number of rows `request` selects, before its limit and offset.
    func fetchCount(_ request: FetchRequest) throws(SwiftDataError) -> Int
    /// Writes `request` in one transaction; returns the inserted rows' keys and what else the save found.
    func save(_ request: SaveRequest) throws(SwiftDataError) -> SaveResult
    /// Deletes every row of every entity.
    func erase() throws(SwiftDataError)
    /// The store as it is now, for reads that must not see later commits; nil when the store cannot keep one (in
    /// memory).
    func makeSnapshot() throws(SwiftDataError) -> (any StoreReadSnapshot)?
    /// Closes the store; later use throws.
    func close()
    /// The transactions recorded by saves, oldest first, after `token` when given (none for a store that keeps no
    /// history).
    func history(after token: Int64?) throws(SwiftDataError) -> [HistoryRecord]
    /// Deletes the recorded transactions `tokens` name.
    func deleteHistory(_ tokens: [Int64]) throws(SwiftDataError)
}

/// A store as it was at one moment, for reads that must keep seeing it (a batched fetch's collection).
protocol StoreReadSnapshot: AnyObject, Sendable {}

/// Where a read looks.
enum StoreReadSource {
    /// The store as it is now (for a reader on this thread inside a write: with that write's changes).
    case current
    /// The store through the connection that writes it: a read made while another row is being read (a required
    /// relationship), or one that must see exactly what the writer sees.
    case writer
    /// A snapshot the store made.
    case snapshot(any StoreReadSnapshot)
}

extension ModelStore {
    /// The table of a model type, or ``SwiftDataError/modelNotInSchema(entityName:)``.
    func table(for type: any PersistentModel.Type) throws(SwiftDataError) -> EntityTable {
        try mapping.entity(for: type).table
    }

    /// The relationships of a model type, by property index.
    func relationships(of type: any PersistentModel.Type) -> [Int: ModelRelationship] {
        mapping.relationships(of: type)
    }
}
