import Foundation
import HTTP

/// The CoreCart tab's pages: the Core Data cart, with the same notices and confirmations as the SDCart tab's.
extension ShopController {
    /// `POST /shop/corecart` with form field `productID` (Display's "Add"): adds it to the Core Data cart, then
    /// redirects to the product with a notice ("added", or "already in the cart" for a duplicate product ID).
    public func addToCoreCartForm(_ request: HTTPRequest) async -> HTTPResponse {
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
                    ErrorPage.render(title: "Product not found", message: "There is no product with ID \(productID)."),
                    status: .notFound
                )
            }
            let notice: ShopNotice = switch try coreCart.addCart(product) {
            case .added: .added(title: product.title)
            case .alreadyInCart: .alreadyInCart(title: product.title)
            }
            return notices.redirect(to: "\(ShopPaths.display)?id=\(productID)", with: notice)
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `GET /shop/corecart`: the Core Data cart, with the notice the last action left for it, if any.
    public func coreCartPage(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            let lines = try coreCart.lines()
            return .html(
                CartPage.render(
                    kind: .coreData,
                    lines: lines,
                    total: lines.reduce(0) { $0 + $1.price },
                    notice: notices.take(for: request),
                    cartVersion: cartVersion,
                    cartCount: cartCount()
                )
            )
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `GET /shop/corecart/{productID}/delete`: asks to confirm removing one row; 400 for an ID that is not an
    /// integer, 404 for a product not in the Core Data cart.
    public func confirmCoreCartDeletePage(_ request: HTTPRequest) async -> HTTPResponse {
        let productID: Int
        switch ProductID.parse(request.pathParameters["productID"] ?? "") {
        case .success(let parsed): productID = parsed
        case .failure(let problem): return badIDPage(problem, tab: .coreCart)
        }
        do {
            let lines = try coreCart.lines()
            guard let line = lines.first(where: { $0.productID == productID }) else {
                return .html(
                    ErrorPage.render(
                        title: "Not in the cart", message: "That product is not in the cart.", tab: .coreCart, link: .coreCart
                    ),
                    status: .notFound
                )
            }
            return .html(ConfirmPage.renderDelete(line: line, cartCount: lines.count, kind: .coreData))
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `POST /shop/corecart/{productID}/delete`: removes the row, then redirects to the CoreCart tab; a row that is
    /// already gone redirects there with ``ShopNotice/noLongerInCart``.
    public func coreCartDeleteForm(_ request: HTTPRequest) async -> HTTPResponse {
        let productID: Int
        switch ProductID.parse(request.pathParameters["productID"] ?? "") {
        case .success(let parsed): productID = parsed
        case .failure(let problem): return badIDPage(problem, tab: .coreCart)
        }
        do {
            guard let line = try coreCart.deleteCart(productID: productID) else {
                return notices.redirect(to: ShopPaths.coreCart, with: .noLongerInCart)
            }
            return notices.redirect(to: ShopPaths.coreCart, with: .removed(title: line.title))
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `GET /shop/corecart/empty`: asks to confirm emptying the Core Data cart (or says it is already empty).
    public func confirmCoreCartEmptyPage(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            return .html(ConfirmPage.renderEmptyCart(itemCount: try coreCart.count(), kind: .coreData))
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `POST /shop/corecart/empty`: empties the Core Data cart (`NSBatchDeleteRequest`), then redirects to it.
    public func coreCartEmptyForm(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            let removed = try coreCart.deleteAllCart()
            return notices.redirect(to: ShopPaths.coreCart, with: removed == 0 ? .cartAlreadyEmpty : .cartEmptied)
        } catch {
            return failurePage(error, request: request)
        }
    }
}
