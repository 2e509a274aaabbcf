import Foundation
import OpenCoreData
import StoreTestSupport
import Testing

/// `StoreChangeObserver` (issue 17 §2): a commit by another coordinator on the same store — as another server
/// process makes — moves the observer's `revision` and `outsideRevision` and wakes its `changes()` streams: on
/// SQLite through the file's data version (looked at when `revision` is read, and polled while a stream is open), on
/// PostgreSQL through `LISTEN`. Each wait is on the stream itself, never a sleep.
@Suite(.serialized) struct StoreChangeObserverTests {
    /// Two coordinators on one store (two containers of one folder: one file, or one PostgreSQL schema).
    final class Pair {
        let folder = TemporaryFolder()
        let here: NSPersistentContainer
        let there: NSPersistentContainer

        init(_ store: TestStore) throws {
            let model = try fixtureModel("Cart")
            here = try loadedContainer("Cart", model: model, in: folder.url, store: store)
            there = try loadedContainer("Cart", model: model, in: folder.url, store: store)
        }

        /// Saves a cart row through a background context of `container`.
        func add(_ id: Int64, in container: NSPersistentContainer) throws {
            let context = container.newBackgroundContext()
            try context.performAndWait {
                let cart = Cart(context: context)
                cart.id = id
                cart.title = "item \(id)"
                cart.price = Double(id)
                try context.save()
            }
        }
    }

    @Test(
        "Another coordinator's save wakes changes() and moves revision and outsideRevision",
        arguments: TestStore.tested)
    func outsideSaveWakesTheStream(store: TestStore) async throws {
        let pair = try Pair(store)
        let observer = StoreChangeObserver(
            coordinator: pair.here.persistentStoreCoordinator, pollingInterval: .milliseconds(20))
        var changes = observer.changes().makeAsyncIterator()
        let revision = observer.revision
        let outside = observer.outsideRevision

        try pair.add(1, in: pair.there)
        #expect(await changes.next() != nil, "the stream ended instead of yielding")
        #expect(observer.revision > revision)
        #expect(observer.outsideRevision > outside)
        // The other coordinator's row is in the store this coordinator's contexts read.
        let fetched = try pair.here.viewContext.fetch(Cart.fetchRequest())
        #expect(fetched.map(\.id) == [1])
    }

    @Test("This coordinator's own save moves revision, not outsideRevision", arguments: TestStore.tested)
    func ownSaveIsNotOutside(store: TestStore) throws {
        let pair = try Pair(store)
        // No stream, so no poll: the save's DidSave (posted before save() returns) is all that looks.
        let observer = StoreChangeObserver(coordinator: pair.here.persistentStoreCoordinator)
        let revision = observer.revision
        let outside = observer.outsideRevision

        try pair.add(1, in: pair.here)
        #expect(observer.revision == revision + 1)
        #expect(observer.outsideRevision == outside)
    }

    @Test("On a store file, reading revision looks at the data version: no stream, no wait")
    func revisionReadsTheDataVersion() throws {
        let pair = try Pair(.sqlite)
        let observer = StoreChangeObserver(coordinator: pair.here.persistentStoreCoordinator)
        let revision = observer.revision
        #expect(observer.revision == revision, "nothing committed: the revision stays")

        try pair.add(1, in: pair.there)
        #expect(observer.revision == revision + 1)
        #expect(observer.outsideRevision == 1)
        #expect(observer.revision == revision + 1, "one commit is counted once")
    }

    @Test("Two stores on one file, added to two coordinators by addPersistentStore: each sees the other's saves")
    func twoStoresOnOneFile() async throws {
        let folder = TemporaryFolder()
        let model = try fixtureModel("Cart")
        let url = folder.url.appendingPathComponent("Cart.sqlite")
        let coordinators = [
            NSPersistentStoreCoordinator(managedObjectModel: model),
            NSPersistentStoreCoordinator(managedObjectModel: model),
        ]
        for coordinator in coordinators {
            try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: url)
        }
        let observers = coordinators.map {
            StoreChangeObserver(coordinator: $0, pollingInterval: .milliseconds(20))
        }
        var streams = observers.map { $0.changes().makeAsyncIterator() }
        for (saver, watcher) in [(0, 1), (1, 0)] {
            let outside = observers[watcher].outsideRevision
            let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
            context.persistentStoreCoordinator = coordinators[saver]
            try context.performAndWait {
                let cart = Cart(context: context)
                cart.id = Int64(saver + 1)
                try context.save()
            }
            // The saver's own stream yields for its save (at once), the watcher's when its poll finds the commit.
            #expect(await streams[saver].next() != nil)
            #expect(await streams[watcher].next() != nil)
            #expect(observers[watcher].outsideRevision == outside + 1)
        }
    }

    @Test("A row another coordinator deleted leaves the context that refreshes it", arguments: TestStore.tested)
    func refreshAfterAnOutsideDelete(store: TestStore) async throws {
        let pair = try Pair(store)
        try pair.add(1, in: pair.here)
        let observer = StoreChangeObserver(
            coordinator: pair.here.persistentStoreCoordinator, pollingInterval: .milliseconds(20))
        var changes = observer.changes().makeAsyncIterator()
        let context = pair.here.viewContext
        let cart = try #require(try context.fetch(Cart.fetchRequest()).first)
        let outside = observer.outsideRevision

        let theirs = pair.there.newBackgroundContext()
        try theirs.performAndWait {
            for row in try theirs.fetch(Cart.fetchRequest()) { theirs.delete(row) }
            try theirs.save()
        }
        #expect(await changes.next() != nil)
        #expect(observer.outsideRevision > outside)
        context.refreshAllObjects()
        #expect(cart.managedObjectContext == nil)
        #expect(try context.fetch(Cart.fetchRequest()).isEmpty)
    }
}
