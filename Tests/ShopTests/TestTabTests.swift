import Foundation
import HTTP
import OpenSwiftData
import Testing
import ViewState
@testable import Shop

/// A catalog that hands out its products in turn, so a test knows what "API 조회" loads.
private actor TurnCatalog: ProductCatalog {
    private let products: [Product]
    private var next = 0
    init(_ products: [Product]) { self.products = products }
    func product(id: Int) async throws -> Product? { products.first { $0.id == id } }
    func randomProduct() async throws -> Product {
        defer { next += 1 }
        return products[next % products.count]
    }
}

@MainActor
private final class ManualClock {
    var now = ContinuousClock.now
}

/// One browser on the Test tab: keeps its cookies, follows the redirects, reads the page.
@MainActor
private struct Browser {
    let router: Router
    /// The cookies it holds, by name.
    var cookies: [String: String] = [:]

    /// The view tree's session cookie, `shop_test_session=…`.
    var cookie: String? { cookies["shop_test_session"].map { "shop_test_session=\($0)" } }

    mutating func get() async -> String {
        let response = await send(.get, TestTabPaths.page)
        return String(decoding: response.body, as: UTF8.self)
    }

    /// Presses a button: posts its form and returns the page the redirect leads to.
    mutating func press(_ path: String, form: String = "") async -> String {
        let response = await send(.post, path, body: form)
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == TestTabPaths.page)
        return await get()
    }

    mutating func send(_ method: HTTPMethod, _ path: String, body: String = "") async -> HTTPResponse {
        var headers = HTTPHeaders()
        if !cookies.isEmpty {
            headers["Cookie"] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                separator: "; ")
        }
        if !body.isEmpty { headers["Content-Type"] = "application/x-www-form-urlencoded" }
        guard let request = HTTPRequest(method: method, target: path, headers: headers, body: Data(body.utf8)) else {
            return HTTPResponse(status: .badRequest)
        }
        let response = await router.respond(to: request)
        for setCookie in response.headers.values(for: "Set-Cookie") {
            guard let pair = setCookie.split(separator: ";").first, let equals = pair.firstIndex(of: "=") else {
                continue
            }
            cookies[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return response
    }
}

/// The numbers in a row of the page's result table, by the row's heading.
private func resultRow(_ page: String, _ heading: String) -> [String] {
    guard let start = page.range(of: "<th scope=\"row\">\(heading)</th>"),
        let end = page.range(of: "</tr>", range: start.upperBound..<page.endIndex)
    else { return [] }
    return page[start.upperBound..<end.lowerBound].components(separatedBy: "<td>").dropFirst().map {
        String($0.prefix { $0 != "<" })
    }
}

private func renderCount(_ page: String) -> String? {
    guard let start = page.range(of: "<strong class=\"render-count\">") else { return nil }
    return String(page[start.upperBound...].prefix { $0 != "<" })
}

/// The titles in a panel's list.
private func titles(_ page: String, _ panel: TestView.Panel) -> [String] {
    guard let start = page.range(of: "<section class=\"card panel \(panel.slug)\""),
        let end = page.range(of: "</section>", range: start.upperBound..<page.endIndex)
    else { return [] }
    return page[start.upperBound..<end.lowerBound].components(separatedBy: "<span class=\"title\">").dropFirst().map {
        String($0.prefix { $0 != "<" })
    }
}

