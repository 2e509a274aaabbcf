import Foundation
@testable import OpenCoreData
import StoreTestSupport
import Testing

/// Containers, store descriptions and loading: files, memory, every failure handed to the handler.
@Suite struct PersistentContainerTests {
    /// On SQLite a file in the folder; on PostgreSQL a schema of the folder's name on the test server.
    @Test(arguments: TestStore.tested) func aContainerMakesItsStoreAndKeepsDataAcrossRestarts(store: TestStore) throws {
        let folder = TemporaryFolder()
        let model = try fixtureModel("Inventory")
        do {
            let container = try loadedContainer("Inventory", model: model, in: folder.url, store: store)
            let context = container.viewContext
            for (name, quantity) in [("pear", "3"), ("apple", "10")] {
                let product = Product(context: context)
                product.name = name
                product.quantity = quantity
            }
            #expect(context.hasChanges)
            try context.save()
            #expect(!context.hasChanges)
            #expect(context.registeredObjects.allSatisfy { !$0.objectID.isTemporaryID })
            #expect(
                container.persistentStoreCoordinator.persistentStores.first?.type
                    == (store == .sqlite ? NSSQLiteStoreType : PostgreSQLStoreType))
        }
        #expect(
            FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Inventory.sqlite").path)
                == (store == .sqlite))
        // A new container on the same store: the data is there.
        let reopened = try loadedContainer("Inventory", model: model, in: folder.url, store: store)
        let request: NSFetchRequest<Product> = Product.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
        let products = try reopened.viewContext.fetch(request)
        #expect(products.map(\.name) == ["apple", "pear"])
        #expect(products.map(\.quantity) == ["10", "3"])
        let uri = products[0].objectID.uriRepresentation().absoluteString
        #expect(
            uri.hasPrefix(
                "x-coredata://\(reopened.persistentStoreCoordinator.persistentStores[0].identifier!)/Product/p"))
    }

    @Test func devNullAndTheInMemoryTypeKeepTheStoreInMemory() throws {
        let model = try fixtureModel("Cart")
        for description in [
            NSPersistentStoreDescription(url: URL(fileURLWithPath: "/dev/null")),
            {
                let d = NSPersistentStoreDescription()
                d.type = NSInMemoryStoreType
                return d
            }(),
        ] {
            let container = NSPersistentContainer(name: "Cart", managedObjectModel: model)
            container.persistentStoreDescriptions = [description]
            var failure: Error?
            container.loadPersistentStores { _, error in failure = error }
            #expect(failure == nil)
            let cart = Cart(context: container.viewContext)
            cart.id = 7
            try container.viewContext.save()
            #expect(try container.viewContext.count(for: Cart.fetchRequest()) == 1)
        }
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-wal"))
    }

    @Test func everyFailureGoesToTheHandlerAndTheFileStaysAsItWas() throws {
        let folder = TemporaryFolder()
        let file = folder.url.appendingPathComponent("Cart.sqlite")
        let bytes = Data("this is not a database, but a user's notes\n".utf8)
        try bytes.write(to: file)
        let container = NSPersistentContainer(name: "Cart", managedObjectModel: try fixtureModel("Cart"))
        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: file)]
        var errors: [Error] = []
        container.loadPersistentStores { description, error in
            #expect(description.url == file)
            if let error { errors.append(error) }
        }
        #expect(errors.count == 1)
        guard case .persistentStoreOpenFailed(let url, _)? = errors.first as? CoreDataError else {
            Issue.record("expected persistentStoreOpenFailed, got \(errors)")
            return
        }
        #expect(url == file)
        #expect((errors[0] as NSError).code == NSPersistentStoreOpenError)
        #expect(try Data(contentsOf: file) == bytes)
        // Using the context then throws rather than trapping.
        #expect(throws: CoreDataError.noPersistentStore) { try container.viewContext.fetch(Cart.fetchRequest()) }

        let missing = NSPersistentContainer(name: "NoSuchModel")
        var missingError: Error?
        missing.loadPersistentStores { _, error in missingError = error }
        #expect("\(missingError.map { "\($0)" } ?? "")".contains("NoSuchModel.xcdatamodeld"))
    }

    @Test func aContainerFindsItsModelByNameAmongTheResources() throws {
        let container = NSPersistentContainer(name: "Cart")
        #expect(container.managedObjectModel.entitiesByName["Cart"] != nil)
        #expect(container.persistentStoreDescriptions.first?.url?.lastPathComponent == "Cart.sqlite")
        #expect(
            container.persistentStoreDescriptions.first?.url?.deletingLastPathComponent()
                == NSPersistentContainer.defaultDirectoryURL())
        let expected =
            ProcessInfo.processInfo.environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        #expect(
            NSPersistentContainer.defaultDirectoryURL().standardizedFileURL.path == expected.standardizedFileURL.path)
    }

    @Test func aPostgreSQLServerThatIsDownIsAnErrorNamingHostAndPort() throws {
        // Port 1 on the loopback address: nothing listens there.
        let url = try #require(URL(string: "postgres://nobody:secret@127.0.0.1:1/db"))
        let container = NSPersistentContainer(name: "Cart", managedObjectModel: try fixtureModel("Cart"))
        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
        var errors: [Error] = []
        container.loadPersistentStores { _, error in
            if let error { errors.append(error) }
        }
        #expect(errors.count == 1)
        guard case .persistentStoreOpenFailed(let shownURL, let reason)? = errors.first as? CoreDataError else {
            Issue.record("expected persistentStoreOpenFailed, got \(errors)")
            return
        }
        #expect(reason.contains("127.0.0.1"))
        #expect(reason.contains("port 1"))
        #expect(!"\(errors[0])".contains("secret"))
        #expect(shownURL?.absoluteString.contains("secret") == false)
        #expect(throws: CoreDataError.noPersistentStore) { try container.viewContext.fetch(Cart.fetchRequest()) }
    }

    @Test(arguments: TestStore.tested) func backgroundContextsSaveAndTheViewContextMergesAutomatically(
        store: TestStore
    ) async throws {
        let container = try loadedContainer(
            "Inventory", model: try fixtureModel("Inventory"), in: nil, store: store)
        let view = container.viewContext
        view.automaticallyMergesChangesFromParent = true
        let first = Product(context: view)
        first.name = "kiwi"
        try view.save()

        let objectID = first.objectID
        let renamed: String? = try await container.performBackgroundTask { context in
            let product = try context.existingObject(with: objectID) as? Product
            product?.name = "KIWI"
            let added = Product(context: context)
            added.name = "lime"
            try context.save()
            return product?.name
        }
        #expect(renamed == "KIWI")
        // The merge was queued on the view context's queue; waiting on the queue sees it done.
        view.performAndWait {}
        #expect(first.name == "KIWI")
        #expect(!first.hasChanges)
        let request: NSFetchRequest<Product> = Product.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
        #expect(try view.fetch(request).map(\.name) == ["KIWI", "lime"])

        let background = container.newBackgroundContext()
        #expect(background.concurrencyType == .privateQueueConcurrencyType)
        let count = await background.perform { (try? background.count(for: request)) ?? -1 }
        #expect(count == 2)
    }
}
