/// What every store executor does, in store terms: the operations both object layers' contexts need, whatever
/// database is behind them. ``SQLiteStore`` (a file, or memory) and `PostgreSQLStore` (a server) conform.
///
/// Reads look at the store as it is now (the SQLite store's pooled reader, or the writer for a thread inside a
/// write; any pooled connection of the PostgreSQL store). What only one store offers — SQLite's read sources,
/// snapshots, history and backups — stays on that store's own type. An object layer holds `any StoreExecutor`: one
/// dynamic call per fetch or save, not per row (a fetch's rows reach its body through the ``StoreRow`` cursor).
package protocol StoreExecutor: AnyObject, Sendable {
    /// A UUID recorded in the store when it is created (Core Data's store UUID; part of SwiftData's identifiers).
    var identifier: String { get }
    /// The tables the store reads and writes, in the store's ``SQLDialect``.
    var mapping: SchemaMapping { get }
    /// How many statements the read operations have run so far: a test hook that tells one query per key path from
    /// one per object.
    var readStatementTotal: Int { get }

    /// Runs `request` and hands each row to `body` as a cursor positioned on it (valid only during the call).
    /// - Throws: ``StoreError``, or what `body` throws.
    func fetch(_ request: FetchRequest, _ body: (StoreRow) throws -> Void) throws
    /// The primary keys of the rows `request` selects (its columns are ignored), in its order.
    /// - Throws: ``StoreError``.
    func fetchKeys(_ request: FetchRequest) throws -> [Int64]
    /// The number of rows `request` selects, before its limit and offset.
    /// - Throws: ``StoreError``.
    func count(_ request: FetchRequest) throws -> Int
    /// The rows related through the to-many relationship `mapping` to each of `owners` (``RelatedRowsQuery``):
    /// `body` gets each owner's key and a cursor on a related row, each owner's rows in the relationship's order.
    /// - Throws: ``StoreError``, or what `body` throws.
    func fetchRelated(
        _ mapping: RelationshipMapping, owners: [Int64], _ body: (_ owner: Int64, StoreRow) throws -> Void)
        throws
    /// Writes `request` in one transaction: the inserted rows' keys out, and what else the save found.
    func save(_ request: SaveRequest) throws(SaveError) -> SaveResult
    /// Deletes every row of every table, in one transaction.
    /// - Throws: ``StoreError``.
    func erase() throws
    /// A number that changes whenever anyone — this process or another — commits to the store; -1 when it cannot
    /// be read.
    func dataVersion() -> Int64
    /// Closes every connection; later use throws.
    func close()
    /// The transactions recorded by saves (`Z_HISTORYTRANSACTION` with their `Z_HISTORYCHANGE` rows), oldest first,
    /// after `token` when given.
    func history(after token: Int64?) throws -> [HistoryRecord]
    /// Deletes the recorded transactions whose tokens are `tokens`, with their changes.
    func deleteHistory(_ tokens: [Int64]) throws
    /// Calls `body` (on a thread of the store's) after each commit that another store object — another process, or
    /// another store object on the same database in this one — makes, as the store hears of it, and once after it
    /// may have missed some; until ``stopObservingOutsideCommits(_:)`` with the number returned. Nil when the store
    /// hears of no commits (a SQLite file: look at ``dataVersion()`` instead, which moves with every commit). The one
    /// source both object layers' live views use for commits from elsewhere: the PostgreSQL store's `LISTEN`.
    func observeOutsideCommits(_ body: @escaping @Sendable () -> Void) -> Int?
    /// Stops calling the `body` that ``observeOutsideCommits(_:)`` returned `subscriber` for.
    func stopObservingOutsideCommits(_ subscriber: Int)
}

extension StoreExecutor {
    /// Nil: the store hears of no commits (its ``dataVersion()`` is looked at instead).
    package func observeOutsideCommits(_ body: @escaping @Sendable () -> Void) -> Int? { nil }

    /// Nothing to stop.
    package func stopObservingOutsideCommits(_ subscriber: Int) {}
}

extension SQLiteStore: StoreExecutor {
    package var readStatementTotal: Int { readStatementCount.load(ordering: .relaxed) }

    /// ``fetch(_:from:_:)`` from the pooled readers.
    package func fetch(_ request: FetchRequest, _ body: (StoreRow) throws -> Void) throws {
        try fetch(request, from: .pooled, body)
    }

    /// ``fetchKeys(_:from:)`` from the pooled readers.
    package func fetchKeys(_ request: FetchRequest) throws -> [Int64] {
        try fetchKeys(request, from: .pooled)
    }

    /// ``fetchRelated(_:owners:from:_:)`` from the pooled readers.
    package func fetchRelated(
        _ mapping: RelationshipMapping, owners: [Int64], _ body: (_ owner: Int64, StoreRow) throws -> Void
    ) throws {
        try fetchRelated(mapping, owners: owners, from: .pooled, body)
    }
}
