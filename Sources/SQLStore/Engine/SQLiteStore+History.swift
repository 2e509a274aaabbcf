import Foundation
import SQLite

/// One transaction of a store's history, as recorded by the save that made it.
package struct HistoryRecord: Sendable {
    /// The transaction's key in `Z_HISTORYTRANSACTION`: increasing, never reused (`AUTOINCREMENT`).
    package var token: Int64
    package var timestamp: Date
    package var author: String?
    package var bundleIdentifier: String
    package var processIdentifier: String
    package var changes: [Change]

    package init(
        token: Int64, timestamp: Date, author: String?, bundleIdentifier: String, processIdentifier: String,
        changes: [Change] = []
    ) {
        self.token = token
        self.timestamp = timestamp
        self.author = author
        self.bundleIdentifier = bundleIdentifier
        self.processIdentifier = processIdentifier
        self.changes = changes
    }

    /// One row the transaction inserted, updated or deleted.
    package struct Change: Sendable {
        package enum Kind: Int64, Sendable {
            case insert = 0
            case update = 1
            case delete = 2
        }

        package var kind: Kind
        package var entity: String
        package var key: Int64
        /// An update's written columns, by name.
        package var columns: [String]
        /// A delete's kept values, by column name.
        package var tombstone: [String: StoredValue]
    }
}

extension HistoryRecord.Change {
    /// The changes one `Z_HISTORYCHANGE` row lists (one per key), from its `ZKIND`, `ZENTITY`, `ZKEYS`, `ZCOLUMNS`
    /// and `ZTOMBSTONES`; none for a kind no save writes.
    package static func decoded(
        kind storedKind: Int64, entity: String, keys packed: Data, columns: String?, tombstones: String?,
        _ decoder: JSONDecoder
    ) -> [HistoryRecord.Change] {
        let storesRuns = storedKind == SQLiteStore.deletedRunsKind
        guard let kind = storesRuns ? .delete : Kind(rawValue: storedKind) else { return [] }
        let keys = storesRuns ? SQLiteStore.expandRuns(SQLiteStore.unpack(packed)) : SQLiteStore.unpack(packed)
        let columns = columns.map { $0.split(separator: ",").map(String.init) } ?? []
        let tombstones =
            tombstones.flatMap { try? decoder.decode([[String: StoredValue]].self, from: Data($0.utf8)) } ?? []
        return keys.enumerated().map { offset, key in
            HistoryRecord.Change(
                kind: kind, entity: entity, key: key, columns: columns,
                tombstone: offset < tombstones.count ? tombstones[offset] : [:])
        }
    }
}

/// The rows a batch delete removed, as its history records them.
package enum HistoryDeletedRows {
    /// The keys `DELETE … RETURNING` gave.
    case keys([Int64])
    /// Every row of the table: its keys as runs of consecutive keys, ascending (read before the `DELETE`).
    case runs([ClosedRange<Int64>])
}

/// The changes of one kind to one table (for updates, of one set of columns) in one save: one `Z_HISTORYCHANGE`
/// row, in the SQLite and the PostgreSQL store alike.
package struct HistoryGroup {
    package let kind: HistoryRecord.Change.Kind
    package let table: EntityTable
    package let columns: [Int]
    /// Whether the group lists runs of consecutive keys (``runs``) instead of keys: a batch delete of every row.
    package let storesRuns: Bool
    package var keys: [Int64] = []
    package var runs: [ClosedRange<Int64>] = []
    /// The tombstones of deletes that keep values, by position in ``keys``.
    package var tombstones: [Int: [String: StoredValue]] = [:]
}

