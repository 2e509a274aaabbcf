import BookStore
import Foundation
import HTML
import HTTP
import Inventory
import Networking
import OpenSwiftData
import People
import Places
import Shop
import Synchronization

/// The showcase server: every built app's pages and JSON API on one HTTP server, each app on its own SQLite store
/// in the data directory — or, with `--database`, in a schema of its own in one PostgreSQL database, which several
/// showcase processes may share.
///
/// The server's ``HTTP/HTTPSecurityPolicy`` covers every route an app registers: only the bound host names (and
/// `--allowed-host` ones) are served (421 otherwise), a state-changing request from another site is refused
/// (403), a JSON API body must be `application/json` (415), and every response carries the security headers —
/// including a `Content-Security-Policy` that allows no inline script or style, so app pages link their CSS and
/// JavaScript as files (``HTML/StaticAsset``), served from `/static`.
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
    ///   - options: host, port, data directory or database, catalog URL.
    ///   - catalog: overrides the catalog `options` would choose (tests use a local fake).
    /// - Throws: ``OpenSwiftData/SwiftDataError`` when a store cannot be opened (``ShowcaseStoreError`` for the
    ///   Core Data apps', and when the `--database` server cannot be reached: it names the host and port);
    ///   ``Shop/CatalogError`` when the
    ///   bundled catalog cannot be read; ``BookStore/BookCatalogError`` when the BookStore's bundled responses cannot.
    public init(options: ShowcaseOptions, catalog: (any ProductCatalog)? = nil) throws {
        self.options = options
        let productCatalog: any ProductCatalog =
            try catalog
            ?? options.catalogURL.map { RemoteCatalog(baseURL: $0) }
            ?? BundledCatalog()
        let stores = try ShowcaseStores(dataDirectory: options.dataDirectory, databaseURL: options.databaseURL)
        let container = try ModelContainer(
            for: CartItem.self,
            configurations: stores.configured(
                CartViewModel.configuration("shop", url: stores.url(for: .shop)), for: .shop))
        let cart = try CartViewModel(context: ModelContext(container))
        let coreCart: CoreCartViewModel
        do {
            coreCart = try CoreCartViewModel(store: stores.description(for: .cart))
        } catch {
            throw ShowcaseStoreError(app: "Shop's CoreCart", reason: error.reason)
        }
        let bookStore = try Self.bookStoreController(
            options: options,
            configuration: stores.configured(ModelConfiguration("books", url: stores.url(for: .books)), for: .books))

        // Browsers get the router's and the server's own errors (404, 405, 413, …) as pages in the layout.
        var router = Router(errorPageRenderer: ShowcaseErrorPage.render)
        let homePage = HomePage.render(store: options.databaseURL == nil ? "SQLite" : "PostgreSQL")
        router.get("/") { _ in .html(homePage) }
        let stylesheet = Layout.stylesheetAsset
        router.get(stylesheet.path) { _ in
            HTTPResponse.staticFile(Data(stylesheet.content.utf8), contentType: stylesheet.contentType)
        }
        ShopRoutes.register(ShopController(catalog: productCatalog, cart: cart, coreCart: coreCart), on: &router)
        BookStoreRoutes.register(bookStore, on: &router)
        TestTabRoutes.register(TestTabController(catalog: productCatalog, cart: cart), on: &router)
        let places = try PlacesViewModel(
            configuration: stores.configured(ModelConfiguration("places", url: stores.url(for: .places)), for: .places))
        PlacesRoutes.register(PlacesController(places: places), on: &router)
        let people = try PeopleViewModel(
            configuration: stores.configured(ModelConfiguration("people", url: stores.url(for: .people)), for: .people))
        PeopleRoutes.register(PeopleController(people: people), on: &router)
        let inventory: InventoryViewModel
        do {
            inventory = try InventoryViewModel(store: stores.description(for: .inventory))
        } catch InventoryError.store(let message) {
            throw ShowcaseStoreError(app: "Inventory", reason: message)
        } catch {
            throw ShowcaseStoreError(app: "Inventory", reason: "\(error)")
        }
        InventoryRoutes.register(InventoryController(inventory: inventory), on: &router)
        let trailingSlash = TrailingSlashRedirect(routes: router)
        let docs = DocsSite(folder: options.docsDirectory)
        let routes = RouterHolder(router)
        self.routes = routes
        // One policy for every app's routes: host check, no state-changing request from another site, JSON bodies
        // under /api labelled as JSON, and the security headers (CSP, nosniff, no framing) on every response.
        server = HTTPServer(
            host: options.host,
            port: options.port,
            errorPageRenderer: ShowcaseErrorPage.render,
            securityPolicy: HTTPSecurityPolicy(allowedHosts: options.allowedHosts),
            limits: options.connectionLimits
        ) { [routes] request in
            if let page = docs.response(for: request) { return page }
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

    /// The BookStore over `configuration` (`<data-dir>/books.store` or its database schema; migrated from version 1
    /// when needed): Kakao's search with `options.kakaoKey`, otherwise the bundled responses.
    private static func bookStoreController(options: ShowcaseOptions, configuration: ModelConfiguration) throws
        -> BookStoreController
    {
        let catalog: any BookCatalog =
            if let key = options.kakaoKey {
                KakaoBookCatalog(client: try KakaoBookClient(key: key))
            } else {
                try BundledBookCatalog()
            }
        let container = try ModelContainer(
            for: MarkedBookModel.self, migrationPlan: BookStoreMigrationPlan.self,
            configurations: configuration
        )
        return BookStoreController(
            search: BookSearchViewModel(catalog: catalog),
            marked: try MarkedBookViewModel(context: ModelContext(container))
        )
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

/// An app's store could not be opened when the showcase started.
public struct ShowcaseStoreError: Error, CustomStringConvertible {
    /// The app.
    public let app: String
    /// Why, as the store layer said it.
    public let reason: String

    public var description: String { "The \(app) store could not be opened: \(reason)" }
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
