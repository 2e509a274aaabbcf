import Foundation
@testable import OpenCoreData
import SQLite
import SQLStore
import StoreTestSupport
import Testing

/// Optimistic locking (issue 15 §3 `mergePolicy`): every row has a version, `Z_OPT`; a save's `UPDATE`/`DELETE`
/// checks the version its object was read with, and a row changed or deleted since is a conflict the context's
/// merge policy resolves. Each scenario runs between two contexts of one coordinator and between two coordinators
/// on one file (as two processes would), and reads the outcome with a third container and with raw SQL.
@Suite(.serialized) struct OptimisticLockingTests {
    /// Who writes the two sides of a conflict — two contexts of one coordinator, or two coordinators (two app
    /// servers) — and on which store.
    struct Setup: CaseIterable, CustomTestStringConvertible, Sendable {
        enum Writers: String, CaseIterable, Sendable { case twoContexts, twoCoordinators }
        var writers: Writers
        var store: TestStore = .sqlite

        static let twoContexts = Setup(writers: .twoContexts)
        static let twoCoordinators = Setup(writers: .twoCoordinators)
        /// Both kinds of writers on every tested store.
        static var allCases: [Setup] {
            TestStore.tested.flatMap { store in Writers.allCases.map { Setup(writers: $0, store: store) } }
        }
        var testDescription: String { "\(writers.rawValue) on \(store.rawValue)" }
    }

    enum Policy: String, CaseIterable, CustomTestStringConvertible {
        case error, objectTrump, storeTrump, overwrite, rollback
        var testDescription: String { rawValue }

        var mergePolicy: Any {
            switch self {
            case .error: NSErrorMergePolicy
            case .objectTrump: NSMergeByPropertyObjectTrumpMergePolicy
            case .storeTrump: NSMergeByPropertyStoreTrumpMergePolicy
            case .overwrite: NSOverwriteMergePolicy
            case .rollback: NSRollbackMergePolicy
            }
        }
    }

    /// A stored cart row as raw SQL reads it.
    struct Row: Equatable, CustomStringConvertible {
        var id: Int64
        var title: String?
        var price: Double
        var version: Int64
        var description: String { "(\(id), \(title ?? "nil"), \(price), v\(version))" }
    }

    /// One store, a cart `(1, "a", 1.0)` saved in it, and two contexts that have both fetched it: `mine` (whose
    /// save meets the conflict) and `theirs` (which saves first).
    final class Scene {
        let folder = TemporaryFolder()
        let url: URL
        let store: TestStore
        let containers: [NSPersistentContainer]
        let mine: NSManagedObjectContext
        let theirs: NSManagedObjectContext
        let myCart: Cart
        let theirCart: Cart

        init(_ setup: Setup) throws {
            url = folder.url.appendingPathComponent("Cart.sqlite")
            store = setup.store
            let model = try fixtureModel("Cart")
            let first = try loadedContainer("Cart", model: model, in: folder.url, store: store)
            let seed = first.newBackgroundContext()
            let cart = Cart(context: seed)
            cart.id = 1
            cart.title = "a"
            cart.price = 1
            try seed.save()
            switch setup.writers {
            case .twoContexts:
                containers = [first]
                mine = first.newBackgroundContext()
                theirs = first.newBackgroundContext()
            case .twoCoordinators:
                let second = try loadedContainer("Cart", model: model, in: folder.url, store: store)
                containers = [first, second]
                mine = first.newBackgroundContext()
                theirs = second.newBackgroundContext()
            }
            myCart = try #require(try mine.fetch(Cart.fetchRequest()).first)
            theirCart = try #require(try theirs.fetch(Cart.fetchRequest()).first)
        }

