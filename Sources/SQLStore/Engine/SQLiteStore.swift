import Foundation
import SQLite
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A store in one SQLite database: the executor every object layer's context goes through.
///
/// One writer connection, behind a re-entrant lock (contexts on different threads never interleave statements;
/// reading a row may read the row a required relationship refers to, and a migration's stages save inside its
/// transaction); for a file, a pool of read-only connections that fetch in parallel with each other and with the
/// writer (WAL), and a connection of its own that notices other processes' commits (``dataVersion()``). Every
/// connection registers ``StringFunctions``. Operations are in store terms — ``fetch(_:from:_:)``,
/// ``fetchKeys(_:from:)``, ``count(_:)``, ``save(_:)``, ``erase()`` — and their SQL comes from the query types.
///
/// Opening (``open(url:mapping:version:knownEntities:stages:log:)``) validates the file and works out any migration
/// before writing anything to it, so a file that is not SQLite, or whose schema cannot be migrated, is left
/// byte-identical.
package final class SQLiteStore: @unchecked Sendable {
    // Invariant behind @unchecked Sendable: `connection` and `updateStatements` are only touched while `lock` is held.
    private let lock: NSRecursiveLock
    private let connection: SQLiteConnection
    /// The database file, or nil in memory.
    package let url: URL?
    /// A UUID recorded in the store when it is created (Core Data's store UUID; part of SwiftData's identifiers).
    package let identifier: String
    /// The tables the store reads and writes.
    package let mapping: SchemaMapping
    package let dialect = SQLiteDialect()
    /// Why the store refuses to write — it was opened only to read, or its file or folder is read-only — or nil
    /// when it writes.
    package let readOnlyReason: String?
    /// Whether the store refuses every write (see ``readOnlyReason``).
    package var isReadOnly: Bool { readOnlyReason != nil }
    /// Read-only connections for fetches (file stores only).
    private let readers: ReaderPool?
    /// A read-only connection of its own whose `PRAGMA data_version` changes when anyone else commits.
    let versionProbe: VersionProbe?
    /// The thread holding the writer's lock (0 when none): a read on that thread must see its uncommitted writes.
    private let writerThread = Atomic<UInt>(0)
    /// How many statements the read operations (``fetch(_:from:_:)``, ``fetchKeys(_:from:)``, ``count(_:)``,
    /// ``fetchRelated(_:owners:from:_:)``) have run: a test hook that tells one query per key path from one per object.
    package let readStatementCount = Atomic<Int>(0)
    /// Each table's insert and upsert statements, and its look-ups by unique group, written once.
    private let tableStatements: [ObjectIdentifier: TableStatements]
    /// Records the key of the stored row an upsert met, on the writer's connection; nil for a migration's view of
    /// the store, which looks the row up by its unique values instead.
    let upsertedRow: UpsertedRow?
    /// `UPDATE` texts by table and set of changed columns, written once each.
    private var updateStatements: [ObjectIdentifier: [[Int]: String]] = [:]

    struct TableStatements {
        let insert: String
        let upsert: String
        /// `SELECT … WHERE <group's columns> = ?…`, one per unique group (the values are bound, so the text is one).
        let uniqueLookups: [String]
    }

    /// A store over an open connection. A migration's intermediate stores read through the writer only
    /// (`usesReaders: false`): they must see the migration's uncommitted work.
    init(
        connection: SQLiteConnection, lock: NSRecursiveLock, url: URL?, mapping: SchemaMapping, identifier: String,
        usesReaders: Bool = true, access: StoreFile.Access = .readWrite, readOnlyReason: String? = nil,
        upsertedRow: UpsertedRow? = nil
    ) {
        self.connection = connection
        self.upsertedRow = upsertedRow
        self.lock = lock
        self.url = url
        self.mapping = mapping
        self.identifier = identifier
        self.readOnlyReason = readOnlyReason
        let immutable = access == .immutable
        self.readers = usesReaders ? url.map { ReaderPool(url: $0, immutable: immutable) } : nil
        self.versionProbe = usesReaders ? url.map { VersionProbe(url: $0, immutable: immutable) } : nil
        var statements: [ObjectIdentifier: TableStatements] = [:]
        let dialect = self.dialect
        for table in mapping.tables {
            statements[ObjectIdentifier(table)] = TableStatements(
                insert: InsertQuery(table: table, upserts: false).sql(dialect),
                upsert: upsertedRow == nil
                    ? InsertQuery(table: table, upserts: true).sql(dialect)
                    : InsertQuery(table: table, upserts: true).sql(
                        dialect, recordingKeyWith: UpsertedRow.functionName),
                uniqueLookups: table.uniqueGroups.indices.map { group in
                    let values = [StoredValue](repeating: .null, count: table.uniqueGroups[group].count)
                    return SelectQuery(FetchRequest(table: table, rows: .unique(group: group, values: values))).sql(
                        dialect
                    ).text
                }
            )
        }
        self.tableStatements = statements
    }

    /// Opens, creates or migrates the store at `url` (in memory when nil) for `mapping`.
    ///
    /// Before anything is written, in this order: the file is looked at (a read-only open of a missing store
    /// throws; a file or folder that cannot be written is opened read-only), its header and schema are read, its
    /// integrity is probed (``StoreFile/headerDamage(_:)``, and `PRAGMA quick_check` for a file of at most
    /// `options.quickCheckLimit` bytes), and a file with tables of its own but no store metadata is refused unless
    /// `options.adoptsForeignDatabase`. A refused file is left byte-identical. Then a new store is switched to WAL
    /// (tried again while another process holds the lock that needs).
    ///
    /// When the schema the store records is the store's and `stages` asks for no step, opening writes nothing.
    /// Otherwise, in one write transaction (`BEGIN IMMEDIATE`, so that of several processes opening at once one
    /// migrates and the others find it done): reads the schema the store records again (or, for a store written
    /// before schemas were recorded, what its tables of `knownEntities` say), asks `stages` for the steps from
    /// there, appends a lightweight step to `mapping` at `version`, and runs them (see ``MigrationStep``); `log` gets
    /// a line per step that changes an existing store, and per large table rebuilt. A store opened read-only that
    /// needs this throws instead.
    /// - Throws: ``StoreError``: `cannotOpen` (missing folder or store, permissions), `notADatabase`, `corrupt` (a
    ///   damaged file), `foreignDatabase`, `readOnly` (a read-only store that needs a migration), `busy`;
    ///   ``MigrationRefusal`` for a change a migration cannot make (nothing written); what `stages` or a step's code
    ///   throws (everything rolled back).
    package static func open(
        url: URL?, mapping: SchemaMapping, version: SchemaVersion, knownEntities: [String],
        options: StoreOpenOptions = StoreOpenOptions(),
        stages: (StoredSchema?) throws -> [MigrationStep], log: @escaping (String) -> Void = { _ in }
    ) throws -> SQLiteStore {
        let access =
            try url.map { url throws(StoreError) in try StoreFile.access(url, readOnly: options.readOnly) }
            ?? .readWrite
        let connection = try openConnection(url: url, access: access, busyTimeout: options.busyTimeout)
        let lock = NSRecursiveLock()
        do {
            if access == .queryOnly { try connection.execute("PRAGMA query_only = ON") }
            if let url { try probeIntegrity(connection, url: url, limit: options.quickCheckLimit) }
            try checkOwnership(
                connection, url: url, mapping: mapping, knownEntities: knownEntities,
                adopts: options.adoptsForeignDatabase)
            if url != nil && access.writes { try switchToWAL(connection, onBusyRetry: options.onBusyRetry) }
            if access.writes { try connection.execute("PRAGMA synchronous = NORMAL") }
            try connection.execute("PRAGMA foreign_keys = ON")
            try StringFunctions.register(on: connection)
            let migration = Migration(
                connection: connection, lock: lock, url: url, target: mapping, version: version,
                knownEntities: knownEntities,
                log: log
            )
            let identifier: String
            if let current = try migration.currentIdentifier(stages: stages) {
                identifier = current
            } else if !access.writes {
                throw StoreError(
                    kind: .readOnly,
                    message: "the store needs a migration (or has not been created) but is opened read-only ("
                        + Self.readOnlyReason(access)
                        + "); nothing was written — open it once with saving allowed to migrate it"
                )
            } else {
                if options.backsUpBeforeMigration, let url, try StoredSchema.read(from: connection) != nil {
                    try backup(connection, beside: url)
                }
                identifier = try migration.run(stages: stages)
            }
            if access.writes { prepareHistoryStatements(on: connection) }
            return SQLiteStore(
                connection: connection, lock: lock, url: url, mapping: mapping, identifier: identifier, access: access,
                readOnlyReason: access.writes ? nil : Self.readOnlyReason(access),
                upsertedRow: access.writes ? try UpsertedRow(registeringOn: connection) : nil
            )
        } catch let error as SQLiteError {
            connection.close()
            throw StoreError(error)
        } catch {
            connection.close()
            throw error
        }
    }

    /// Why a store opened with `access` refuses writes.
    private static func readOnlyReason(_ access: StoreFile.Access) -> String {
        access == .queryOnly ? "it was opened only to read" : "its file or folder is read-only"
    }

    /// Opens the file (creating its folder when it may write) and reads its header and schema, so a file that is not
    /// SQLite fails now.
    ///
    /// The busy timeout is set before anything reads the file: another process creating, migrating or writing the
    /// store holds its lock for a moment, and a read made without the timeout fails at once with "database is
    /// locked" instead of waiting for it.
    private static func openConnection(url: URL?, access: StoreFile.Access, busyTimeout: Int32) throws(StoreError)
        -> SQLiteConnection
    {
        let connection: SQLiteConnection
        do {
            if let url, access.writes {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            connection = try SQLiteConnection(
                location: url.map { .file($0.path) } ?? .memory, readOnly: access == .readOnly,
                immutable: access == .immutable
            )
        } catch let error as SQLiteError {
            throw StoreError(kind: .cannotOpen, message: error.message)
        } catch {
            throw StoreError(kind: .cannotOpen, message: "cannot create its folder: \(error.localizedDescription)")
        }
        connection.setBusyTimeout(milliseconds: busyTimeout)
        do {
            try connection.validate()
        } catch {
            connection.close()
            let failure = StoreError(error)
            // Any other failure to read the file is a failure to open it.
            throw failure.isNotADatabase
                ? failure
                : StoreError(
                    code: failure.code, message: failure.message, statement: failure.statement, kind: .cannotOpen)
        }
        return connection
    }

    /// Refuses a damaged file before anything writes to it: what its header shows (``StoreFile/headerDamage(_:)``),
    /// then `PRAGMA quick_check` (every page and record, not the indexes' agreement with the tables) for a file of at
    /// most `limit` bytes.
    /// - Throws: ``StoreError`` (`corrupt`) naming what was found.
    private static func probeIntegrity(_ connection: SQLiteConnection, url: URL, limit: Int) throws {
        func damaged(_ reason: String) -> StoreError {
            StoreError(
                code: 11,
                message: "the store file is damaged: \(reason). It was not opened and was left as it was; "
                    + "restore it from a backup", statement: nil, kind: .corrupt
            )
        }
        // Inside a read transaction: no other connection is writing the file in rollback mode meanwhile (a store
        // being created by another process), so the header and the size agree with each other.
        try connection.execute("BEGIN")
        defer { try? connection.execute("COMMIT") }
        try connection.validate()
        if let reason = try StoreFile.headerDamage(url, connection: connection) { throw damaged(reason) }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        guard size > 0, size <= limit else { return }
        let lines: [String]
        do {
            lines = try connection.rows("PRAGMA quick_check(5)").compactMap { row in
                if case .text(let line) = row.first { line } else { nil }
            }
        } catch {
            if StoreError(error).kind == .busy { throw StoreError(error) }
            throw damaged("PRAGMA quick_check failed: \(error.message)")
        }
        if lines != ["ok"] { throw damaged("PRAGMA quick_check found: \(lines.joined(separator: "; "))") }
    }

    /// Refuses someone else's database: a file with tables that are not the store's, and no store metadata
    /// (``StoredSchema/metadataTable``), unless `adopts`. A store written before schemas were recorded has only
    /// tables of `knownEntities`, and opens.
    /// - Throws: ``StoreError`` (`foreignDatabase`) naming the tables.
    private static func checkOwnership(
        _ connection: SQLiteConnection, url: URL?, mapping: SchemaMapping, knownEntities: [String], adopts: Bool
    ) throws {
        guard !adopts else { return }
        let tables = try connection.rows(
            "SELECT \"name\" FROM sqlite_master WHERE \"type\" = 'table' AND \"name\" NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        ).compactMap { row -> String? in if case .text(let name) = row.first { name } else { nil } }
        guard !tables.isEmpty, !tables.contains(StoredSchema.metadataTable) else { return }
        let known = Set(
            mapping.tables.map(\.name) + mapping.joinTables.map(\.name) + knownEntities + [ExternalData.table])
        let foreign = tables.filter { !known.contains($0) }.sorted()
        guard !foreign.isEmpty else { return }
        let shown =
            foreign.prefix(5).joined(separator: ", ") + (foreign.count > 5 ? " and \(foreign.count - 5) more" : "")
        throw StoreError(
            kind: .foreignDatabase,
            message:
                "\(url?.lastPathComponent ?? "the database") is another program's SQLite database (tables \(shown); no "
                + "\(StoredSchema.metadataTable) table), not a store; it was left as it was. Choose another file, or ask to adopt it "
                + "(adoptsExistingDatabase) to add the store's tables to it"
        )
    }

    /// Switches a store that is not in WAL mode yet to it. Changing the journal mode needs an exclusive lock, which
    /// SQLite does not always wait for (two connections that both read the new file and then both ask for it would
    /// wait on each other): on `SQLITE_BUSY` each backs off for a few random milliseconds and asks again, for up to
    /// a minute, so one of them wins and the others find WAL on.
    private static func switchToWAL(_ connection: SQLiteConnection, onBusyRetry: (@Sendable () -> Void)?) throws {
        var attempts = 0
        while true {
            do {
                if case .text(let mode) = try connection.scalar("PRAGMA journal_mode"), mode.lowercased() == "wal" {
                    return
                }
                if case .text(let mode) = try connection.scalar("PRAGMA journal_mode = WAL"), mode.lowercased() == "wal"
                {
                    return
                }
                throw StoreError(kind: .other, message: "the store cannot be switched to WAL journal mode")
            } catch let error as SQLiteError where StoreError(error).kind == .busy && attempts < 3_000 {
                attempts += 1
                onBusyRetry?()
                usleep(UInt32.random(in: 1_000...20_000))
            }
        }
    }

    /// Copies the store at `url` to `<file>.backup-<UTC time>` beside it, before a migration.
    private static func backup(_ connection: SQLiteConnection, beside url: URL) throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        let stamp = formatter.string(from: Date()).replacingOccurrences(of: ":", with: "")
        try connection.backup(to: url.path + ".backup-" + stamp)
    }

    // MARK: Connections

    /// Where a fetch reads.
    package enum ReadSource {
        /// A reader of the pool (in parallel with other reads and with the writer), or the writer itself for an
        /// in-memory store or when this thread is inside a write (so it sees what it wrote).
        case pooled
        /// The writer: a read made while another row is being read, which must see the same state.
        case writer
        /// A snapshot of the file as it was when it was taken.
        case snapshot(StoreSnapshot)
    }

    /// Runs `body` with the writer connection, holding the store's lock.
    func withWriter<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        lock.lock()
        let outer = writerThread.exchange(Self.currentThread, ordering: .relaxed)
        defer {
            writerThread.store(outer, ordering: .relaxed)
            lock.unlock()
        }
        return try Self.storeErrors { try body(connection) }
    }

    /// Runs `body` with a connection to read from `source`.
    func withReader<T>(_ source: ReadSource, _ body: (SQLiteConnection) throws -> T) throws -> T {
        switch source {
        case .writer:
            return try withWriter(body)
        case .snapshot(let snapshot):
            return try Self.storeErrors { try snapshot.withConnection(body) }
        case .pooled:
            guard let readers, writerThread.load(ordering: .relaxed) != Self.currentThread else {
                return try withWriter(body)
            }
            return try Self.storeErrors { try readers.withReader(body) }
        }
    }

    /// `body`, with the SQLite wrapper's errors as ``StoreError``s (and other errors as they are).
    static func storeErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw StoreError(error)
        }
    }

    private static var currentThread: UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }

    /// A statement for `sql`: the cached one, or a new one when the cached one is stepping through rows (a read
    /// made while another row of the same statement is being read).
    static func statement(_ sql: String, on connection: SQLiteConnection) throws(SQLiteError) -> SQLiteStatement {
        let cached = try connection.cachedStatement(sql)
        return cached.isBusy ? try connection.prepare(sql) : cached
    }

    /// Binds `values` to parameters 1…`values.count` of a statement without bindings.
    static func bind(_ values: [StoredValue], to statement: SQLiteStatement) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            try statement.bind(value.sqliteValue, at: Int32(offset + 1))
        }
    }

    // MARK: Reading

    /// Runs `request` and hands each row to `body` as a cursor positioned on it (valid only during the call).
    /// - Throws: ``StoreError``, or what `body` throws.
    package func fetch(_ request: FetchRequest, from source: ReadSource, _ body: (StoreRow) throws -> Void)
        throws
    {
        let sql = SelectQuery(request).sql(dialect)
        readStatementCount.add(1, ordering: .relaxed)
        try withReader(source) { connection in
            let statement = try Self.statement(sql.text, on: connection)
            defer { statement.reset() }
            try Self.bind(sql.arguments, to: statement)
            while try statement.step() { try body(StoreRow(statement)) }
        }
    }

    /// The primary keys of the rows `request` selects (its columns are ignored), in its order.
    package func fetchKeys(_ request: FetchRequest, from source: ReadSource) throws -> [Int64] {
        var request = request
        request.columns = .primaryKey
        let sql = SelectQuery(request).sql(dialect)
        readStatementCount.add(1, ordering: .relaxed)
        return try withReader(source) { connection in
            let statement = try Self.statement(sql.text, on: connection)
            defer { statement.reset() }
            try Self.bind(sql.arguments, to: statement)
            var keys: [Int64] = []
            while try statement.step() { keys.append(statement.int64(at: 0)) }
            return keys
        }
    }

    /// The number of rows `request` selects, before its limit and offset.
    package func count(_ request: FetchRequest) throws -> Int {
        let sql = CountQuery(request).sql(dialect)
        readStatementCount.add(1, ordering: .relaxed)
        return try withReader(.pooled) { connection in
            guard case .integer(let count) = try connection.scalar(sql.text, sql.arguments.map(\.sqliteValue)) else {
                return 0
            }
            return Int(count)
        }
    }

    /// A number that changes whenever any connection — this process's writer or another process — commits to the
    /// store file (`PRAGMA data_version` on a connection that never writes). For an in-memory store, the writer's
    /// total change count; -1 when it cannot be read.
    package func dataVersion() -> Int64 {
        if let versionProbe { return versionProbe.value() }
        return (try? withWriter { connection in connection.totalChanges }) ?? 0
    }

    /// A snapshot of the store file as it is now; nil for an in-memory store (which has no file to reopen).
    package func makeSnapshot() throws(StoreError) -> StoreSnapshot? {
        guard let url else { return nil }
        return try StoreSnapshot(url: url)
    }

    /// Copies the store to `destination` with SQLite's online backup API: a consistent copy as of one moment, made
    /// while other connections go on reading and writing. An existing file there is replaced.
    /// - Throws: ``StoreError`` (nothing to copy for an in-memory store is no error: the copy is empty).
    package func backup(to destination: URL) throws {
        try withWriter { connection in try connection.backup(to: destination.path) }
    }

    /// What `PRAGMA integrity_check` finds: `["ok"]` for a sound file.
    package func integrityCheck() throws -> [String] {
        try withWriter { connection in
            try connection.rows("PRAGMA integrity_check").compactMap { row in
                if case .text(let line) = row.first { line } else { nil }
            }
        }
    }

    // MARK: Writing

    /// Deletes every row of every table, in one transaction.
    package func erase() throws {
        try withWriter { connection in
            try connection.transaction {
                for table in mapping.tables {
                    try connection.execute(DeleteQuery(table: table, rows: .all).sql(dialect).text)
                }
            }
        }
    }

    /// The `UPDATE` text of `columns` of `table`, written once per set of columns (under the lock).
    func updateStatement(_ table: EntityTable, columns: [Int]) -> String {
        let key = ObjectIdentifier(table)
        if let sql = updateStatements[key]?[columns] { return sql }
        let sql = UpdateQuery(table: table, columns: columns).sql(dialect)
        updateStatements[key, default: [:]][columns] = sql
        return sql
    }

    /// The text that looks a row of `table` up by the values of unique group `group`.
    func uniqueLookupStatement(_ table: EntityTable, group: Int, values: [StoredValue]) -> String {
        if let lookups = tableStatements[ObjectIdentifier(table)]?.uniqueLookups, lookups.indices.contains(group) {
            return lookups[group]
        }
        return SelectQuery(FetchRequest(table: table, rows: .unique(group: group, values: values))).sql(dialect).text
    }

    /// The insert (or upsert) text of `table`.
    func insertStatement(_ table: EntityTable, upserts: Bool) -> String {
        guard let statements = tableStatements[ObjectIdentifier(table)] else {
            return upserts
                ? upsertText(InsertQuery(table: table, upserts: true))
                : InsertQuery(table: table, upserts: false).sql(dialect)
        }
        return upserts ? statements.upsert : statements.insert
    }

    /// The text of `query` (an upsert): its conflict clauses record the stored row's key when the connection has
    /// ``upsertedRow``.
    func upsertText(_ query: InsertQuery) -> String {
        upsertedRow == nil ? query.sql(dialect) : query.sql(dialect, recordingKeyWith: UpsertedRow.functionName)
    }

    // MARK: Closing

    /// Closes every connection; later use throws.
    package func close() {
        // Read-only connections first: the last connection to close checkpoints the WAL into the file and removes
        // the -wal and -shm files, which only the writer can do.
        versionProbe?.close()
        readers?.close()
        lock.lock()
        defer { lock.unlock() }
        connection.close()
    }

    deinit {
        // Before the writer's connection goes with this object, so that the writer is the last to close (see close()).
        versionProbe?.close()
        readers?.close()
    }
}