extension HistoryGroup {
    /// The groups of the changes `request` wrote (with `result`'s keys), in the order they are recorded.
    /// - Parameter batchDeleted: per batch delete, the rows it deleted.
    package static func groups(_ request: SaveRequest, _ result: SaveResult, batchDeleted: [HistoryDeletedRows])
        -> [HistoryGroup]
    {
        // Changes come in runs of one table and kind: a run extends its group with no lookup, so recording costs
        // an append per row.
        var groups: [HistoryGroup] = []
        var current = -1
        func group(_ kind: HistoryRecord.Change.Kind, _ table: EntityTable, _ columns: [Int] = [], runs: Bool = false)
            -> Int
        {
            func matches(_ group: HistoryGroup) -> Bool {
                group.kind == kind && group.table === table && group.storesRuns == runs && group.columns == columns
            }
            if current >= 0, matches(groups[current]) { return current }
            if let found = groups.firstIndex(where: matches) {
                current = found
            } else {
                groups.append(HistoryGroup(kind: kind, table: table, columns: columns, storesRuns: runs))
                current = groups.count - 1
            }
            return current
        }
        for (batch, deleted) in zip(request.batchDeletes, batchDeleted) {
            switch deleted {
            case .keys(let keys) where !keys.isEmpty:
                groups[group(.delete, batch.table)].keys.append(contentsOf: keys)
            case .runs(let runs) where !runs.isEmpty:
                groups[group(.delete, batch.table, runs: true)].runs.append(contentsOf: runs)
            case .keys, .runs:
                break
            }
        }
        for delete in request.deletes {
            let index = group(.delete, delete.table)
            if !delete.tombstone.isEmpty { groups[index].tombstones[groups[index].keys.count] = delete.tombstone }
            groups[index].keys.append(delete.key)
        }
        if !request.updates.isEmpty {
            let vanished = result.vanishedUpdates.isEmpty ? nil : Set(result.vanishedUpdates)
            // By index: a copy of each update (its three arrays) cost more than the rest of this loop.
            for position in request.updates.indices {
                if request.updates[position].columns.isEmpty || vanished?.contains(position) == true { continue }
                let index = group(.update, request.updates[position].table, request.updates[position].columns)
                groups[index].keys.append(request.updates[position].key)
            }
        }
        // Inserts come in runs of one table: each run's keys are appended at once.
        let inserted = min(request.inserts.count, result.insertedKeys.count)
        var start = 0
        while start < inserted {
            let table = request.inserts[start].table
            var end = start + 1
            while end < inserted, request.inserts[end].table === table { end += 1 }
            groups[group(.insert, table)].keys.append(contentsOf: result.insertedKeys[start..<end])
            start = end
        }
        return groups
    }

    /// `ZKIND` of the group's row (3 for runs of deleted keys).
    package var storedKind: Int64 { storesRuns ? SQLiteStore.deletedRunsKind : kind.rawValue }

    /// `ZKEYS`: the keys, or each run's first and last key, packed.
    package var packedKeys: Data {
        storesRuns ? SQLiteStore.pack(runs.flatMap { [$0.lowerBound, $0.upperBound] }) : SQLiteStore.pack(keys)
    }

    /// `ZCOLUMNS`: an update's written columns, by name, joined by commas; nil for inserts and deletes.
    package var storedColumns: String? {
        kind == .update ? columns.map { table.columns[$0].name }.joined(separator: ",") : nil
    }

    /// `ZTOMBSTONES`: the deletes' kept values as JSON, one object per key; nil when none keeps any.
    package func storedTombstones(_ encoder: JSONEncoder) throws -> String? {
        if tombstones.isEmpty { return nil }
        let aligned = (0..<keys.count).map { tombstones[$0] ?? [:] }
        return String(decoding: try encoder.encode(aligned), as: UTF8.self)
    }
}

