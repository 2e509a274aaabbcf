import Foundation
import OpenSwiftData
import StoreTestSupport
import Synchronization
import Testing

@Suite struct ContextAPITests {
    /// Inserts learn their keys without `RETURNING`: from `sqlite3_last_insert_rowid`, or by their unique values
    /// when they met an existing row — also when two tables hand out the same key in one save.
    @Test(arguments: TestStore.tested) func insertsAndUpsertsGetTheKeysOfTheirRows(store: TestStore) throws {
        let container = try store.container(Defaults.self, Tag.self)
        let context = ModelContext(container)
        let defaults = Defaults()
        let swift = Tag(name: "swift")
        context.insert(defaults)
        context.insert(swift)  // key 1 in its table, as `defaults` is in its own
        try context.save()
        #expect(defaults.persistentModelID.primaryKey == 1)
        #expect(swift.persistentModelID.primaryKey == 1)
        let sql = Tag(name: "sql")
        let again = Tag(name: "swift", uses: 7)  // meets row 1: updates it
        context.insert(Defaults())
        context.insert(sql)
        context.insert(again)
        try context.save()
        #expect(sql.persistentModelID.primaryKey == 2)
        #expect(again.persistentModelID.primaryKey == 1)
        let stored = try ModelContext(container).fetch(FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.name)]))
        #expect(stored.map(\.name) == ["sql", "swift"])
        #expect(stored.map(\.uses) == [0, 7])
        #expect(stored.map(\.persistentModelID.primaryKey) == [2, 1])
    }

    private func context(tags count: Int, url: URL? = nil, configuration: ModelConfiguration? = nil) throws
        -> ModelContext
    {
        let configuration =
            configuration ?? url.map { ModelConfiguration(url: $0) } ?? ModelConfiguration(isStoredInMemoryOnly: true)
        let context = ModelContext(try ModelContainer(for: Tag.self, configurations: configuration))
        for index in 0..<count { context.insert(Tag(name: String(format: "tag-%05d", index), uses: index % 7)) }
        try context.save()
        return context
    }

    @Test(arguments: TestStore.tested) func rowIdentifiersAreNeverReused(store: TestStore) throws {
        let context = try context(tags: 3, configuration: try store.configuration())
        let last = try #require(try context.fetch(FetchDescriptor<Tag>()).last)
        let oldID = last.persistentModelID
        context.delete(last)
        try context.save()
        let newcomer = Tag(name: "newcomer")
        context.insert(newcomer)
        try context.save()
        #expect(newcomer.persistentModelID.primaryKey == 4)
        #expect(throws: SwiftDataError.self) { try context.existingModel(for: oldID) }
    }

    @Test(arguments: TestStore.tested) func modelForIdentifierFindsRegisteredStoredAndUnsavedModels(store: TestStore)
        throws
    {
        let context = try context(tags: 2, configuration: try store.configuration())
        let first = try #require(try context.fetch(FetchDescriptor<Tag>()).first)
        #expect(context.model(for: first.persistentModelID) as? Tag === first)
        // Another context reads the row from the store.
        let other = ModelContext(context.container)
        let read = try #require(other.model(for: first.persistentModelID) as? Tag)
        #expect(read.name == first.name && read !== first)
        #expect(other.model(for: first.persistentModelID) as? Tag === read)
        let unsaved = Tag(name: "unsaved")
        context.insert(unsaved)
        #expect(context.model(for: unsaved.persistentModelID) as? Tag === unsaved)
        let registered: Tag? = context.registeredModel(for: unsaved.persistentModelID)
        #expect(registered === unsaved)
    }

    @Test(arguments: TestStore.tested) func fetchIdentifiersMatchFetch(store: TestStore) throws {
        let context = try context(tags: 20, configuration: try store.configuration())
        let descriptor = FetchDescriptor<Tag>(
            predicate: #Predicate { $0.uses > 2 },
            sortBy: [SortDescriptor(\.uses), SortDescriptor(\.name, order: .reverse)])
        #expect(try context.fetchIdentifiers(descriptor) == context.fetch(descriptor).map(\.persistentModelID))
    }

    @Test(arguments: TestStore.tested) func transactionSavesOrRollsBack(store: TestStore) throws {
        let context = try context(tags: 1, configuration: try store.configuration())
        try context.transaction { context.insert(Tag(name: "in-transaction")) }
        #expect(!context.hasChanges)
        #expect(try ModelContext(context.container).fetchCount(FetchDescriptor<Tag>()) == 2)

        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try context.transaction {
                context.insert(Tag(name: "aborted"))
                throw Abort()
            }
        }
        #expect(!context.hasChanges)
        #expect(try context.fetchCount(FetchDescriptor<Tag>()) == 2)
    }

    @Test(arguments: TestStore.tested) func saveNotificationsCarryIdentifiers(store: TestStore) throws {
        let context = try context(tags: 2, configuration: try store.configuration())
        let tags = try context.fetch(FetchDescriptor<Tag>())
        let received = Mutex<[String: [PersistentIdentifier]]>([:])
        let willSave = Mutex(0)
        let observers = [
            NotificationCenter.default.addObserver(forName: ModelContext.willSave, object: context, queue: nil) { _ in
                willSave.withLock { $0 += 1 }
            },
            NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: context, queue: nil) { note in
                let info = note.userInfo as? [String: [PersistentIdentifier]] ?? [:]
                received.withLock { $0 = info }
            },
        ]
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        let added = Tag(name: "added")
        context.insert(added)
        tags[0].uses = 99
        context.delete(tags[1])
        let deletedID = tags[1].persistentModelID
        try context.save()
        #expect(willSave.withLock { $0 } == 1)
        let info = received.withLock { $0 }
        #expect(info[ModelContext.NotificationKey.insertedIdentifiers.rawValue] == [added.persistentModelID])
        #expect(info[ModelContext.NotificationKey.updatedIdentifiers.rawValue] == [tags[0].persistentModelID])
        #expect(info[ModelContext.NotificationKey.deletedIdentifiers.rawValue] == [deletedID])
        #expect(added.persistentModelID.isTemporary == false)
    }

    @Test(arguments: TestStore.tested) func enumerateVisitsEveryMatchInBatches(store: TestStore) throws {
        let context = try context(tags: 1_234, configuration: try store.configuration())
        var seen: [String] = []
        try context.enumerate(FetchDescriptor<Tag>(predicate: #Predicate { $0.uses != 3 }), batchSize: 100) {
            seen.append($0.name)
        }
        let expected = try context.fetch(FetchDescriptor<Tag>(predicate: #Predicate { $0.uses != 3 })).map(\.name)
        #expect(seen == expected)
        #expect(seen.count == 1_058)

        var sorted: [String] = []
        var window = FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.name, order: .reverse)])
        window.fetchOffset = 10
        window.fetchLimit = 250
        try context.enumerate(window, batchSize: 64) { sorted.append($0.name) }
        #expect(sorted == (try context.fetch(window).map(\.name)))

        var unsortedWindow = FetchDescriptor<Tag>()
        unsortedWindow.fetchOffset = 1_200
        unsortedWindow.fetchLimit = 50
        var tail: [String] = []
        try context.enumerate(unsortedWindow, batchSize: 7) { tail.append($0.name) }
        #expect(tail == (try context.fetch(unsortedWindow).map(\.name)))
        #expect(tail.count == 34)
    }

    @Test func batchedFetchReadsFromASnapshot() throws {
        let folder = try TemporaryDirectory()
        let context = try context(tags: 300, url: folder.file("tags.store"))
        let descriptor = FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.name)])
        let results = try context.fetch(descriptor, batchSize: 50)
        #expect(results.count == 300)
        // Rows deleted after the fetch are still readable through the collection (never a trap).
        let other = ModelContext(context.container)
        try other.delete(model: Tag.self, where: #Predicate { $0.uses == 0 })
        try other.save()
        #expect(results.map(\.name) == (0..<300).map { String(format: "tag-%05d", $0) })
        #expect(try context.fetchCount(FetchDescriptor<Tag>()) == 300 - 43)
    }

    @Test(arguments: TestStore.tested) func throwingUniquenessPolicyNamesTheConflict(store: TestStore) throws {
        var configuration = try store.configuration()
        configuration.uniquenessConflictPolicy = .throwError
        let context = ModelContext(try ModelContainer(for: Tag.self, configurations: configuration))
        context.insert(Tag(name: "taken", uses: 1))
        try context.save()
        context.insert(Tag(name: "taken", uses: 2))
        #expect {
            try context.save()
        } throws: { error in
            guard case SwiftDataError.uniqueConstraintViolation(let entity, let attributes, let values) = error else {
                return false
            }
            return entity == "Tag" && attributes == ["name"] && values == "'taken'"
        }
        // Nothing was written and the insert is still pending.
        #expect(context.hasChanges)
        #expect(try ModelContext(context.container).fetch(FetchDescriptor<Tag>()).map(\.uses) == [1])
    }

    @MainActor
    @Test func mainContextAutosavesAfterTheCurrentJob() async throws {
        let container = try inMemoryContainer(Tag.self)
        let context = container.mainContext
        #expect(context.autosaveEnabled)
        context.insert(Tag(name: "autosaved"))
        #expect(context.hasChanges)
        await Task.yield()
        for _ in 0..<100 where context.hasChanges { await Task.yield() }
        #expect(!context.hasChanges)
        #expect(try ModelContext(container).fetch(FetchDescriptor<Tag>()).map(\.name) == ["autosaved"])
    }
}
