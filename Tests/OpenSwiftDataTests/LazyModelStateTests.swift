import Foundation
import Observation
import Synchronization
@testable import OpenSwiftData
import Testing

/// What a fetched model creates only when used (issue 16): its observation registrar, made by the first property
/// read, and the rarely used part of its persistent state; and the registry's identity map under sweeps.
@Suite struct LazyModelStateTests {
    private func storedTags(_ count: Int) throws -> ModelContainer {
        let container = try inMemoryContainer(Tag.self)
        let context = ModelContext(container)
        for index in 0..<count { context.insert(Tag(name: "tag \(index)", uses: index)) }
        try context.save()
        return container
    }

    @Test func aFetchedModelChangedBeforeAnyReadIsObservedAfterItsFirstRead() throws {
        let context = ModelContext(try storedTags(1))
        let tag = try #require(try context.fetch(FetchDescriptor<Tag>()).first)
        // No property read yet, so no registrar: the change has no observer to tell, and is still tracked.
        tag.uses = 5
        #expect(context.hasChanges)
        let changes = Mutex(0)
        withObservationTracking {
            _ = tag.uses
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        tag.uses = 6
        #expect(changes.withLock { $0 } == 1)
        #expect(tag.uses == 6)
        // A second observer of another property of the same model shares the registrar the first read made.
        withObservationTracking {
            _ = tag.name
        } onChange: {
            changes.withLock { $0 += 10 }
        }
        tag.name = "renamed"
        #expect(changes.withLock { $0 } == 11)
    }

    @Test func aRefetchThatRefreshesAnObservedModelNotifiesItsObserver() throws {
        let container = try storedTags(1)
        let context = ModelContext(container)
        let tag = try #require(try context.fetch(FetchDescriptor<Tag>()).first)
        let changes = Mutex(0)
        withObservationTracking {
            _ = tag.uses
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        let other = ModelContext(container)
        try #require(try other.fetch(FetchDescriptor<Tag>()).first).uses = 40
        try other.save()
        _ = try context.fetch(FetchDescriptor<Tag>())
        #expect(tag.uses == 40)
        #expect(changes.withLock { $0 } == 1)
    }

    @Test func aModelChangedAgainKeepsItsPlaceAmongTheChangedModelsAndIsSavedOnce() throws {
        let container = try storedTags(3)
        let context = ModelContext(container)
        let tags = try context.fetch(FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.uses)]))
        try #require(tags.count == 3)
        tags[1].uses = 10
        tags[0].uses = 20
        tags[1].name = "again"
        #expect(
            context.changedModelsArray.map { ObjectIdentifier($0) } == [
                ObjectIdentifier(tags[1]), ObjectIdentifier(tags[0]),
            ])
        #expect(tags[1].hasChanges && tags[0].hasChanges && !tags[2].hasChanges)
        #expect(!tags[1].isDeleted && tags[1].modelContext === context)
        try context.save()
        #expect(context.changedModelsArray.isEmpty && !tags[1].hasChanges)
        let stored = try ModelContext(container).fetch(FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.uses)]))
        #expect(stored.map(\.name) == ["tag 2", "again", "tag 0"])
        #expect(stored.map(\.uses) == [2, 10, 20])
        #expect(stored.map(\.persistentModelID) == [tags[2], tags[1], tags[0]].map(\.persistentModelID))
    }

    @Test func aChangeWithAnUndoManagerIsUndoneAndAChangeWithoutOneIsRolledBack() throws {
        let context = ModelContext(try storedTags(1))
        let tag = try #require(try context.fetch(FetchDescriptor<Tag>()).first)
        tag.uses = 7
        context.rollback()
        #expect(tag.uses == 0 && !tag.hasChanges)
        context.undoManager = UndoManager()
        tag.uses = 8
        context.processPendingChanges()
        context.undoManager?.undo()
        #expect(tag.uses == 0)
    }

    @Test func theRarelyUsedStateIsCreatedOnDemandAndCopiedOnWrite() {
        var state = PersistentState()
        #expect(state.temporaryIdentifier == nil && state.dataStoreIdentifier == nil && state.orphanContainer == nil)
        state.temporaryIdentifier = nil  // setting nil allocates nothing, and reads back nil
        #expect(state.temporaryIdentifier == nil)
        let identifier = PersistentIdentifier(entityName: "Tag", storeIdentifier: nil, key: .temporary(3))
        state.temporaryIdentifier = identifier
        let copy = state
        state.temporaryIdentifier = nil
        state.dataStoreIdentifier = identifier
        #expect(state.temporaryIdentifier == nil && state.dataStoreIdentifier == identifier)
        #expect(copy.temporaryIdentifier == identifier && copy.dataStoreIdentifier == nil)
    }

    @Test func theStateIsSevenWordsAndKeepsTheStoreAndChangesPastSixtyFourProperties() {
        // The store's identifier is interned and the change set's overflow is out of line (memory per fetched row).
        #expect(MemoryLayout<PersistentState>.size <= 56)
        var state = PersistentState()
        #expect(state.storeIdentifier == nil && !state.hasChanges)
        state.markRegistered(rowID: 7, storeIdentifier: "store A")
        var other = PersistentState()
        other.markRegistered(rowID: 7, storeIdentifier: "store B")
        #expect(state.storeIdentifier == "store A" && other.storeIdentifier == "store B")
        #expect(state.storeIndex == StoreIdentifiers.index(of: "store A"))
        state.markChanged(3)
        state.markChanged(70)
        let copy = state
        state.markChanged(65)
        #expect(state.hasChanges && state.changedProperties.sorted == [3, 65, 70])
        #expect(copy.changedProperties.sorted == [3, 70])
        state.clearChanges()
        #expect(!state.hasChanges && state.changedProperties.sorted.isEmpty && copy.hasChanges)
        var high = PersistentState()
        high.markChanged(64)
        #expect(high.hasChanges && high.changedProperties.sorted == [64])
        high.changedProperties = PropertyIndexSet()
        #expect(!high.hasChanges)
        state.storeIdentifier = nil
        #expect(state.storeIdentifier == nil && state.storeIndex == StoreIdentifiers.none)
    }

    @Test func theIdentityMapKeepsOneInstancePerRowThroughSweepsDeletesAndReusedKeys() throws {
        let container = try storedTags(3_000)
        let context = ModelContext(container)
        // Hold every third model; enumerate sweeps the others after each batch.
        var held: [Int64: Tag] = [:]
        try context.enumerate(FetchDescriptor<Tag>(), batchSize: 500) { tag in
            if tag.uses % 3 == 0 { held[tag._$persistentState.rowID] = tag }
        }
        #expect(held.count == 1_000)
        for tag in try context.fetch(FetchDescriptor<Tag>()) where tag.uses % 3 == 0 {
            #expect(held[tag._$persistentState.rowID] === tag)
        }
        context.releaseUnusedInstances()
        for tag in try context.fetch(FetchDescriptor<Tag>()) where tag.uses % 3 == 0 {
            #expect(held[tag._$persistentState.rowID] === tag)
        }
        // Deleting rows and inserting new ones (SQLite may hand out a freed key again without AUTOINCREMENT; with
        // it, new keys follow on): each row still has exactly one instance, and deleted ones are gone.
        for tag in held.values.prefix(100) { context.delete(tag) }
        try context.save()
        for index in 0..<100 { context.insert(Tag(name: "new \(index)", uses: -1)) }
        try context.save()
        let all = try context.fetch(FetchDescriptor<Tag>())
        #expect(all.count == 3_000)
        #expect(Set(all.map { ObjectIdentifier($0) }).count == 3_000)
        #expect(Set(all.map(\._$persistentState.rowID)).count == 3_000)
        let again = try context.fetch(FetchDescriptor<Tag>())
        #expect(zip(all, again).allSatisfy { $0 === $1 })
    }
}
