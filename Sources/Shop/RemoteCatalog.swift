import Foundation
import Networking
import Synchronization

/// The product catalog read from a live DummyJSON-compatible API (for example `https://dummyjson.com`), through
/// ``Networking/APIClient``.
///
/// `product(id:)` is `GET /products/{id}` (a 404 means no such product); `randomProduct()` learns the number of
/// products once from `GET /products?limit=1&select=id` (`total`) and then picks an ID in `1...total`.
public final class RemoteCatalog: ProductCatalog {
    private let client: APIClient
    private let total = Mutex<Int?>(nil)

    /// A catalog at `baseURL`; each request gives up after `timeout` seconds.
    public init(baseURL: URL, timeout: TimeInterval = 10) {
        client = APIClient(baseURL: baseURL, timeout: timeout)
    }

    /// The product with `id`, or nil when the API answers 404.
    /// - Throws: ``Networking/APIError`` for any other failure (unreachable, bad status, malformed JSON).
    public func product(id: Int) async throws -> Product? {
        do {
            return try await client.get("/products/\(id)") as Product
        } catch {
            if case .badStatus(let code, _) = error, code == 404 { return nil }
            throw error
        }
    }

    /// A product chosen uniformly among IDs `1...total`.
    /// - Throws: ``Networking/APIError``; ``CatalogError/empty`` when the API reports no products.
    public func randomProduct() async throws -> Product {
        let count = try await productCount()
        guard count > 0 else { throw CatalogError.empty }
        // IDs are dense in DummyJSON; a gap (a deleted product) is retried a few times before giving up.
        for _ in 0..<5 {
            if let product = try await product(id: Int.random(in: 1...count)) { return product }
        }
        throw CatalogError.empty
    }

    private struct Page: Decodable {
        let total: Int
    }

    private func productCount() async throws -> Int {
        if let known = total.withLock({ $0 }) { return known }
        let page: Page = try await client.get("/products?limit=1&select=id")
        total.withLock { $0 = page.total }
        return page.total
    }
}
