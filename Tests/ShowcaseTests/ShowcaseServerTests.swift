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
    /// Header fields, names lowercased.
    var headers: [String: String] = [:]
    var text: String { String(decoding: body, as: UTF8.self) }

    func json<T: Decodable>(_ type: T.Type) throws -> T { try JSONDecoder().decode(T.self, from: body) }
}

/// Sends one request without following redirects (and without a cookie store: cookies go in `headers`).
private func send(
    _ method: String, _ url: URL, body: Data? = nil, contentType: String = "application/json",
    headers: [String: String] = [:]
) async throws -> Reply {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpShouldHandleCookies = false
    if let body {
        request.httpBody = body
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
    }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await noRedirectSession.data(for: request)
    let http = response as? HTTPURLResponse
    var headers: [String: String] = [:]
    for (name, value) in http?.allHeaderFields ?? [:] {
        if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
    }
    return Reply(status: http?.statusCode ?? -1, body: data, headers: headers)
}

/// A session that reports redirects instead of following them (the per-task delegate is ignored on Linux), and
/// keeps no cookies (tests pass them by hand).
private let noRedirectSession: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    return URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
}()

private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

private struct ErrorBody: Decodable { let error: String }

/// The `GET` a browser makes after a redirect: its location, with the cookie it set.
private func follow(_ redirect: Reply, on running: RunningShowcase) async throws -> Reply {
    let location = try #require(redirect.headers["location"])
    var headers: [String: String] = [:]
    if let cookie = redirect.headers["set-cookie"]?.split(separator: ";").first { headers["Cookie"] = String(cookie) }
    return try await send("GET", running.endpoint(location), headers: headers)
}

/// A showcase on an ephemeral port with its own data directory, stopped (and its store closed) by `stop()`.
@MainActor
private final class RunningShowcase {
    let dataDirectory: URL
    private(set) var showcase: Showcase?
    var url: URL { showcase?.baseURL ?? URL(fileURLWithPath: "/") }

