import Foundation
import OpenCoreData
import Synchronization
import Testing
@testable import Shop

/// The tutorial's Core Data cart on its own: `Cart(context:)`, the duplicate check by product ID, delete, and
/// "empty" as `NSBatchDeleteRequest` merged into every context.
@Suite("CoreCartViewModel")
struct CoreCartViewModelTests {
    private func product(_ id: Int) async throws -> Product {
        try #require(try await BundledCatalog().product(id: id))
    }

    private func temporaryStore() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("CoreCart-\(UUID().uuidString)")
            .appendingPathComponent("Cart.sqlite")
    }

    @Test("Two servers deleting one row at the same moment: one removes it, the other finds it gone, neither fails")
    func simultaneousDeletesOnTwoServers() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let servers = [try CoreCartViewModel(storeURL: url), try CoreCartViewModel(storeURL: url)]
        let mascara = try await product(1)
        for _ in 0..<40 {
            _ = try servers[0].addCart(mascara)
            let results = Mutex<[Result<CartLine?, any Error>]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let result = Result { try servers[index].deleteCart(productID: 1) }
                results.withLock { $0.append(result) }
            }
            let lines = try results.withLock { $0 }.map { try $0.get() }
            #expect(lines.compactMap { $0?.productID } == [1])
            #expect(try servers[1].lines().isEmpty)
        }
    }

    @Test("Add, duplicate, empty, add again; a new view model on the same file finds the cart")
    func tutorialScenario() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        var cart: CoreCartViewModel? = try CoreCartViewModel(storeURL: url)
        let mascara = try await product(1), apple = try await product(16)
        let mascaraLine = CartLine(productID: 1, title: "Essence Mascara Lash Princess", price: 9.99)

        #expect(try cart?.addCart(mascara) == .added(mascaraLine))
        #expect(try cart?.addCart(mascara) == .alreadyInCart(mascaraLine))
        #expect(try cart?.checkDuplicate(productID: 1) == true)
        #expect(try cart?.checkDuplicate(productID: 16) == false)
        #expect(try cart?.addCart(apple) == .added(CartLine(productID: 16, title: "Apple", price: 1.99)))
        #expect(try cart?.lines().map(\.productID) == [1, 16])

        // Restart: the rows are in Cart.sqlite.
        cart = nil
        let reopened = try CoreCartViewModel(storeURL: url)
        #expect(try reopened.lines() == [mascaraLine, CartLine(productID: 16, title: "Apple", price: 1.99)])

        #expect(try reopened.deleteAllCart() == 2)
        #expect(try reopened.lines().isEmpty)
        #expect(try reopened.count() == 0)
        #expect(try reopened.deleteAllCart() == 0)
        #expect(try reopened.addCart(mascara) == .added(mascaraLine))
        #expect(try reopened.deleteCart(productID: 1) == mascaraLine)
        #expect(try reopened.deleteCart(productID: 1) == nil)
    }

    @Test("Emptying with NSBatchDeleteRequest: every context shows the cart empty, its objects leave the contexts")
    func batchDeleteMergesIntoEveryContext() async throws {
        let cart = try CoreCartViewModel(storeURL: URL(fileURLWithPath: "/dev/null"))
        _ = try cart.addCart(try await product(1))
        _ = try cart.addCart(try await product(5))
        let other = cart.newContext()
        let held: [Cart] = try other.performAndWait {
            let request: NSFetchRequest<Cart> = Cart.fetchRequest()
            return try other.fetch(request)
        }
        #expect(held.map(\.id).sorted() == [1, 5])
        #expect(held.allSatisfy { $0.managedObjectContext === other })

        #expect(try cart.deleteAllCart() == 2)

        #expect(held.allSatisfy { $0.managedObjectContext == nil })
        let remaining = try other.performAndWait {
            let request: NSFetchRequest<Cart> = Cart.fetchRequest()
            return try other.count(for: request)
        }
        #expect(remaining == 0)
        #expect(try cart.lines().isEmpty)
    }

    @Test("Every change of the cart is published: add, delete, a save in another context, and the batch delete")
    func changesArePublished() async throws {
        let cart = try CoreCartViewModel(storeURL: URL(fileURLWithPath: "/dev/null"))
        let changes = cart.changes()
        var next = changes.makeAsyncIterator()
        var revision = cart.revision

        // Each change counts once it is saved, and wakes the stream (its buffered value is there at once).
        func expectChange(_ what: Comment) async {
            #expect(cart.revision > revision, what)
            revision = cart.revision
            #expect(await next.next() != nil, what)
        }
        _ = try cart.addCart(try await product(1))
        await expectChange("add")
        _ = try cart.addCart(try await product(5))
        await expectChange("a second add")
        _ = try cart.addCart(try await product(5))
        #expect(cart.revision == revision, "a duplicate changes nothing")
        #expect(try cart.lines().count == 2 && cart.revision == revision, "reading changes nothing")

        let other = cart.newContext()
        try other.performAndWait {
            let row = Cart(context: other)
            row.id = 16
            row.title = "Apple"
            row.price = 1.99
            try other.save()
        }
        await expectChange("a save in another context on the store")
        #expect(try cart.lines().map(\.productID) == [1, 5, 16])

        #expect(try cart.deleteCart(productID: 1) != nil)
        await expectChange("delete")
        #expect(try cart.deleteAllCart() == 2)
        await expectChange("NSBatchDeleteRequest, which posts no DidSave")
        #expect(try cart.deleteAllCart() == 0)
        #expect(cart.revision == revision, "emptying an empty cart changes nothing")
    }

    @Test("Two servers on one store file: each reads the other's rows at once, without saving itself")
    func twoViewModelsOnOneFile() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let first = try CoreCartViewModel(storeURL: url)
        let second = try CoreCartViewModel(storeURL: url)
        #expect(try second.lines().isEmpty)
        let revision = second.revision
        let apple = try await product(16)

        #expect(try first.addCart(apple) == .added(CartLine(productID: 16, title: "Apple", price: 1.99)))
        #expect(second.revision > revision, "the other view model's commit moves the revision")
        #expect(try second.lines().map(\.productID) == [16])
        #expect(try second.addCart(apple) == .alreadyInCart(CartLine(productID: 16, title: "Apple", price: 1.99)))

        #expect(try first.deleteCart(productID: 16) != nil)
        #expect(try second.deleteCart(productID: 16) == nil, "a row the other deleted is not there")
        #expect(try second.lines().isEmpty)
    }
}
