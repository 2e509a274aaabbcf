import Foundation
import OpenSwiftData
import StoreTestSupport
import Testing

@Suite struct ContextLifecycleTests {
    private func savedTags(_ names: [String], _ store: TestStore) throws -> (ModelContext, [Tag]) {
        let context = ModelContext(try store.container(Tag.self))
        let tags = names.enumerated().map { Tag(name: $1, uses: $0) }
        for tag in tags { context.insert(tag) }
        try context.save()
        return (context, tags)
    }

    @Test(arguments: TestStore.tested) func deleteIsPendingUntilSave(store: TestStore) throws {
        let (context, tags) = try savedTags(["a", "b", "c"], store)
        context.delete(tags[1])
        #expect(tags[1].isDeleted)
        #expect(tags[1].modelContext === context)
        #expect(context.deletedModelsArray.count == 1)
        #expect(try context.fetch(FetchDescriptor<Tag>()).map(\.name) == ["a", "c"])
        // Without pending changes the row is still in the store.
        var storedOnly = FetchDescriptor<Tag>()
        storedOnly.includePendingChanges = false
        #expect(try context.fetch(storedOnly).map(\.name) == ["a", "b", "c"])

        try context.save()
        #expect(!tags[1].isDeleted)  // as SwiftData: a saved deletion is told by modelContext == nil
        #expect(tags[1].modelContext == nil)
        #expect(tags[1].name == "b")  // last values stay readable
        #expect(try ModelContext(context.container).fetch(FetchDescriptor<Tag>()).map(\.name) == ["a", "c"])
    }

