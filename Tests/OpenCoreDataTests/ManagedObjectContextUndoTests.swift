import Foundation
import OpenCoreData
import Testing

/// `NSManagedObjectContext.undoManager`: inserts, deletes (with their delete rules) and value changes recorded one
/// group per event, undone and redone on the context's objects, and saved afterwards.
@Suite(.serialized) struct ManagedObjectContextUndoTests {
    static func stored(_ folder: URL) throws -> [String] {
        try ManagedObjectContextTests.people(
            loadedContainer("People", model: PeopleModel.make(), in: folder).viewContext)
    }

    @Test func theUndoManagerIsNilByDefaultAndRecordsNothingThen() throws {
        let context = try loadedContainer("People", model: PeopleModel.make(), in: nil).viewContext
        #expect(context.undoManager == nil)
        _ = ManagedObjectContextTests.person("Ada", in: context)
        context.undo()
        #expect(try ManagedObjectContextTests.people(context) == ["Ada"])
    }

    @Test func eachEventIsOneGroupOfInsertsChangesAndDeletes() throws {
        let folder = TemporaryFolder()
        let context = try loadedContainer("People", model: PeopleModel.make(), in: folder.url).viewContext
        let undoManager = UndoManager()
        context.undoManager = undoManager

        // Event 1: two inserts.
        let ada = ManagedObjectContextTests.person("Ada", age: 36, in: context)
        _ = ManagedObjectContextTests.person("Grace", in: context)
        context.processPendingChanges()
        // Event 2: a change of a value.
        ada.setValue("Ada Lovelace", forKey: "name")
        ada.setValue(37, forKey: "age")
        context.processPendingChanges()
        #expect(undoManager.undoCount == 2)

        context.undo()
        #expect(ada.value(forKey: "name") as? String == "Ada" && ada.value(forKey: "age") as? Int == 36)
        #expect(try ManagedObjectContextTests.people(context) == ["Ada", "Grace"])
        context.undo()
        #expect(try ManagedObjectContextTests.people(context) == [])
        #expect(!context.hasChanges && ada.managedObjectContext == nil)
        #expect(!undoManager.canUndo && undoManager.canRedo)

        context.redo()
        #expect(try ManagedObjectContextTests.people(context) == ["Ada", "Grace"])
        context.redo()
        #expect(try ManagedObjectContextTests.people(context) == ["Ada Lovelace", "Grace"])
        try context.save()
        #expect(try Self.stored(folder.url) == ["Ada Lovelace", "Grace"])

        // After a save, undo changes the objects again, and the next save persists that.
        context.undo()
        #expect(context.hasChanges)
        try context.save()
        #expect(try Self.stored(folder.url) == ["Ada", "Grace"])
    }

    @Test func undoingADeleteBringsBackTheObjectAndWhatItsRulesChanged() throws {
        let folder = TemporaryFolder()
        let context = try loadedContainer("People", model: PeopleModel.make(), in: folder.url).viewContext
        let team = ManagedObjectContextTests.team("Engines", in: context)
        let ada = ManagedObjectContextTests.person("Ada", in: context)
        let grace = ManagedObjectContextTests.person("Grace", in: context)
        ada.setValue(team, forKey: "team")
        grace.setValue(team, forKey: "team")
        try context.save()
        let undoManager = UndoManager()
        context.undoManager = undoManager

        // Deleting the team cascades to its members (the rule runs when pending changes are processed).
        context.delete(team)
        context.processPendingChanges()
        #expect(ada.isDeleted && grace.isDeleted)
        #expect(undoManager.undoCount == 1)
        context.undo()
        #expect(!team.isDeleted && !ada.isDeleted && !grace.isDeleted)
        #expect((team.value(forKey: "members") as? NSSet)?.count == 2)
        #expect(ada.value(forKey: "team") as? NSManagedObject === team)
        #expect(!context.hasChanges)
        try context.save()
        #expect(try Self.stored(folder.url) == ["Ada", "Grace"])

        context.redo()
        try context.save()
        #expect(try Self.stored(folder.url) == [])
    }

    @Test func relationshipChangesAreUndoneOnBothSides() throws {
        let context = try loadedContainer("People", model: PeopleModel.make(), in: nil).viewContext
        let first = ManagedObjectContextTests.team("First", in: context)
        let second = ManagedObjectContextTests.team("Second", in: context)
        let ada = ManagedObjectContextTests.person("Ada", in: context)
        ada.setValue(first, forKey: "team")
        try context.save()
        context.undoManager = UndoManager()

        ada.setValue(second, forKey: "team")
        context.processPendingChanges()
        #expect((first.value(forKey: "members") as? NSSet)?.count == 0)
        context.undo()
        #expect(ada.value(forKey: "team") as? NSManagedObject === first)
        #expect((first.value(forKey: "members") as? NSSet)?.count == 1)
        #expect((second.value(forKey: "members") as? NSSet)?.count == 0)
        #expect(!context.hasChanges)
    }

    @Test func rollbackAndResetEmptyTheHistory() throws {
        let context = try loadedContainer("People", model: PeopleModel.make(), in: nil).viewContext
        let undoManager = UndoManager()
        context.undoManager = undoManager
        _ = ManagedObjectContextTests.person("Ada", in: context)
        context.processPendingChanges()
        #expect(undoManager.canUndo)
        context.rollback()
        #expect(!undoManager.canUndo)
        _ = ManagedObjectContextTests.person("Grace", in: context)
        context.processPendingChanges()
        context.reset()
        #expect(!undoManager.canUndo && !undoManager.canRedo)
    }
}
