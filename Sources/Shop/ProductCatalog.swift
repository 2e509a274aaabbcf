/// Where the Shop gets products from: the bundled DummyJSON file (``BundledCatalog``) or, later, the live API.
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
}
