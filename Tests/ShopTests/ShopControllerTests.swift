import Foundation
import HTTP
import Networking
import OpenSwiftData
import Synchronization
import Testing
@testable import Shop

/// A catalog whose every call fails the way an unreachable DummyJSON does.
private struct UnreachableCatalog: ProductCatalog {
    let baseURL: URL? = URL(string: "http://catalog.invalid:8080")
    func product(id: Int) async throws -> Product? { throw APIError.transport(URLError(.cannotConnectToHost)) }
    func randomProduct() async throws -> Product { throw APIError.transport(URLError(.cannotConnectToHost)) }
}

/// Collects the controller's log lines.
private final class LogLines: Sendable {
    private let storage = Mutex<[String]>([])
    var lines: [String] { storage.withLock { $0 } }
    func append(_ line: String) { storage.withLock { $0.append(line) } }
}

@MainActor
@Suite("ShopController")
struct ShopControllerTests {
    fileprivate let log = LogLines()

    private func makeController(catalog: (any ProductCatalog)? = nil) throws -> (ShopController, CartViewModel) {
        let container = try ModelContainer(for: CartItem.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let cart = try CartViewModel(context: ModelContext(container))
        let log = self.log
        let controller = ShopController(catalog: try catalog ?? BundledCatalog(), cart: cart, log: { log.append($0) })
        return (controller, cart)
    }

    private func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    private func add(_ id: Int, to cart: CartViewModel) async throws {
        let product = try #require(try await BundledCatalog().product(id: id))
        _ = try cart.addCart(product)
    }

    @Test("Deleting a row twice: the second post redirects to the cart with a notice, not a 404")
    func doubleDelete() async throws {
        let (controller, cart) = try makeController()
        try await add(16, to: cart)
        let request = HTTPRequest(method: .post, path: "/shop/cart/16/delete", pathParameters: ["productID": "16"])
        let first = await controller.deleteForm(request)
        #expect(first.status == .seeOther)
        #expect(first.headers["Location"] == "/shop/cart?notice=removed&id=16")
        let second = await controller.deleteForm(request)
        #expect(second.status == .seeOther)
        #expect(second.headers["Location"] == "/shop/cart?notice=gone")
        let page = text(await controller.cartPage(HTTPRequest(path: "/shop/cart", queryItems: [URLQueryItem(name: "notice", value: "gone")])))
        #expect(page.contains("<p class=\"notice warning\" role=\"alert\">That item was no longer in the cart.</p>"))
    }

    @Test("The removed notice shows only while the product is really not in the cart")
    func removedNoticeIsChecked() async throws {
        let (controller, cart) = try makeController()
        try await add(16, to: cart)
        func cartPage(id: String?) async -> String {
            var items = [URLQueryItem(name: "notice", value: "removed")]
            if let id { items.append(URLQueryItem(name: "id", value: id)) }
            return text(await controller.cartPage(HTTPRequest(path: "/shop/cart", queryItems: items)))
        }
        let stillThere = await cartPage(id: "16")
        #expect(!stillThere.contains("was removed"))
        #expect(!stillThere.contains("class=\"notice"))
        #expect(!(await cartPage(id: nil)).contains("class=\"notice"))
        #expect(!(await cartPage(id: "abc")).contains("class=\"notice"))
        #expect((await cartPage(id: "1")).contains("“Essence Mascara Lash Princess” was removed from the cart."))
        // Not in the cart and unknown to the catalog: a generic notice that names nothing.
        #expect((await cartPage(id: "99999")).contains("<p class=\"notice\" role=\"status\">The item was removed from the cart.</p>"))
    }

    @Test("Next after a product never shows it again")
    func nextSkipsCurrent() async throws {
        let bundled = try BundledCatalog()
        let two = try BundledCatalog(data: JSONEncoder().encode(bundled.products.filter { [1, 16].contains($0.id) }))
        let (controller, _) = try makeController(catalog: two)
        for _ in 0..<20 {
            let page = text(await controller.displayPage(HTTPRequest(path: "/shop", queryItems: [URLQueryItem(name: "after", value: "1")])))
            #expect(page.contains("<h1>Apple</h1>"))
            #expect(page.contains("href=\"/shop?after=16\">Next</a>"))
        }
        // A malformed after is ignored rather than refused.
        #expect(await controller.displayPage(HTTPRequest(path: "/shop", queryItems: [URLQueryItem(name: "after", value: "x")])).status == .ok)
    }

    @Test("Error pages show the cart count")
    func errorPagesCount() async throws {
        let (controller, cart) = try makeController()
        try await add(1, to: cart)
        try await add(16, to: cart)
        let missing = await controller.displayPage(HTTPRequest(path: "/shop", queryItems: [URLQueryItem(name: "id", value: "999")]))
        #expect(missing.status == .notFound)
        #expect(text(missing).contains("<a href=\"/shop/cart\">Cart (2)</a>"))
        let notInCart = await controller.confirmDeletePage(HTTPRequest(path: "/shop/cart/5/delete", pathParameters: ["productID": "5"]))
        #expect(notInCart.status == .notFound)
        #expect(text(notInCart).contains("aria-current=\"page\">Cart (2)</a>"))
        #expect(text(notInCart).contains("href=\"/shop/cart\">Go to the cart</a>"))
        let badForm = await controller.addToCartForm(HTTPRequest(method: .post, path: "/shop/cart", body: Data("productID=x".utf8)))
        #expect(badForm.status == .badRequest)
        #expect(text(badForm).contains("Cart (2)"))
    }

    @Test("An unreachable catalog: 502 page without error codes, cart link and count, one log line per failure")
    func catalogDown() async throws {
        let (controller, cart) = try makeController(catalog: UnreachableCatalog())
        try await add(1, to: cart)
        let page = await controller.displayPage(HTTPRequest(path: "/shop"))
        #expect(page.status == .badGateway)
        let body = text(page)
        #expect(body.contains("The product catalog at <code>http://catalog.invalid:8080</code> could not be reached"))
        #expect(body.contains("<a class=\"button\" href=\"/shop/cart\">Go to the cart</a>"))
        #expect(body.contains("<a href=\"/shop/cart\">Cart (1)</a>"))
        #expect(!body.contains("URLError"))
        #expect(!body.contains("-1004"))
        #expect(!body.contains("Back to the shop"))
        #expect(log.lines.count == 1)
        #expect(log.lines.first?.hasPrefix("shop: GET /shop: the product catalog at http://catalog.invalid:8080 could not be reached (") == true)

        let api = await controller.productJSON(HTTPRequest(path: "/api/shop/products/1", pathParameters: ["id": "1"]))
        #expect(api.status == .badGateway)
        let object = try JSONSerialization.jsonObject(with: api.body) as? [String: String]
        #expect(object == ["error": "the product catalog at http://catalog.invalid:8080 could not be reached"])
        #expect(log.lines.count == 2)
        #expect(log.lines.last?.hasPrefix("shop: GET /api/shop/products/1: ") == true)

        // The cart itself needs no catalog.
        let cartPage = await controller.cartPage(HTTPRequest(path: "/shop/cart"))
        #expect(cartPage.status == .ok)
        #expect(log.lines.count == 2)
    }
}
