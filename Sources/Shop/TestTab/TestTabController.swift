import Foundation
import HTTP
import ViewState

/// What the Test tab keeps for one browser: its view tree, its cart as TestView observes it, and a pending notice.
@MainActor
public final class TestTabSession {
    /// The view tree (TestView and its two sub-views) and their view models.
    public let graph = ViewGraph()
    /// The cart as this session's TestView observes it.
    public let cart: TestCart
    /// The notice for the next page.
    public let flash = Flash<TestTabNotice>()

    init(cart: TestCart) {
        self.cart = cart
    }
}

/// Answers the Test tab: renders the view tree of the browser's session, and routes each button to the view model
/// of the view it was pressed in.
///
/// A browser session is named by the `shop_test_session` cookie (path `/shop/test`) and forgotten after 30 minutes
/// without a request. Buttons post forms and the server redirects (303) back to the page, which renders the tree:
/// only the views whose inputs changed run their bodies again.
@MainActor
public final class TestTabController {
    private let catalog: any ProductCatalog
    let sessions: BrowserSessions<TestTabSession>

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
        sessions = BrowserSessions(cookieName: "shop_test_session", cookiePath: TestTabPaths.page, idleTimeout: idleTimeout, now: now) {
            TestTabSession(cart: TestCart(shop: cart))
        }
    }

    /// `GET /shop/test`: renders this browser's TestView and shows it.
    public func page(_ request: HTTPRequest) -> HTTPResponse {
        let (session, setCookie) = sessions.session(for: request)
        let state = TestView(cart: session.cart).render(in: session.graph)
        var response = HTTPResponse.html(TestPage.render(state: state, notice: session.flash.take()))
        response.headers["Cache-Control"] = "no-store"
        return response.settingCookie(setCookie)
    }

    /// `POST /shop/test/{panel}/fetch`: "API 조회" on the view model the panel uses now.
    public func fetch(_ request: HTTPRequest) async -> HTTPResponse {
        guard let panel = request.pathParameters["panel"].flatMap(TestView.Panel.init(slug:)) else { return notFound(request) }
        let (session, setCookie) = sessions.session(for: request)
        guard let model = session.graph.object(TestWishViewModel.self, at: TestView.identity(of: panel)) else {
            return back(session, .viewExpired, setCookie)
        }
        do {
            try await model.fetchWishList(from: catalog)
            return back(session, .fetched(panel: panel, title: model.wishList.first?.title ?? ""), setCookie)
        } catch {
            return back(session, .catalogUnavailable, setCookie)
        }
    }

    /// `POST /shop/test/{panel}/add` with `productID`: "담기" for a product in that panel's list.
    public func add(_ request: HTTPRequest) -> HTTPResponse {
        guard let panel = request.pathParameters["panel"].flatMap(TestView.Panel.init(slug:)) else { return notFound(request) }
        guard let productID = request.formValues()[TestTabPaths.productIDField].flatMap({ Int($0) }) else {
            return .html(ErrorPage.render(title: "Bad request", message: "The form must carry a numeric productID.", tab: .test, link: ErrorPage.Link(title: "Back to the Test tab", href: TestTabPaths.page)), status: .badRequest)
        }
        let (session, setCookie) = sessions.session(for: request)
        guard let model = session.graph.object(TestWishViewModel.self, at: TestView.identity(of: panel)) else {
            return back(session, .viewExpired, setCookie)
        }
        guard let product = model.wishList.first(where: { $0.id == productID }) else {
            return back(session, .noLongerListed(panel: panel), setCookie)
        }
        do {
            switch try session.cart.addCart(product) {
            case .added: return back(session, .added(title: product.title), setCookie)
            case .alreadyInCart: return back(session, .alreadyInCart(title: product.title), setCookie)
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
            return back(session, .emptied(count: count), setCookie)
        } catch {
            return storeFailure(request)
        }
    }

    /// A 303 back to the page, with `notice` for it.
    private func back(_ session: TestTabSession, _ notice: TestTabNotice, _ setCookie: String?) -> HTTPResponse {
        session.flash.set(notice)
        return HTTPResponse.redirect(to: TestTabPaths.page).settingCookie(setCookie)
    }

    private func notFound(_ request: HTTPRequest) -> HTTPResponse {
        .html(ErrorPage.render(title: "Page not found", message: "The Test tab has no panel called that.", tab: .test, link: ErrorPage.Link(title: "Back to the Test tab", href: TestTabPaths.page)), status: .notFound)
    }

    private func storeFailure(_ request: HTTPRequest) -> HTTPResponse {
        FileHandle.standardError.write(Data("shop: \(request.method) \(request.path): the cart store failed\n".utf8))
        return .html(ErrorPage.render(title: "Something went wrong", message: "The cart could not be saved on the server; nothing was changed. Try again.", tab: .test, link: ErrorPage.Link(title: "Back to the Test tab", href: TestTabPaths.page)), status: .internalServerError)
    }
}
