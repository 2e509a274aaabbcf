import Foundation
import OpenSwiftData
import Testing

@MainActor
@Suite(.serialized) struct ResultsObserverTests {
    /// Waits (up to ~5 s) until `condition` holds.
    private func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    @Test func savesInAnyContextOfTheProcessRefreshTheResults() async throws {
        let folder = try TemporaryDirectory()
        let container = try ModelContainer(
            for: Tag.self, configurations: ModelConfiguration(url: folder.file("tags.store")))
        let observer = try ResultsObserver(
            FetchDescriptor<Tag>(predicate: #Predicate { $0.uses > 0 }, sortBy: [SortDescriptor(\.name)]),
            in: container.mainContext, pollingInterval: nil
        )
        #expect(observer.results.isEmpty)
        var updates = observer.updates().makeAsyncIterator()

        // A background actor saves.
        let importer = TagImporter(modelContainer: container)
        _ = try await importer.importTags(3, prefix: "t")
        #expect(await eventually { observer.results.map(\.name) == ["t-1", "t-2"] })
        #expect(await updates.next() != nil)

        // The main context deletes one.
        let context = container.mainContext
        context.delete(observer.results[0])
        try context.save()
        #expect(await eventually { observer.results.map(\.name) == ["t-2"] })
    }

    @Test func aSaveAlreadyAnsweredWithRefreshIsNotReportedAgain() async throws {
        let folder = try TemporaryDirectory()
        let container = try ModelContainer(
            for: Tag.self, configurations: ModelConfiguration(url: folder.file("tags.store")))
        let context = container.mainContext
        let observer = try ResultsObserver(FetchDescriptor<Tag>(), in: context, pollingInterval: .milliseconds(20))
        let before = observer.revision
        context.insert(Tag(name: "once", uses: 1))
        try context.save()
        if observer.revision == before { observer.refresh() }  // as a view model does right after its own save
        #expect(observer.revision == before + 1)
        // Neither didSave nor the data_version poll reports that save a second time.
        try await Task.sleep(for: .milliseconds(200))
        #expect(observer.revision == before + 1)
        #expect(observer.results.map(\.name) == ["once"])
    }

    @Test func aRowAnotherStoreChangedIsReadAgainAfterAnOwnSave() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("tags.store")
        let container = try ModelContainer(for: Tag.self, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let byName = FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.name)])
        context.insert(Tag(name: "kept", uses: 1))
        try context.save()
        #expect(try context.fetch(byName).map(\.uses) == [1])

        // Another container on the file (as another process would) changes the row; then this context saves, and
        // its fetch reads that row again (only its own saves leave rows as they were).
        let other = try ModelContainer(for: Tag.self, configurations: ModelConfiguration(url: url))
        let otherContext = ModelContext(other)
        let row = try #require(try otherContext.fetch(FetchDescriptor<Tag>()).first)
        row.uses = 7
        try otherContext.save()
        context.insert(Tag(name: "later", uses: 2))
        try context.save()
        #expect(try context.fetch(byName).map(\.name) == ["kept", "later"])
        #expect(try context.fetch(byName).map(\.uses) == [7, 2])

        // Another context of this container changes it again, then this one saves again.
        let sibling = ModelContext(container)
        let same = try #require(
            try sibling.fetch(FetchDescriptor<Tag>(predicate: #Predicate { $0.name == "kept" })).first)
        same.uses = 9
        try sibling.save()
        context.insert(Tag(name: "last", uses: 3))
        try context.save()
        #expect(try context.fetch(byName).map(\.uses) == [9, 3, 2])
    }

    @Test func savesByAnotherProcessAreNoticedByPolling() async throws {
        let folder = try TemporaryDirectory()
        let store = folder.file("probe.store")
        let container = try ModelContainer(for: ProbeRowMirror.self, configurations: ModelConfiguration(url: store))
        let observer = try ResultsObserver(
            FetchDescriptor<ProbeRowMirror>(), in: container.mainContext, pollingInterval: .milliseconds(50))
        #expect(observer.results.isEmpty)
        let probe = try #require(ConcurrencyTests.probeExecutable())
        let process = Process()
        process.executableURL = probe
        process.arguments = [store.path, "5", "other-process"]
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(await eventually { observer.results.count == 5 })
        #expect(observer.results.allSatisfy { $0.label == "other-process" })
    }

    @Test func aFetchThatCannotRunThrowsAtOnce() throws {
        let container = try inMemoryContainer(Sample.self)
        #expect(throws: SwiftDataError.self) {
            _ = try ResultsObserver(
                FetchDescriptor<Sample>(predicate: #Predicate { $0.computed > 1 }), in: container.mainContext)
        }
    }
}

/// The probe process's model (same class name, so the same table).
@Model
final class ProbeRowMirror {
    var label: String
    var sequence: Int

    init(label: String, sequence: Int) {
        self.label = label
        self.sequence = sequence
    }
}
