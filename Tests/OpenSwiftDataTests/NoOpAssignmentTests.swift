import Foundation
import OpenSwiftData
import Testing

/// Assigning a property the value it already has is not a change (Core Data's `hasPersistentChangedValues`).
@Suite struct NoOpAssignmentTests {
    @Test func anEqualAttributeValueIsNotAChange() throws {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        let tag = Tag(name: "swift", uses: 3)
        context.insert(tag)
        try context.save()
        tag.name = tag.name
        tag.uses = 3
        #expect(!tag.hasChanges)
        #expect(!context.hasChanges)
        #expect(context.changedModelsArray.isEmpty)
        tag.uses = 4
        #expect(tag.hasChanges && context.hasChanges)
    }

    @Test func theSameRelatedModelsAreNotAChange() throws {
        let context = ModelContext(try inMemoryContainer(Author.self))
        let author = Author(name: "Woolf")
        let book = Book(title: "Orlando", author: author)
        context.insert(book)
        try context.save()
        book.author = author
        author.books = author.books
        book.tags = []
        #expect(!context.hasChanges)
        #expect(author.books.map(\.title) == ["Orlando"])
    }

    #if !canImport(ObjectiveC)
    @Test func anEqualValueIsNotRecordedForUndo() throws {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        let tag = Tag(name: "swift", uses: 3)
        context.insert(tag)
        try context.save()
        let undoManager = UndoManager()
        context.undoManager = undoManager
        tag.uses = 3
        tag.name = "swift"
        context.processPendingChanges()
        #expect(!undoManager.canUndo)
        tag.uses = 5
        context.processPendingChanges()
        #expect(undoManager.canUndo)
        undoManager.undo()
        #expect(tag.uses == 3)
    }
    #endif
}
