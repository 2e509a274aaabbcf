import Foundation
import HTTP
import Testing

@Suite("Router without a server")
struct RouterTests {
    private func makeRouter() -> Router {
        var router = Router()
        router.get("/api/shop/products") { _ in .json(["all"]) }
        router.get("/api/shop/products/{id}") { request in .json(["id": request.pathParameters["id"] ?? "?"]) }
        router.get("/api/shop/products/new") { _ in .text("the new-product form") }
        router.add(.delete, "/api/shop/cart/{productID}") { request in
            .text("removed \(request.pathParameters["productID"] ?? "?")")
        }
        router.post("/api/shop/cart/{productID}") { request in
            .text("added \(request.pathParameters["productID"] ?? "?")")
        }
        router.get("/files/{name}") { request in .text(request.pathParameters["name"] ?? "?") }
        router.get("/") { _ in .html("<h1>Home</h1>") }
        return router
    }

    private func bodyText(_ response: HTTPResponse) -> String {
        String(decoding: response.body, as: UTF8.self)
    }

    @Test func routesByMethodAndPathAndFillsParameters() async {
        let router = makeRouter()
        let response = await router.respond(to: HTTPRequest(method: .get, path: "/api/shop/products/42"))
        #expect(response.status == .ok)
        #expect(response.headers["content-type"] == "application/json; charset=utf-8")
        #expect(bodyText(response) == #"{"id":"42"}"#)

        let root = await router.respond(to: HTTPRequest(method: .get, path: "/"))
        #expect(bodyText(root) == "<h1>Home</h1>")
        #expect(root.headers["Content-Type"] == "text/html; charset=utf-8")
    }

    @Test func literalSegmentBeatsParameterRegardlessOfOrder() async {
        let router = makeRouter()
        let response = await router.respond(to: HTTPRequest(method: .get, path: "/api/shop/products/new"))
        #expect(bodyText(response) == "the new-product form")
    }

    @Test func pathParametersArePercentDecodedAndKeepEncodedSlashes() async throws {
        let router = makeRouter()
        let request = try #require(HTTPRequest(method: .get, target: "/files/%ED%95%9C%EA%B8%80%20a%2Fb?x=1"))
        #expect(request.path == "/files/한글 a/b")
        #expect(request.percentEncodedPath == "/files/%ED%95%9C%EA%B8%80%20a%2Fb")
        let response = await router.respond(to: request)
        #expect(response.status == .ok)
        #expect(bodyText(response) == "한글 a/b")
    }

    @Test func unknownPathIs404WithJSONUnderAPIAndTextElsewhere() async throws {
        let router = makeRouter()
        let api = await router.respond(to: HTTPRequest(method: .get, path: "/api/nothing/here"))
        #expect(api.status == .notFound)
        #expect(api.headers["Content-Type"] == "application/json; charset=utf-8")
        let object = try JSONSerialization.jsonObject(with: api.body) as? [String: String]
        #expect(object?["error"]?.contains("/api/nothing/here") == true)

        let page = await router.respond(to: HTTPRequest(method: .get, path: "/nowhere"))
        #expect(page.status == .notFound)
        #expect(page.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(bodyText(page).hasPrefix("404 Not Found"))

        // A trailing slash is a different path, and an empty parameter does not match.
        let trailing = await router.respond(to: HTTPRequest(method: .get, path: "/api/shop/products/"))
        #expect(trailing.status == .notFound)
    }

    @Test func knownPathWithOtherMethodIs405WithAllow() async throws {
        let router = makeRouter()
        let response = await router.respond(to: HTTPRequest(method: .put, path: "/api/shop/cart/7"))
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "DELETE, POST")
        let object = try JSONSerialization.jsonObject(with: response.body) as? [String: String]
        #expect(object?["error"] == "Method PUT is not allowed for /api/shop/cart/7; allowed: DELETE, POST.")

        let getOnly = await router.respond(to: HTTPRequest(method: .post, path: "/api/shop/products"))
        #expect(getOnly.status == .methodNotAllowed)
        #expect(getOnly.headers["Allow"] == "GET, HEAD")
    }

    @Test func methodChoosesAmongMatchingPatterns() async {
        let router = makeRouter()
        let added = await router.respond(to: HTTPRequest(method: .post, path: "/api/shop/cart/9"))
        #expect(bodyText(added) == "added 9")
        let removed = await router.respond(to: HTTPRequest(method: .delete, path: "/api/shop/cart/9"))
        #expect(bodyText(removed) == "removed 9")
    }

    @Test func headIsServedByTheGetRoute() async {
        let router = makeRouter()
        let response = await router.respond(to: HTTPRequest(method: .head, path: "/api/shop/products/5"))
        #expect(response.status == .ok)
        #expect(bodyText(response) == #"{"id":"5"}"#)
    }

    @Test func reRegisteringReplacesTheHandler() async {
        var router = Router()
        router.get("/x/{a}") { _ in .text("first") }
        router.get("/x/{b}") { _ in .text("second") }
        #expect(router.registeredRoutes.count == 1)
        let response = await router.respond(to: HTTPRequest(path: "/x/1"))
        #expect(bodyText(response) == "second")
    }

    @Test func emptyRouterAnswers404() async {
        let response = await Router().respond(to: HTTPRequest(path: "/"))
        #expect(response.status == .notFound)
    }

    @Test func errorPageRendererDrawsBrowserErrorsButNotAPIErrors() async throws {
        var router = makeRouter()
        router.errorPageRenderer = { details in
            .html("<h1>\(details.status.code)</h1><p>\(details.message)</p><p>\(details.path)</p>", status: .ok)
        }
        let missing = await router.respond(to: HTTPRequest(method: .get, path: "/nowhere"))
        #expect(missing.status == .notFound)  // the renderer's own status is overridden
        #expect(missing.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(
            bodyText(missing)
                == "<h1>404</h1><p>Nothing is served at /nowhere (no route matches this path).</p><p>/nowhere</p>")

        let wrongMethod = await router.respond(to: HTTPRequest(method: .post, path: "/files/a"))
        #expect(wrongMethod.status == .methodNotAllowed)
        #expect(wrongMethod.headers["Allow"] == "GET, HEAD")
        #expect(
            bodyText(wrongMethod).hasPrefix(
                "<h1>405</h1><p>Method POST is not allowed for /files/a; allowed: GET, HEAD.</p>"))

        // API paths keep their JSON errors.
        let api = await router.respond(to: HTTPRequest(method: .get, path: "/api/nothing"))
        #expect(api.status == .notFound)
        #expect(api.headers["Content-Type"] == "application/json; charset=utf-8")
        let object = try JSONSerialization.jsonObject(with: api.body) as? [String: String]
        #expect(object?["error"] == "Nothing is served at /api/nothing (no route matches this path).")
    }

    @Test func errorPageRendererReturningNilFallsBackToText() async {
        let router = Router(errorPageRenderer: { _ in nil })
        let response = await router.respond(to: HTTPRequest(path: "/x"))
        #expect(response.status == .notFound)
        #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(bodyText(response) == "404 Not Found\n\nNothing is served at /x (no route matches this path).\n")
    }
}
