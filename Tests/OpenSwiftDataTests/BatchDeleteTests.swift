import Foundation
import OpenSwiftData
import StoreTestSupport
import Testing

/// `delete(model:where:)` is a pending change of its context, written by the next save with everything else.
@Suite struct BatchDeleteTests {
    private struct Failure: Error {}

    private func savedTags(
        _ names: [String], configuration: ModelConfiguration = ModelConfiguration(isStoredInMemoryOnly: true)
    )
        throws -> (ModelContext, [Tag])
    {
        let context = ModelContext(try ModelContainer(for: Tag.self, configurations: configuration))
        let tags = names.enumerated().map { Tag(name: $1, uses: $0) }
        for tag in tags { context.insert(tag) }
        try context.save()
        return (context, tags)
    }

    private func storedNames(_ context: ModelContext) throws -> [String] {
        try ModelContext(context.container).fetch(FetchDescriptor<Tag>()).map(\.name)
    }

    @Test(arguments: TestStore.tested) func aFailedTransactionKeepsEveryRow(store: TestStore) throws {
        let (context, tags) = try savedTags(["a", "b"], configuration: try store.configuration())
        #expect(throws: Failure.self) {
            try context.transaction {
                try context.delete(model: Tag.self)
                throw Failure()
            }
        }
        #expect(try storedNames(context) == ["a", "b"])
        #expect(try context.fetch(FetchDescriptor<Tag>()).map(\.name) == ["a", "b"])
        #expect(!tags[0].isDeleted && tags[0].modelContext === context)

        #expect(throws: Failure.self) {
            try context.transaction {
                try context.delete(model: Tag.self, where: #Predicate { $0.name == "b" })
                throw Failure()
            }
        }
        #expect(try storedNames(context) == ["a", "b"])
        #expect(!context.hasChanges)
    }

    @Test(arguments: TestStore.tested) func fetchesInTheContextStopReturningTheRowsAtOnceAndTheSaveDeletesThem(
        store: TestStore
    ) throws {
        let (context, tags) = try savedTags(["keep", "drop-1", "drop-2"], configuration: try store.configuration())
        let unsaved = Tag(name: "drop-unsaved")
        context.insert(unsaved)
        try context.delete(model: Tag.self, where: #Predicate { $0.name.starts(with: "drop") })
        #expect(context.hasChanges)
        #expect(try context.fetch(FetchDescriptor<Tag>()).map(\.name) == ["keep"])
        #expect(try context.fetchCount(FetchDescriptor<Tag>()) == 1)
        #expect(try context.fetchIdentifiers(FetchDescriptor<Tag>()) == [tags[0].persistentModelID])
        var names: [String] = []
        try context.enumerate(FetchDescriptor<Tag>()) { names.append($0.name) }
        #expect(names == ["keep"])
        #expect(tags[1].isDeleted && tags[1].modelContext === context)
        #expect(!tags[0].isDeleted)
        #expect(unsaved.modelContext == nil)
        // Nothing is written before the save: another context still reads every row.
        #expect(try storedNames(context) == ["keep", "drop-1", "drop-2"])

        // A model inserted afterwards is not affected.
        context.insert(Tag(name: "drop-later"))
        try context.save()
        #expect(!context.hasChanges)
        #expect(try storedNames(context) == ["keep", "drop-later"])
        #expect(!tags[1].isDeleted && tags[1].modelContext == nil)
        #expect(try context.fetch(FetchDescriptor<Tag>()).map(\.name) == ["keep", "drop-later"])
    }

    @Test(arguments: TestStore.tested) func withoutAPredicateEveryStoredRowGoesAtTheSave(store: TestStore) throws {
        let location = try store.location()
        let (context, tags) = try savedTags(["a", "b"], configuration: try location.configuration())
        try context.delete(model: Tag.self)
        #expect(try context.fetchCount(FetchDescriptor<Tag>()) == 0)
        #expect(try storedNames(context) == ["a", "b"])
        try context.save()
        #expect(try storedNames(context).isEmpty)
        #expect(tags.allSatisfy { $0.modelContext == nil && !$0.isDeleted })
    }

    @Test(arguments: TestStore.tested) func rollbackUndoesIt(store: TestStore) throws {
        let (context, tags) = try savedTags(["a", "b"], configuration: try store.configuration())
        tags[1].uses = 99
        try context.delete(model: Tag.self)
        context.rollback()
        #expect(!context.hasChanges)
        #expect(tags.allSatisfy { !$0.isDeleted && $0.modelContext === context })
        #expect(tags[1].uses == 1)
        #expect(try context.fetch(FetchDescriptor<Tag>()).map(\.name) == ["a", "b"])
        try context.save()
        #expect(try storedNames(context) == ["a", "b"])
    }

    @Test(arguments: TestStore.tested) func aFailedSaveWritesNeitherTheBatchDeleteNorAnythingElse(store: TestStore)
        throws
    {
        var configuration = try store.configuration()
        configuration.uniquenessConflictPolicy = .throwError
        let (context, _) = try savedTags(["a", "taken"], configuration: configuration)
        try context.delete(model: Tag.self, where: #Predicate { $0.name == "a" })
        context.insert(Tag(name: "taken"))
        #expect(throws: SwiftDataError.self) { try context.save() }
        #expect(try storedNames(context) == ["a", "taken"])
        // The context is as before the save: the delete is still pending.
        #expect(try context.fetch(FetchDescriptor<Tag>(predicate: #Predicate { $0.name == "a" })).isEmpty)
    }

    #if !canImport(ObjectiveC)
    @Test(arguments: TestStore.tested) func undoBringsTheRowsBackBeforeAndAfterTheSave(store: TestStore) throws {
        let (context, tags) = try savedTags(["keep", "drop-1", "drop-2"], configuration: try store.configuration())
        let undoManager = UndoManager()
        context.undoManager = undoManager
        try context.delete(model: Tag.self, where: #Predicate { $0.name.starts(with: "drop") })
        #expect(try context.fetch(FetchDescriptor<Tag>()).map(\.name) == ["keep"])
        undoManager.undo()
        #expect(try context.fetch(FetchDescriptor<Tag>()).map(\.name) == ["keep", "drop-1", "drop-2"])
        #expect(!tags[1].isDeleted && tags[1].modelContext === context)
        #expect(!context.hasChanges)

        undoManager.redo()
        #expect(try context.fetch(FetchDescriptor<Tag>()).map(\.name) == ["keep"])
        try context.save()
        #expect(try storedNames(context) == ["keep"])

        // After the save, undo inserts the deleted models again; the next save stores them.
        undoManager.undo()
        #expect(
            try context.fetch(FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.name)])).map(\.name) == [
                "drop-1", "drop-2", "keep",
            ])
        try context.save()
        #expect(try storedNames(context).sorted() == ["drop-1", "drop-2", "keep"])
    }
    #endif
}
