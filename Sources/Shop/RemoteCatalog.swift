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
    /// The API's base URL, for example `https://dummyjson.com`.
    public let baseURL: URL?

    /// A catalog at `baseURL`; each request gives up after `timeout` seconds.
    public init(baseURL: URL, timeout: TimeInterval = 10) {
        self.baseURL = baseURL
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
        try await randomProduct(excluding: nil)
    }

    /// A product chosen uniformly among IDs `1...total` other than `excluded` (when there are at least two).
    /// - Parameter excluded: The ID of the product being shown; `nil` for any product.
    /// - Throws: ``Networking/APIError``; ``CatalogError/empty`` when the API reports no products.
    public func randomProduct(excluding excluded: Int?) async throws -> Product {
        let count = try await productCount()
        guard count > 0 else { throw CatalogError.empty }
        // IDs are dense in DummyJSON; a gap (a deleted product) is retried a few times before giving up.
        for _ in 0..<5 {
            if let product = try await product(id: Self.pickID(in: 1...count, excluding: excluded)) { return product }
        }
        throw CatalogError.empty
    }

    /// A number drawn uniformly from `range` without `excluded`; from the whole range when `excluded` is `nil`,
    /// outside it, or the range's only number.
    static func pickID(
        in range: ClosedRange<Int>,
        excluding excluded: Int?,
        using generator: inout some RandomNumberGenerator
    ) -> Int {
        guard let excluded, range.count > 1, range.contains(excluded) else {
            return Int.random(in: range, using: &generator)
        }
        let drawn = Int.random(in: range.lowerBound...(range.upperBound - 1), using: &generator)
        return drawn >= excluded ? drawn + 1 : drawn
    }

    private static func pickID(in range: ClosedRange<Int>, excluding excluded: Int?) -> Int {
        var generator = SystemRandomNumberGenerator()
        return pickID(in: range, excluding: excluded, using: &generator)
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
