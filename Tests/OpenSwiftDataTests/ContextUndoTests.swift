#if !canImport(ObjectiveC)
import Foundation
import OpenSwiftData
import Testing

@Suite struct ContextUndoTests {
    /// What the context shows and what a fresh context reads from the store, as sorted titles.
    private func titles(_ context: ModelContext) throws -> (shown: [String], stored: [String]) {
        let shown = try context.fetch(FetchDescriptor<MarkedBookModel>(sortBy: [SortDescriptor(\.title)])).map(\.title)
        let stored = try ModelContext(context.container).fetch(
            FetchDescriptor<MarkedBookModel>(sortBy: [SortDescriptor(\.title)])
        ).map(\.title)
        return (shown, stored)
    }

    private func book(_ title: String) -> MarkedBookModel {
        MarkedBookModel(
            authors: "", contents: "", price: 0, publisher: "", status: "정상판매", thumbnail: "", title: title, url: "")
    }

    /// The bookstore tutorial: save two books, delete one, undo, undo, redo — saving after every step, so the
    /// store holds exactly what the context shows at each one, across a reopen too.
    @Test func bookstoreInsertDeleteUndoUndoRedo() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("books.store")
        let context = ModelContext(
            try ModelContainer(for: MarkedBookModel.self, configurations: ModelConfiguration(url: url)))
        let undoManager = UndoManager()
        context.undoManager = undoManager
        #expect(!undoManager.canUndo && !undoManager.canRedo)

        let first = book("우주")
        context.insert(first)
        try context.save()
        let second = book("미움받을 용기")
        context.insert(second)
        try context.save()
        #expect(try titles(context) == (["미움받을 용기", "우주"], ["미움받을 용기", "우주"]))
        #expect(undoManager.canUndo && !undoManager.canRedo)

        context.delete(first)
        try context.save()
        #expect(try titles(context) == (["미움받을 용기"], ["미움받을 용기"]))

        undoManager.undo()  // the delete: the book is back
        try context.save()
        #expect(try titles(context) == (["미움받을 용기", "우주"], ["미움받을 용기", "우주"]))
        #expect(undoManager.canUndo && undoManager.canRedo)

        undoManager.undo()  // the second insert: gone
        try context.save()
        #expect(try titles(context) == (["우주"], ["우주"]))
        #expect(undoManager.canUndo && undoManager.canRedo)

        undoManager.redo()  // the second insert again
        try context.save()
        #expect(try titles(context) == (["미움받을 용기", "우주"], ["미움받을 용기", "우주"]))
        #expect(undoManager.canUndo && undoManager.canRedo)

        let reopened = ModelContext(
            try ModelContainer(for: MarkedBookModel.self, configurations: ModelConfiguration(url: url)))
        let stored = try reopened.fetch(FetchDescriptor<MarkedBookModel>(sortBy: [SortDescriptor(\.title)])).map(
            \.title)
        #expect(stored == ["미움받을 용기", "우주"])
    }

    @Test func propertyChangesGroupByProcessPendingChanges() throws {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        let undoManager = UndoManager()
        context.undoManager = undoManager
        let tag = Tag(name: "a", uses: 1)
        context.insert(tag)
        context.processPendingChanges()
        tag.uses = 2
        tag.name = "b"
        context.processPendingChanges()
        tag.uses = 3
        context.processPendingChanges()
        undoManager.undo()
        #expect(tag.uses == 2 && tag.name == "b")
        undoManager.undo()  // both changes of that group
        #expect(tag.uses == 1 && tag.name == "a")
        undoManager.redo()
        #expect(tag.uses == 2 && tag.name == "b")
        try context.save()
        #expect(try ModelContext(context.container).fetch(FetchDescriptor<Tag>()).map(\.uses) == [2])
        // Undo after a save works, and a later save persists it.
        undoManager.undo()
        try context.save()
        #expect(try ModelContext(context.container).fetch(FetchDescriptor<Tag>()).map(\.name) == ["a"])
        // Rollback clears the stack.
        tag.uses = 9
        context.rollback()
        #expect(!undoManager.canUndo && !undoManager.canRedo)
    }

    @Test func undoRestoresRelationshipsOnBothSides() throws {
        let context = ModelContext(try inMemoryContainer(Author.self))
        let undoManager = UndoManager()
        context.undoManager = undoManager
        let a = Author(name: "A"), b = Author(name: "B")
        let book = Book(title: "T", author: a)
        context.insert(a)
        context.insert(b)
        context.insert(book)
        try context.save()
        book.author = b
        context.processPendingChanges()
        #expect(a.books.isEmpty && b.books.map(\.title) == ["T"])
        undoManager.undo()
        #expect(book.author === a)
        #expect(a.books.map(\.title) == ["T"] && b.books.isEmpty)
        undoManager.redo()
        #expect(book.author === b && a.books.isEmpty)
    }

    @Test func noUndoManagerRecordsNothing() throws {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        #expect(context.undoManager == nil)
        context.insert(Tag(name: "x"))
        try context.save()
    }
}
#endif
