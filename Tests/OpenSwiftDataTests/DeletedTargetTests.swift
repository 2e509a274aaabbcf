import Foundation
import OpenSwiftData
import Testing

/// After a save, a deleted model is gone from its context: nothing registered there still refers to it, and it
/// reports what SwiftData's deleted models report (`isDeleted` false, `modelContext` nil).
@Suite struct DeletedTargetTests {
    private func errands() throws -> (ModelContext, Tag, [Errand]) {
        let context = ModelContext(try inMemoryContainer(Errand.self))
        let tag = Tag(name: "garden")
        let other = Tag(name: "shop")
        let first = Errand(title: "water the roses", tag: tag)
        first.labels = [tag, other]
        let second = Errand(title: "buy seeds", tag: tag)
        second.labels = [other, tag]
        context.insert(first)
        context.insert(second)
        try context.save()
        return (context, tag, [first, second])
    }

    @Test func everyReferenceToADeletedModelIsGoneAfterTheSave() throws {
        let (context, tag, errands) = try errands()
        context.delete(tag)
        // Until the save, the deletion is pending: references stay.
        #expect(errands[0].tag === tag)
        try context.save()
        #expect(errands.allSatisfy { $0.tag == nil })
        #expect(errands.map { $0.labels.map(\.name) } == [["shop"], ["shop"]])
        // The store already says so: nothing is left to save.
        #expect(!context.hasChanges && errands.allSatisfy { !$0.hasChanges })
        let fresh = try ModelContext(context.container).fetch(
            FetchDescriptor<Errand>(sortBy: [SortDescriptor(\.title)]))
        #expect(fresh.map { $0.tag == nil } == [true, true])
        #expect(fresh.map { $0.labels.map(\.name) } == [["shop"], ["shop"]])
    }

    @Test func referencesReadFromTheStoreForgetTheDeletedModelToo() throws {
        let (saving, _, _) = try errands()
        let context = ModelContext(saving.container)
        let errands = try context.fetch(FetchDescriptor<Errand>(sortBy: [SortDescriptor(\.title)]))
        let tag = try #require(errands[0].tag)  // read from the store (a fault until now)
        _ = errands[1].labels  // read; errands[0].labels stays in the store
        context.delete(tag)
        try context.save()
        #expect(errands.allSatisfy { $0.tag == nil })
        #expect(errands.map { $0.labels.map(\.name) } == [["shop"], ["shop"]])
        #expect(!context.hasChanges)
    }

    @Test func aBatchDeleteIsForgottenByTheModelsThatReferredToItsRows() throws {
        let (context, tag, errands) = try errands()
        try context.delete(model: Tag.self, where: #Predicate { $0.name == "garden" })
        try context.save()
        #expect(errands.allSatisfy { $0.tag == nil })
        #expect(errands.map { $0.labels.map(\.name) } == [["shop"], ["shop"]])
        #expect(tag.modelContext == nil && !tag.isDeleted)
    }

    @Test func noActionLeavesTheReferencesUntilTheSaveOnly() throws {
        let context = ModelContext(try inMemoryContainer(Shelf.self))
        let shelf = Shelf(label: "top")
        let jar = Jar(contents: "honey")
        shelf.jars = [jar]
        context.insert(shelf)
        try context.save()
        context.delete(shelf)
        try context.save()
        #expect(jar.shelf == nil)
        #expect(!jar.hasChanges)
        #expect(try ModelContext(context.container).fetch(FetchDescriptor<Jar>()).map { $0.shelf == nil } == [true])
    }

    @Test func isDeletedIsFalseAndModelContextNilOnceTheDeleteIsSaved() throws {
        let (context, tag, _) = try errands()
        context.delete(tag)
        #expect(tag.isDeleted && tag.modelContext === context)
        try context.save()
        #expect(!tag.isDeleted)
        #expect(tag.modelContext == nil)
        #expect(tag.name == "garden")  // its last values stay readable
        #expect(!tag.hasChanges)

        // An unsaved insert that is deleted simply leaves.
        let unsaved = Tag(name: "unsaved")
        context.insert(unsaved)
        context.delete(unsaved)
        #expect(!unsaved.isDeleted && unsaved.modelContext == nil)
    }
}
