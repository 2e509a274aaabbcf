import Foundation
import HTTP
import OpenSwiftData
import People
import Places
import Shop
import Synchronization

/// The showcase server: every built app's pages and JSON API on one HTTP server, each app on its own SQLite store
/// in the data directory.
@MainActor
public final class Showcase {
    /// What the showcase was started with.
    public let options: ShowcaseOptions
    private let server: HTTPServer
    /// The router, which holds the apps' controllers and through them their stores. ``shutdown()`` lets go of it so
    /// the stores close then, not whenever the server's last reference happens to be released.
    private let routes: RouterHolder

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

        // Browsers get the router's and the server's own errors (404, 405, 413, …) as pages in the layout.
        var router = Router(errorPageRenderer: ShowcaseErrorPage.render)
        router.get("/") { _ in .html(HomePage.render()) }
        ShopRoutes.register(ShopController(catalog: productCatalog, cart: cart), on: &router)
        TestTabRoutes.register(TestTabController(catalog: productCatalog, cart: cart), on: &router)
        let places = try PlacesViewModel(storeURL: options.dataDirectory.appendingPathComponent("places.store"))
        PlacesRoutes.register(PlacesController(places: places), on: &router)
        let people = try PeopleViewModel(storeURL: options.dataDirectory.appendingPathComponent("people.store"))
        PeopleRoutes.register(PeopleController(people: people), on: &router)
        let trailingSlash = TrailingSlashRedirect(routes: router)
        let routes = RouterHolder(router)
        self.routes = routes
        server = HTTPServer(host: options.host, port: options.port, errorPageRenderer: ShowcaseErrorPage.render) {
            [routes] request in
            if let redirect = trailingSlash.response(for: request) { return redirect }
            guard let router = routes.router else {
                return .error(
                    "The showcase has stopped.",
                    status: .serviceUnavailable,
                    path: request.path,
                    renderer: ShowcaseErrorPage.render
                )
            }
            return await router.respond(to: request)
        }
    }

    /// Starts listening.
    /// - Throws: ``HTTP/HTTPServerError`` when the address cannot be bound (port in use, bad host).
    public func start() throws {
        try server.start()
    }

    /// The URL the server answers on (with the real port when `--port 0` was given).
    public var baseURL: URL { server.baseURL }

    /// Stops accepting connections, lets in-flight requests finish and their responses go out, then lets go of the
    /// apps (closing their stores once nothing else uses them) and returns.
    public func shutdown() async {
        await server.shutdown()
        routes.release()
    }
}

/// The router as the server's handler sees it, until ``release()``.
private final class RouterHolder: Sendable {
    private let storage: Mutex<Router?>

    init(_ router: Router) {
        storage = Mutex(router)
    }

    /// The router, or `nil` once released.
    var router: Router? { storage.withLock { $0 } }

    /// Drops the router (and with it the controllers and their stores).
    func release() {
        storage.withLock { $0 = nil }
    }
}
