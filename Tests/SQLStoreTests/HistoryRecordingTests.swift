import Foundation
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
        try SQLiteStore.open(url: url, mapping: mapping, version: SchemaVersion(1, 0, 0), knownEntities: [], stages: { _ in [] })
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
        change.updates = [SaveRequest.Update(table: author, key: keys[1], columns: [1], values: [.text("Jemisin"), .integer(51)])]
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
}
