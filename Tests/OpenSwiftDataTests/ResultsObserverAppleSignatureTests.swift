import Foundation
import OpenSwiftData
import Testing

/// SwiftData's `ResultsObserver` spellings: `init(fetchDescriptor:modelContext:)`, `init(filterBy:sortBy:…)`, the
/// container forms, and `filterBy`/`sortBy`, which fetch again before they return.
@MainActor
@Suite(.serialized) struct ResultsObserverAppleSignatureTests {
    private func container() throws -> ModelContainer {
        let container = try inMemoryContainer(Tag.self)
        let context = ModelContext(container)
        for (name, uses) in [("b", 2), ("a", 5), ("c", 1), ("d", 4)] { context.insert(Tag(name: name, uses: uses)) }
        try context.save()
        return container
    }

    @Test func filterByAndSortByRefetchBeforeTheyReturn() throws {
        let container = try container()
        let observer: ResultsObserver<Tag, Never> = try ResultsObserver(
            filterBy: #Predicate { $0.uses > 1 }, sortBy: [SortDescriptor(\.name)], modelContext: container.mainContext
        )
        #expect(observer.results.map(\.name) == ["a", "b", "d"])
        #expect(observer.modelContext === container.mainContext)

        observer.sortBy = [SortDescriptor(\.uses, order: .reverse)]
        #expect(observer.results.map(\.name) == ["a", "d", "b"])
        #expect(observer.fetchDescriptor.sortBy.count == 1)

        observer.filterBy = #Predicate { $0.uses < 5 }
        #expect(observer.results.map(\.name) == ["d", "b", "c"])
        observer.filterBy = nil
        #expect(observer.results.map(\.name) == ["a", "d", "b", "c"])
        #expect(observer.fetchDescriptor.predicate == nil)
        #expect(observer.lastError == nil)
    }

    @Test func fetchDescriptorFormsOverAContextOrAContainer() throws {
        let container = try container()
        let descriptor = FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.uses)])
        let overContext = try ResultsObserver(fetchDescriptor: descriptor, modelContext: container.mainContext)
        #expect(overContext.results.map(\.name) == ["c", "b", "d", "a"])

        let overContainer = try ResultsObserver(fetchDescriptor: descriptor, modelContainer: container)
        #expect(overContainer.modelContext !== container.mainContext)
        #expect(overContainer.results.map(\.uses) == [1, 2, 4, 5])

        let everything = try ResultsObserver<Tag, Never>(modelContext: container.mainContext)
        #expect(everything.results.count == 4)
        let filtered = try ResultsObserver(filterBy: #Predicate<Tag> { $0.name == "c" }, modelContainer: container)
        #expect(filtered.results.map(\.uses) == [1])
    }

    @Test func aPredicateThatCannotBeTranslatedThrowsFromTheInitializer() throws {
        let container = try inMemoryContainer(Sample.self)
        #expect(throws: SwiftDataError.self) {
            _ = try ResultsObserver(
                filterBy: #Predicate<Sample> { $0.computed > 1 }, modelContext: container.mainContext)
        }
    }
}
