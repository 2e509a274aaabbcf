import Foundation
import OpenSwiftData
import StoreTestSupport
import Testing

@Model
final class HistoryTrip {
    @Attribute(.preserveValueOnDeletion) var name: String
    @Attribute(.unique) var code: String
    var days: Int
    @Attribute(.preserveValueOnDeletion) var starts: Date

    init(name: String, code: String, days: Int, starts: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        self.name = name
        self.code = code
        self.days = days
        self.starts = starts
    }
}

/// SwiftData's history on both stores (the same tables and rows): written with each save, read with `fetchHistory`.
@Suite struct HistoryTests {
    private let all = HistoryDescriptor<DefaultHistoryTransaction>()

    private func inserts(_ transaction: DefaultHistoryTransaction) -> [PersistentIdentifier] {
        transaction.changes.compactMap {
            if case .insert(let insert) = $0 { insert.changedPersistentIdentifier } else { nil }
        }
    }

    @Test(arguments: TestStore.tested) func savesRecordTransactionsWithTokensAuthorsUpdatesAndTombstones(
        store: TestStore
    ) throws {
        let container = try store.container(HistoryTrip.self)
        let context = ModelContext(container)
        #expect(try context.fetchHistory(all).isEmpty)

        context.author = "planner"
        let rome = HistoryTrip(name: "Rome", code: "ROM", days: 4, starts: Date(timeIntervalSinceReferenceDate: 86_400))
        let oslo = HistoryTrip(name: "Oslo", code: "OSL", days: 2)
        context.insert(rome)
        context.insert(oslo)
        try context.save()

        context.author = "widget"
        oslo.days = 3
        try context.save()
        context.delete(rome)
        try context.save()

        let history = try context.fetchHistory(all)
        #expect(history.count == 3)
        #expect(history.map(\.author) == ["planner", "widget", "widget"])
        #expect(history[0].token < history[1].token && history[1].token < history[2].token)
        #expect(history.allSatisfy { $0.storeIdentifier == container.storeIdentifier })
        #expect(history[0].processIdentifier == String(ProcessInfo.processInfo.processIdentifier))

        #expect(
            Set(inserts(history[0]))
                == Set(
                    [oslo.persistentModelID, history[0].changes.first?.changedPersistentIdentifier].compactMap { $0 }))
        #expect(history[0].changes.count == 2)

