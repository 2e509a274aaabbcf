import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTP
@testable import Networking
import Testing

private struct Product: Codable, Equatable {
    var id: Int
    var title: String
    var price: Double
    var brand: String?
}

private struct ProductList: Codable, Equatable {
    var products: [Product]
}

private func makeRouter() -> Router {
    var router = Router()
    router.get("/api/products/{id}") { request in
        guard let id = Int(request.pathParameters["id"] ?? "") else {
            return .jsonError("Product id must be a number.", status: .badRequest)
        }
        return .json(Product(id: id, title: "Mug", price: 9.5, brand: nil))
    }
    router.get("/api/search") { request in
        .json(ProductList(products: [Product(id: 7, title: request.query("q") ?? "", price: 1)]))
    }
    router.get("/api/boom") { _ in .jsonError("Database is on fire.", status: .internalServerError) }
    router.get("/api/malformed") { _ in
        HTTPResponse(
            status: .ok, headers: ["Content-Type": "application/json"], body: Data(#"{"id": 1, "title": "#.utf8))
    }
    router.get("/api/wrong-type") { _ in
        HTTPResponse(
            status: .ok, headers: ["Content-Type": "application/json"],
            body: Data(#"{"id": "one", "title": "Mug", "price": 9.5}"#.utf8))
    }
    router.get("/api/missing-key") { _ in
        HTTPResponse(
            status: .ok, headers: ["Content-Type": "application/json"],
            body: Data(#"{"products": [{"id": 1, "title": "a", "price": 1}, {"id": 2, "title": "b"}]}"#.utf8))
    }
    router.get("/api/slow") { _ in
        try? await Task.sleep(for: .milliseconds(1500))
        return .json(Product(id: 1, title: "late", price: 0))
    }
    return router
}

/// Runs `body` with a client whose base URL is `<server>/api`, then shuts the server down.
private func withClient(timeout: TimeInterval = 10, _ body: (APIClient) async throws -> Void) async throws {
    let server = HTTPServer(port: 0, router: makeRouter())
    try server.start()
    let client = APIClient(baseURL: server.baseURL.appendingPathComponent("api"), timeout: timeout)
    do {
        try await body(client)
    } catch {
        await server.shutdown()
        throw error
    }
    await server.shutdown()
}

/// The `APIError` that `operation` throws, or `nil` (recording an issue) if it succeeds.
private func apiError<T>(_ operation: () async throws(APIError) -> T) async -> APIError? {
    do {
        let value = try await operation()
        Issue.record("expected an APIError, got \(value)")
        return nil
    } catch {
        return error
    }
}

@Suite("APIClient against a real HTTPServer")
struct APIClientTests {
    @Test func decodesA200JSONBody() async throws {
        try await withClient { client in
            let product: Product = try await client.get("/products/42")
            #expect(product == Product(id: 42, title: "Mug", price: 9.5, brand: nil))
        }
    }

    @Test func pathMayCarryAQuery() async throws {
        try await withClient { client in
            let list: ProductList = try await client.get("/search?q=%ED%95%9C%EA%B5%AD+%EC%B1%85")
            #expect(list.products.map(\.title) == ["한국 책"])
        }
    }

    @Test func notFoundIsBadStatus404WithTheBody() async throws {
        try await withClient { client in
            let error = await apiError { () async throws(APIError) -> Product in try await client.get("/nothing/here") }
            guard case .badStatus(let code, let body)? = error else {
                Issue.record("expected badStatus, got \(String(describing: error))")
                return
            }
            #expect(code == 404)
            let object = try JSONSerialization.jsonObject(with: body) as? [String: String]
            #expect(object?["error"]?.contains("/api/nothing/here") == true)
        }
    }

    @Test func serverErrorIsBadStatus500() async throws {
        try await withClient { client in
            let error = await apiError { () async throws(APIError) -> Product in try await client.get("/boom") }
            guard case .badStatus(let code, let body)? = error else {
                Issue.record("expected badStatus, got \(String(describing: error))")
                return
            }
            #expect(code == 500)
            #expect(String(decoding: body, as: UTF8.self) == #"{"error":"Database is on fire."}"#)
            #expect(error?.description.contains("HTTP 500") == true)
        }
    }

    @Test func malformedJSONIsDecodingFailedAtTheTop() async throws {
        try await withClient { client in
            let error = await apiError { () async throws(APIError) -> Product in try await client.get("/malformed") }
            guard case .decodingFailed(let codingPath, let message)? = error else {
                Issue.record("expected decodingFailed, got \(String(describing: error))")
                return
            }
            #expect(codingPath == [])
            #expect(!message.isEmpty)
        }
    }

    @Test func wrongTypeIsDecodingFailedWithItsPath() async throws {
        try await withClient { client in
            let error = await apiError { () async throws(APIError) -> Product in try await client.get("/wrong-type") }
            guard case .decodingFailed(let codingPath, _)? = error else {
                Issue.record("expected decodingFailed, got \(String(describing: error))")
                return
            }
            #expect(codingPath == ["id"])
        }
    }

    @Test func missingKeyInAnArrayElementNamesIndexAndKey() async throws {
        try await withClient { client in
            let error = await apiError { () async throws(APIError) -> ProductList in
                try await client.get("/missing-key")
            }
            guard case .decodingFailed(let codingPath, let message)? = error else {
                Issue.record("expected decodingFailed, got \(String(describing: error))")
                return
            }
            #expect(codingPath == ["products", "1", "price"])
            #expect(message.contains("price"))
            #expect(error?.description.contains("products.1.price") == true)
        }
    }

    @Test func refusedConnectionIsTransportCannotConnectToHost() async throws {
        let server = HTTPServer(port: 0, router: makeRouter())
        try server.start()
        let baseURL = server.baseURL
        await server.shutdown()

        let client = APIClient(baseURL: baseURL)
        let error = await apiError { () async throws(APIError) -> Product in try await client.get("/api/products/1") }
        guard case .transport(let urlError)? = error else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
        #expect(urlError.code == .cannotConnectToHost)
    }

    @Test func slowServerIsTransportTimedOut() async throws {
        try await withClient(timeout: 0.3) { client in
            let error = await apiError { () async throws(APIError) -> Product in try await client.get("/slow") }
            guard case .transport(let urlError)? = error else {
                Issue.record("expected transport, got \(String(describing: error))")
                return
            }
            #expect(urlError.code == .timedOut)
        }
    }

    @Test func invalidURLs() async throws {
        let client = APIClient(baseURL: try #require(URL(string: "http://127.0.0.1:9/api/")))
        for path in ["http://[", "https://elsewhere.example/products/1", "//elsewhere.example/x"] {
            let error = await apiError { () async throws(APIError) -> Product in try await client.get(path) }
            guard case .invalidURL(let reported)? = error else {
                Issue.record("expected invalidURL for \(path), got \(String(describing: error))")
                continue
            }
            #expect(reported == path)
        }
        let fileClient = APIClient(baseURL: URL(fileURLWithPath: "/tmp"))
        let error = await apiError { () async throws(APIError) -> Product in try await fileClient.get("/x") }
        guard case .invalidURL? = error else {
            Issue.record("expected invalidURL for a file base URL, got \(String(describing: error))")
            return
        }
    }

    @Test func urlsKeepTheBasePath() throws {
        let client = APIClient(baseURL: try #require(URL(string: "http://127.0.0.1:8080/api/")))
        #expect(
            try client.url(for: "/products/1?x=%2B1").absoluteString == "http://127.0.0.1:8080/api/products/1?x=%2B1")
        #expect(try client.url(for: "products").absoluteString == "http://127.0.0.1:8080/api/products")
        #expect(try client.url(for: "").absoluteString == "http://127.0.0.1:8080/api")
        #expect(try client.url(for: "/a b/한").absoluteString == "http://127.0.0.1:8080/api/a%20b/%ED%95%9C")
    }

    @Test func foundationErrorsBecomeURLErrors() {
        let refused = NSError(domain: NSURLErrorDomain, code: -1004, userInfo: [NSLocalizedDescriptionKey: "refused"])
        #expect(APIClient.urlError(from: refused).code == .cannotConnectToHost)
        #expect(APIClient.urlError(from: URLError(.timedOut)).code == .timedOut)
        #expect(APIClient.urlError(from: CancellationError()).code == .cancelled)
        struct Odd: Error {}
        #expect(APIClient.urlError(from: Odd()).code == .unknown)
    }
}
