import Foundation
import SQLite
@testable import SQLStore
import Testing

/// The history a save records in its own transaction.
@Suite struct HistoryRecordingTests {
    let mapping: SchemaMapping
    let author: EntityTable

    init() throws {
        mapping = try Library.mapping()
        author = try mapping.named("Author")
    }

    func open(_ url: URL? = nil) throws -> SQLiteStore {
        try SQLiteStore.open(
            url: url, mapping: mapping, version: SchemaVersion(1, 0, 0), knownEntities: [], stages: { _ in [] })
    }

    @Test func eachSaveIsOneTransactionWithItsChanges() throws {
        let store = try open()
        #expect(try store.history().isEmpty)
        var insert = SaveRequest()
        insert.author = "importer"
        insert.inserts = [
            SaveRequest.Insert(table: author, values: [.text("Le Guin"), .integer(88)]),
            SaveRequest.Insert(table: author, values: [.text("Jemisin"), .null]),
        ]
        let keys = try store.save(insert).insertedKeys
        var change = SaveRequest()
        change.updates = [
            SaveRequest.Update(table: author, key: keys[1], columns: [1], values: [.text("Jemisin"), .integer(51)])
        ]
        var delete = SaveRequest.Delete(table: author, key: keys[0])
        delete.tombstone = ["name": .text("Le Guin")]
        change.deletes = [delete]
        _ = try store.save(change)

        let history = try store.history()
        #expect(history.map(\.author) == ["importer", nil])
        #expect(history[0].token < history[1].token)
        #expect(history[0].changes.map(\.key) == keys)
        #expect(history[0].changes.allSatisfy { $0.kind == .insert && $0.entity == "Author" })
        let update = try #require(history[1].changes.first { $0.kind == .update })
        #expect(update.key == keys[1] && update.columns == ["age"])
        let deleted = try #require(history[1].changes.first { $0.kind == .delete })
        #expect(deleted.key == keys[0] && deleted.tombstone == ["name": .text("Le Guin")])
        #expect(try store.history(after: history[0].token).map(\.token) == [history[1].token])

        try store.deleteHistory([history[0].token])
        #expect(try store.history().map(\.token) == [history[1].token])
    }

    @Test func aFailedSaveLeavesNoHistory() throws {
        let folder = try TemporaryDirectory()
        let store = try open(folder.file("library.store"))
        #expect(try store.history().isEmpty)
        var first = SaveRequest()
        first.inserts = [SaveRequest.Insert(table: author, values: [.text("Le Guin"), .integer(88)])]
        _ = try store.save(first)
        var conflicting = SaveRequest()
        conflicting.upserts = false
        conflicting.inserts = [SaveRequest.Insert(table: author, values: [.text("Le Guin"), .integer(89)])]
        #expect(throws: SaveError.self) { try store.save(conflicting) }
        #expect(try store.history().count == 1)
    }

    private func authors(_ count: Int) -> SaveRequest {
        var request = SaveRequest()
        request.inserts = (0..<count).map {
            SaveRequest.Insert(table: author, values: [.text("Author \($0) \(UUID())"), .integer(Int64($0))])
        }
        return request
    }

    private func deleteEveryAuthor() -> SaveRequest {
        var request = SaveRequest()
        request.batchDeletes = [SaveRequest.BatchDelete(table: author, rows: .all)]
        return request
    }

    /// `ZKIND` and the byte count of `ZKEYS` of the last transaction's change rows.
    private func storedChanges(_ url: URL) throws -> [(kind: Int64, bytes: Int)] {
        let raw = try SQLiteConnection(location: .file(url.path), readOnly: true)
        let statement = try raw.prepare(
            #"SELECT "ZKIND", length("ZKEYS") FROM "Z_HISTORYCHANGE" WHERE "ZTRANSACTION" = (SELECT max("Z_PK") FROM "Z_HISTORYTRANSACTION") ORDER BY "Z_PK""#
        )
        var rows: [(kind: Int64, bytes: Int)] = []
        while try statement.step() { rows.append((statement.int64(at: 0), Int(statement.int64(at: 1)))) }
        return rows
    }

    @Test func aBatchDeleteOfEveryRowWithoutGapsIsOneRunOfKeys() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("library.store")
        let store = try open(url)
        let keys = try store.save(authors(1_000)).insertedKeys
        _ = try store.save(deleteEveryAuthor())

