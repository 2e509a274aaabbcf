import Foundation
@testable import SQLStore
import Testing

/// The executor: saves, fetches through cursors, counts, keys, batch deletes, erasing, the registered functions.
@Suite struct SQLiteStoreTests {
    let mapping: SchemaMapping
    let author: EntityTable
    let book: EntityTable
    let tag: EntityTable
    let photo: EntityTable

    init() throws {
        mapping = try Library.mapping()
        author = try mapping.named("Author")
        book = try mapping.named("Book")
        tag = try mapping.named("Tag")
        photo = try mapping.named("Photo")
    }

    func open(_ url: URL? = nil) throws -> SQLiteStore {
        try SQLiteStore.open(
            url: url, mapping: mapping, version: SchemaVersion(1, 0, 0), knownEntities: [], stages: { _ in [] })
    }

    func bookRow(_ title: String, price: Double = 10, tags: String = "[]") -> [StoredValue] {
        [.text(title), .real(price), .null, .text(tags), .null]
    }

    /// Every row's `column` (text), read from the cursor.
    func texts(_ store: SQLiteStore, _ request: FetchRequest, column: Int32) throws -> [String] {
        var texts: [String] = []
        try store.fetch(request) { row in texts.append(row.text(at: column)) }
        return texts
    }

    @Test func saveInsertsWithReferencesAndJoinRowsInOneTransaction() throws {
        let store = try open()
        var request = SaveRequest()
        request.inserts = [
            SaveRequest.Insert(table: author, values: [.text("Le Guin"), .integer(88)]),
            SaveRequest.Insert(table: book, values: bookRow("Earthsea")),
            SaveRequest.Insert(table: tag, values: [.text("fantasy")]),
            SaveRequest.Insert(table: tag, values: [.text("classic")]),
        ]
        request.references = [SaveRequest.Reference(table: book, column: 4, owner: .inserted(1), target: .inserted(0))]
        request.joinRows = [
            SaveRequest.JoinRows(
                relationship: try mapping.relationship(book, "tags"), owner: .inserted(1),
                targets: [(.inserted(3), 0), (.inserted(2), 1)]
            )
        ]
        let result = try store.save(request)
        #expect(result.insertedKeys == [1, 1, 1, 2])
        // The author's books, through the foreign key the reference set.
        let books = FetchRequest(
            table: book, rows: .related(try mapping.relationship(author, "books"), owner: result.insertedKeys[0]))
        #expect(try texts(store, books, column: 1) == ["Earthsea"])
        // The book's tags, in the order given.
        let tags = FetchRequest(
            table: tag, rows: .related(try mapping.relationship(book, "tags"), owner: result.insertedKeys[1]))
        #expect(try texts(store, tags, column: 1) == ["classic", "fantasy"])
        // The other side of the join table.
        let tagBooks = FetchRequest(table: book, rows: .related(try mapping.relationship(tag, "books"), owner: 2))
        #expect(try texts(store, tagBooks, column: 1) == ["Earthsea"])
    }

