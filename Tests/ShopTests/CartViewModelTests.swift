import Foundation
import OpenSwiftData
import Testing
@testable import Shop

@MainActor
@Suite("CartViewModel")
struct CartViewModelTests {
    private let catalog: BundledCatalog

    init() throws {
        catalog = try BundledCatalog()
    }

    private func product(_ id: Int) throws -> Product {
        try #require(catalog.products.first { $0.id == id })
    }

    private func makeViewModel(url: URL? = nil) throws -> CartViewModel {
        let container = try ModelContainer(for: CartItem.self, configurations: CartViewModel.configuration(url: url))
        return try CartViewModel(context: ModelContext(container))
    }

    @Test("Two servers on one store file: a view model reads the other's add and delete at once, not at its next poll")
    func followsAnotherProcessOnTheSameFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("Cart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Cart.store")
        func server() throws -> CartViewModel {
            let container = try ModelContainer(
                for: CartItem.self, configurations: CartViewModel.configuration(url: url))
            return try CartViewModel(context: ModelContext(container), pollingInterval: nil)
        }
        let first = try server(), second = try server()
        #expect(second.lines.isEmpty)
        _ = try first.writer.addCart(product(5))
        #expect(second.lines.map(\.productID) == [5])
        let revision = second.revision
        _ = try first.writer.deleteCart(productID: 5)
        #expect(second.revision != revision)
        #expect(second.lines.isEmpty)
        #expect(try !second.checkDuplicate(productID: 5))
    }

    @Test("Adding keeps the order added and sums the prices")
    func addKeepsOrder() throws {
        let cart = try makeViewModel()
        #expect(
            try cart.addCart(product(5))
                == .added(CartLine(productID: 5, title: try product(5).title, price: try product(5).price)))
        _ = try cart.addCart(product(1))
        _ = try cart.addCart(product(16))
        #expect(cart.lines.map(\.productID) == [5, 1, 16])
        #expect(abs(cart.total - (try product(5).price + product(1).price + product(16).price)) < 1e-9)
        #expect(try cart.checkDuplicate(productID: 1))
        #expect(try !cart.checkDuplicate(productID: 2))
    }

    @Test("Adding a product already in the cart adds nothing")
    func duplicate() throws {
        let cart = try makeViewModel()
        _ = try cart.addCart(product(1))
        let again = try cart.addCart(product(1))
        #expect(
            again == .alreadyInCart(CartLine(productID: 1, title: try product(1).title, price: try product(1).price)))
        #expect(cart.items.count == 1)
        _ = try cart.addCart(product(2))
        #expect(cart.lines.map(\.productID) == [1, 2])
    }

    @Test("Under SwiftData's .update rule a duplicate is looked for first, and still adds nothing")
    func duplicateUnderUpsert() throws {
        let container = try ModelContainer(
            for: CartItem.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let cart = try CartViewModel(context: ModelContext(container), pollingInterval: nil)
        _ = try cart.addCart(product(1))
        _ = try cart.addCart(product(2))
        #expect(
            try cart.addCart(product(1))
                == .alreadyInCart(CartLine(productID: 1, title: try product(1).title, price: try product(1).price)))
        #expect(cart.lines.map(\.productID) == [1, 2])
    }

    @Test("Each add and delete reads the cart again once, before it returns")
    func oneRefreshPerCommit() throws {
        let cart = try makeViewModel()
        let start = cart.revision
        _ = try cart.addCart(product(3))
        #expect(cart.revision == start + 1 && cart.lines.map(\.productID) == [3])
        _ = try cart.addCart(product(3))  // refused: nothing committed, nothing read
        #expect(cart.revision == start + 1)
        _ = try cart.deleteCart(productID: 3)
        #expect(cart.revision == start + 2 && cart.items.isEmpty)
    }

    @Test("Deleting one row and emptying leave no stale items")
    func deletes() throws {
        let cart = try makeViewModel()
        for id in [3, 4, 5] { _ = try cart.addCart(product(id)) }
        #expect(try cart.deleteCart(productID: 4)?.productID == 4)
        #expect(cart.lines.map(\.productID) == [3, 5])
        #expect(try cart.deleteCart(productID: 4) == nil)
        #expect(try cart.deleteAllCart() == 2)
        #expect(cart.items.isEmpty)
        #expect(cart.total == 0)
        #expect(try cart.deleteAllCart() == 0)
    }

    @Test("The cart survives reopening the store")
    func survivesReopen() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "CartViewModelTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("shop.store")
        do {
            let cart = try makeViewModel(url: url)
            _ = try cart.addCart(product(10))
            _ = try cart.addCart(product(20))
        }
        let reopened = try makeViewModel(url: url)
        #expect(reopened.lines.map(\.productID) == [10, 20])
    }

    @Test("Two view models on one store see the same cart")
    func twoViewersOneStore() throws {
        let container = try ModelContainer(for: CartItem.self, configurations: CartViewModel.configuration(url: nil))
        let first = try CartViewModel(context: ModelContext(container))
        let second = try CartViewModel(context: ModelContext(container))
        _ = try first.addCart(product(7))
        try second.fetchCart()
        #expect(second.lines.map(\.productID) == [7])
        #expect(
            try second.addCart(product(7))
                == .alreadyInCart(CartLine(productID: 7, title: try product(7).title, price: try product(7).price)))
    }
}