/// The history a store keeps: one `Z_HISTORYTRANSACTION` row per save and, per entity and kind of change (and per
/// set of written columns for updates), one `Z_HISTORYCHANGE` row listing the keys (packed 64-bit little-endian
/// integers in `ZKEYS`) — so recording a save of n rows costs a few statements, not n. A batch delete of every row
/// is stored as runs of consecutive keys (`ZKIND` 3, `ZKEYS` packed first and last key of each run), read before the
/// `DELETE` without reading the rows when the keys have no gap, and read back as one delete per key; `ZKIND` 0, 1
/// and 2 are inserts, updates and deletes.
///
/// ```sql
/// CREATE TABLE IF NOT EXISTS "Z_HISTORYTRANSACTION" ("Z_PK" INTEGER PRIMARY KEY AUTOINCREMENT, "ZTIMESTAMP" REAL NOT NULL,
///   "ZAUTHOR" TEXT, "ZBUNDLEID" TEXT NOT NULL, "ZPROCESSID" TEXT NOT NULL)
/// CREATE TABLE IF NOT EXISTS "Z_HISTORYCHANGE" ("Z_PK" INTEGER PRIMARY KEY AUTOINCREMENT, "ZTRANSACTION" INTEGER NOT NULL,
///   "ZKIND" INTEGER NOT NULL, "ZENTITY" TEXT NOT NULL, "ZKEYS" BLOB NOT NULL, "ZCOLUMNS" TEXT, "ZTOMBSTONES" TEXT)
/// INSERT INTO "Z_HISTORYTRANSACTION" ("ZTIMESTAMP", "ZAUTHOR", "ZBUNDLEID", "ZPROCESSID") VALUES (?, ?, ?, ?)
/// INSERT INTO "Z_HISTORYCHANGE" ("ZTRANSACTION", "ZKIND", "ZENTITY", "ZKEYS", "ZCOLUMNS", "ZTOMBSTONES") VALUES (?, ?, ?, ?, ?, ?)
/// ```
///
/// The tables are made with the store (and by any migration), or, in a store made before history was recorded, by
/// the first save, inside its transaction (a store opened and never saved to is not written).
extension SQLiteStore {
    package static let historyTransactionTable = "Z_HISTORYTRANSACTION"
    package static let historyChangeTable = "Z_HISTORYCHANGE"

    /// Run by the migration that creates or changes a store (so its saves find them), and by the first save to a
    /// store made before history was recorded.
    static let createHistoryTables = [
        """
        CREATE TABLE IF NOT EXISTS "Z_HISTORYTRANSACTION" ("Z_PK" INTEGER PRIMARY KEY AUTOINCREMENT, \
        "ZTIMESTAMP" REAL NOT NULL, "ZAUTHOR" TEXT, "ZBUNDLEID" TEXT NOT NULL, "ZPROCESSID" TEXT NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS "Z_HISTORYCHANGE" ("Z_PK" INTEGER PRIMARY KEY AUTOINCREMENT, \
        "ZTRANSACTION" INTEGER NOT NULL, "ZKIND" INTEGER NOT NULL, "ZENTITY" TEXT NOT NULL, "ZKEYS" BLOB NOT NULL, \
        "ZCOLUMNS" TEXT, "ZTOMBSTONES" TEXT)
        """,
        #"CREATE INDEX IF NOT EXISTS "Z_HISTORYCHANGE_ZTRANSACTION" ON "Z_HISTORYCHANGE" ("ZTRANSACTION")"#,
    ]
    private static let insertTransaction =
        #"INSERT INTO "Z_HISTORYTRANSACTION" ("ZTIMESTAMP", "ZAUTHOR", "ZBUNDLEID", "ZPROCESSID") VALUES (?, ?, ?, ?)"#
    private static let insertChange =
        #"INSERT INTO "Z_HISTORYCHANGE" ("ZTRANSACTION", "ZKIND", "ZENTITY", "ZKEYS", "ZCOLUMNS", "ZTOMBSTONES") VALUES (?, ?, ?, ?, ?, ?)"#

    /// Prepares the history's two `INSERT`s on the writer as the store opens, so that saves find them cached:
    /// preparing them costs ≈ 72,000 instructions, more than recording a save of a few rows. In a store whose history
    /// tables are not made yet (one from before history) this prepares nothing; its first save makes and prepares them.
    static func prepareHistoryStatements(on connection: SQLiteConnection) {
        _ = try? connection.cachedStatement(insertTransaction)
        _ = try? connection.cachedStatement(insertChange)
    }

    /// The process's names, recorded with each transaction.
    package static let processNames: (bundle: String, process: String) = {
        let info = ProcessInfo.processInfo
        return (Bundle.main.bundleIdentifier ?? info.processName, String(info.processIdentifier))
    }()

