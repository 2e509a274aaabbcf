import Foundation
import HTTP

/// The CoreCart tab's pages: the Core Data cart, through the same handlers as the SDCart tab's (over
/// ``ShopCart``), so its notices and confirmations are the same.
extension ShopController {
    /// `POST /shop/corecart` with form field `productID` (Display's "Add"): adds it to the Core Data cart, then
    /// redirects to the product with a notice ("added", or "already in the cart" for a duplicate product ID).
    public func addToCoreCartForm(_ request: HTTPRequest) async -> HTTPResponse {
        await addForm(request, to: coreCart)
    }

    /// `GET /shop/corecart`: the Core Data cart, with the notice the last action left for it, if any.
    public func coreCartPage(_ request: HTTPRequest) async -> HTTPResponse {
        cartPage(request, of: coreCart)
    }

    /// `GET /shop/corecart/{productID}/delete`: asks to confirm removing one row; 400 for an ID that is not an
    /// integer, 404 for a product not in the Core Data cart.
    public func confirmCoreCartDeletePage(_ request: HTTPRequest) async -> HTTPResponse {
        confirmDeletePage(request, in: coreCart)
    }

    /// `POST /shop/corecart/{productID}/delete`: removes the row, then redirects to the CoreCart tab; a row that is
    /// already gone redirects there with ``ShopNotice/noLongerInCart``.
    public func coreCartDeleteForm(_ request: HTTPRequest) async -> HTTPResponse {
        deleteForm(request, from: coreCart)
    }

    /// `GET /shop/corecart/empty`: asks to confirm emptying the Core Data cart (or says it is already empty).
    public func confirmCoreCartEmptyPage(_ request: HTTPRequest) async -> HTTPResponse {
        confirmEmptyPage(request, of: coreCart)
    }

    /// `POST /shop/corecart/empty`: empties the Core Data cart (`NSBatchDeleteRequest`), then redirects to it.
    public func coreCartEmptyForm(_ request: HTTPRequest) async -> HTTPResponse {
        emptyForm(request, cart: coreCart)
    }
}