    @Test func upsertTakesTheStoredRowsKeyAndAFailingInsertNamesTheGroup() throws {
        let store = try open()
        var first = SaveRequest()
        first.inserts = [SaveRequest.Insert(table: author, values: [.text("Le Guin"), .integer(88)])]
        let key = try store.save(first).insertedKeys[0]
        var again = SaveRequest()
        again.inserts = [SaveRequest.Insert(table: author, values: [.text("Le Guin"), .integer(89)])]
        #expect(try store.save(again).insertedKeys == [key])
        var ages: [Int64] = []
        try store.fetch(FetchRequest(table: author)) { row in ages.append(row.int64(at: 2)) }
        #expect(ages == [89])

        again.upserts = false
        #expect {
            try store.save(again)
        } throws: { error in
            guard case SaveError.uniqueConflict(let entity, let columns, let values) = error else { return false }
            return entity == "Author" && columns == ["name"] && values == [.text("Le Guin")]
        }
    }

    @Test func updatesReportRowsThatAreGone() throws {
        let store = try open()
        var insert = SaveRequest()
        insert.inserts = [SaveRequest.Insert(table: book, values: bookRow("Dune"))]
        let key = try store.save(insert).insertedKeys[0]
        var update = SaveRequest()
        update.updates = [
            SaveRequest.Update(table: book, key: key, columns: [1], values: bookRow("Dune", price: 12)),
            SaveRequest.Update(table: book, key: 999, columns: [1], values: bookRow("Gone", price: 1)),
        ]
        #expect(try store.save(update).vanishedUpdates == [1])
        var prices: [Double] = []
        try store.fetch(FetchRequest(table: book)) { row in prices.append(row.double(at: 2)) }
        #expect(prices == [12])
    }

    @Test func countsKeysBatchDeletesAndErase() throws {
        let store = try open()
        var request = SaveRequest()
        request.inserts = ["a", "b", "c", "d"].enumerated().map { index, title in
            SaveRequest.Insert(table: book, values: bookRow(title, price: Double(index)))
        }
        _ = try store.save(request)
        let sql = SQLExpressionBuilder()
        let price = sql.value(of: try book.column("price"), row: sql.row(of: book), table: book, alias: book.quotedName)
        let cheap = sql.comparison(price, .lessThan, sql.value(.real(2)))
        #expect(try store.count(FetchRequest(table: book, rows: .matching(cheap))) == 2)
        #expect(
            try store.fetchKeys(
                FetchRequest(table: book, sort: [SortTerm(column: try book.column("price"), ascending: false)])) == [
                    4, 3, 2, 1,
                ])

        var delete = SaveRequest()
        delete.batchDeletes = [
            SaveRequest.BatchDelete(table: book, rows: .matching(cheap)),
            SaveRequest.BatchDelete(table: book, rows: .keys([3])),
        ]
        #expect(try store.save(delete).batchDeletedKeys == [[1, 2], [3]])
        #expect(try store.count(FetchRequest(table: book)) == 1)
        try store.erase()
        #expect(try store.count(FetchRequest(table: book)) == 0)
    }

    @Test func externalBytesGoAndComeBackWithTheirRow() throws {
        let store = try open()
        let bytes = Data((0..<1_000).map { UInt8($0 % 251) })
        var request = SaveRequest()
        request.inserts = [SaveRequest.Insert(table: photo, values: [.blob(bytes), .text("sea")])]
        let key = try store.save(request).insertedKeys[0]
        var read: [StoredValue] = []
        try store.fetch(FetchRequest(table: photo, rows: .key(key))) { row in
            read = [row.value(at: 1), row.value(at: 2)]
        }
        #expect(read == [.blob(bytes), .text("sea")])
        var delete = SaveRequest()
        delete.deletes = [SaveRequest.Delete(table: photo, key: key)]
        _ = try store.save(delete)
        // The trigger took the bytes with the row.
        let external = try SchemaMapping(
            schema: StoreSchema(entities: [
                StoreEntity(
                    name: ExternalData.table,
                    properties: [
                        .attribute(
                            StoreAttribute(name: ExternalData.bytesColumn, storageType: .blob, isOptional: false))
                    ])
            ])
        ).named(ExternalData.table)
        #expect(try store.count(FetchRequest(table: external)) == 0)
    }

    @Test func stringMatchingWithCaseAndDiacriticOptions() throws {
        let store = try open()
        var request = SaveRequest()
        request.inserts = ["Café Society", "Earthsea", "earthbound", "Cafe"].map {
            SaveRequest.Insert(table: book, values: bookRow($0))
        }
        _ = try store.save(request)
        func titles(_ match: StringMatch, _ other: String, _ options: StringMatchOptions = []) throws -> [String] {
            let sql = SQLExpressionBuilder()
            let title = sql.value(
                of: try book.column("title"), row: sql.row(of: book), table: book, alias: book.quotedName)
            return try texts(
                store,
                FetchRequest(
                    table: book, rows: .matching(sql.matches(title, match, sql.value(.text(other)), options: options))),
                column: 1)
        }
        #expect(try titles(.contains, "earth") == ["earthbound"])
        #expect(try titles(.contains, "EARTH", .caseInsensitive) == ["Earthsea", "earthbound"])
        #expect(
            try titles(.startsWith, "cafe", [.caseInsensitive, .diacriticInsensitive]) == ["Café Society", "Cafe"])
        #expect(try titles(.startsWith, "Cafe") == ["Cafe"])
        #expect(try titles(.endsWith, "SEA", .caseInsensitive) == ["Earthsea"])
        #expect(try titles(.equals, "cafe", [.caseInsensitive, .diacriticInsensitive]) == ["Cafe"])
        #expect(try titles(.equals, "CAFÉ SOCIETY", .caseInsensitive) == ["Café Society"])
    }

    /// The sort orders Core Data's selectors name, `caseInsensitiveCompare:` and `localizedCaseInsensitiveCompare:`,
    /// as collations; ties keep key order.
    @Test func caseInsensitiveCollationsOrderAsFoundation() throws {
        let store = try open()
        var request = SaveRequest()
        request.inserts = ["banana", "Apple", "cherry", "apple", "Banana"].map {
            SaveRequest.Insert(table: book, values: bookRow($0))
        }
        _ = try store.save(request)
        for order in [StringOrder.caseInsensitive, .localizedCaseInsensitive] {
            let fetch = FetchRequest(
                table: book, sort: [SortTerm(column: try book.column("title"), collation: order.collation)])
            #expect(try texts(store, fetch, column: 1) == ["Apple", "apple", "banana", "Banana", "cherry"])
        }
        #expect(StringOrder.caseInsensitive.compare("ABC", "abd") == .orderedAscending)
        #expect(StringOrder.localizedCaseInsensitive.compare("b", "A") == .orderedDescending)
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAsItWas() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("notes.store")
        let text = Data(String(repeating: "not a database ", count: 100).utf8)
        try text.write(to: url)
        #expect {
            try open(url)
        } throws: { error in
            (error as? StoreError)?.isNotADatabase == true
        }
        #expect(try Data(contentsOf: url) == text)
    }

    @Test func aStoreFileIsReadInParallelAndFromASnapshot() throws {
        let folder = try TemporaryDirectory()
        let store = try open(folder.file("library.store"))
        var request = SaveRequest()
        request.inserts = [SaveRequest.Insert(table: book, values: bookRow("Dune"))]
        _ = try store.save(request)
        let version = store.dataVersion()
        let snapshot = try #require(try store.makeSnapshot())
        request.inserts = [SaveRequest.Insert(table: book, values: bookRow("Emma"))]
        _ = try store.save(request)
        #expect(store.dataVersion() != version)
        #expect(try store.fetchKeys(FetchRequest(table: book), from: .snapshot(snapshot)) == [1])
        #expect(try store.fetchKeys(FetchRequest(table: book)) == [1, 2])
        #expect(try store.integrityCheck() == ["ok"])
        store.close()
    }
}