        guard case .update(let update) = try #require(history[1].changes.first) else {
            Issue.record("expected an update")
            return
        }
        #expect(update.changedPersistentIdentifier == oslo.persistentModelID)
        let updated = try #require(update as? DefaultHistoryUpdate<HistoryTrip>)
        #expect(updated.updatedAttributes == [\HistoryTrip.days])

        guard case .delete(let delete) = try #require(history[2].changes.first) else {
            Issue.record("expected a delete")
            return
        }
        let tombstone = try #require(delete as? DefaultHistoryDelete<HistoryTrip>).tombstone
        #expect(tombstone[\.name] as? String == "Rome")
        #expect(tombstone[\.starts] as? Date == Date(timeIntervalSinceReferenceDate: 86_400))
        #expect(tombstone[\.days] == nil)
        #expect(Array(tombstone).count == 2)
    }

    @Test(arguments: TestStore.tested) func descriptorsFilterOnTokenAndAuthorSortAndLimit(store: TestStore) throws {
        let context = ModelContext(try store.container(HistoryTrip.self))
        for (index, author) in ["a", "b", "a", "c"].enumerated() {
            context.author = author
            context.insert(HistoryTrip(name: "T\(index)", code: "C\(index)", days: index))
            try context.save()
        }
        let history = try context.fetchHistory(all)
        let second = history[1].token
        #expect(
            try context.fetchHistory(
                HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token > second })
            ).map(\.author) == ["a", "c"])
        #expect(
            try context.fetchHistory(
                HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.author == "a" })
            ).map(\.token) == [history[0].token, history[2].token])
        let start = history[0].timestamp
        #expect(
            try context.fetchHistory(
                HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.timestamp >= start })
            ).count == 4)
        var newest = HistoryDescriptor<DefaultHistoryTransaction>(sortBy: [SortDescriptor(\.token, order: .reverse)])
        newest.fetchLimit = 2
        #expect(try context.fetchHistory(newest).map(\.author) == ["c", "a"])

        // deleteHistory removes the transactions, not the data.
        try context.deleteHistory(
            HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token <= second }))
        #expect(try context.fetchHistory(all).map(\.token) == [history[2].token, history[3].token])
        #expect(try context.fetchCount(FetchDescriptor<HistoryTrip>()) == 4)
    }

    @Test(arguments: TestStore.tested) func batchDeletesAreRecorded(store: TestStore) throws {
        let context = ModelContext(try store.container(HistoryTrip.self))
        let trips = (1...4).map { HistoryTrip(name: "T\($0)", code: "C\($0)", days: $0) }
        for trip in trips { context.insert(trip) }
        try context.save()
        let long = trips.filter { $0.days > 2 }.map(\.persistentModelID)
        try context.delete(model: HistoryTrip.self, where: #Predicate { $0.days > 2 })
        try context.save()
        let last = try #require(try context.fetchHistory(all).last)
        let deleted = last.changes.compactMap {
            if case .delete(let delete) = $0 { delete.changedPersistentIdentifier } else { nil }
        }
        #expect(Set(deleted) == Set(long))
        #expect(last.changes.count == 2)
        // Every row (no predicate) is listed too.
        try context.delete(model: HistoryTrip.self)
        try context.save()
        #expect(try context.fetchHistory(all).last?.changes.count == 2)
    }

    @Test(arguments: TestStore.tested) func aFailedSaveRecordsNothing(store: TestStore) throws {
        var configuration = try store.configuration()
        configuration.uniquenessConflictPolicy = .throwError
        let context = ModelContext(try ModelContainer(for: HistoryTrip.self, configurations: configuration))
        context.insert(HistoryTrip(name: "Rome", code: "ROM", days: 1))
        try context.save()
        context.insert(HistoryTrip(name: "Rome again", code: "ROM", days: 2))
        #expect(throws: SwiftDataError.self) { try context.save() }
        #expect(try context.fetchHistory(all).count == 1)
    }

    @Test(arguments: TestStore.tested) func catchUpFromATokenAcrossAReopenAndAnotherConnection(store: TestStore) throws
    {
        let location = try store.location()
        let savedToken: Data
        do {
            let context = ModelContext(
                try location.container(HistoryTrip.self))
            context.insert(HistoryTrip(name: "Rome", code: "ROM", days: 4))
            try context.save()
            savedToken = try JSONEncoder().encode(try #require(try context.fetchHistory(all).last).token)
        }
        // While "we" were offline, another writer (a second container on the file: its own connection, as another
        // process has) saved twice.
        let other = ModelContext(
            try location.container(HistoryTrip.self))
        other.author = "sync"
        other.insert(HistoryTrip(name: "Oslo", code: "OSL", days: 2))
        try other.save()
        let oslo = try #require(
            try other.fetch(FetchDescriptor<HistoryTrip>(predicate: #Predicate { $0.code == "OSL" })).first)
        oslo.days = 5
        try other.save()

        let reopened = ModelContext(
            try location.container(HistoryTrip.self))
        let token = try JSONDecoder().decode(DefaultHistoryToken.self, from: savedToken)
        let missed = try reopened.fetchHistory(
            HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token > token }))
        #expect(missed.map(\.author) == ["sync", "sync"])
        #expect(missed.first?.changes.first?.changedPersistentIdentifier == oslo.persistentModelID)
    }

    @MainActor
    @Test(arguments: TestStore.tested) func historyObserverReadsNewTransactions(store: TestStore) throws {
        let container = try store.container(HistoryTrip.self)
        let context = container.mainContext
        context.autosaveEnabled = false
        context.insert(HistoryTrip(name: "Rome", code: "ROM", days: 4))
        try context.save()
        let start = try #require(try context.fetchHistory(all).last?.token)
        let observer = try HistoryObserver(modelContext: context, after: start, pollingInterval: nil)
        #expect(observer.transactions.isEmpty)
        #expect(observer.lastToken == start)
        context.author = "editor"
        context.insert(HistoryTrip(name: "Oslo", code: "OSL", days: 2))
        try context.save()
        observer.refresh()
        #expect(observer.transactions.map(\.author) == ["editor"])
        #expect(try #require(observer.lastToken) > start)
        observer.refresh()
        #expect(observer.transactions.count == 1)
    }
}
