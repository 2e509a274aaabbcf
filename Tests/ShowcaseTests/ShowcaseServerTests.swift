import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTP
import Shop
import Showcase
import Testing

/// What a request got back.
private struct Reply {
    let status: Int
    let body: Data
    var text: String { String(decoding: body, as: UTF8.self) }

    func json<T: Decodable>(_ type: T.Type) throws -> T { try JSONDecoder().decode(T.self, from: body) }
}

/// Sends one request without following redirects.
private func send(_ method: String, _ url: URL, body: Data? = nil, contentType: String = "application/json") async throws -> Reply {
    var request = URLRequest(url: url)
    request.httpMethod = method
    if let body {
        request.httpBody = body
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
    }
    let (data, response) = try await noRedirectSession.data(for: request)
    return Reply(status: (response as? HTTPURLResponse)?.statusCode ?? -1, body: data)
}

/// A session that reports redirects instead of following them (the per-task delegate is ignored on Linux).
private let noRedirectSession = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)

private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

private struct ErrorBody: Decodable { let error: String }

/// A showcase on an ephemeral port with its own data directory, stopped (and its store closed) by `stop()`.
@MainActor
private final class RunningShowcase {
    let dataDirectory: URL
    private(set) var showcase: Showcase?
    var url: URL { showcase?.baseURL ?? URL(fileURLWithPath: "/") }

    init(dataDirectory: URL? = nil, catalogURL: URL? = nil) throws {
        self.dataDirectory = dataDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("ShowcaseTests-\(UUID().uuidString)")
        var options = ShowcaseOptions()
        options.port = 0
        options.dataDirectory = self.dataDirectory
        options.catalogURL = catalogURL
        let showcase = try Showcase(options: options)
        try showcase.start()
        self.showcase = showcase
    }

    func stop() async {
        await showcase?.shutdown()
        showcase = nil
    }

    func endpoint(_ path: String) -> URL { URL(string: path, relativeTo: url)?.absoluteURL ?? url }
}

