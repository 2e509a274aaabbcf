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

/// The changes of one kind to one table (for updates, of one set of columns) in one save.
private struct HistoryGroup {
    let kind: HistoryRecord.Change.Kind
    let table: EntityTable
    let columns: [Int]
    var keys: [Int64] = []
    /// The tombstones of deletes that keep values, by position in ``keys``.
    var tombstones: [Int: [String: StoredValue]] = [:]
}

/// The history a store keeps: one `Z_HISTORYTRANSACTION` row per save and, per entity and kind of change (and per
/// set of written columns for updates), one `Z_HISTORYCHANGE` row listing the keys (packed 64-bit integers in
/// `ZKEYS`) — so recording a save of n rows costs a few statements, not n.
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
/// The tables are made by the first save that records history, inside its transaction (a store opened and never
/// saved to is not written).
extension SQLiteStore {
    static let historyTransactionTable = "Z_HISTORYTRANSACTION"
    static let historyChangeTable = "Z_HISTORYCHANGE"

    private static let createHistoryTables = [
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

    /// The process's names, recorded with each transaction.
    private static let processNames: (bundle: String, process: String) = {
        let info = ProcessInfo.processInfo
        return (Bundle.main.bundleIdentifier ?? info.processName, String(info.processIdentifier))
    }()

    /// Records what `request` wrote (with `result`'s keys) as one transaction of the history, on the connection
    /// inside the save's transaction, so the history commits or rolls back with the data.
    /// - Parameter batchDeletedKeys: per batch delete, the keys it deleted (those of every row for one that deleted
    ///   them all).
    func recordHistory(_ request: SaveRequest, _ result: SaveResult, batchDeletedKeys: [[Int64]], _ connection: SQLiteConnection) throws {
        // Changes come in runs of one table and kind: a run extends its group with no lookup, so recording costs
        // an append per row.
        var groups: [HistoryGroup] = []
        var current = -1
        func group(_ kind: HistoryRecord.Change.Kind, _ table: EntityTable, _ columns: [Int] = []) -> Int {
            if current >= 0, groups[current].kind == kind, groups[current].table === table, groups[current].columns == columns {
                return current
            }
            if let found = groups.firstIndex(where: { $0.kind == kind && $0.table === table && $0.columns == columns }) {
                current = found
            } else {
                groups.append(HistoryGroup(kind: kind, table: table, columns: columns))
                current = groups.count - 1
            }
            return current
        }
        for (batch, keys) in zip(request.batchDeletes, batchDeletedKeys) where !keys.isEmpty {
            groups[group(.delete, batch.table)].keys.append(contentsOf: keys)
        }
        for delete in request.deletes {
            let index = group(.delete, delete.table)
            if !delete.tombstone.isEmpty { groups[index].tombstones[groups[index].keys.count] = delete.tombstone }
            groups[index].keys.append(delete.key)
        }
        if !request.updates.isEmpty {
            let vanished = Set(result.vanishedUpdates)
            for (position, update) in request.updates.enumerated() where !update.columns.isEmpty && !vanished.contains(position) {
                groups[group(.update, update.table, update.columns)].keys.append(update.key)
            }
        }
        for (insert, key) in zip(request.inserts, result.insertedKeys) {
            groups[group(.insert, insert.table)].keys.append(key)
        }
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
            let tombstones: SQLiteValue
            if group.tombstones.isEmpty {
                tombstones = .null
            } else {
                let aligned = (0..<group.keys.count).map { group.tombstones[$0] ?? [:] }
                tombstones = .text(String(decoding: try encoder.encode(aligned), as: UTF8.self))
            }
            let columns = group.columns.map { group.table.columns[$0].name }.joined(separator: ",")
            try change.bind([
                .integer(token), .integer(group.kind.rawValue), .text(group.table.name), .blob(Self.pack(group.keys)),
                group.kind == .update ? .text(columns) : .null, tombstones,
            ])
            _ = try change.step()
        }
    }

