import Foundation
import OpenSwiftData
import Testing

/// `model(for:)` does not throw, as SwiftData's: a missing row gives a placeholder that never traps.
@Suite struct ModelForIdentifierTests {
    @Test func aDeletedRowGivesAPlaceholderOfItsTypeWithZeroValues() throws {
        let container = try inMemoryContainer(Tag.self)
        let context = ModelContext(container)
        let tag = Tag(name: "gone")
        tag.uses = 7
        context.insert(tag)
        try context.save()
        let identifier = tag.persistentModelID
        let other = ModelContext(container)
        other.delete(try #require(try other.fetch(FetchDescriptor<Tag>()).first))
        try other.save()
        // A fresh context has no instance of the row: it finds the row gone.
        let reader = ModelContext(container)
        let placeholder = try #require(reader.model(for: identifier) as? Tag)
        #expect(placeholder.persistentModelID == identifier)
        #expect(placeholder.modelContext == nil)
        #expect(!placeholder.isDeleted)
        #expect(placeholder.name == "")
        #expect(placeholder.uses == 0)
        #expect(try reader.fetchCount(FetchDescriptor<Tag>()) == 0)
        let error = #expect(throws: SwiftDataError.self) { try reader.existingModel(for: identifier) }
        guard case .modelNotFound(let missing)? = error else {
            Issue.record("expected modelNotFound, got \(String(describing: error))"); return
        }
        #expect(missing == identifier)
    }

    @Test func anIdentifierOfAnotherSchemaGivesAModelOfNoType() throws {
        let defaultsContext = ModelContext(try inMemoryContainer(Defaults.self))
        let defaults = Defaults()
        defaultsContext.insert(defaults)
        try defaultsContext.save()
        let foreign = defaults.persistentModelID

        let context = ModelContext(try inMemoryContainer(Tag.self))
        let model = context.model(for: foreign)
        #expect(model as? Defaults == nil)
        #expect(model as? Tag == nil)
        #expect(model.persistentModelID == foreign)
        #expect(model.modelContext == nil)
        let error = #expect(throws: SwiftDataError.self) { try context.existingModel(for: foreign) }
        guard case .modelNotInSchema(let name)? = error else {
            Issue.record("expected modelNotInSchema, got \(String(describing: error))"); return
        }
        #expect(name == "Defaults")
    }

    @Test func presentRowsAreReturnedAsBefore() throws {
        let container = try inMemoryContainer(Tag.self)
        let context = ModelContext(container)
        let tag = Tag(name: "kept")
        context.insert(tag)
        #expect(context.model(for: tag.persistentModelID) as? Tag === tag)
        try context.save()
        #expect(context.model(for: tag.persistentModelID) as? Tag === tag)
        let other = ModelContext(container)
        let read = try #require(other.model(for: tag.persistentModelID) as? Tag)
        #expect(read.name == "kept")
        #expect(read.modelContext === other)
        #expect(try other.existingModel(for: tag.persistentModelID) as? Tag === read)
    }
}