    /// Records what `request` wrote (with `result`'s keys) as one transaction of the history, on the connection
    /// inside the save's transaction, so the history commits or rolls back with the data.
    /// - Parameter batchDeleted: per batch delete, the rows it deleted.
    func recordHistory(
        _ request: SaveRequest, _ result: SaveResult, batchDeleted: [HistoryDeletedRows], _ connection: SQLiteConnection
    ) throws {
        let groups = HistoryGroup.groups(request, result, batchDeleted: batchDeleted)
        guard !groups.isEmpty else { return }

        let transaction: SQLiteStatement
        do {
            transaction = try connection.cachedStatement(Self.insertTransaction)
        } catch {
            // A store made before history was recorded: its tables are made now, inside this save's transaction.
            for statement in Self.createHistoryTables { try connection.execute(statement) }
            transaction = try connection.cachedStatement(Self.insertTransaction)
        }
        do {
            defer { transaction.reset() }
            try transaction.bind([
                .real(Date().timeIntervalSinceReferenceDate), request.author.map { .text($0) } ?? .null,
                .text(Self.processNames.bundle), .text(Self.processNames.process),
            ])
            _ = try transaction.step()
        }
        let token = connection.lastInsertRowID
        let change = try connection.cachedStatement(Self.insertChange)
        let encoder = JSONEncoder()
        for group in groups {
            defer { change.reset() }
            try change.bind([
                .integer(token), .integer(group.storedKind), .text(group.table.name), .blob(group.packedKeys),
                group.storedColumns.map { .text($0) } ?? .null,
                try group.storedTombstones(encoder).map { .text($0) } ?? .null,
            ])
            _ = try change.step()
        }
    }

    /// The transactions recorded, oldest first (after `token` when given), with their changes.
    package func history(after token: Int64? = nil) throws -> [HistoryRecord] {
        try withReader(.writer) { connection in
            guard
                try connection.scalar(
                    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                    [.text(Self.historyTransactionTable)]
                ) != nil
            else { return [] }
            var records: [HistoryRecord] = []
            var position: [Int64: Int] = [:]
            let transactions = try connection.prepare(
                #"SELECT "Z_PK", "ZTIMESTAMP", "ZAUTHOR", "ZBUNDLEID", "ZPROCESSID" FROM "Z_HISTORYTRANSACTION" WHERE "Z_PK" > ? ORDER BY "Z_PK""#
            )
            try transactions.bind([.integer(token ?? 0)])
            while try transactions.step() {
                let key = transactions.int64(at: 0)
                position[key] = records.count
                records.append(
                    HistoryRecord(
                        token: key, timestamp: Date(timeIntervalSinceReferenceDate: transactions.double(at: 1)),
                        author: transactions.isNull(at: 2) ? nil : transactions.text(at: 2),
                        bundleIdentifier: transactions.text(at: 3), processIdentifier: transactions.text(at: 4),
                        changes: []
                    ))
            }
            let changes = try connection.prepare(
                #"SELECT "ZTRANSACTION", "ZKIND", "ZENTITY", "ZKEYS", "ZCOLUMNS", "ZTOMBSTONES" FROM "Z_HISTORYCHANGE" WHERE "ZTRANSACTION" > ? ORDER BY "Z_PK""#
            )
            try changes.bind([.integer(token ?? 0)])
            let decoder = JSONDecoder()
            while try changes.step() {
                guard let record = position[changes.int64(at: 0)] else { continue }
                records[record].changes += HistoryRecord.Change.decoded(
                    kind: changes.int64(at: 1), entity: changes.text(at: 2), keys: changes.blob(at: 3),
                    columns: changes.isNull(at: 4) ? nil : changes.text(at: 4),
                    tombstones: changes.isNull(at: 5) ? nil : changes.text(at: 5), decoder)
            }
            return records
        }
    }