        /// Every cart row, by raw SQL on the file (or the PostgreSQL schema).
        func rows() throws -> [Row] {
            let sql = #"SELECT "id", "title", "price", "Z_OPT" FROM "Cart" ORDER BY "Z_PK""#
            if store == .postgreSQL {
                return try TestStore.postgreSQLRows(sql, of: store.description("Cart", in: folder.url)).map { row in
                    func integer(_ value: StoredValue) -> Int64 { if case .integer(let v) = value { v } else { -1 } }
                    var title: String?
                    if case .text(let text) = row[1] { title = text }
                    var price = -1.0
                    if case .real(let value) = row[2] { price = value }
                    return Row(id: integer(row[0]), title: title, price: price, version: integer(row[3]))
                }
            }
            let connection = try SQLiteConnection(location: .file(url.path))
            defer { connection.close() }
            return try connection.rows(sql).map {
                row in
                func integer(_ value: SQLiteValue) -> Int64 { if case .integer(let v) = value { v } else { -1 } }
                var title: String?
                if case .text(let text) = row[1] { title = text }
                var price = -1.0
                if case .real(let value) = row[2] {
                    price = value
                } else if case .integer(let value) = row[2] {
                    price = Double(value)
                }
                return Row(id: integer(row[0]), title: title, price: price, version: integer(row[3]))
            }
        }

        /// Every cart as a third, fresh container reads them (id, title, price), by id.
        func thirdContainerReads() throws -> [String] {
            let container = try loadedContainer("Cart", model: try fixtureModel("Cart"), in: folder.url, store: store)
            let request: NSFetchRequest<Cart> = Cart.fetchRequest()
            request.sortDescriptors = [NSSortDescriptor(key: "id", ascending: true)]
            return try container.viewContext.fetch(request).map { "\($0.id) \($0.title ?? "nil") \($0.price)" }
        }
    }

    /// The conflicts of a save that threw Core Data's merge error (133020), checked to be one.
    func mergeConflicts(of body: () throws -> Void) -> [NSMergeConflict] {
        do {
            try body()
        } catch {
            let error = error as NSError
            #expect(error.domain == NSCocoaErrorDomain)
            #expect(error.code == NSManagedObjectMergeError)
            #expect(error.code == 133_020)
            return error.userInfo["conflictList"] as? [NSMergeConflict] ?? []
        }
        Issue.record("the save did not throw")
        return []
    }

    // MARK: The column

    @Test func everyRowHasAHiddenVersionThatEachSaveRaises() throws {
        let scene = try Scene(.twoContexts)
        #expect(try scene.rows() == [Row(id: 1, title: "a", price: 1, version: 1)])
        #expect(scene.myCart.entity.attributesByName["Z_OPT"] == nil)
        #expect(scene.myCart.entity.propertiesByName["Z_OPT"] == nil)
        scene.myCart.title = "b"
        #expect(Set(scene.myCart.changedValues().keys) == ["title"])
        try scene.mine.save()
        #expect(try scene.rows() == [Row(id: 1, title: "b", price: 1, version: 2)])
        scene.myCart.price = 3
        try scene.mine.save()
        #expect(try scene.rows() == [Row(id: 1, title: "b", price: 3, version: 3)])
        #expect(scene.myCart.storedVersion == 3)

        let request = NSFetchRequest<NSDictionary>(entityName: "Cart")
        request.resultType = .dictionaryResultType
        let dictionaries = try scene.mine.fetch(request)
        #expect(dictionaries.count == 1)
        #expect(Set(dictionaries.first?.allKeys.map { "\($0)" } ?? []) == ["id", "price", "title"])
    }

