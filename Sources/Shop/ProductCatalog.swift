import Foundation

/// Where the Shop gets products from: the bundled DummyJSON file (``BundledCatalog``) or the live API
/// (``RemoteCatalog``).
///
/// Mirrors the seed tutorial's product fetching (`https://dummyjson.com/products/{id}` with a random ID).
public protocol ProductCatalog: Sendable {
    /// The product with this DummyJSON ID.
    /// - Parameter id: A DummyJSON product ID.
    /// - Returns: The product, or `nil` when the catalog has no product with that ID.
    /// - Throws: When the catalog cannot be read (a network catalog's transport or decoding errors).
    func product(id: Int) async throws -> Product?

    /// A product picked at random, for the Display tab's "Next".
    /// - Throws: When the catalog is empty or cannot be read.
    func randomProduct() async throws -> Product

    /// A product picked at random that is not the one with ID `excluded`, so that "Next" never shows the same
    /// product twice in a row; only a catalog whose sole product is `excluded` returns it.
    ///
    /// The default implementation asks ``randomProduct()`` up to five times for a different product; catalogs
    /// that can pick among the others directly should do so.
    /// - Parameter excluded: The ID of the product being shown; `nil` for any product.
    /// - Throws: When the catalog is empty or cannot be read.
    func randomProduct(excluding excluded: Int?) async throws -> Product

    /// The base URL of a catalog served over the network (named on error pages and in the server log), or `nil`
    /// for a local one. `nil` by default.
    var baseURL: URL? { get }
}

extension ProductCatalog {
    /// Asks ``randomProduct()`` up to five times for a product whose ID is not `excluded`; returns the last pick
    /// when every pick was `excluded` (a one-product catalog).
    public func randomProduct(excluding excluded: Int?) async throws -> Product {
        var product = try await randomProduct()
        guard let excluded else { return product }
        for _ in 0..<4 where product.id == excluded {
            product = try await randomProduct()
        }
        return product
    }

    /// `nil`: the catalog is not on the network.
    public var baseURL: URL? { nil }
}