    @Test(arguments: TestStore.tested) func batchDeleteRemovesMatchingRowsFromFetchesAtOnce(store: TestStore) throws {
        let (context, tags) = try savedTags(["keep", "drop-1", "drop-2"], store)
        let unsaved = Tag(name: "drop-unsaved")
        context.insert(unsaved)
        try context.delete(model: Tag.self, where: #Predicate { $0.name.starts(with: "drop") })
        #expect(tags[1].isDeleted && tags[2].isDeleted)
        #expect(tags[1].modelContext === context)  // pending until the save (see BatchDeleteTests)
        #expect(!tags[0].isDeleted)
        #expect(unsaved.modelContext == nil)
        #expect(try context.fetch(FetchDescriptor<Tag>()).map(\.name) == ["keep"])
        // Another context sees it once it is saved.
        try context.save()
        #expect(try ModelContext(context.container).fetch(FetchDescriptor<Tag>()).map(\.name) == ["keep"])

        // A model inserted afterwards survives.
        context.insert(Tag(name: "drop-later"))
        try context.save()
        #expect(try context.fetch(FetchDescriptor<Tag>()).map(\.name) == ["keep", "drop-later"])
    }

    @Test(arguments: TestStore.tested) func batchDeleteWithoutPredicateEmptiesTheTable(store: TestStore) throws {
        let (context, _) = try savedTags(["a", "b"], store)
        try context.delete(model: Tag.self)
        #expect(try context.fetchCount(FetchDescriptor<Tag>()) == 0)
    }

    @Test(arguments: TestStore.tested) func rollbackDiscardsInsertsDeletesAndChanges(store: TestStore) throws {
        let (context, tags) = try savedTags(["a", "b"], store)
        let inserted = Tag(name: "new")
        context.insert(inserted)
        context.delete(tags[0])
        tags[1].uses = 100
        #expect(context.hasChanges)
        #expect(tags[1].hasChanges)
        context.rollback()
        #expect(!context.hasChanges)
        #expect(!tags[0].isDeleted)
        #expect(tags[1].uses == 1)
        #expect(!tags[1].hasChanges)
        #expect(inserted.modelContext == nil)
        #expect(try context.fetch(FetchDescriptor<Tag>()).map(\.name) == ["a", "b"])
    }

    @Test(arguments: TestStore.tested) func changedPropertiesAreSaved(store: TestStore) throws {
        let (context, tags) = try savedTags(["a"], store)
        tags[0].uses = 41
        #expect(context.changedModelsArray.count == 1)
        try context.save()
        #expect(context.changedModelsArray.isEmpty)
        #expect(try ModelContext(context.container).fetch(FetchDescriptor<Tag>()).first?.uses == 41)
    }

    @Test(arguments: TestStore.tested) func sortLimitAndOffset(store: TestStore) throws {
        let (context, _) = try savedTags(["d", "b", "e", "a", "c"], store)
        let byName = FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.name)])
        #expect(try context.fetch(byName).map(\.name) == ["a", "b", "c", "d", "e"])
        let reversed = FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.name, order: .reverse)])
        #expect(try context.fetch(reversed).map(\.name) == ["e", "d", "c", "b", "a"])

        var page = byName
        page.fetchLimit = 2
        page.fetchOffset = 1
        #expect(try context.fetch(page).map(\.name) == ["b", "c"])
        #expect(try context.fetchCount(page) == 2)
        page.fetchOffset = 4
        #expect(try context.fetch(page).map(\.name) == ["e"])
        page.fetchOffset = 9
        #expect(try context.fetch(page).isEmpty)

        // Unsorted fetches come in insertion order.
        #expect(try context.fetch(FetchDescriptor<Tag>()).map(\.name) == ["d", "b", "e", "a", "c"])
    }

    @Test(arguments: TestStore.tested) func pagesIncludingPendingChangesAreDisjointAndComplete(store: TestStore) throws
    {
        let (context, tags) = try savedTags(["b", "d", "f"], store)
        context.insert(Tag(name: "a"))
        context.insert(Tag(name: "e"))
        context.delete(tags[1])
        tags[2].name = "c"
        var page = FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.name)])
        page.fetchLimit = 2
        var names: [String] = []
        for offset in stride(from: 0, to: 6, by: 2) {
            page.fetchOffset = offset
            names += try context.fetch(page).map(\.name)
        }
        #expect(names == ["a", "b", "c", "e"])
        #expect(try context.fetchCount(FetchDescriptor<Tag>()) == 4)
    }

    @Test(arguments: TestStore.tested) func insertingTheSameUniqueValueUpdatesTheRow(store: TestStore) throws {
        let (context, tags) = try savedTags(["swift", "data"], store)
        let replacement = Tag(name: "swift", uses: 500)
        context.insert(replacement)
        try context.save()
        let all = try context.fetch(FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.name)]))
        #expect(all.map(\.name) == ["data", "swift"])
        #expect(all.last === replacement)
        #expect(replacement.persistentModelID.primaryKey == 1)
        #expect(tags[0].uses == 500)  // the earlier instance got the saved values…
        #expect(tags[0].modelContext == nil)  // …and left the context
    }

    @Test(arguments: TestStore.tested) func twoPendingInsertsWithOneKeyCollapseLastWins(store: TestStore) throws {
        let context = ModelContext(try store.container(Tag.self))
        let first = Tag(name: "dup", uses: 1)
        let second = Tag(name: "dup", uses: 2)
        context.insert(first)
        context.insert(second)
        try context.save()
        let stored = try ModelContext(context.container).fetch(FetchDescriptor<Tag>())
        #expect(stored.map(\.uses) == [2])
        #expect(try context.fetch(FetchDescriptor<Tag>()).first === second)
    }

    @Test(arguments: TestStore.tested) func insertingTwiceIsANoOp(store: TestStore) throws {
        let context = ModelContext(try store.container(Tag.self))
        let tag = Tag(name: "once")
        context.insert(tag)
        context.insert(tag)
        #expect(context.insertedModelsArray.count == 1)
        try context.save()
        context.insert(tag)
        #expect(!context.hasChanges)
    }

    @Test(arguments: TestStore.tested) func unknownModelTypeThrowsANamedError(store: TestStore) throws {
        let context = ModelContext(try store.container(Tag.self))
        #expect(throws: SwiftDataError.self) { try context.fetch(FetchDescriptor<Sample>()) }
        do {
            _ = try context.fetch(FetchDescriptor<Sample>())
        } catch {
            #expect(error.description.contains("Sample is not in this container's schema"))
        }
    }

    @Test func aFileThatIsNotSQLiteIsRefusedAndLeftUntouched() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("notes.store")
        let text = Data("this is a text file, not a database\n".utf8)
        try text.write(to: url)
        #expect {
            _ = try ModelContainer(for: Tag.self, configurations: ModelConfiguration(url: url))
        } throws: { error in
            guard case SwiftDataError.storeNotADatabase = error else { return false }
            return true
        }
        #expect(try Data(contentsOf: url) == text)
    }
}

@Suite struct SchemaValidationTests {
    @Test func anUnstorablePropertyTypeFailsContainerCreationNamingIt() {
        #expect {
            _ = try inMemoryContainer(Landmark.self)
        } throws: { error in
            "\(error)".contains("Landmark.coordinate has type Coordinate, which cannot be stored")
        }
    }
}
