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
            switch try coreCart.addCart(product) {
            case .added(let line): return .json(line, status: .created)
            case .alreadyInCart(let line): return .jsonError("“\(line.title)” is already in the cart", status: .conflict)
            }
        } catch {
            return failureJSON(error, request: request)
        }
    }

    /// `DELETE /api/shop/corecart/{productID}`: 204, or 404 when the product is not in the Core Data cart.
    public func coreCartDeleteJSON(_ request: HTTPRequest) async -> HTTPResponse {
        let productID: Int
        switch ProductID.parse(request.pathParameters["productID"] ?? "") {
        case .success(let parsed): productID = parsed
        case .failure(let problem): return .jsonError(problem.phrase, status: .badRequest)
        }
        do {
            guard try coreCart.deleteCart(productID: productID) != nil else {
                return .jsonError("product \(productID) is not in the cart", status: .notFound)
            }
            return .noContent
        } catch {
            return failureJSON(error, request: request)
        }
    }

    /// `DELETE /api/shop/corecart`: empties the Core Data cart with `NSBatchDeleteRequest`; 204.
    public func coreCartEmptyJSON(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            try coreCart.deleteAllCart()
            return .noContent
        } catch {
            return failureJSON(error, request: request)
        }
    }
}
