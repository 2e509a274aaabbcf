import Foundation
import HTTP
import OpenSwiftData

/// Answers the Shop's pages and JSON API from one ``CartViewModel`` and one ``ProductCatalog``.
///
/// Pages and API share the view model, so a cart changed through either is what both show. Page actions follow
/// POST/redirect/GET: a form posts, the server redirects (303) to a page that shows the outcome as a notice. Notices
/// travel as codes and product IDs in the query string; their text is made here, never taken from the URL.
@MainActor
public final class ShopController {
    private let catalog: any ProductCatalog
    private let cart: CartViewModel

    public init(catalog: any ProductCatalog, cart: CartViewModel) {
        self.catalog = catalog
        self.cart = cart
    }

    // MARK: Pages

    /// `GET /shop[?id=N][&notice=added|duplicate]`: one product, random unless `id` is given.
    public func displayPage(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            let product: Product
            if let idText = request.query("id") {
                guard let id = Int(idText), let found = try await catalog.product(id: id) else {
                    return .html(ErrorPage.render(title: "Product not found", message: "There is no product with ID \(idText)."), status: .notFound)
                }
                product = found
            } else {
                product = try await catalog.randomProduct()
            }
            let notice: ShopNotice? = switch request.query("notice") {
            case "added": .added(title: product.title)
            case "duplicate": .alreadyInCart(title: product.title)
            default: nil
            }
            try cart.fetchCart()
            return .html(DisplayPage.render(product: product, notice: notice, cartCount: cart.items.count))
        } catch {
            return failurePage(error)
        }
    }

    /// `POST /shop/cart` with form field `productID`: adds it, then redirects to the product with a notice.
    public func addToCartForm(_ request: HTTPRequest) async -> HTTPResponse {
        guard let text = request.formValues()[ShopPaths.productIDField], let productID = Int(text) else {
            return .html(ErrorPage.render(title: "Bad request", message: "The form must carry a numeric productID."), status: .badRequest)
        }
        do {
            guard let product = try await catalog.product(id: productID) else {
                return .html(ErrorPage.render(title: "Product not found", message: "There is no product with ID \(productID)."), status: .notFound)
            }
            let notice = switch try cart.addCart(product) {
            case .added: "added"
            case .alreadyInCart: "duplicate"
            }
            return .redirect(to: "\(ShopPaths.display)?id=\(productID)&notice=\(notice)")
        } catch {
            return failurePage(error)
        }
    }

    /// `GET /shop/cart[?notice=removed&id=N|emptied|already-empty]`: the cart.
    public func cartPage(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            try cart.fetchCart()
            var notice: ShopNotice?
            switch request.query("notice") {
            case "removed":
                if let id = request.query("id").flatMap(Int.init), let product = try? await catalog.product(id: id) {
                    notice = .removed(title: product.title)
                }
            case "emptied": notice = .cartEmptied
            case "already-empty": notice = .cartAlreadyEmpty
            default: notice = nil
            }
            return .html(CartPage.render(lines: cart.lines, total: cart.total, notice: notice))
        } catch {
            return failurePage(error)
        }
    }

    /// `GET /shop/cart/{productID}/delete`: asks to confirm removing one line.
    public func confirmDeletePage(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            try cart.fetchCart()
            guard let productID = request.pathParameters["productID"].flatMap(Int.init),
                  let line = cart.lines.first(where: { $0.productID == productID })
            else {
                return .html(ErrorPage.render(title: "Not in the cart", message: "That product is not in the cart."), status: .notFound)
            }
            return .html(ConfirmPage.renderDelete(line: line, cartCount: cart.items.count))
        } catch {
            return failurePage(error)
        }
    }

    /// `POST /shop/cart/{productID}/delete`: removes the line, then redirects to the cart.
    public func deleteForm(_ request: HTTPRequest) async -> HTTPResponse {
        guard let productID = request.pathParameters["productID"].flatMap(Int.init) else {
            return .html(ErrorPage.render(title: "Bad request", message: "The product ID must be a number."), status: .badRequest)
        }
        do {
            guard try cart.deleteCart(productID: productID) != nil else {
                return .html(ErrorPage.render(title: "Not in the cart", message: "That product is not in the cart."), status: .notFound)
            }
            return .redirect(to: "\(ShopPaths.cart)?notice=removed&id=\(productID)")
        } catch {
            return failurePage(error)
        }
    }

    /// `GET /shop/cart/empty`: asks to confirm emptying the cart (or says it is already empty).
    public func confirmEmptyPage(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            try cart.fetchCart()
            return .html(ConfirmPage.renderEmptyCart(itemCount: cart.items.count))
        } catch {
            return failurePage(error)
        }
    }

    /// `POST /shop/cart/empty`: empties the cart, then redirects to it.
    public func emptyForm(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            let removed = try cart.deleteAllCart()
            return .redirect(to: "\(ShopPaths.cart)?notice=\(removed == 0 ? "already-empty" : "emptied")")
        } catch {
            return failurePage(error)
        }
    }

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
        guard let idText = request.pathParameters["id"], let id = Int(idText) else {
            return .jsonError("the product ID must be an integer", status: .badRequest)
        }
        do {
            guard let product = try await catalog.product(id: id) else {
                return .jsonError("no product with ID \(id)", status: .notFound)
            }
            return .json(product)
        } catch {
            return failureJSON(error)
        }
    }

    /// `GET /api/shop/cart`: the items in the order added and the total.
    public func cartJSON(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            try cart.fetchCart()
            return .json(currentCart())
        } catch {
            return failureJSON(error)
        }
    }

    /// `POST /api/shop/cart` `{"productID": N}`: 201 with the new line; 409 if already there; 404 for an unknown
    /// product; 400 for a malformed body.
    public func addToCartJSON(_ request: HTTPRequest) async -> HTTPResponse {
        let body: AddToCartJSON
        do {
            body = try JSONDecoder().decode(AddToCartJSON.self, from: request.body)
        } catch {
            return .jsonError("the body must be JSON like {\"productID\": 1}", status: .badRequest)
        }
        do {
            guard let product = try await catalog.product(id: body.productID) else {
                return .jsonError("no product with ID \(body.productID)", status: .notFound)
            }
            switch try cart.addCart(product) {
            case .added(let line): return .json(line, status: .created)
            case .alreadyInCart(let line): return .jsonError("“\(line.title)” is already in the cart", status: .conflict)
            }
        } catch {
            return failureJSON(error)
        }
    }

    /// `DELETE /api/shop/cart/{productID}`: 204, or 404 when the product is not in the cart.
    public func deleteJSON(_ request: HTTPRequest) async -> HTTPResponse {
        guard let productID = request.pathParameters["productID"].flatMap(Int.init) else {
            return .jsonError("the product ID must be an integer", status: .badRequest)
        }
        do {
            guard try cart.deleteCart(productID: productID) != nil else {
                return .jsonError("product \(productID) is not in the cart", status: .notFound)
            }
            return .noContent
        } catch {
            return failureJSON(error)
        }
    }

    /// `DELETE /api/shop/cart`: empties the cart; 204.
    public func emptyJSON(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            try cart.deleteAllCart()
            return .noContent
        } catch {
            return failureJSON(error)
        }
    }

    // MARK: Failures

    private func currentCart() -> CartJSON {
        CartJSON(items: cart.lines, total: (cart.total * 100).rounded() / 100)
    }

    private func failurePage(_ error: any Error) -> HTTPResponse {
        let (status, message) = Self.describe(error)
        return .html(ErrorPage.render(title: "Something went wrong", message: message), status: status)
    }

    private func failureJSON(_ error: any Error) -> HTTPResponse {
        let (status, message) = Self.describe(error)
        return .jsonError(message, status: status)
    }

    /// Catalog (network) failures are the upstream's fault: 502. Store failures are ours: 500.
    private static func describe(_ error: any Error) -> (HTTPStatus, String) {
        if error is SwiftDataError { return (.internalServerError, "the cart store failed: \(error)") }
        return (.badGateway, "the product catalog is unavailable: \(error)")
    }
}
