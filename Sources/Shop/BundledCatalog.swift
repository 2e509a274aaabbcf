import Foundation

/// The Shop's products from DummyJSON's `products.json` (194 products), bundled with the Shop module.
///
/// Works offline. The file is decoded once, at creation; lookups and random picks do no I/O after that.
/// An actor because the random number generator is mutable state; ``products`` and ``product(id:)`` need no hop.
public actor BundledCatalog: ProductCatalog {
    /// Every product, in file order (IDs `1...194` for the bundled file).
    public nonisolated let products: [Product]

    private nonisolated let productsByID: [Int: Product]
    private var generator: any RandomNumberGenerator & Sendable

    /// Loads the bundled `products.json` (see ``bundledProductsURL()``).
    /// - Parameter randomNumberGenerator: Source of ``randomProduct()``'s picks; inject a seeded generator for
    ///   repeatable tests. The system generator by default.
    /// - Throws: ``CatalogError/resourceMissing(name:searched:)``, ``CatalogError/unreadable(path:reason:)``,
    ///   ``CatalogError/decodingFailed(codingPath:reason:)`` or ``CatalogError/duplicateProductID(_:)``.
    public init(
        randomNumberGenerator: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    ) throws(CatalogError) {
        try self.init(contentsOf: Self.bundledProductsURL(), randomNumberGenerator: randomNumberGenerator)
    }

    /// Loads a DummyJSON product array from a file.
    /// - Parameters:
    ///   - url: A `file:` URL of a JSON array of DummyJSON product objects.
    ///   - randomNumberGenerator: Source of ``randomProduct()``'s picks.
    /// - Throws: ``CatalogError/unreadable(path:reason:)`` when the file cannot be read, otherwise as
    ///   ``init(data:randomNumberGenerator:)``.
    public init(
        contentsOf url: URL,
        randomNumberGenerator: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    ) throws(CatalogError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        try self.init(data: data, randomNumberGenerator: randomNumberGenerator)
    }

    /// Decodes a DummyJSON product array (the top level of `products.json`) from memory.
    /// - Parameters:
    ///   - data: UTF-8 JSON: an array of DummyJSON product objects. An empty array is allowed (then
    ///     ``randomProduct()`` throws ``CatalogError/empty``).
    ///   - randomNumberGenerator: Source of ``randomProduct()``'s picks.
    /// - Throws: ``CatalogError/decodingFailed(codingPath:reason:)`` with the path of the offending value, or
    ///   ``CatalogError/duplicateProductID(_:)``.
    public init(
        data: Data,
        randomNumberGenerator: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    ) throws(CatalogError) {
        let decoded: [Product]
        do {
            decoded = try JSONDecoder().decode([Product].self, from: data)
        } catch let error as DecodingError {
            throw CatalogError.decoding(error)
        } catch {
            throw .decodingFailed(codingPath: "", reason: error.localizedDescription)
        }
        var byID: [Int: Product] = [:]
        for product in decoded {
            guard byID.updateValue(product, forKey: product.id) == nil else {
                throw .duplicateProductID(product.id)
            }
        }
        products = decoded
        productsByID = byID
        generator = randomNumberGenerator
    }

    /// The product with this ID, or `nil` when the catalog has none. Never throws.
    public nonisolated func product(id: Int) async throws -> Product? {
        productsByID[id]
    }

    /// A product picked uniformly at random with the catalog's random number generator.
    /// - Throws: ``CatalogError/empty`` when the catalog has no products.
    public func randomProduct() async throws -> Product {
        try await randomProduct(excluding: nil)
    }

    /// A product picked uniformly at random among those whose ID is not `excluded`, with the catalog's random number
    /// generator; the sole product when the catalog has just one.
    /// - Parameter excluded: The ID of the product being shown; `nil` for any product.
    /// - Throws: ``CatalogError/empty`` when the catalog has no products.
    public func randomProduct(excluding excluded: Int?) async throws -> Product {
        guard !products.isEmpty else { throw CatalogError.empty }
        guard let excluded, products.count > 1, let skipped = products.firstIndex(where: { $0.id == excluded }) else {
            return products[Int.random(in: products.indices, using: &generator)]
        }
        // Pick among the other indices: draw from one fewer and step over the excluded one.
        let index = Int.random(in: 0..<(products.count - 1), using: &generator)
        return products[index >= skipped ? index + 1 : index]
    }

    /// Where the bundled `products.json` is.
    ///
    /// Looks where SwiftPM's generated `Bundle.module` looks first — a `…_Shop.resources` (Linux) or
    /// `…_Shop.bundle` (Apple platforms) folder next to the executable — but without `Bundle.module`'s
    /// `fatalError` when the folder is missing (for example, an executable copied elsewhere). Falls back to the
    /// file in this module's source checkout, which covers test runners on Apple platforms.
    /// - Returns: A `file:` URL of an existing file.
    /// - Throws: ``CatalogError/resourceMissing(name:searched:)`` listing every place tried.
    public static func bundledProductsURL() throws(CatalogError) -> URL {
        let fileManager = FileManager.default
        var searched: [String] = []

        let executableDirectory = Bundle.main.bundleURL
        let entries =
            (try? fileManager.contentsOfDirectory(at: executableDirectory, includingPropertiesForKeys: nil))
            ?? []
        let bundleFolders =
            entries
            .filter {
                $0.lastPathComponent.hasSuffix("_Shop.resources") || $0.lastPathComponent.hasSuffix("_Shop.bundle")
            }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        for folder in bundleFolders {
            if let url = Bundle(url: folder)?.url(forResource: "products", withExtension: "json") {
                return url
            }
            searched.append(folder.path)
        }
        if bundleFolders.isEmpty {
            searched.append(executableDirectory.appendingPathComponent("<package>_Shop.resources").path)
        }

        let sourceCopy = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .appendingPathComponent("Resources")
            .appendingPathComponent("products.json")
        if fileManager.fileExists(atPath: sourceCopy.path) {
            return sourceCopy
        }
        searched.append(sourceCopy.path)
        throw .resourceMissing(name: "products.json", searched: searched)
    }
}