        let deleted = try #require(try store.history().last).changes
        #expect(deleted.map(\.key) == keys)
        #expect(
            deleted.allSatisfy {
                $0.kind == .delete && $0.entity == "Author" && $0.tombstone.isEmpty && $0.columns.isEmpty
            })
        // One change row holding the first and last key, not 1,000 keys.
        let stored = try storedChanges(url)
        #expect(stored.count == 1 && stored.first?.kind == 3 && stored.first?.bytes == 16)
    }

    @Test func aBatchDeleteOfEveryRowWithGapsListsEachRemainingKeyInOrder() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("library.store")
        let store = try open(url)
        let keys = try store.save(authors(10)).insertedKeys
        var gaps = SaveRequest()
        gaps.deletes = [keys[0], keys[3], keys[4], keys[8]].map { SaveRequest.Delete(table: author, key: $0) }
        _ = try store.save(gaps)
        // In the same save as the batch delete: an insert after it, recorded as before.
        var request = deleteEveryAuthor()
        request.inserts = authors(1).inserts
        let result = try store.save(request)

        let changes = try #require(try store.history().last).changes
        #expect(
            changes.filter { $0.kind == .delete }.map(\.key) == [keys[1], keys[2], keys[5], keys[6], keys[7], keys[9]])
        #expect(changes.filter { $0.kind == .insert }.map(\.key) == result.insertedKeys)
        #expect(changes.count == 7)
        // Runs 1–2, 5–7, 9: three pairs of keys.
        #expect(try storedChanges(url).map(\.kind) == [3, 0])
        #expect(try storedChanges(url).first?.bytes == 48)

        // The row inserted after it is deleted next as one run; then the table is empty: nothing to record, and no
        // transaction either.
        _ = try store.save(deleteEveryAuthor())
        #expect(try store.history().last?.changes.map(\.key) == result.insertedKeys)
        let before = try store.history().count
        _ = try store.save(deleteEveryAuthor())
        #expect(try store.history().count == before)
    }

    @Test func individualDeletesAfterABatchDeleteOfEveryRowKeepTheirOrderAndTombstones() throws {
        let store = try open()
        let keys = try store.save(authors(3)).insertedKeys
        var request = SaveRequest()
        request.batchDeletes = [SaveRequest.BatchDelete(table: author, rows: .keys([keys[0]]))]
        var delete = SaveRequest.Delete(table: author, key: keys[2])
        delete.tombstone = ["name": .text("kept")]
        request.deletes = [delete]
        _ = try store.save(request)
        let changes = try #require(try store.history().last).changes
        #expect(changes.map(\.key) == [keys[0], keys[2]])
        #expect(changes.map(\.tombstone) == [[:], ["name": .text("kept")]])
    }

    @Test func historyWrittenBeforeRunsExistedStillReads() throws {
        // A store whose history rows are in the format saves wrote before runs (ZKIND 2 with every key packed),
        // written here by hand the way that code wrote them.
        let folder = try TemporaryDirectory()
        let url = folder.file("library.store")
        let store = try open(url)
        let keys = try store.save(authors(3)).insertedKeys
        let raw = try SQLiteConnection(location: .file(url.path))
        let packed = keys.map(\.littleEndian).withUnsafeBytes { Data($0) }
        try raw.execute(
            #"INSERT INTO "Z_HISTORYTRANSACTION" ("ZTIMESTAMP", "ZAUTHOR", "ZBUNDLEID", "ZPROCESSID") VALUES (0, 'old', 'b', '1')"#
        )
        try raw.execute(
            #"INSERT INTO "Z_HISTORYCHANGE" ("ZTRANSACTION", "ZKIND", "ZENTITY", "ZKEYS", "ZCOLUMNS", "ZTOMBSTONES") VALUES (?, 2, 'Author', ?, NULL, NULL)"#,
            [.integer(raw.lastInsertRowID), .blob(packed)]
        )
        let old = try #require(try store.history().last)
        #expect(old.author == "old")
        #expect(old.changes.map(\.key) == keys && old.changes.allSatisfy { $0.kind == .delete })
    }

    @Test func aStoreMadeBeforeHistoryGetsItsTablesFromItsFirstSave() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("library.store")
        do {
            let store = try open(url)
            _ = try store.save(authors(2))
            store.close()
        }
        // As a store written before history was recorded: no history tables.
        let raw = try SQLiteConnection(location: .file(url.path))
        try raw.execute(#"DROP TABLE "Z_HISTORYCHANGE"; DROP TABLE "Z_HISTORYTRANSACTION""#)
        raw.close()

        let store = try open(url)
        #expect(try store.history().isEmpty)
        _ = try store.save(deleteEveryAuthor())
        let history = try store.history()
        #expect(history.count == 1)
        #expect(history.first?.changes.count == 2 && history.first?.changes.allSatisfy { $0.kind == .delete } == true)
    }
}
