import Foundation
@testable import OpenSwiftData
import SQLStore
import Synchronization
import Testing

/// A batched fetch whose reads fail part-way (a disk error, injected) throws from `fetch(_:batchSize:)`; a
/// collection it returned never reads the store again, so its subscript cannot fail.
@Suite struct BatchedFetchFailureTests {
    /// A store that fails every read from a snapshot after the first `allowedSnapshotReads`.
    final class FailingStore: ModelStore {
        let base: any ModelStore
        let allowedSnapshotReads: Int
        let snapshotReads = Atomic<Int>(0)
        let failing = Atomic<Bool>(false)

        init(base: any ModelStore, allowedSnapshotReads: Int) {
            self.base = base
            self.allowedSnapshotReads = allowedSnapshotReads
        }

        var identifier: String { base.identifier }
        var url: URL? { base.url }
        var mapping: ModelMapping { base.mapping }
        func dataVersion() -> Int64 { base.dataVersion() }

        func fetch(_ request: FetchRequest, from source: StoreReadSource, _ body: (StoreRow) throws -> Void)
            throws(SwiftDataError)
        {
            if failing.load(ordering: .relaxed) {
                throw .storeFailed(StoreError(code: 10, message: "disk I/O error (injected)"))
            }
            if case .snapshot = source, snapshotReads.add(1, ordering: .relaxed).newValue > allowedSnapshotReads {
                throw .storeFailed(StoreError(code: 10, message: "disk I/O error (injected)"))
            }
            try base.fetch(request, from: source, body)
        }

        func fetchKeys(_ request: FetchRequest, from source: StoreReadSource) throws(SwiftDataError) -> [Int64] {
            try base.fetchKeys(request, from: source)
        }

        func fetchCount(_ request: FetchRequest) throws(SwiftDataError) -> Int { try base.fetchCount(request) }
        func save(_ request: SaveRequest) throws(SwiftDataError) -> SaveResult { try base.save(request) }
        func erase() throws(SwiftDataError) { try base.erase() }
        func makeSnapshot() throws(SwiftDataError) -> (any StoreReadSnapshot)? { try base.makeSnapshot() }
        func close() { base.close() }
        func history(after token: Int64?) throws(SwiftDataError) -> [HistoryRecord] { try base.history(after: token) }
        func deleteHistory(_ tokens: [Int64]) throws(SwiftDataError) { try base.deleteHistory(tokens) }
    }

    func container(_ folder: TemporaryDirectory, allowedSnapshotReads: Int) throws -> (ModelContainer, FailingStore) {
        let url = folder.file("tags.store")
        let filled = ModelContext(try ModelContainer(for: Tag.self, configurations: ModelConfiguration(url: url)))
        for number in 0..<100 { filled.insert(Tag(name: String(format: "tag-%03d", number), uses: number)) }
        try filled.save()
        let real = try ModelContainer(for: Tag.self, configurations: ModelConfiguration(url: url))
        let store = FailingStore(base: real.store, allowedSnapshotReads: allowedSnapshotReads)
        return (ModelContainer(schema: real.schema, configurations: real.configurations, store: store), store)
    }

    @Test func aReadFailingPartWayFailsTheFetchCall() throws {
        let folder = try TemporaryDirectory()
        // The keys, then the first batch of 10 read; the second batch fails.
        let (container, _) = try container(folder, allowedSnapshotReads: 1)
        let context = ModelContext(container)
        #expect {
            _ = try context.fetch(FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.uses)]), batchSize: 10)
        } throws: { error in
            "\(error)".contains("injected")
        }
    }

    @Test func aCollectionNeverReadsTheStoreAgain() throws {
        let folder = try TemporaryDirectory()
        let (container, store) = try container(folder, allowedSnapshotReads: .max)
        let context = ModelContext(container)
        let results = try context.fetch(FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.uses)]), batchSize: 10)
        // From now on every read fails: the collection still answers every element, in order.
        store.failing.store(true, ordering: .relaxed)
        #expect(results.count == 100)
        #expect(results.map(\.name) == (0..<100).map { String(format: "tag-%03d", $0) })
        #expect(results[57].uses == 57)
    }
}