    /// The transactions recorded, oldest first (after `token` when given), with their changes.
    package func history(after token: Int64? = nil) throws -> [HistoryRecord] {
        try withReader(.writer) { connection in
            guard try connection.scalar(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(Self.historyTransactionTable)]
            ) != nil else { return [] }
            var records: [HistoryRecord] = []
            var position: [Int64: Int] = [:]
            let transactions = try connection.prepare(
                #"SELECT "Z_PK", "ZTIMESTAMP", "ZAUTHOR", "ZBUNDLEID", "ZPROCESSID" FROM "Z_HISTORYTRANSACTION" WHERE "Z_PK" > ? ORDER BY "Z_PK""#
            )
            try transactions.bind([.integer(token ?? 0)])
            while try transactions.step() {
                let key = transactions.int64(at: 0)
                position[key] = records.count
                records.append(HistoryRecord(
                    token: key, timestamp: Date(timeIntervalSinceReferenceDate: transactions.double(at: 1)),
                    author: transactions.isNull(at: 2) ? nil : transactions.text(at: 2),
                    bundleIdentifier: transactions.text(at: 3), processIdentifier: transactions.text(at: 4), changes: []
                ))
            }
            let changes = try connection.prepare(
                #"SELECT "ZTRANSACTION", "ZKIND", "ZENTITY", "ZKEYS", "ZCOLUMNS", "ZTOMBSTONES" FROM "Z_HISTORYCHANGE" WHERE "ZTRANSACTION" > ? ORDER BY "Z_PK""#
            )
            try changes.bind([.integer(token ?? 0)])
            let decoder = JSONDecoder()
            while try changes.step() {
                guard let record = position[changes.int64(at: 0)],
                      let kind = HistoryRecord.Change.Kind(rawValue: changes.int64(at: 1)) else { continue }
                let entity = changes.text(at: 2)
                let keys = Self.unpack(changes.blob(at: 3))
                let columns = changes.isNull(at: 4) ? [] : changes.text(at: 4).split(separator: ",").map(String.init)
                let tombstones = changes.isNull(at: 5) ? []
                    : (try? decoder.decode([[String: StoredValue]].self, from: Data(changes.text(at: 5).utf8))) ?? []
                for (offset, key) in keys.enumerated() {
                    records[record].changes.append(HistoryRecord.Change(
                        kind: kind, entity: entity, key: key, columns: columns,
                        tombstone: offset < tombstones.count ? tombstones[offset] : [:]
                    ))
                }
            }
            return records
        }
    }

    /// Deletes the transactions `tokens` name, and their changes, in one transaction.
    /// `DELETE FROM "Z_HISTORYCHANGE" WHERE "ZTRANSACTION" IN (…)`, then the same of `Z_HISTORYTRANSACTION`.
    package func deleteHistory(_ tokens: [Int64]) throws {
        guard !tokens.isEmpty else { return }
        try withWriter { connection in
            guard try connection.scalar(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(Self.historyTransactionTable)]
            ) != nil else { return }
            try connection.transaction {
                for start in stride(from: 0, to: tokens.count, by: 500) {
                    let chunk = tokens[start..<min(start + 500, tokens.count)].map { SQLiteValue.integer($0) }
                    let list = dialect.placeholders(chunk.count)
                    try connection.execute(#"DELETE FROM "Z_HISTORYCHANGE" WHERE "ZTRANSACTION" IN ("# + list + ")", chunk)
                    try connection.execute(#"DELETE FROM "Z_HISTORYTRANSACTION" WHERE "Z_PK" IN ("# + list + ")", chunk)
                }
            }
        }
    }

    private static func pack(_ keys: [Int64]) -> Data {
        keys.map(\.littleEndian).withUnsafeBytes { Data($0) }
    }

    private static func unpack(_ data: Data) -> [Int64] {
        var keys: [Int64] = []
        keys.reserveCapacity(data.count / 8)
        var offset = data.startIndex
        while offset + 8 <= data.endIndex {
            var value: Int64 = 0
            withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: data[offset..<offset + 8]) }
            keys.append(Int64(littleEndian: value))
            offset += 8
        }
        return keys
    }
}
