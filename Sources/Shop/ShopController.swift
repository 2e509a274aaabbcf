import Foundation
import HTTP
import OpenSwiftData

/// Answers the Shop's pages and JSON API from its two carts — the SwiftData cart (``CartViewModel``) and the Core
/// Data cart (``CoreCartViewModel``, its pages and API in `ShopController+CoreCart*.swift`) — and one
/// ``ProductCatalog``.
///
/// Pages and API share the view models, so a cart changed through either is what both show. Page actions follow
/// POST/redirect/GET: a form posts, the server redirects (303) to a page that shows the outcome as a notice. The
/// notice is made by the action and kept on the server for the one page the redirect leads to (a ``FlashStore``
/// keyed by a cookie), so no URL can make a page claim what did not happen, and a reload shows it no more.
@MainActor
public final class ShopController {
    nonisolated let catalog: any ProductCatalog
    private let cart: CartViewModel
    /// The SwiftData cart's writes off the main actor (the JSON API's adds and deletes).
    private nonisolated let cartWriter: CartWriter
    nonisolated let coreCart: CoreCartViewModel
    nonisolated let log: @Sendable (String) -> Void
    let notices = FlashStore<ShopNotice>(cookieName: "shop_notice")
    /// Tells this run's cart versions from another run's (revisions start again at each start).
    private let run = String(UInt32.random(in: 0...UInt32.max), radix: 36)

    /// A controller over `catalog` and the two carts.
    /// - Parameters:
    ///   - catalog: Where products come from.
    ///   - cart: The SwiftData cart (the SDCart tab, `/api/shop/cart`).
    ///   - coreCart: The Core Data cart (the CoreCart tab, `/api/shop/corecart`).
    ///   - log: Receives one line per failed request (catalog unavailable, store failure), without a trailing line
    ///     break; by default ``standardErrorLog(_:)``.
    public init(
        catalog: any ProductCatalog,
        cart: CartViewModel,
        coreCart: CoreCartViewModel,
        log: @escaping @Sendable (String) -> Void = ShopController.standardErrorLog
    ) {
        self.catalog = catalog
        self.cart = cart
        self.cartWriter = cart.writer
        self.coreCart = coreCart
        self.log = log
    }

