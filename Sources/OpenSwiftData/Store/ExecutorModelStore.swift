import Foundation
import SQLStore

/// A ``ModelStore`` over one of the store layer's executors (``SQLiteModelStore``, ``PostgreSQLModelStore``): what
/// they do alike — the identifier, the data version, counts, saves, history, erasing and closing, each error as a
/// ``SwiftDataError`` — written once. Fetches read the store as it is now, whatever source is asked for; SQLite's
/// store reads from a source of its own (the pool, the writer or a snapshot). A generic, not an existential: each
/// store's calls go straight to its concrete executor.
protocol ExecutorModelStore: ModelStore {
    associatedtype Executor: StoreExecutor
    /// The store layer's executor.
    var store: Executor { get }
    /// Throws ``SwiftDataError/writeNotAllowed(_:)`` naming `operation` when the store refuses writes.
    func checkWritable(_ operation: String) throws(SwiftDataError)
}

extension ExecutorModelStore {
    var identifier: String { store.identifier }

    func dataVersion() -> Int64 { store.dataVersion() }

    func fetch(_ request: FetchRequest, from source: StoreReadSource, _ body: (StoreRow) throws -> Void)
        throws(SwiftDataError)
    {
        do {
            try store.fetch(request, body)
        } catch {
            throw .wrapping(error, url: url)
        }
    }

    func fetchKeys(_ request: FetchRequest, from source: StoreReadSource) throws(SwiftDataError) -> [Int64] {
        do {
            return try store.fetchKeys(request)
        } catch {
            throw .wrapping(error, url: url)
        }
    }

    func fetchCount(_ request: FetchRequest) throws(SwiftDataError) -> Int {
        do {
            return try store.count(request)
        } catch {
            throw .wrapping(error, url: url)
        }
    }

    func save(_ request: SaveRequest) throws(SwiftDataError) -> SaveResult {
        try checkWritable("a save")
        do {
            return try store.save(request)
        } catch {
            throw SwiftDataError(error)
        }
    }

    func history(after token: Int64?) throws(SwiftDataError) -> [HistoryRecord] {
        do {
            return try store.history(after: token)
        } catch {
            throw .wrapping(error, url: url)
        }
    }

    func deleteHistory(_ tokens: [Int64]) throws(SwiftDataError) {
        do {
            try store.deleteHistory(tokens)
        } catch {
            throw .wrapping(error, url: url)
        }
    }

    func erase() throws(SwiftDataError) {
        try checkWritable("deleteAllData()")
        do {
            try store.erase()
        } catch {
            throw .wrapping(error, url: url)
        }
    }

    func close() { store.close() }
}