@MainActor
@Suite("Showcase server", .serialized)
struct ShowcaseServerTests {
    @Test("Home lists the five apps; /shop shows a real product")
    func homeAndShop() async throws {
        let running = try RunningShowcase()
        defer { try? FileManager.default.removeItem(at: running.dataDirectory) }
        let home = try await send("GET", running.endpoint("/"))
        #expect(home.status == 200)
        for name in ["Shop", "Bookstore", "Inventory", "Places", "People"] { #expect(home.text.contains(name)) }
        #expect(home.text.contains("not built yet"))
        let shop = try await send("GET", running.endpoint("/shop?id=1"))
        #expect(shop.status == 200)
        #expect(shop.text.contains("Essence Mascara Lash Princess"))
        #expect(shop.text.contains("$9.99"))
        await running.stop()
    }

    @Test("JSON API: add, duplicate, unknown, malformed, delete, empty — and a restart keeps the cart")
    func cartFlowsAndRestart() async throws {
        var running = try RunningShowcase()
        let dataDirectory = running.dataDirectory
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let cart = running.endpoint("/api/shop/cart")

        let added = try await send("POST", cart, body: Data(#"{"productID":1}"#.utf8))
        #expect(added.status == 201)
        #expect(try added.json(CartLine.self) == CartLine(productID: 1, title: "Essence Mascara Lash Princess", price: 9.99))
        #expect(try await send("POST", cart, body: Data(#"{"productID":5}"#.utf8)).status == 201)
        let duplicate = try await send("POST", cart, body: Data(#"{"productID":1}"#.utf8))
        #expect(duplicate.status == 409)
        #expect(try duplicate.json(ErrorBody.self).error.contains("already in the cart"))
        #expect(try await send("POST", cart, body: Data(#"{"productID":999}"#.utf8)).status == 404)
        #expect(try await send("POST", cart, body: Data("not json".utf8)).status == 400)
        #expect(try await send("POST", cart, body: Data(#"{"productID":"one"}"#.utf8)).status == 400)
        #expect(try await send("PUT", cart).status == 405)
        #expect(try await send("GET", running.endpoint("/api/shop/nothing-here")).status == 404)
        let oversized = try await send("POST", cart, body: Data(count: (1 << 20) + 1))
        #expect(oversized.status == 413)

        var listed = try await send("GET", cart).json(ShopController.CartJSON.self)
        #expect(listed.items.map(\.productID) == [1, 5])
        #expect(listed.total == ((listed.items.map(\.price).reduce(0, +)) * 100).rounded() / 100)
        #expect(listed.total == 18.98)

        // Restart: stop the server (closing the store), start another on the same data directory.
        await running.stop()
        running = try RunningShowcase(dataDirectory: dataDirectory)
        let cartAfterRestart = running.endpoint("/api/shop/cart")
        listed = try await send("GET", cartAfterRestart).json(ShopController.CartJSON.self)
        #expect(listed.items.map(\.productID) == [1, 5])

        #expect(try await send("DELETE", running.endpoint("/api/shop/cart/1")).status == 204)
        #expect(try await send("DELETE", running.endpoint("/api/shop/cart/1")).status == 404)
        #expect(try await send("GET", cartAfterRestart).json(ShopController.CartJSON.self).items.map(\.productID) == [5])
        #expect(try await send("DELETE", cartAfterRestart).status == 204)
        #expect(try await send("GET", cartAfterRestart).json(ShopController.CartJSON.self) == .init(items: [], total: 0))
        await running.stop()
    }

    @Test("Product JSON: the catalog's product, 404 for an unknown ID")
    func productJSON() async throws {
        let running = try RunningShowcase()
        defer { try? FileManager.default.removeItem(at: running.dataDirectory) }
        let product = try await send("GET", running.endpoint("/api/shop/products/16")).json(Product.self)
        #expect(product.title == "Apple")
        #expect(product.brand == nil)
        let missing = try await send("GET", running.endpoint("/api/shop/products/999"))
        #expect(missing.status == 404)
        #expect(try missing.json(ErrorBody.self).error == "no product with ID 999")
        await running.stop()
    }

    @Test("Page forms: add redirects with a notice; a duplicate says it is already in the cart; delete and empty confirm first")
    func pageForms() async throws {
        let running = try RunningShowcase()
        defer { try? FileManager.default.removeItem(at: running.dataDirectory) }
        let form = "application/x-www-form-urlencoded"
        let add = try await send("POST", running.endpoint("/shop/cart"), body: Data("productID=2".utf8), contentType: form)
        #expect(add.status == 303)
        let afterAdd = try await send("GET", running.endpoint("/shop?id=2&notice=added"))
        #expect(afterAdd.text.contains("was added to the cart"))
        _ = try await send("POST", running.endpoint("/shop/cart"), body: Data("productID=2".utf8), contentType: form)
        let duplicate = try await send("GET", running.endpoint("/shop?id=2&notice=duplicate"))
        #expect(duplicate.text.contains("is already in the cart"))

        let confirm = try await send("GET", running.endpoint("/shop/cart/2/delete"))
        #expect(confirm.status == 200)
        #expect(confirm.text.contains("method=\"post\""))
        #expect(try await send("GET", running.endpoint("/api/shop/cart")).json(ShopController.CartJSON.self).items.count == 1)
        #expect(try await send("POST", running.endpoint("/shop/cart/2/delete")).status == 303)
        #expect(try await send("GET", running.endpoint("/api/shop/cart")).json(ShopController.CartJSON.self).items.isEmpty)

        let emptyAgain = try await send("GET", running.endpoint("/shop/cart/empty"))
        #expect(emptyAgain.text.contains("already empty"))
        await running.stop()
    }

    @Test("A hostile title from a live catalog is shown as text, not markup")
    func hostileCatalogIsEscaped() async throws {
        // A local stand-in for https://dummyjson.com serving one product with markup in its strings.
        var product = try #require(try BundledCatalog().products.first)
        product.title = "<script>alert(1)</script>"
        product.brand = "\"><img src=x onerror=alert(2)>"
        product.description = "<b>bold</b> & more"
        let hostile = product
        var router = Router()
        router.get("/products/{id}") { request in
            request.pathParameters["id"] == "1" ? .json(hostile) : .jsonError("Product not found", status: .notFound)
        }
        router.get("/products") { _ in .json(["total": 1]) }
        let fakeCatalog = HTTPServer(port: 0, router: router)
        try fakeCatalog.start()

        let running = try RunningShowcase(catalogURL: fakeCatalog.baseURL)
        defer { try? FileManager.default.removeItem(at: running.dataDirectory) }
        for path in ["/shop?id=1", "/shop"] {
            let page = try await send("GET", running.endpoint(path))
            #expect(page.status == 200)
            #expect(!page.text.contains("<script>alert(1)</script>"))
            #expect(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(!page.text.contains("<img src=x"))
            #expect(!page.text.contains("<b>bold</b>"))
        }
        #expect(try await send("POST", running.endpoint("/api/shop/cart"), body: Data(#"{"productID":1}"#.utf8)).status == 201)
        let cartPage = try await send("GET", running.endpoint("/shop/cart"))
        #expect(!cartPage.text.contains("<script>alert(1)</script>"))
        #expect(cartPage.text.contains("&lt;script&gt;"))
        // The JSON API carries the title as data.
        let listed = try await send("GET", running.endpoint("/api/shop/cart")).json(ShopController.CartJSON.self)
        #expect(listed.items.first?.title == "<script>alert(1)</script>")
        await running.stop()
        await fakeCatalog.shutdown()
    }

    @Test("An unreachable live catalog gives 502, not a crash")
    func unreachableCatalog() async throws {
        let closed = HTTPServer(port: 0, router: Router())
        try closed.start()
        let deadURL = closed.baseURL
        await closed.shutdown()
        let running = try RunningShowcase(catalogURL: deadURL)
        defer { try? FileManager.default.removeItem(at: running.dataDirectory) }
        #expect(try await send("GET", running.endpoint("/shop")).status == 502)
        #expect(try await send("GET", running.endpoint("/api/shop/products/1")).status == 502)
        #expect(try await send("GET", running.endpoint("/api/shop/cart")).status == 200)
        await running.stop()
    }
}
