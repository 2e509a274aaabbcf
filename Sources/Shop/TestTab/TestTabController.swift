import Foundation
import HTTP
import ViewState

/// What the Test tab keeps for one browser: its view tree and its cart as TestView observes it.
@MainActor
public final class TestTabSession {
    /// The view tree (TestView and its two sub-views) and their view models.
    public let graph = ViewGraph()
    /// The cart as this session's TestView observes it.
    public let cart: TestCart

    init(cart: TestCart) {
        self.cart = cart
    }
}

/// Answers the Test tab: renders the view tree of the browser's session, and routes each button to the view model
/// of the view it was pressed in.
///
/// A browser session is named by the `shop_test_session` cookie (path `/shop/test`) and forgotten after 30 minutes
/// without a request. Buttons post forms and the server redirects (303) back to the page, which renders the tree:
/// only the views whose inputs changed run their bodies again. The redirect carries the button's notice as the
/// other Shop pages' do: kept on the server for that one page (a ``HTTP/FlashStore``, cookie `shop_test_notice`).
@MainActor
public final class TestTabController {
    private let catalog: any ProductCatalog
    private let shopCart: CartViewModel
    let sessions: BrowserSessions<TestTabSession>
    private let notices = FlashStore<TestTabNotice>(cookieName: "shop_test_notice")

    /// A controller whose panels fetch from `catalog` and whose cart is `cart` (the Shop's cart).
    /// - Parameters:
    ///   - catalog: Where "API 조회" gets products.
    ///   - cart: The Shop's cart, which "담기" and "장바구니 초기화" change.
    ///   - idleTimeout: How long a browser's view tree lives without a request.
    ///   - now: The clock for the timeout.
    public init(
        catalog: any ProductCatalog,
        cart: CartViewModel,
        idleTimeout: Duration = .seconds(30 * 60),
        now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.catalog = catalog
        shopCart = cart
        sessions = BrowserSessions(
            cookieName: "shop_test_session", cookiePath: TestTabPaths.page, idleTimeout: idleTimeout, now: now
        ) {
            TestTabSession(cart: TestCart(shop: cart))
        }
    }

    /// `GET /shop/test`: renders this browser's TestView and shows it.
    public func page(_ request: HTTPRequest) -> HTTPResponse {
        let (session, setCookie) = sessions.session(for: request)
        // The JSON API's commits are read lazily (``CartViewModel/revision`` reads them): read them before the view
        // tree decides which bodies to run, so a view showing the cart is invalidated by them as by any change.
        _ = shopCart.revision
        let state = TestView(cart: session.cart).render(in: session.graph)
        var response = HTTPResponse.html(TestPage.render(state: state, notice: notices.take(for: request)))
        response.headers["Cache-Control"] = "no-store"
        return response.settingCookie(setCookie)
    }

    /// `POST /shop/test/{panel}/fetch`: "API 조회" on the view model the panel uses now.
    public func fetch(_ request: HTTPRequest) async -> HTTPResponse {
        guard let panel = request.pathParameters["panel"].flatMap(TestView.Panel.init(slug:)) else {
            return notFound(request)
        }
        let (session, setCookie) = sessions.session(for: request)
        guard let model = session.graph.object(TestWishViewModel.self, at: TestView.identity(of: panel)) else {
            return back(.viewExpired, setCookie)
        }
        do {
            try await model.fetchWishList(from: catalog)
            return back(.fetched(panel: panel, title: model.wishList.first?.title ?? ""), setCookie)
        } catch {
            return back(.catalogUnavailable, setCookie)
        }
    }

    /// `POST /shop/test/{panel}/add` with `productID`: "담기" for a product in that panel's list.
    public func add(_ request: HTTPRequest) -> HTTPResponse {
        guard let panel = request.pathParameters["panel"].flatMap(TestView.Panel.init(slug:)) else {
            return notFound(request)
        }
        let productID: Int
        switch ProductID.parse(request.formValues()[TestTabPaths.productIDField] ?? "") {
        case .success(let parsed): productID = parsed
        case .failure(let problem): return errorPage("Bad request", problem.sentence, status: .badRequest)
        }
        let (session, setCookie) = sessions.session(for: request)
        guard let model = session.graph.object(TestWishViewModel.self, at: TestView.identity(of: panel)) else {
            return back(.viewExpired, setCookie)
        }
        guard let product = model.wishList.first(where: { $0.id == productID }) else {
            return back(.noLongerListed(panel: panel), setCookie)
        }
        do {
            switch try session.cart.addCart(product) {
            case .added: return back(.added(title: product.title), setCookie)
            case .alreadyInCart: return back(.alreadyInCart(title: product.title), setCookie)
            }
        } catch {
            return storeFailure(request)
        }
    }

    /// `POST /shop/test/cart/empty`: "장바구니 초기화".
    public func emptyCart(_ request: HTTPRequest) -> HTTPResponse {
        let (session, setCookie) = sessions.session(for: request)
        do {
            let count = try session.cart.deleteAllData()
            return back(.emptied(count: count), setCookie)
        } catch {
            return storeFailure(request)
        }
    }

    /// A 303 back to the page, with `notice` for it (and the session's cookie when the session is new).
    private func back(_ notice: TestTabNotice, _ setCookie: String?) -> HTTPResponse {
        notices.redirect(to: TestTabPaths.page, with: notice).settingCookie(setCookie)
    }

    private func notFound(_ request: HTTPRequest) -> HTTPResponse {
        errorPage("Page not found", "The Test tab has no panel called that.", status: .notFound)
    }

    private func storeFailure(_ request: HTTPRequest) -> HTTPResponse {
        ShopController.standardErrorLog("shop: \(request.method) \(request.path): the cart store failed")
        return errorPage(
            "Something went wrong", "The cart could not be saved on the server; nothing was changed. Try again.",
            status: .internalServerError)
    }

    /// The Shop's error page, on the Test tab, with a way back to it.
    private func errorPage(_ title: String, _ message: String, status: HTTPStatus) -> HTTPResponse {
        let back = ErrorPage.Link(title: "Back to the Test tab", href: TestTabPaths.page)
        return .html(ErrorPage.render(title: title, message: message, tab: .test, link: back), status: status)
    }
}