    /// Deletes the transactions `tokens` name, and their changes, in one transaction.
    /// `DELETE FROM "Z_HISTORYCHANGE" WHERE "ZTRANSACTION" IN (…)`, then the same of `Z_HISTORYTRANSACTION`.
    package func deleteHistory(_ tokens: [Int64]) throws {
        guard !tokens.isEmpty else { return }
        try withWriter { connection in
            guard
                try connection.scalar(
                    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                    [.text(Self.historyTransactionTable)]
                ) != nil
            else { return }
            try connection.transaction {
                for start in stride(from: 0, to: tokens.count, by: 500) {
                    let chunk = tokens[start..<min(start + 500, tokens.count)].map { SQLiteValue.integer($0) }
                    let list = dialect.placeholders(chunk.count)
                    try connection.execute(
                        #"DELETE FROM "Z_HISTORYCHANGE" WHERE "ZTRANSACTION" IN ("# + list + ")", chunk)
                    try connection.execute(#"DELETE FROM "Z_HISTORYTRANSACTION" WHERE "Z_PK" IN ("# + list + ")", chunk)
                }
            }
        }
    }

    /// `ZKIND` of a row listing deleted keys as runs (pairs of first and last key).
    package static let deletedRunsKind: Int64 = 3

    /// The keys of every row of `table`, as runs of consecutive keys, ascending. When the row count is the span
    /// from the least key to the greatest (rows never deleted in between: the usual case), that is one run, learned
    /// from the count (which SQLite reads from the smallest index's pages) and two seeks, reading no row:
    /// `SELECT (SELECT count(*) FROM "T"), (SELECT min("Z_PK") FROM "T"), (SELECT max("Z_PK") FROM "T")`. Otherwise the
    /// keys are read in order (`SELECT "T"."Z_PK" FROM "T" ORDER BY "T"."Z_PK"`) and gathered into runs.
    func keyRuns(of table: EntityTable, _ connection: SQLiteConnection) throws -> [ClosedRange<Int64>] {
        let key = table.quotedPrimaryKey
        let bounds = try connection.cachedStatement(
            "SELECT (SELECT count(*) FROM \(table.quotedName)), (SELECT min(\(key)) FROM \(table.quotedName)), "
                + "(SELECT max(\(key)) FROM \(table.quotedName))"
        )
        let count: Int64, least: Int64, greatest: Int64
        do {
            defer { bounds.reset() }
            guard try bounds.step(), !bounds.isNull(at: 1), !bounds.isNull(at: 2) else { return [] }
            (count, least, greatest) = (bounds.int64(at: 0), bounds.int64(at: 1), bounds.int64(at: 2))
        }
        if let runs = KeyRuns.withoutGaps(count: count, least: least, greatest: greatest) { return runs }
        let keys = SelectQuery(FetchRequest(table: table, columns: .primaryKey)).sql(dialect)
        let select = try Self.statement(keys.text, on: connection)
        defer { select.reset() }
        try Self.bind(keys.arguments, to: select)
        var runs = KeyRuns()
        while try select.step() { runs.append(select.int64(at: 0)) }
        return runs.runs
    }

    /// The keys of the runs `bounds` lists as first and last key. A pair that no save writes (its last before its
    /// first, or more keys than a table holds: a damaged file) is skipped rather than trusted.
    package static func expandRuns(_ bounds: [Int64]) -> [Int64] {
        var keys: [Int64] = []
        for start in stride(from: 0, to: bounds.count - 1, by: 2) {
            let (first, last) = (bounds[start], bounds[start + 1])
            let span = last.subtractingReportingOverflow(first)
            guard first <= last, !span.overflow, span.partialValue < Int64(Int32.max) else { continue }
            keys.append(contentsOf: first...last)
        }
        return keys
    }

    /// The keys as 8 little-endian bytes each, in one buffer written in place (a `map` through a key path cost
    /// ≈ 700 instructions per key).
    package static func pack(_ keys: [Int64]) -> Data {
        var data = Data(count: keys.count * 8)
        data.withUnsafeMutableBytes { bytes in
            for (index, key) in keys.enumerated() {
                bytes.storeBytes(of: key.littleEndian, toByteOffset: index * 8, as: Int64.self)
            }
        }
        return data
    }

    package static func unpack(_ data: Data) -> [Int64] {
        data.withUnsafeBytes { bytes in
            (0..<bytes.count / 8).map {
                Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 8, as: Int64.self))
            }
        }
    }
}