    init(dataDirectory: URL? = nil, catalogURL: URL? = nil) throws {
        self.dataDirectory =
            dataDirectory
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
        for name in ["Shop", "BookStore", "Inventory", "Places", "People"] { #expect(home.text.contains(name)) }
        #expect(!home.text.contains("not built yet"))
        #expect(home.text.contains("<title>OpenSwiftData showcase</title>"))
        #expect(home.text.components(separatedBy: ">Showcase<").count == 2)  // the home link, once
        #expect(!home.text.contains("class=\"app-name\""))
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
        #expect(
            try added.json(CartLine.self) == CartLine(productID: 1, title: "Essence Mascara Lash Princess", price: 9.99)
        )
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
        #expect(
            try await send("GET", cartAfterRestart).json(ShopController.CartJSON.self).items.map(\.productID) == [5])
        #expect(try await send("DELETE", cartAfterRestart).status == 204)
        #expect(
            try await send("GET", cartAfterRestart).json(ShopController.CartJSON.self) == .init(items: [], total: 0))
        await running.stop()
    }

    @Test(
        "CoreCart, the tutorial's Core Data cart: add, duplicate, empty, add again through the API and the pages; a restart keeps it"
    )
    func coreCartScenario() async throws {
        var running = try RunningShowcase()
        let dataDirectory = running.dataDirectory
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let cart = running.endpoint("/api/shop/corecart")
        let form = "application/x-www-form-urlencoded"

        // Add (the Display tab's "Add"), then a duplicate: the same notices as the SwiftData cart.
        let add = try await send(
            "POST", running.endpoint("/shop/corecart"), body: Data("productID=1".utf8), contentType: form)
        #expect(add.status == 303)
        #expect(add.headers["location"] == "/shop?id=1")
        let afterAdd = try await follow(add, on: running)
        #expect(afterAdd.text.contains("“Essence Mascara Lash Princess” was added to the cart."))
        #expect(afterAdd.text.contains("<a href=\"/shop/corecart\">CoreCart (1)</a>"))
        #expect(afterAdd.text.contains("<a href=\"/shop/cart\">SDCart (0)</a>"))
        let again = try await send(
            "POST", running.endpoint("/shop/corecart"), body: Data("productID=1".utf8), contentType: form)
        #expect(
            try await follow(again, on: running).text.contains(
                "“Essence Mascara Lash Princess” is already in the cart."))

        // The JSON API, exactly as /api/shop/cart's.
        let added = try await send("POST", cart, body: Data(#"{"productID":5}"#.utf8))
        #expect(added.status == 201)
        #expect(try added.json(CartLine.self).productID == 5)
        let duplicate = try await send("POST", cart, body: Data(#"{"productID":1}"#.utf8))
        #expect(duplicate.status == 409)
        #expect(
            try duplicate.json(ErrorBody.self).error
                == "“Essence Mascara Lash Princess” is already in the Core Data cart")
        #expect(try await send("POST", cart, body: Data(#"{"productID":999}"#.utf8)).status == 404)
        #expect(try await send("POST", cart, body: Data("not json".utf8)).status == 400)
        var listed = try await send("GET", cart).json(ShopController.CartJSON.self)
        #expect(listed.items.map(\.productID) == [1, 5])
        #expect(listed.total == 18.98)
        // The SwiftData cart is another cart.
        #expect(
            try await send("GET", running.endpoint("/api/shop/cart")).json(ShopController.CartJSON.self).items.isEmpty)

        // The CoreCart tab lists both; a restart keeps them (the store is <data-dir>/Cart.sqlite).
        #expect(FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("Cart.sqlite").path))
        await running.stop()
        running = try RunningShowcase(dataDirectory: dataDirectory)
        let page = try await send("GET", running.endpoint("/shop/corecart"))
        #expect(page.status == 200)
        #expect(page.text.contains("<a href=\"/shop/corecart\" aria-current=\"page\">CoreCart (2)</a>"))
        #expect(page.text.contains("<td>Essence Mascara Lash Princess</td>"))
        #expect(page.text.contains("href=\"/shop/corecart/5/delete\""))
        #expect(
            try await send("GET", running.endpoint("/api/shop/corecart")).json(ShopController.CartJSON.self).items.map(
                \.productID) == [1, 5])

        // Delete one row behind its confirmation; a second post says it is gone; the API's delete 204/404.
        let confirm = try await send("GET", running.endpoint("/shop/corecart/5/delete"))
        #expect(confirm.status == 200)
        #expect(confirm.text.contains("<form method=\"post\" action=\"/shop/corecart/5/delete\">"))
        #expect(try await send("GET", running.endpoint("/shop/corecart/77/delete")).status == 404)
        let deleted = try await send("POST", running.endpoint("/shop/corecart/5/delete"))
        #expect(deleted.headers["location"] == "/shop/corecart")
        #expect(try await follow(deleted, on: running).text.contains("was removed from the cart."))
        let twice = try await send("POST", running.endpoint("/shop/corecart/5/delete"))
        #expect(try await follow(twice, on: running).text.contains("That item was no longer in the cart."))
        #expect(
            try await send("POST", running.endpoint("/api/shop/corecart"), body: Data(#"{"productID":5}"#.utf8)).status
                == 201)
        #expect(try await send("DELETE", running.endpoint("/api/shop/corecart/5")).status == 204)
        let absent = try await send("DELETE", running.endpoint("/api/shop/corecart/5"))
        #expect(absent.status == 404)
        #expect(try absent.json(ErrorBody.self).error == "product 5 is not in the Core Data cart")

        // Empty (NSBatchDeleteRequest) behind its confirmation; then the page and the API both show it empty.
        #expect(
            try await send("GET", running.endpoint("/shop/corecart/empty")).text.contains(
                "Delete the 1 item from the cart?"))
        let emptied = try await send("POST", running.endpoint("/shop/corecart/empty"))
        #expect(try await follow(emptied, on: running).text.contains("All items were deleted from the cart."))
        #expect(try await send("GET", running.endpoint("/shop/corecart")).text.contains("Your cart is empty."))
        #expect(
            try await send("GET", running.endpoint("/shop/corecart/empty")).text.contains("The cart is already empty."))
        listed = try await send("GET", running.endpoint("/api/shop/corecart")).json(ShopController.CartJSON.self)
        #expect(listed == .init(items: [], total: 0))

        // Add again: the product that was emptied is not a duplicate any more.
        #expect(
            try await send("POST", running.endpoint("/api/shop/corecart"), body: Data(#"{"productID":1}"#.utf8)).status
                == 201)
        #expect(try await send("DELETE", running.endpoint("/api/shop/corecart")).status == 204)
        #expect(
            try await send("GET", running.endpoint("/api/shop/corecart")).json(ShopController.CartJSON.self).items
                .isEmpty)
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

    @Test(
        "Page forms: add redirects with a notice; a duplicate says it is already in the cart; delete and empty confirm first"
    )
    func pageForms() async throws {
        let running = try RunningShowcase()
        defer { try? FileManager.default.removeItem(at: running.dataDirectory) }
        let form = "application/x-www-form-urlencoded"
        let add = try await send(
            "POST", running.endpoint("/shop/cart"), body: Data("productID=2".utf8), contentType: form)
        #expect(add.status == 303)
        #expect(add.headers["location"] == "/shop?id=2")
        let afterAdd = try await follow(add, on: running)
        #expect(afterAdd.text.contains("was added to the cart"))
        let again = try await send(
            "POST", running.endpoint("/shop/cart"), body: Data("productID=2".utf8), contentType: form)
        let duplicate = try await follow(again, on: running)
        #expect(duplicate.text.contains("is already in the cart"))
        // Reloading shows the notice no more; a URL cannot make one up.
        #expect(!(try await follow(again, on: running)).text.contains("class=\"notice"))
        #expect(
            !(try await send("GET", running.endpoint("/shop?id=50&notice=duplicate"))).text.contains("class=\"notice"))

        let confirm = try await send("GET", running.endpoint("/shop/cart/2/delete"))
        #expect(confirm.status == 200)
        #expect(confirm.text.contains("method=\"post\""))
        #expect(
            try await send("GET", running.endpoint("/api/shop/cart")).json(ShopController.CartJSON.self).items.count
                == 1)
        #expect(try await send("POST", running.endpoint("/shop/cart/2/delete")).status == 303)
        #expect(
            try await send("GET", running.endpoint("/api/shop/cart")).json(ShopController.CartJSON.self).items.isEmpty)

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
        #expect(
            try await send("POST", running.endpoint("/api/shop/cart"), body: Data(#"{"productID":1}"#.utf8)).status
                == 201)
        let cartPage = try await send("GET", running.endpoint("/shop/cart"))
        #expect(!cartPage.text.contains("<script>alert(1)</script>"))
        #expect(cartPage.text.contains("&lt;script&gt;"))
        // The JSON API carries the title as data.
        let listed = try await send("GET", running.endpoint("/api/shop/cart")).json(ShopController.CartJSON.self)
        #expect(listed.items.first?.title == "<script>alert(1)</script>")
        await running.stop()
        await fakeCatalog.shutdown()
    }

    @Test("An unreachable live catalog gives 502 pages that name it and link to the cart, and clean JSON errors")
    func unreachableCatalog() async throws {
        let closed = HTTPServer(port: 0, router: Router())
        try closed.start()
        let deadURL = closed.baseURL
        await closed.shutdown()
        let running = try RunningShowcase(catalogURL: deadURL)
        defer { try? FileManager.default.removeItem(at: running.dataDirectory) }
        let page = try await send("GET", running.endpoint("/shop"))
        #expect(page.status == 502)
        #expect(page.text.contains("<h1>Catalog unavailable</h1>"))
        #expect(
            page.text.contains("The product catalog at <code>\(deadURL.absoluteString)</code> could not be reached"))
        #expect(page.text.contains("<a class=\"button\" href=\"/shop/cart\">Go to the cart</a>"))
        #expect(page.text.contains("<a href=\"/shop/cart\">SDCart (0)</a>"))
        #expect(!page.text.contains("URLError"))
        #expect(!page.text.contains("-1004"))
        #expect(!page.text.contains("Back to the shop"))

        let api = try await send("GET", running.endpoint("/api/shop/products/1"))
        #expect(api.status == 502)
        #expect(
            try api.json(ErrorBody.self).error
                == "the product catalog at \(deadURL.absoluteString) could not be reached")
        #expect(try await send("GET", running.endpoint("/api/shop/cart")).status == 200)
        #expect(try await send("GET", running.endpoint("/shop/cart")).status == 200)
        await running.stop()
    }

    @Test("Browser errors from the router and server are pages in the layout with a link home; API errors stay JSON")
    func errorPages() async throws {
        let running = try RunningShowcase()
        defer { try? FileManager.default.removeItem(at: running.dataDirectory) }
        let missing = try await send("GET", running.endpoint("/nothing-here"))
        #expect(missing.status == 404)
        #expect(missing.headers["content-type"] == "text/html; charset=utf-8")
        #expect(missing.text.hasPrefix("<!DOCTYPE html>"))
        #expect(missing.text.contains("<title>Page not found</title>"))
        #expect(missing.text.contains("<p>Nothing is served at /nothing-here (no route matches this path).</p>"))
        #expect(missing.text.contains("<a class=\"button\" href=\"/\">Go to the home page</a>"))

        let hostile = try await send("GET", running.endpoint("/%3Cscript%3Ealert(1)%3C/script%3E"))
        #expect(hostile.status == 404)
        #expect(!hostile.text.contains("<script>alert(1)"))
        #expect(hostile.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))

        let wrongMethod = try await send("PUT", running.endpoint("/shop"))
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["allow"] == "GET, HEAD")
        #expect(wrongMethod.text.contains("<h1>Method not allowed</h1>"))

        let tooLarge = try await send(
            "POST", running.endpoint("/shop/cart"), body: Data(count: (1 << 20) + 1),
            contentType: "application/x-www-form-urlencoded")
        #expect(tooLarge.status == 413)
        #expect(tooLarge.text.contains("<h1>Content too large</h1>"))
        #expect(tooLarge.text.contains("413 Content Too Large"))
        #expect(!tooLarge.text.contains("Payload"))

        let api = try await send("GET", running.endpoint("/api/shop/nothing"))
        #expect(api.status == 404)
        #expect(api.headers["content-type"] == "application/json; charset=utf-8")
        #expect(
            try api.json(ErrorBody.self).error == "Nothing is served at /api/shop/nothing (no route matches this path)."
        )
        await running.stop()
    }

    @Test("A trailing slash on a known path redirects to the path without it, for GET and HEAD only")
    func trailingSlash() async throws {
        let running = try RunningShowcase()
        defer { try? FileManager.default.removeItem(at: running.dataDirectory) }
        let shop = try await send("GET", running.endpoint("/shop/"))
        #expect(shop.status == 308)
        #expect(shop.headers["location"] == "/shop")
        let withQuery = try await send("GET", running.endpoint("/shop/cart/?notice=emptied&x=a%20b"))
        #expect(withQuery.status == 308)
        #expect(withQuery.headers["location"] == "/shop/cart?notice=emptied&x=a%20b")
        #expect(
            try await send("HEAD", running.endpoint("/shop/cart/3/delete/")).headers["location"]
                == "/shop/cart/3/delete")
        #expect(try await send("GET", running.endpoint("/api/shop/cart/")).headers["location"] == "/api/shop/cart")
        // Not for other methods, unknown paths, or what would be a protocol-relative URL.
        #expect(
            try await send(
                "POST", running.endpoint("/shop/cart/"), body: Data("productID=1".utf8),
                contentType: "application/x-www-form-urlencoded"
            ).status == 404)
        #expect(try await send("GET", running.endpoint("/nothing/")).status == 404)
        #expect(try await send("GET", running.endpoint("/")).status == 200)
        await running.stop()
    }

    @Test(
        "Pages: deleting twice lands on the cart with a notice; a removed notice for an item in the cart is ignored; Next skips the product"
    )
    func pageFlowsAfterFixes() async throws {
        let running = try RunningShowcase()
        defer { try? FileManager.default.removeItem(at: running.dataDirectory) }
        let form = "application/x-www-form-urlencoded"
        _ = try await send("POST", running.endpoint("/shop/cart"), body: Data("productID=2".utf8), contentType: form)
        _ = try await send("POST", running.endpoint("/shop/cart"), body: Data("productID=3".utf8), contentType: form)

        let falseClaim = try await send("GET", running.endpoint("/shop/cart?notice=removed&id=2"))
        #expect(!falseClaim.text.contains("was removed"))
        #expect(falseClaim.text.contains("Empty cart"))

        let first = try await send("POST", running.endpoint("/shop/cart/2/delete"))
        #expect(first.status == 303)
        #expect(first.headers["location"] == "/shop/cart")
        let second = try await send("POST", running.endpoint("/shop/cart/2/delete"))
        #expect(second.status == 303)
        #expect(second.headers["location"] == "/shop/cart")
        let gone = try await follow(second, on: running)
        #expect(gone.text.contains("That item was no longer in the cart."))
        #expect(gone.text.contains("SDCart (1)"))
        let removed = try await follow(first, on: running)
        #expect(removed.text.contains("was removed from the cart."))
        #expect(!(try await follow(first, on: running)).text.contains("was removed from the cart."))

        let confirm = try await send("GET", running.endpoint("/shop/cart/empty"))
        #expect(confirm.text.contains("aria-current=\"page\">SDCart (1)</a>"))
        _ = try await send("POST", running.endpoint("/shop/cart/empty"))
        let empty = try await send("GET", running.endpoint("/shop/cart"))
        #expect(empty.text.contains("Your cart is empty."))
        #expect(!empty.text.contains(">Empty cart</a>"))

        for _ in 0..<10 {
            let next = try await send("GET", running.endpoint("/shop?after=1"))
            #expect(next.status == 200)
            #expect(!next.text.contains("<h1>Essence Mascara Lash Princess</h1>"))
            #expect(next.text.contains("href=\"/shop?after="))
            #expect(!next.text.contains("href=\"/shop?after=1\""))
        }
        await running.stop()
    }
}
