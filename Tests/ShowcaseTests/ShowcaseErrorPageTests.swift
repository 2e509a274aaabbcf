import Foundation
import HTTP
import Showcase
import Testing

@Suite("ShowcaseErrorPage and TrailingSlashRedirect")
struct ShowcaseErrorPageTests {
    @Test("Headings are sentence case; the page keeps the status and escapes the message")
    func rendering() throws {
        #expect(ShowcaseErrorPage.heading(for: .notFound) == "Page not found")
        #expect(ShowcaseErrorPage.heading(for: .methodNotAllowed) == "Method not allowed")
        #expect(ShowcaseErrorPage.heading(for: .contentTooLarge) == "Content too large")
        #expect(ShowcaseErrorPage.heading(for: .badRequest) == "Bad request")
        #expect(ShowcaseErrorPage.heading(for: .serviceUnavailable) == "Service unavailable")
        #expect(ShowcaseErrorPage.heading(for: HTTPStatus(code: 418, reasonPhrase: "")) == "Error 418")

        let response = try #require(
            ShowcaseErrorPage.render(
                HTTPErrorDetails(status: .notFound, message: "Nothing is served at /<b>.", path: "/<b>")))
        #expect(response.status == .notFound)
        let page = String(decoding: response.body, as: UTF8.self)
        #expect(page.contains("<title>Page not found</title>"))
        #expect(page.contains("<h1>Page not found</h1>"))
        #expect(page.contains("<p class=\"muted\">404 Not Found</p>"))
        #expect(page.contains("<p>Nothing is served at /&lt;b&gt;.</p>"))
        #expect(page.contains("<a class=\"button\" href=\"/\">Go to the home page</a>"))
        #expect(!page.contains("<script"))
    }

    private func router() -> Router {
        var router = Router()
        router.get("/") { _ in .text("home") }
        router.get("/shop") { _ in .text("shop") }
        router.get("/shop/cart/{id}/delete") { _ in .text("confirm") }
        router.post("/only-post") { _ in .text("posted") }
        router.get("/dir/") { _ in .text("a route with its own slash") }
        return router
    }

    @Test("Redirects known GET paths, keeps the query, and leaves everything else alone")
    func redirects() throws {
        let redirect = TrailingSlashRedirect(routes: router())
        let shop = try #require(redirect.response(for: HTTPRequest(path: "/shop/")))
        #expect(shop.status == .permanentRedirect)
        #expect(shop.headers["Location"] == "/shop")
        let twice = try #require(
            redirect.response(for: HTTPRequest(path: "/shop//", queryItems: [URLQueryItem(name: "q", value: "한 &")])))
        #expect(twice.headers["Location"] == "/shop?q=%ED%95%9C%20%26")
        #expect(
            redirect.response(for: HTTPRequest(method: .head, path: "/shop/cart/7/delete/"))?.headers["Location"]
                == "/shop/cart/7/delete")

        #expect(redirect.response(for: HTTPRequest(method: .post, path: "/shop/")) == nil)
        #expect(redirect.response(for: HTTPRequest(path: "/only-post/")) == nil)
        #expect(redirect.response(for: HTTPRequest(path: "/unknown/")) == nil)
        #expect(redirect.response(for: HTTPRequest(path: "/")) == nil)
        #expect(redirect.response(for: HTTPRequest(path: "/shop")) == nil)
        #expect(redirect.response(for: HTTPRequest(path: "/dir/")) == nil)  // a route as written
        #expect(redirect.response(for: HTTPRequest(path: "/shop/cart//delete/")) == nil)  // empty parameter
    }

    @Test("Never redirects to a protocol-relative URL")
    func noOpenRedirect() throws {
        var router = Router()
        router.get("/{anything}") { _ in .text("x") }
        // A pattern with an empty first segment matches "//evil.example": only the guard stops the redirect.
        router.get("//evil.example") { _ in .text("y") }
        let redirect = TrailingSlashRedirect(routes: router)
        let request = try #require(HTTPRequest(method: .get, target: "//evil.example/"))
        #expect(redirect.response(for: request) == nil)
        #expect(redirect.response(for: HTTPRequest(path: "/fine/"))?.headers["Location"] == "/fine")
    }
}
