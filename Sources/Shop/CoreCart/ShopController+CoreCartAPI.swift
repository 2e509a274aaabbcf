import Foundation
import HTTP

/// The Core Data cart's JSON API under `/api/shop/corecart`: the same bodies and statuses as `/api/shop/cart`.
extension ShopController {
    /// `GET /api/shop/corecart`: the rows in the order added and the total (``CartJSON``). The body is encoded once
    /// per change of the cart (its `revision`, which also moves when another server commits to the cart's store),
    /// not per request.
    public func coreCartJSON(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            return HTTPResponse(
                status: .ok, headers: ["Content-Type": HTTPResponse.jsonContentType], body: try encodedCoreCart())
        } catch {
            return failureJSON(error, request: request)
        }
    }

    /// The Core Data cart's JSON, from the cache while its revision has not changed. The revision is read before
    /// the rows: a save in between makes the cached body newer than its revision, never older, and the next request
    /// encodes again.
    func encodedCoreCart() throws -> Data {
        let revision = coreCart.revision
        if let cache = encodedCoreCartCache, cache.revision == revision { return cache.body }
        let body = try HTTPResponse.defaultJSONEncoder().encode(try currentCoreCart())
        encodedCoreCartCache = (revision, body)
        return body
    }

    /// Yields whenever the Core Data cart changes: a save by any context on its store, emptying it, or another
    /// server's commit to its store.
    public func coreCartUpdates() -> AsyncStream<Void> {
        coreCart.changes()
    }

    /// One server-sent `corecart` event: the Core Data cart's ``coreCartVersion`` (the event's `id`) and the JSON
    /// `GET /api/shop/corecart` answers (its data), the version read first (a change in between makes the event
    /// older than its data, and that change's own event follows). Nil when the store cannot be read.
    public func coreCartEvent() -> (id: String, data: String)? {
        let version = coreCartVersion
        guard let body = try? encodedCoreCart() else { return nil }
        return (version, String(decoding: body, as: UTF8.self))
    }

    private func currentCoreCart() throws(CoreCartError) -> CartJSON {
        let lines = try coreCart.lines()
        let total = lines.reduce(0) { $0 + $1.price }
        return CartJSON(items: lines, total: (total * 100).rounded() / 100)
    }

    /// `POST /api/shop/corecart` `{"productID": N}`: 201 with the new row; 409 if already there (naming the
    /// product and the Core Data cart); 404 for an unknown product; 400 for a malformed body.
    public nonisolated func addToCoreCartJSON(_ request: HTTPRequest) async -> HTTPResponse {
        await addJSON(request, cartName: "the Core Data cart") { product throws in try coreCart.addCart(product) }
    }

    /// `DELETE /api/shop/corecart/{productID}`: 204, or 404 when the product is not in the Core Data cart.
    public nonisolated func coreCartDeleteJSON(_ request: HTTPRequest) async -> HTTPResponse {
        deleteJSON(request, cartName: "the Core Data cart") { productID throws in
            try coreCart.deleteCart(productID: productID)
        }
    }

    /// `DELETE /api/shop/corecart`: empties the Core Data cart with `NSBatchDeleteRequest`; 204.
    public func coreCartEmptyJSON(_ request: HTTPRequest) async -> HTTPResponse {
        emptyJSON(request, cart: coreCart)
    }
}
