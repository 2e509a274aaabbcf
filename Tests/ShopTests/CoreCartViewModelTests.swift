import Foundation
import OpenCoreData
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
}
