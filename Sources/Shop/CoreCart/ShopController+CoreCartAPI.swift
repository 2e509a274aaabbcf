import Foundation
import HTTP

/// The Core Data cart's JSON API under `/api/shop/corecart`: the same bodies and statuses as `/api/shop/cart`.
extension ShopController {
    /// `GET /api/shop/corecart`: the rows in the order added and the total (``CartJSON``).
    public func coreCartJSON(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            let lines = try coreCart.lines()
            let total = lines.reduce(0) { $0 + $1.price }
            return .json(CartJSON(items: lines, total: (total * 100).rounded() / 100))
        } catch {
            return failureJSON(error, request: request)
        }
    }

    /// `POST /api/shop/corecart` `{"productID": N}`: 201 with the new row; 409 if already there; 404 for an
    /// unknown product; 400 for a malformed body.
    public func addToCoreCartJSON(_ request: HTTPRequest) async -> HTTPResponse {
        await addJSON(request, to: coreCart)
    }

    /// `DELETE /api/shop/corecart/{productID}`: 204, or 404 when the product is not in the Core Data cart.
    public func coreCartDeleteJSON(_ request: HTTPRequest) async -> HTTPResponse {
        deleteJSON(request, from: coreCart)
    }

    /// `DELETE /api/shop/corecart`: empties the Core Data cart with `NSBatchDeleteRequest`; 204.
    public func coreCartEmptyJSON(_ request: HTTPRequest) async -> HTTPResponse {
        emptyJSON(request, cart: coreCart)
    }
}