    /// Writes `line` and a line break to standard error: the server's log.
    public nonisolated static func standardErrorLog(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    // MARK: Pages

    /// `GET /shop[?id=N]`: product `N`, or a random one; `?after=N` picks a random product other than `N` (the
    /// "Next" link). Shows the notice the last action left for this page, if any.
    public func displayPage(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            let product: Product
            if let idText = request.query("id") {
                let id: Int
                switch ProductID.parse(idText) {
                case .success(let parsed): id = parsed
                case .failure(let problem): return badIDPage(problem)
                }
                guard let found = try await catalog.product(id: id) else {
                    return .html(
                        ErrorPage.render(
                            title: "Product not found",
                            message: "There is no product with ID \(id).",
                            cartCount: cartCount()
                        ),
                        status: .notFound
                    )
                }
                product = found
            } else {
                product = try await catalog.randomProduct(excluding: request.query("after").flatMap { Int($0) })
            }
            let coreCartVersion = coreCartVersion  // before the count, as in cartPage(_:of:)
            return .html(
                DisplayPage.render(
                    product: product,
                    notice: notices.take(for: request),
                    cartCount: cart.items.count,
                    coreCartCount: try? coreCart.count(),
                    imageURL: catalog.baseURL == nil ? nil : product.thumbnail,
                    cartVersion: cartVersion,
                    coreCartVersion: coreCartVersion
                )
            )
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `POST /shop/cart` with form field `productID`: adds it, then redirects to the product with a notice.
    public func addToCartForm(_ request: HTTPRequest) async -> HTTPResponse {
        await addForm(request, to: cart)
    }

    /// The add form of both carts (`POST /shop/cart`, `POST /shop/corecart`): adds the product, then redirects to
    /// it with a notice ("added", or "already in the cart" for a duplicate product ID).
    func addForm(_ request: HTTPRequest, to cart: some ShopCart) async -> HTTPResponse {
        guard let text = request.formValues()[ShopPaths.productIDField] else {
            return badIDPage(.missing)
        }
        let productID: Int
        switch ProductID.parse(text) {
        case .success(let parsed): productID = parsed
        case .failure(let problem): return badIDPage(problem)
        }
        do {
            guard let product = try await catalog.product(id: productID) else {
                return .html(
                    ErrorPage.render(
                        title: "Product not found",
                        message: "There is no product with ID \(productID).",
                        cartCount: cartCount()
                    ),
                    status: .notFound
                )
            }
            let notice: ShopNotice =
                switch try cart.addCart(product) {
                case .added: .added(title: product.title)
                case .alreadyInCart: .alreadyInCart(title: product.title)
                }
            return notices.redirect(to: "\(ShopPaths.display)?id=\(productID)", with: notice)
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `GET /shop/cart`: the cart, with the notice the last action left for it, if any.
    public func cartPage(_ request: HTTPRequest) async -> HTTPResponse {
        cartPage(request, of: cart)
    }

    /// The page of either cart (the SDCart and CoreCart tabs): its rows and total, with the notice the last action
    /// left for it, if any.
    func cartPage(_ request: HTTPRequest, of cart: some ShopCart) -> HTTPResponse {
        do {
            // The versions first: a change while the rows are read then makes the page older, never newer, than
            // what it shows, so its live script does not miss that change's event.
            let versions = (swiftData: cartVersion, coreData: coreCartVersion)
            let lines = try cart.cartLines()
            return .html(
                CartPage.render(
                    kind: cart.kind,
                    lines: lines,
                    total: lines.reduce(0) { $0 + $1.price },
                    notice: notices.take(for: request),
                    cartVersion: versions.swiftData,
                    coreCartVersion: versions.coreData,
                    cartCount: cartCount(),
                    coreCartCount: try? coreCart.count()
                )
            )
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `GET /shop/cart/{productID}/delete`: asks to confirm removing one line; 400 for an ID that is not an
    /// integer (as the `POST` answers), 404 for a product not in the cart.
    public func confirmDeletePage(_ request: HTTPRequest) async -> HTTPResponse {
        confirmDeletePage(request, in: cart)
    }

    /// The confirmation page for deleting one row of either cart (`GET {cart}/{productID}/delete`).
    func confirmDeletePage(_ request: HTTPRequest, in cart: some ShopCart) -> HTTPResponse {
        let kind = cart.kind
        let productID: Int
        switch ProductID.parse(request.pathParameters["productID"] ?? "") {
        case .success(let parsed): productID = parsed
        case .failure(let problem): return badIDPage(problem, tab: kind.tab)
        }
        do {
            let lines = try cart.cartLines()
            guard let line = lines.first(where: { $0.productID == productID }) else {
                return .html(
                    ErrorPage.render(
                        title: "Not in the cart",
                        message: "That product is not in the cart.",
                        cartCount: cartCount(),
                        tab: kind.tab,
                        link: Self.link(to: kind)
                    ),
                    status: .notFound
                )
            }
            return .html(ConfirmPage.renderDelete(line: line, cartCount: lines.count, kind: kind))
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `POST /shop/cart/{productID}/delete`: removes the line, then redirects to the cart; a line that is already
    /// gone (a second submit, the back button) redirects to the cart with ``ShopNotice/noLongerInCart``.
    public func deleteForm(_ request: HTTPRequest) async -> HTTPResponse {
        deleteForm(request, from: cart)
    }

    /// Deleting one row of either cart (`POST {cart}/{productID}/delete`), then back to the cart's page.
    func deleteForm(_ request: HTTPRequest, from cart: some ShopCart) -> HTTPResponse {
        let kind = cart.kind
        let productID: Int
        switch ProductID.parse(request.pathParameters["productID"] ?? "") {
        case .success(let parsed): productID = parsed
        case .failure(let problem): return badIDPage(problem, tab: kind.tab)
        }
        do {
            guard let line = try cart.deleteCart(productID: productID) else {
                return notices.redirect(to: kind.path, with: .noLongerInCart)
            }
            return notices.redirect(to: kind.path, with: .removed(title: line.title))
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `GET /shop/cart/empty`: asks to confirm emptying the cart (or says it is already empty).
    public func confirmEmptyPage(_ request: HTTPRequest) async -> HTTPResponse {
        confirmEmptyPage(request, of: cart)
    }

    /// The confirmation page for emptying either cart (`GET {cart}/empty`), or "already empty".
    func confirmEmptyPage(_ request: HTTPRequest, of cart: some ShopCart) -> HTTPResponse {
        do {
            return .html(ConfirmPage.renderEmptyCart(itemCount: try cart.count(), kind: cart.kind))
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `POST /shop/cart/empty`: empties the cart, then redirects to it.
    public func emptyForm(_ request: HTTPRequest) async -> HTTPResponse {
        emptyForm(request, cart: cart)
    }

    /// Emptying either cart (`POST {cart}/empty`), then back to the cart's page.
    func emptyForm(_ request: HTTPRequest, cart: some ShopCart) -> HTTPResponse {
        do {
            let removed = try cart.deleteAllCart()
            return notices.redirect(to: cart.kind.path, with: removed == 0 ? .cartAlreadyEmpty : .cartEmptied)
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// The button an error page of `kind`'s tab offers: back to that cart.
    static func link(to kind: CartKind) -> ErrorPage.Link {
        switch kind {
        case .coreData: .coreCart
        case .swiftData: .cart
        }
    }

    /// 400 for a product ID that is missing, not an integer, or out of range.
    func badIDPage(_ problem: ProductID.Problem, tab: ShopTab = .display) -> HTTPResponse {
        .html(
            ErrorPage.render(
                title: "Bad request",
                message: problem.sentence,
                cartCount: cartCount(),
                tab: tab,
                link: tab == .cart ? .cart : tab == .coreCart ? .coreCart : .shop
            ),
            status: .badRequest
        )
    }

    /// The cart's version: this run and the cart's revision, `"<run>-<revision>"`. Pages carry the one they were
    /// rendered from and events the one they report, so the pages' script can tell a newer cart from one it shows.
    public var cartVersion: String { "\(run)-\(cart.revision)" }

    /// The Core Data cart's version, `"<run>-<revision>"`, as ``cartVersion`` is the SwiftData cart's: pages carry
    /// it, and so do the stream's `corecart` events.
    public var coreCartVersion: String { "\(run)-\(coreCart.revision)" }

    // MARK: JSON API

    /// The body of `GET /api/shop/cart`.
    public struct CartJSON: Codable, Sendable, Equatable {
        public var items: [CartLine]
        /// The sum of the prices in US dollars, rounded to cents.
        public var total: Double

        public init(items: [CartLine], total: Double) {
            self.items = items
            self.total = total
        }
    }

    /// The body `POST /api/shop/cart` takes.
    public struct AddToCartJSON: Codable, Sendable {
        public var productID: Int
    }

    /// `GET /api/shop/products/{id}`: the product as the catalog has it.
    public func productJSON(_ request: HTTPRequest) async -> HTTPResponse {
        let id: Int
        switch ProductID.parse(request.pathParameters["id"] ?? "") {
        case .success(let parsed): id = parsed
        case .failure(let problem): return .jsonError(problem.phrase, status: .badRequest)
        }
        do {
            guard let product = try await catalog.product(id: id) else {
                return .jsonError("no product with ID \(id)", status: .notFound)
            }
            return .json(product)
        } catch {
            return failureJSON(error, request: request)
        }
    }

    /// Yields whenever the cart changes (in this process, or in another one writing the store).
    public func cartUpdates() -> AsyncStream<Void> {
        cart.changes()
    }

    /// The cart as the JSON text `GET /api/shop/cart` answers, for server-sent events.
    public func cartEventData() -> String {
        String(decoding: encodedCart(), as: UTF8.self)
    }

    /// One server-sent event's worth of cart: its ``cartVersion`` (the event's `id`) and its JSON (the event's
    /// data), read together.
    public func cartEvent() -> (id: String, data: String) {
        (cartVersion, cartEventData())
    }

    /// `GET /api/shop/cart`: the items in the order added and the total. The body is encoded once per change of the
    /// cart, not per request.
    public func cartJSON(_ request: HTTPRequest) async -> HTTPResponse {
        HTTPResponse(status: .ok, headers: ["Content-Type": HTTPResponse.jsonContentType], body: encodedCart())
    }

    private var encodedCartCache: (revision: Int, body: Data)?
    /// The Core Data cart's JSON as of a revision (see ``encodedCoreCart()``).
    var encodedCoreCartCache: (revision: Int, body: Data)?

    /// The cart's JSON, from the cache while the cart has not changed.
    private func encodedCart() -> Data {
        let revision = cart.revision
        if let cache = encodedCartCache, cache.revision == revision { return cache.body }
        let body =
            (try? HTTPResponse.defaultJSONEncoder().encode(currentCart())) ?? Data(#"{"items":[],"total":0}"#.utf8)
        encodedCartCache = (revision, body)
        return body
    }

    /// `POST /api/shop/cart` `{"productID": N}`: 201 with the new line; 409 if already there; 404 for an unknown
    /// product; 400 for a malformed body. Off the main actor, through the cart's ``CartWriter``: with the bundled
    /// catalog it answers on the caller's thread without suspending.
    public nonisolated func addToCartJSON(_ request: HTTPRequest) async -> HTTPResponse {
        await addJSON(request) { product throws in try cartWriter.addCart(product) }
    }

    /// The add handler of both carts' JSON APIs: decodes the body, looks the product up and adds it with `add`; a
    /// 409 names the product and `cartName` ("the Core Data cart"; the SwiftData cart's says "the cart").
    nonisolated func addJSON(
        _ request: HTTPRequest, cartName: String = "the cart", add: (Product) throws -> CartViewModel.AddResult
    ) async -> HTTPResponse {
        let body: AddToCartJSON
        do {
            body = try StrictJSONDecoder().decode(AddToCartJSON.self, from: request.body)
        } catch {
            return .malformedJSON(error, example: #"{"productID": 1}"#)
        }
        do {
            guard let product = try await catalog.product(id: body.productID) else {
                return .jsonError("no product with ID \(body.productID)", status: .notFound)
            }
            switch try add(product) {
            case .added(let line): return .json(line, status: .created)
            case .alreadyInCart(let line):
                return .jsonError("“\(line.title)” is already in \(cartName)", status: .conflict)
            }
        } catch {
            return failureJSON(error, request: request)
        }
    }

    /// `DELETE /api/shop/cart/{productID}`: 204, or 404 when the product is not in the cart. Off the main actor,
    /// through the cart's ``CartWriter``, on the caller's thread.
    public nonisolated func deleteJSON(_ request: HTTPRequest) async -> HTTPResponse {
        deleteJSON(request, cartName: "the SwiftData cart") { productID throws in
            try cartWriter.deleteCart(productID: productID)
        }
    }

    /// The delete-one handler of both carts' JSON APIs: deletes the product's row with `delete`; a 404 names the
    /// product and `cartName` ("the SwiftData cart", "the Core Data cart").
    nonisolated func deleteJSON(
        _ request: HTTPRequest, cartName: String, delete: (Int) throws -> CartLine?
    ) -> HTTPResponse {
        let productID: Int
        switch ProductID.parse(request.pathParameters["productID"] ?? "") {
        case .success(let parsed): productID = parsed
        case .failure(let problem): return .jsonError(problem.phrase, status: .badRequest)
        }
        do {
            guard try delete(productID) != nil else {
                return .jsonError("product \(productID) is not in \(cartName)", status: .notFound)
            }
            return .noContent
        } catch {
            return failureJSON(error, request: request)
        }
    }

    /// `DELETE /api/shop/cart`: empties the cart; 204.
    public func emptyJSON(_ request: HTTPRequest) async -> HTTPResponse {
        emptyJSON(request, cart: cart)
    }

    /// The empty handler of both carts' JSON APIs.
    func emptyJSON(_ request: HTTPRequest, cart: some ShopCart) -> HTTPResponse {
        do {
            _ = try cart.deleteAllCart()
            return .noContent
        } catch {
            return failureJSON(error, request: request)
        }
    }

    // MARK: Failures

    private func currentCart() -> CartJSON {
        CartJSON(items: cart.lines, total: (cart.total * 100).rounded() / 100)
    }

    /// The number of rows in the cart, for the Cart tab's label.
    func cartCount() -> Int? {
        cart.items.count
    }

    /// Catalog (network) failures are the upstream's fault: 502, with a page that names the catalog and links to
    /// the cart. Store failures are ours: 500. Either way one line goes to the log, with the technical detail the
    /// page leaves out.
    func failurePage(_ error: any Error, request: HTTPRequest) -> HTTPResponse {
        if error is SwiftDataError || error is CoreCartError {
            let kind: CartKind = error is CoreCartError ? .coreData : .swiftData
            log("shop: \(request.method) \(request.path): the cart store failed (\(Self.oneLine(error)))")
            return .html(
                ErrorPage.render(
                    title: "Something went wrong", message: Self.storeFailureMessage, tab: kind.tab,
                    link: kind == .coreData ? .coreCart : .cart
                ),
                status: .internalServerError
            )
        }
        let failure = CatalogFailure(error: error, catalogURL: catalog.baseURL)
        log(failure.logLine(request: "\(request.method) \(request.path)"))
        return .html(
            ErrorPage.renderCatalogUnavailable(
                catalogURL: failure.catalogURL,
                reason: failure.reason,
                cartCount: cartCount()
            ),
            status: .badGateway
        )
    }

    nonisolated func failureJSON(_ error: any Error, request: HTTPRequest) -> HTTPResponse {
        if error is SwiftDataError || error is CoreCartError {
            log("shop: \(request.method) \(request.path): the cart store failed (\(Self.oneLine(error)))")
            return .jsonError("the cart store failed; the server log has the details", status: .internalServerError)
        }
        let failure = CatalogFailure(error: error, catalogURL: catalog.baseURL)
        log(failure.logLine(request: "\(request.method) \(request.path)"))
        return .jsonError(failure.apiMessage, status: .badGateway)
    }

    private static let storeFailureMessage =
        "The cart could not be read or saved on the server. Try again; if it keeps failing, the server log says why."

    private nonisolated static func oneLine(_ error: any Error) -> String {
        String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
