import Foundation
import HTTP
import OpenSwiftData
import Shop

/// The showcase server: every built app's pages and JSON API on one HTTP server, each app on its own SQLite store
/// in the data directory.
@MainActor
public final class Showcase {
    public let options: ShowcaseOptions
    private let server: HTTPServer

    /// Everything the server needs, opened but not yet listening.
    /// - Parameters:
    ///   - options: host, port, data directory, catalog URL.
    ///   - catalog: overrides the catalog `options` would choose (tests use a local fake).
    /// - Throws: ``OpenSwiftData/SwiftDataError`` when a store cannot be opened; ``Shop/CatalogError`` when the
    ///   bundled catalog cannot be read.
    public init(options: ShowcaseOptions, catalog: (any ProductCatalog)? = nil) throws {
        self.options = options
        let productCatalog: any ProductCatalog = try catalog
            ?? options.catalogURL.map { RemoteCatalog(baseURL: $0) }
            ?? BundledCatalog()
        let shopStore = options.dataDirectory.appendingPathComponent("shop.store")
        let container = try ModelContainer(for: CartItem.self, configurations: ModelConfiguration("shop", url: shopStore))
        let cart = try CartViewModel(context: ModelContext(container))

        var router = Router()
        router.get("/") { _ in .html(HomePage.render()) }
        ShopRoutes.register(ShopController(catalog: productCatalog, cart: cart), on: &router)
        server = HTTPServer(host: options.host, port: options.port, router: router)
    }

    /// Starts listening.
    /// - Throws: ``HTTP/HTTPServerError`` when the address cannot be bound (port in use, bad host).
    public func start() throws {
        try server.start()
    }

    /// The URL the server answers on (with the real port when `--port 0` was given).
    public var baseURL: URL { server.baseURL }

    /// Stops accepting connections, lets in-flight requests finish and their responses go out, then returns.
    /// The stores close when the showcase is released.
    public func shutdown() async {
        await server.shutdown()
    }
}
