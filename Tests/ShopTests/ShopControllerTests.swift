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
        let container = try ModelContainer(for: CartItem.self, configurations: CartViewModel.configuration(url: nil))
        let cart = try CartViewModel(context: ModelContext(container))
        let log = self.log
        let coreCart = try CoreCartViewModel(storeURL: URL(fileURLWithPath: "/dev/null"))
        let controller = ShopController(
            catalog: try catalog ?? BundledCatalog(), cart: cart, coreCart: coreCart, log: { log.append($0) }
        )
        return (controller, cart)
    }

    private func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test("GET /api/shop/corecart's cached body follows another server's add on the same store file")
    func coreCartBodyFollowsAnotherServer() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("CoreCart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Cart.sqlite")
        let container = try ModelContainer(for: CartItem.self, configurations: CartViewModel.configuration(url: nil))
        let controller = ShopController(
            catalog: try BundledCatalog(), cart: try CartViewModel(context: ModelContext(container)),
            coreCart: try CoreCartViewModel(storeURL: url), log: { _ in })
        let otherServer = try CoreCartViewModel(storeURL: url)
        let request = try #require(HTTPRequest(method: .get, target: "/api/shop/corecart"))
        let empty = await controller.coreCartJSON(request)
        #expect(try JSONDecoder().decode(ShopController.CartJSON.self, from: empty.body).items.isEmpty)

        _ = try otherServer.addCart(try #require(try await BundledCatalog().product(id: 16)))
        let after = await controller.coreCartJSON(request)
        #expect(try JSONDecoder().decode(ShopController.CartJSON.self, from: after.body).items.map(\.productID) == [16])
    }

    private func add(_ id: Int, to cart: CartViewModel) async throws {
        let product = try #require(try await BundledCatalog().product(id: id))
        _ = try cart.addCart(product)
    }

    /// The `GET` a browser makes after `redirect`: its `Location`, with the cookie it set.
    private func following(_ redirect: HTTPResponse) throws -> HTTPRequest {
        let location = try #require(redirect.headers["Location"])
        var request = try #require(HTTPRequest(method: .get, target: location))
        if let cookie = redirect.headers["Set-Cookie"]?.split(separator: ";").first {
            request.headers.add("Cookie", String(cookie))
        }
        return request
    }

    @Test("Deleting a row twice: the second post redirects to the cart with a notice, not a 404")
    func doubleDelete() async throws {
        let (controller, cart) = try makeController()
        try await add(16, to: cart)
        let request = HTTPRequest(method: .post, path: "/shop/cart/16/delete", pathParameters: ["productID": "16"])
        let first = await controller.deleteForm(request)
        #expect(first.status == .seeOther)
        #expect(first.headers["Location"] == "/shop/cart")
        #expect(
            text(await controller.cartPage(try following(first))).contains(
                "<p class=\"notice\" role=\"status\">“Apple” was removed from the cart.</p>"
            ))
        let second = await controller.deleteForm(request)
        #expect(second.status == .seeOther)
        #expect(second.headers["Location"] == "/shop/cart")
        let page = text(await controller.cartPage(try following(second)))
        #expect(page.contains("<p class=\"notice warning\" role=\"alert\">That item was no longer in the cart.</p>"))
    }

    @Test("A notice comes from the action, once: never from the URL, not again on reload, not on another page")
    func noticesAreKeptOnTheServer() async throws {
        let (controller, _) = try makeController()
        // What a URL says is ignored: the cart is empty, so nothing was added or is a duplicate.
        for notice in ["added", "duplicate", "removed", "gone", "emptied", "already-empty"] {
            let display = await controller.displayPage(
                HTTPRequest(
                    path: "/shop",
                    queryItems: [URLQueryItem(name: "id", value: "50"), URLQueryItem(name: "notice", value: notice)]
                ))
            #expect(!text(display).contains("class=\"notice"), "\(notice)")
            let cartPage = await controller.cartPage(
                HTTPRequest(
                    path: "/shop/cart",
                    queryItems: [URLQueryItem(name: "notice", value: notice), URLQueryItem(name: "id", value: "1")]
                ))
            #expect(!text(cartPage).contains("class=\"notice"), "\(notice)")
        }
        let add = await controller.addToCartForm(
            HTTPRequest(method: .post, path: "/shop/cart", body: Data("productID=50".utf8)))
        #expect(add.status == .seeOther)
        #expect(add.headers["Location"] == "/shop?id=50")
        let cookie = try #require(add.headers["Set-Cookie"])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.hasPrefix("shop_notice="))
        let next = try following(add)
        // Another page, with the same cookie, does not take the notice meant for /shop?id=50.
        var elsewhere = HTTPRequest(path: "/shop/cart")
        elsewhere.headers = next.headers
        #expect(!text(await controller.cartPage(elsewhere)).contains("class=\"notice"))
        let shown = text(await controller.displayPage(next))
        #expect(shown.contains("was added to the cart.</p>"))
        let reloaded = text(await controller.displayPage(next))
        #expect(reloaded.contains("<h1>") && !reloaded.contains("class=\"notice"))
        // Adding it again says it is already there — because it is.
        let again = await controller.addToCartForm(
            HTTPRequest(method: .post, path: "/shop/cart", body: Data("productID=50".utf8)))
        #expect(text(await controller.displayPage(try following(again))).contains("is already in the cart.</p>"))
    }

    @Test("IDs: not an integer is 400 on every page and in the API; too large says it is out of range")
    func badIDs() async throws {
        let (controller, _) = try makeController()
        let confirm = await controller.confirmDeletePage(
            HTTPRequest(path: "/shop/cart/abc/delete", pathParameters: ["productID": "abc"]))
        #expect(confirm.status == .badRequest)
        #expect(text(confirm).contains("The product ID must be an integer, not &quot;abc&quot;."))
        let post = await controller.deleteForm(
            HTTPRequest(method: .post, path: "/shop/cart/abc/delete", pathParameters: ["productID": "abc"]))
        #expect(post.status == .badRequest)
        let display = await controller.displayPage(
            HTTPRequest(path: "/shop", queryItems: [URLQueryItem(name: "id", value: "x1")]))
        #expect(display.status == .badRequest)

        let huge = "99999999999999999999"
        let api = await controller.productJSON(
            HTTPRequest(path: "/api/shop/products/\(huge)", pathParameters: ["id": huge]))
        #expect(api.status == .badRequest)
        let object = try JSONSerialization.jsonObject(with: api.body) as? [String: String]
        #expect(object == ["error": "the product ID \(huge) is out of range (at most 9223372036854775807)"])
        let delete = await controller.deleteJSON(
            HTTPRequest(method: .delete, path: "/api/shop/cart/-\(huge)", pathParameters: ["productID": "-\(huge)"]))
        #expect(delete.status == .badRequest)
        #expect(String(decoding: delete.body, as: UTF8.self).contains("out of range"))
        let notInteger = await controller.productJSON(
            HTTPRequest(path: "/api/shop/products/1.5", pathParameters: ["id": "1.5"]))
        #expect(
            String(decoding: notInteger.body, as: UTF8.self)
                == #"{"error":"the product ID must be an integer, not \"1.5\""}"#)
        let page = await controller.confirmDeletePage(
            HTTPRequest(path: "/shop/cart/\(huge)/delete", pathParameters: ["productID": huge]))
        #expect(page.status == .badRequest)
        #expect(text(page).contains("The product ID \(huge) is out of range"))
    }

    @Test("Pages carry the cart version the live script compares events with; events carry theirs as the id")
    func cartVersions() async throws {
        let (controller, cart) = try makeController()
        let before = controller.cartVersion
        #expect(
            text(await controller.cartPage(HTTPRequest(path: "/shop/cart"))).contains(
                "<div id=\"shop-cart-state\" hidden data-version=\"\(before)\" data-items=\"\"></div>"
            ))
        try await add(16, to: cart)
        try await add(1, to: cart)
        let event = controller.cartEvent()
        #expect(event.id != before)
        #expect(event.id == controller.cartVersion)
        #expect(event.data.contains("\"productID\":16"))
        #expect(
            text(await controller.cartPage(HTTPRequest(path: "/shop/cart"))).contains(
                "data-version=\"\(event.id)\" data-items=\"16,1\""
            ))
    }

    @Test("Next after a product never shows it again")
    func nextSkipsCurrent() async throws {
        let bundled = try BundledCatalog()
        let two = try BundledCatalog(data: JSONEncoder().encode(bundled.products.filter { [1, 16].contains($0.id) }))
        let (controller, _) = try makeController(catalog: two)
        for _ in 0..<20 {
            let page = text(
                await controller.displayPage(
                    HTTPRequest(path: "/shop", queryItems: [URLQueryItem(name: "after", value: "1")])))
            #expect(page.contains("<h1>Apple</h1>"))
            #expect(page.contains("href=\"/shop?after=16\">Next</a>"))
        }
        // A malformed after is ignored rather than refused.
        #expect(
            await controller.displayPage(
                HTTPRequest(path: "/shop", queryItems: [URLQueryItem(name: "after", value: "x")])
            ).status == .ok)
    }

    @Test("Error pages show the cart count")
    func errorPagesCount() async throws {
        let (controller, cart) = try makeController()
        try await add(1, to: cart)
        try await add(16, to: cart)
        let missing = await controller.displayPage(
            HTTPRequest(path: "/shop", queryItems: [URLQueryItem(name: "id", value: "999")]))
        #expect(missing.status == .notFound)
        #expect(text(missing).contains("<a href=\"/shop/cart\">SDCart (2)</a>"))
        let notInCart = await controller.confirmDeletePage(
            HTTPRequest(path: "/shop/cart/5/delete", pathParameters: ["productID": "5"]))
        #expect(notInCart.status == .notFound)
        #expect(text(notInCart).contains("aria-current=\"page\">SDCart (2)</a>"))
        #expect(text(notInCart).contains("href=\"/shop/cart\">Go to the cart</a>"))
        let badForm = await controller.addToCartForm(
            HTTPRequest(method: .post, path: "/shop/cart", body: Data("productID=x".utf8)))
        #expect(text(badForm).contains("The product ID must be an integer, not &quot;x&quot;."))
        #expect(badForm.status == .badRequest)
        #expect(text(badForm).contains("SDCart (2)"))
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
        #expect(body.contains("<a href=\"/shop/cart\">SDCart (1)</a>"))
        #expect(!body.contains("URLError"))
        #expect(!body.contains("-1004"))
        #expect(!body.contains("Back to the shop"))
        #expect(log.lines.count == 1)
        #expect(
            log.lines.first?.hasPrefix(
                "shop: GET /shop: the product catalog at http://catalog.invalid:8080 could not be reached (") == true)

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

    @Test("The API's adds and deletes run off the main actor, and the pages and the GET that follow show them")
    func writesOffTheMainActor() async throws {
        let (controller, cart) = try makeController()
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        let added = await Task.detached {
            await controller.addToCartJSON(
                HTTPRequest(method: .post, path: "/api/shop/cart", headers: json, body: Data(#"{"productID":7}"#.utf8)))
        }.value
        #expect(added.status == .created)
        #expect(cart.lines.map(\.productID) == [7])
        let body = try JSONDecoder().decode(
            ShopController.CartJSON.self, from: await controller.cartJSON(HTTPRequest(path: "/api/shop/cart")).body)
        #expect(body.items.map(\.productID) == [7])
        let again = await Task.detached {
            await controller.addToCartJSON(
                HTTPRequest(method: .post, path: "/api/shop/cart", headers: json, body: Data(#"{"productID":7}"#.utf8)))
        }.value
        #expect(again.status == .conflict)
        let deleted = await Task.detached {
            await controller.deleteJSON(
                HTTPRequest(method: .delete, path: "/api/shop/cart/7", pathParameters: ["productID": "7"]))
        }.value
        #expect(deleted.status == .noContent)
        #expect(cart.items.isEmpty)
        let page = await controller.cartPage(HTTPRequest(path: "/shop/cart"))
        #expect(!text(page).contains("/shop/cart/7/delete"))
        let gone = await Task.detached {
            await controller.deleteJSON(
                HTTPRequest(method: .delete, path: "/api/shop/cart/7", pathParameters: ["productID": "7"]))
        }.value
        #expect(gone.status == .notFound)
        #expect(text(gone).contains("product 7 is not in the SwiftData cart"))
    }
}