@MainActor
@Suite("The Shop's Test tab: @StateObject versus @ObservedObject, on the server", .serialized)
struct TestTabTests {
    private func makeTab(clock: ManualClock = ManualClock()) async throws -> (Browser, CartViewModel) {
        let bundled = try BundledCatalog()
        var products: [Product] = []
        for id in [1, 16, 5, 30] { products.append(try #require(try await bundled.product(id: id))) }
        let container = try ModelContainer(
            for: CartItem.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let cart = try CartViewModel(context: ModelContext(container), pollingInterval: nil)
        var router = Router()
        TestTabRoutes.register(
            TestTabController(
                catalog: TurnCatalog(products), cart: cart, idleTimeout: .seconds(600), now: { clock.now }),
            on: &router
        )
        return (Browser(router: router), cart)
    }

    @Test(
        "The tutorial's result table: after 장바구니 초기화 the @StateObject panel keeps its list, the @ObservedObject one is empty"
    )
    func resultTable() async throws {
        var (browser, cart) = try await makeTab()
        var page = await browser.get()
        #expect(browser.cookie?.hasPrefix("shop_test_session=") == true)
        #expect(page.contains("<h2 id=\"panel-state-object-heading\"><code>@StateObject</code></h2>"))
        #expect(page.contains("<h2 id=\"panel-observed-object-heading\"><code>@ObservedObject</code></h2>"))
        #expect(resultRow(page, "Products in its list") == ["0", "0"])
        #expect(renderCount(page) == "1")

        // "API 조회" in each panel re-renders only that panel: TestView's count stays at 1.
        page = await browser.press(TestTabPaths.fetch(.stateObject))
        #expect(titles(page, .stateObject) == ["Essence Mascara Lash Princess"])
        page = await browser.press(TestTabPaths.fetch(.observedObject))
        #expect(titles(page, .observedObject) == ["Apple"])
        #expect(resultRow(page, "Products in its list") == ["1", "1"])
        #expect(renderCount(page) == "1")
        #expect(page.contains("@ObservedObject: “Apple” was loaded."))

        // "장바구니 초기화": TestView renders again; the owned model stays, the per-render one is new.
        page = await browser.press(TestTabPaths.emptyCart)
        #expect(renderCount(page) == "2")
        #expect(titles(page, .stateObject) == ["Essence Mascara Lash Princess"])
        #expect(titles(page, .observedObject) == [])
        #expect(resultRow(page, "Products in its list") == ["1", "0"])
        #expect(resultRow(page, "Its view model was made at TestView render") == ["#1", "#2"])
        #expect(page.contains("The cart was emptied (0 items), so TestView rendered again."))

        // A reload renders nothing new and shows no notice again.
        page = await browser.get()
        #expect(renderCount(page) == "2")
        #expect(!page.contains("class=\"notice"))

        // "담기" changes the cart, which TestView shows: it renders again, so the @ObservedObject panel empties too.
        page = await browser.press(TestTabPaths.fetch(.observedObject))
        #expect(titles(page, .observedObject) == ["Red Nail Polish"])
        #expect(cart.lines.isEmpty)
        page = await browser.press(TestTabPaths.add(.stateObject), form: "productID=1")
        #expect(cart.lines.map(\.productID) == [1])
        #expect(page.contains("“Essence Mascara Lash Princess” was added to the cart, so TestView rendered again."))
        #expect(renderCount(page) == "3")
        #expect(resultRow(page, "Products in its list") == ["1", "0"])
        #expect(
            page.contains(
                "<li><span class=\"title\">Essence Mascara Lash Princess</span> <span class=\"muted\">$9.99</span></li>"
            ))
        #expect(page.contains(">SDCart (1)</a>"))

        // Emptying a non-empty cart: the cart is empty, the @StateObject list still there.
        page = await browser.press(TestTabPaths.emptyCart)
        #expect(cart.lines.isEmpty)
        #expect(page.contains("The cart was emptied (1 item), so TestView rendered again."))
        #expect(titles(page, .stateObject) == ["Essence Mascara Lash Princess"])
    }

    @Test("A stale 담기, a product not listed, another browser, and an expired session each get a clear answer")
    func staleAndExpired() async throws {
        let clock = ManualClock()
        var (browser, cart) = try await makeTab(clock: clock)
        _ = await browser.get()
        _ = await browser.press(TestTabPaths.fetch(.observedObject))
        _ = await browser.press(TestTabPaths.emptyCart)
        // The page from before the reset listed product 1 in the @ObservedObject panel; its model is gone now.
        var page = await browser.press(TestTabPaths.add(.observedObject), form: "productID=1")
        #expect(page.contains("That product is no longer in the @ObservedObject panel&#39;s list"))
        #expect(cart.lines.isEmpty)
        #expect(await browser.send(.post, TestTabPaths.add(.stateObject), body: "productID=x").status == .badRequest)
        let huge = await browser.send(.post, TestTabPaths.add(.stateObject), body: "productID=99999999999999999999")
        #expect(huge.status == .badRequest)
        #expect(
            String(decoding: huge.body, as: UTF8.self).contains("The product ID 99999999999999999999 is out of range"))
        #expect(await browser.send(.post, "/shop/test/nowhere/fetch").status == .notFound)

        // Another browser has a tree of its own.
        var other = Browser(router: browser.router)
        page = await other.get()
        #expect(other.cookie != browser.cookie)
        #expect(resultRow(page, "Products in its list") == ["0", "0"])
        #expect(!page.contains("class=\"notice"))

        // Half an hour... here ten minutes of inactivity: the tree is forgotten; a button on the old page says so.
        _ = await browser.press(TestTabPaths.fetch(.stateObject))
        clock.now += .seconds(601)
        let expiredCookie = browser.cookie
        page = await browser.press(TestTabPaths.fetch(.stateObject))
        #expect(browser.cookie != expiredCookie)
        #expect(page.contains("This page had expired, so it was rendered anew; press the button again."))
        #expect(resultRow(page, "Products in its list") == ["0", "0"])
        #expect(renderCount(page) == "1")
    }

    @Test("The page follows the showcase's rules: no inline script or style, values escaped, the Test tab current")
    func pageRules() async throws {
        var (browser, _) = try await makeTab()
        let page = await browser.get()
        guard let main = page.range(of: "<main>").map({ page[$0.upperBound...] }) else {
            Issue.record("no main"); return
        }
        #expect(!main.contains("<script"))
        #expect(!main.contains("<style"))
        #expect(!main.contains("style="))
        #expect(page.contains("<a href=\"/shop/test\" aria-current=\"page\">Test</a>"))
        #expect(page.contains("<link rel=\"stylesheet\" href=\"\(TestTabAssets.stylesheet.url)\">"))
        #expect(page.contains("<link rel=\"stylesheet\" href=\"\(ShopAssets.stylesheet.url)\">"))
        #expect(TestTabAssets.stylesheet.url.hasPrefix("/static/shop-test.css?v="))
        let css = await browser.send(.get, TestTabAssets.stylesheet.url)
        #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(css.headers["Cache-Control"] == "public, max-age=31536000, immutable")
    }
}