    @Test func theVersionedStatementsBindTheVersion() throws {
        let model = try fixtureModel("Cart")
        let mapping = try SchemaMapping(schema: StoreSchemaBuilder.schema(of: model))
        let table = try #require(mapping.table(named: "Cart"))
        let version = try #require(table.column(named: "Z_OPT"))
        let title = try #require(table.column(named: "title"))
        let dialect = SQLiteDialect()
        #expect(
            UpdateQuery(table: table, columns: [title.index]).sql(
                dialect, version: .init(column: version.index, expected: 4))
                == #"UPDATE "Cart" SET "title" = ?, "Z_OPT" = "Z_OPT" + 1 WHERE "Z_PK" = ? AND "Z_OPT" = ?"#
        )
        #expect(
            UpdateQuery(table: table, columns: []).sql(dialect, version: .init(column: version.index, expected: nil))
                == #"UPDATE "Cart" SET "Z_OPT" = "Z_OPT" + 1 WHERE "Z_PK" = ?"#
        )
        let delete = DeleteQuery(table: table, rows: .key(7)).sql(dialect, versionColumn: version.index, expected: 4)
        #expect(delete.text == #"DELETE FROM "Cart" WHERE "Z_PK" = ? AND "Z_OPT" = ?"#)
        #expect(delete.arguments == [.integer(7), .integer(4)])
        // OpenSwiftData's statements (no version) are as they were.
        #expect(
            UpdateQuery(table: table, columns: [title.index]).sql(dialect)
                == #"UPDATE "Cart" SET "title" = ? WHERE "Z_PK" = ?"#)
    }

    // MARK: Update against update

    @Test(arguments: Setup.allCases, Policy.allCases)
    func updateAgainstUpdate(_ setup: Setup, _ policy: Policy) throws {
        let scene = try Scene(setup)
        scene.theirCart.title = "theirs"
        scene.theirCart.price = 2
        try scene.theirs.save()
        #expect(try scene.rows() == [Row(id: 1, title: "theirs", price: 2, version: 2)])

        scene.mine.mergePolicy = policy.mergePolicy
        scene.myCart.title = "mine"
        scene.myCart.id = 5
        switch policy {
        case .error:
            let conflicts = mergeConflicts { try scene.mine.save() }
            #expect(conflicts.count == 1)
            let conflict = try #require(conflicts.first)
            #expect(conflict.sourceObject === scene.myCart)
            #expect(conflict.oldVersionNumber == 1)
            #expect(conflict.newVersionNumber == 2)
            #expect(conflict.objectSnapshot?["title"] as? String == "a")
            #expect(conflict.objectSnapshot?["id"] as? Int64 == 1)
            #expect(conflict.cachedSnapshot?["title"] as? String == "a")
            #expect(conflict.persistedSnapshot?["title"] as? String == "theirs")
            #expect(conflict.persistedSnapshot?["price"] as? Double == 2)
            #expect(conflict.persistedSnapshot?["id"] as? Int64 == 1)
            #expect(conflict.persistedSnapshot?["Z_OPT"] == nil)
            // The store is unchanged, and the context keeps its changes.
            #expect(try scene.rows() == [Row(id: 1, title: "theirs", price: 2, version: 2)])
            #expect(scene.myCart.hasChanges)
            #expect(scene.myCart.title == "mine" && scene.myCart.id == 5 && scene.myCart.price == 1)
            #expect(try scene.thirdContainerReads() == ["1 theirs 2.0"])
        case .objectTrump:
            try scene.mine.save()
            #expect(try scene.rows() == [Row(id: 5, title: "mine", price: 2, version: 3)])
            #expect(scene.myCart.price == 2 && !scene.myCart.hasChanges)
            #expect(try scene.thirdContainerReads() == ["5 mine 2.0"])
        case .storeTrump:
            try scene.mine.save()
            #expect(try scene.rows() == [Row(id: 5, title: "theirs", price: 2, version: 3)])
            #expect(scene.myCart.title == "theirs" && scene.myCart.id == 5 && !scene.myCart.hasChanges)
            #expect(try scene.thirdContainerReads() == ["5 theirs 2.0"])
        case .overwrite:
            try scene.mine.save()
            #expect(try scene.rows() == [Row(id: 5, title: "mine", price: 1, version: 3)])
            #expect(try scene.thirdContainerReads() == ["5 mine 1.0"])
        case .rollback:
            try scene.mine.save()
            #expect(try scene.rows() == [Row(id: 1, title: "theirs", price: 2, version: 2)])
            #expect(
                scene.myCart.title == "theirs" && scene.myCart.id == 1 && scene.myCart.price == 2
                    && !scene.myCart.hasChanges)
            #expect(try scene.thirdContainerReads() == ["1 theirs 2.0"])
        }
        // Resolved, the object is at the store's version: the next change saves without a conflict.
        if policy != .error {
            scene.mine.mergePolicy = NSErrorMergePolicy
            scene.myCart.title = "again"
            try scene.mine.save()
            #expect(try scene.rows().map(\.title) == ["again"])
        }
    }

    // MARK: Update against delete

    @Test(arguments: Setup.allCases, Policy.allCases)
    func updateOfARowTheStoreDeleted(_ setup: Setup, _ policy: Policy) throws {
        let scene = try Scene(setup)
        scene.theirs.delete(scene.theirCart)
        try scene.theirs.save()
        #expect(try scene.rows() == [])

        scene.mine.mergePolicy = policy.mergePolicy
        scene.myCart.title = "mine"
        let other = Cart(context: scene.mine)
        other.id = 9
        other.title = "new"
        if policy == .error {
            let conflicts = mergeConflicts { try scene.mine.save() }
            let conflict = try #require(conflicts.first)
            #expect(conflicts.count == 1)
            #expect(conflict.sourceObject === scene.myCart)
            #expect(conflict.newVersionNumber == 0)
            #expect(conflict.oldVersionNumber == 1)
            #expect(conflict.persistedSnapshot == nil)
            #expect(conflict.objectSnapshot?["title"] as? String == "a")
            #expect(try scene.rows() == [])
            #expect(scene.myCart.hasChanges && scene.myCart.managedObjectContext === scene.mine)
            #expect(other.isInserted)
        } else {
            // The store's deletion stands: the object leaves the context; the rest of the save is written.
            try scene.mine.save()
            #expect(scene.myCart.managedObjectContext == nil)
            #expect(try scene.rows() == [Row(id: 9, title: "new", price: 0, version: 1)])
            #expect(try scene.thirdContainerReads() == ["9 new 0.0"])
            #expect(try scene.mine.count(for: Cart.fetchRequest()) == 1)
        }
    }

    // MARK: Delete against update

    @Test(arguments: Setup.allCases, Policy.allCases)
    func deleteOfARowTheStoreChanged(_ setup: Setup, _ policy: Policy) throws {
        let scene = try Scene(setup)
        scene.theirCart.title = "theirs"
        scene.theirCart.price = 2
        try scene.theirs.save()

        scene.mine.mergePolicy = policy.mergePolicy
        scene.mine.delete(scene.myCart)
        switch policy {
        case .error:
            let conflicts = mergeConflicts { try scene.mine.save() }
            let conflict = try #require(conflicts.first)
            #expect(conflicts.count == 1)
            #expect(conflict.sourceObject === scene.myCart)
            #expect(conflict.oldVersionNumber == 1 && conflict.newVersionNumber == 2)
            #expect(conflict.persistedSnapshot?["title"] as? String == "theirs")
            #expect(try scene.rows() == [Row(id: 1, title: "theirs", price: 2, version: 2)])
            #expect(scene.myCart.isDeleted)
        case .objectTrump, .storeTrump, .overwrite:
            try scene.mine.save()
            #expect(try scene.rows() == [])
            #expect(try scene.thirdContainerReads() == [])
        case .rollback:
            // The deletion is discarded; the object takes the store's values.
            try scene.mine.save()
            #expect(try scene.rows() == [Row(id: 1, title: "theirs", price: 2, version: 2)])
            #expect(!scene.myCart.isDeleted && scene.myCart.managedObjectContext === scene.mine)
            #expect(scene.myCart.title == "theirs" && scene.myCart.price == 2)
            #expect(try scene.thirdContainerReads() == ["1 theirs 2.0"])
        }
    }

    @Test(arguments: Setup.allCases)
    func deleteOfARowTheStoreDeletedToo(_ setup: Setup) throws {
        let scene = try Scene(setup)
        scene.theirs.delete(scene.theirCart)
        try scene.theirs.save()
        scene.mine.delete(scene.myCart)
        let conflicts = mergeConflicts { try scene.mine.save() }
        #expect(conflicts.first?.newVersionNumber == 0)
        scene.mine.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
        try scene.mine.save()
        #expect(try scene.rows() == [])
        #expect(!scene.mine.hasChanges)
    }

    // MARK: Merging first means no conflict

    @Test(arguments: Setup.allCases)
    func refreshingWithMergeChangesTakesTheNewVersion(_ setup: Setup) throws {
        let scene = try Scene(setup)
        scene.theirCart.price = 2
        try scene.theirs.save()
        scene.myCart.title = "mine"
        scene.mine.refresh(scene.myCart, mergeChanges: true)
        #expect(scene.myCart.title == "mine" && scene.myCart.price == 2)
        try scene.mine.save()
        #expect(try scene.rows() == [Row(id: 1, title: "mine", price: 2, version: 3)])
    }

    @Test func mergingADidSaveNotificationTakesTheNewVersion() throws {
        let scene = try Scene(.twoContexts)
        let observer = NotificationObserver(name: .NSManagedObjectContextDidSave, object: scene.theirs)
        scene.theirCart.price = 2
        try scene.theirs.save()
        let notification = try #require(observer.notifications.first)
        scene.myCart.title = "mine"
        scene.mine.mergeChanges(fromContextDidSave: notification)
        try scene.mine.save()
        #expect(try scene.rows() == [Row(id: 1, title: "mine", price: 2, version: 3)])
    }

    @Test func automaticallyMergedChangesTakeTheNewVersion() throws {
        let scene = try Scene(.twoContexts)
        scene.mine.automaticallyMergesChangesFromParent = true
        scene.theirCart.price = 2
        try scene.theirs.save()
        // The merge is queued on the context's queue; this waits for it.
        scene.mine.performAndWait {}
        #expect(scene.myCart.price == 2)
        scene.myCart.title = "mine"
        try scene.mine.save()
        #expect(try scene.rows() == [Row(id: 1, title: "mine", price: 2, version: 3)])
    }

    @Test func aChildContextSavesThroughItsParentsVersion() throws {
        let scene = try Scene(.twoContexts)
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = scene.mine
        let childCart = try #require(try child.fetch(Cart.fetchRequest()).first)
        #expect(childCart.storedVersion == 1)
        childCart.title = "child"
        try child.save()
        try scene.mine.save()
        #expect(try scene.rows() == [Row(id: 1, title: "child", price: 1, version: 2)])
        // The parent saved version 2; the child, merging from it, is at 2 as well.
        child.refresh(childCart, mergeChanges: true)
        #expect(childCart.storedVersion == 2)
        // Another context changes the row; the parent merges, and the child's next save goes through.
        scene.theirs.refresh(scene.theirCart, mergeChanges: false)
        scene.theirCart.price = 4
        try scene.theirs.save()
        scene.mine.refresh(scene.myCart, mergeChanges: true)
        childCart.title = "child again"
        try child.save()
        try scene.mine.save()
        #expect(try scene.rows() == [Row(id: 1, title: "child again", price: 4, version: 4)])
    }

    @Test func aBatchUpdateRaisesTheVersion() throws {
        let scene = try Scene(.twoContexts)
        let update = NSBatchUpdateRequest(entityName: "Cart")
        update.propertiesToUpdate = ["price": 8.0]
        _ = try scene.theirs.execute(update)
        #expect(try scene.rows() == [Row(id: 1, title: "a", price: 8, version: 2)])
        scene.myCart.title = "mine"
        let conflicts = mergeConflicts { try scene.mine.save() }
        #expect(conflicts.first?.persistedSnapshot?["price"] as? Double == 8)
    }

    // MARK: Stores written before the column

    @Test func aStoreWithoutTheColumnGainsItInItsMigrationAndAReadOnlyOneIsReadAsItIs() throws {
        let folder = TemporaryFolder()
        let url = folder.url.appendingPathComponent("Cart.sqlite")
        let model = try fixtureModel("Cart")
        // A store as OpenCoreData wrote it before it had row versions.
        let old = try NSPersistentStore.openEngine(
            model: model, type: NSSQLiteStoreType, url: url, migrates: true, readOnly: false, rowVersions: false)
        old.close()
        do {
            let connection = try SQLiteConnection(location: .file(url.path))
            defer { connection.close() }
            #expect(try !connection.rows(#"SELECT "name" FROM pragma_table_info('Cart')"#).contains([.text("Z_OPT")]))
            try connection.execute(
                #"INSERT INTO "Cart" ("id", "price", "title") VALUES (?, ?, ?), (?, ?, ?)"#,
                [
                    .integer(1), .real(1.5), .text("a"), .integer(2), .real(2.5), .text("b"),
                ])
        }
        func files() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.url.path) {
                files[name] = try Data(contentsOf: folder.url.appendingPathComponent(name))
            }
            return files
        }

        // Read-only: opened and read as it is, nothing written.
        let before = try files()
        do {
            let container = NSPersistentContainer(name: "Cart", managedObjectModel: model)
            let description = NSPersistentStoreDescription(url: url)
            description.isReadOnly = true
            container.persistentStoreDescriptions = [description]
            var failure: Error?
            container.loadPersistentStores { _, error in failure = error }
            #expect(failure == nil, "\(String(describing: failure))")
            let request: NSFetchRequest<Cart> = Cart.fetchRequest()
            request.sortDescriptors = [NSSortDescriptor(key: "id", ascending: true)]
            let carts = try container.viewContext.fetch(request)
            #expect(carts.map(\.title) == ["a", "b"])
            #expect(carts.first?.storedVersion == nil)
        }
        #expect(try files() == before)

        // Opened to write: the migration adds the column, every row at 1, and locking works.
        let mine = try loadedContainer("Cart", model: model, in: folder.url).newBackgroundContext()
        let theirs = try loadedContainer("Cart", model: model, in: folder.url).newBackgroundContext()
        do {
            let connection = try SQLiteConnection(location: .file(url.path))
            defer { connection.close() }
            #expect(
                try connection.rows(#"SELECT "Z_OPT" FROM "Cart" ORDER BY "Z_PK""#) == [[.integer(1)], [.integer(1)]])
        }
        let request: NSFetchRequest<Cart> = Cart.fetchRequest()
        request.predicate = NSPredicate(format: "id == 1")
        let myCart = try #require(try mine.fetch(request).first)
        let theirCart = try #require(try theirs.fetch(request).first)
        theirCart.price = 9
        try theirs.save()
        myCart.price = 10
        let conflicts = mergeConflicts { try mine.save() }
        #expect(conflicts.first?.oldVersionNumber == 1 && conflicts.first?.newVersionNumber == 2)
    }

    // MARK: An upsert raises the version

    /// The rows of the tag model's file: (name, count, version).
    func tagRows(_ url: URL) throws -> [String] {
        let connection = try SQLiteConnection(location: .file(url.path))
        defer { connection.close() }
        return try connection.rows(#"SELECT "name", "count", "Z_OPT" FROM "Tag" ORDER BY "Z_PK""#).map { row in
            row.map { value in
                switch value {
                case .text(let text): text
                case .integer(let integer): "\(integer)"
                default: "?"
                }
            }.joined(separator: " ")
        }
    }

    @Test func theUpsertStatementRaisesTheVersion() throws {
        let mapping = try SchemaMapping(schema: StoreSchemaBuilder.schema(of: ManagedObjectContextTests.tagModel()))
        let table = try #require(mapping.table(named: "Tag"))
        let version = try #require(table.column(named: "Z_OPT"))
        #expect(
            InsertQuery(table: table, upserts: true, versionColumn: version.index).sql(SQLiteDialect())
                == #"INSERT INTO "Tag" ("name", "count", "Z_OPT") VALUES (?, ?, ?) ON CONFLICT ("name") DO UPDATE SET "#
                + #""name" = excluded."name", "count" = excluded."count", "Z_OPT" = "Z_OPT" + 1"#
        )
    }

    /// An insert that meets a stored row under a policy in which the object wins updates that row: its version goes
    /// up by one (it was reset to 1), so a context that read the row before still meets a conflict, and the
    /// inserted object holds the row's new version and saves again without one.
    @Test(arguments: [Policy.objectTrump, .overwrite])
    func anUpsertRaisesTheStoredRowsVersion(policy: Policy) throws {
        let folder = TemporaryFolder()
        let model = ManagedObjectContextTests.tagModel()
        let container = try loadedContainer("Tags", model: model, in: folder.url)
        let url = try #require(container.persistentStoreCoordinator.persistentStores.first?.url)
        let first = container.newBackgroundContext()
        let tag = NSEntityDescription.insertNewObject(forEntityName: "Tag", into: first)
        tag.setValue("swift", forKey: "name")
        tag.setValue(1, forKey: "count")
        try first.save()
        // Read at version 1, saved only after the upsert.
        let reader = container.newBackgroundContext()
        let stale = try #require(try reader.fetch(NSFetchRequest<NSManagedObject>(entityName: "Tag")).first)
        tag.setValue(2, forKey: "count")
        try first.save()
        tag.setValue(3, forKey: "count")
        try first.save()
        #expect(try tagRows(url) == ["swift 3 3"])

        let upserting = container.newBackgroundContext()
        upserting.mergePolicy = policy.mergePolicy
        let duplicate = NSEntityDescription.insertNewObject(forEntityName: "Tag", into: upserting)
        duplicate.setValue("swift", forKey: "name")
        duplicate.setValue(9, forKey: "count")
        try upserting.save()
        #expect(try tagRows(url) == ["swift 9 4"])
        #expect(duplicate.storedVersion == 4)

        // The inserted object is the row now, at its version: it saves again without a conflict.
        duplicate.setValue(10, forKey: "count")
        try upserting.save()
        #expect(try tagRows(url) == ["swift 10 5"])

        // The context that read version 1 meets a conflict (with the version reset to 1 it wrote over the row).
        stale.setValue(7, forKey: "count")
        let conflicts = mergeConflicts { try reader.save() }
        #expect(conflicts.count == 1)
        #expect(conflicts.first?.oldVersionNumber == 1)
        #expect(conflicts.first?.newVersionNumber == 5)
        #expect(try tagRows(url) == ["swift 10 5"])
    }

    // MARK: The constraint path keeps its error

    @Test func aConstraintConflictListsNSConstraintConflicts() throws {
        let error = CoreDataError.constraintConflict(entityName: "Tag", keys: ["name"], values: ["'swift'"]) as NSError
        #expect(error.code == NSManagedObjectConstraintMergeError)
        let conflicts = try #require(error.userInfo["conflictList"] as? [NSConstraintConflict])
        #expect(conflicts.count == 1)
        #expect(conflicts.first?.constraint == ["name"])
        #expect(conflicts.first?.constraintValues["name"] as? String == "'swift'")
        #expect(conflicts.first?.databaseObject == nil)
    }
}

/// Collects the notifications of one name and sender while it lives.
final class NotificationObserver: @unchecked Sendable {
    private(set) var notifications: [Notification] = []
    private var token: NSObjectProtocol?

    init(name: Notification.Name, object: AnyObject) {
        token = NotificationCenter.default.addObserver(forName: name, object: object, queue: nil) {
            [weak self] notification in
            self?.notifications.append(notification)
        }
    }

    deinit { token.map(NotificationCenter.default.removeObserver) }
}
