import Foundation
import HTML
import HTTP

/// The Shop's URLs: its pages under `/shop`, its JSON API under `/api/shop`, and its static files (stylesheet,
/// live-cart scripts, placeholder image) under `/static`.
public enum ShopRoutes {
    /// Adds every Shop route to `router`, each answered by `controller` on the main actor.
    public static func register(_ controller: ShopController, on router: inout Router) {
        router.get(ShopPaths.display) { await controller.displayPage($0) }
        router.get(ShopPaths.cart) { await controller.cartPage($0) }
        router.post(ShopPaths.cart) { await controller.addToCartForm($0) }
        router.get("/shop/cart/{productID}/delete") { await controller.confirmDeletePage($0) }
        router.post("/shop/cart/{productID}/delete") { await controller.deleteForm($0) }
        router.get(ShopPaths.emptyCart) { await controller.confirmEmptyPage($0) }
        router.post(ShopPaths.emptyCart) { await controller.emptyForm($0) }
        router.get(ShopPaths.coreCart) { await controller.coreCartPage($0) }
        router.post(ShopPaths.coreCart) { await controller.addToCoreCartForm($0) }
        router.get("/shop/corecart/{productID}/delete") { await controller.confirmCoreCartDeletePage($0) }
        router.post("/shop/corecart/{productID}/delete") { await controller.coreCartDeleteForm($0) }
        router.get(CartKind.coreData.emptyPath) { await controller.confirmCoreCartEmptyPage($0) }
        router.post(CartKind.coreData.emptyPath) { await controller.coreCartEmptyForm($0) }

        router.get("/api/shop/products/{id}") { await controller.productJSON($0) }
        router.get("/api/shop/cart") { await controller.cartJSON($0) }
        router.get(ShopPaths.cartEvents) { _ in cartEvents(controller) }
        router.post("/api/shop/cart") { await controller.addToCartJSON($0) }
        router.delete("/api/shop/cart") { await controller.emptyJSON($0) }
        router.delete("/api/shop/cart/{productID}") { await controller.deleteJSON($0) }
        router.get("/api/shop/corecart") { await controller.coreCartJSON($0) }
        router.post("/api/shop/corecart") { await controller.addToCoreCartJSON($0) }
        router.delete("/api/shop/corecart") { await controller.coreCartEmptyJSON($0) }
        router.delete("/api/shop/corecart/{productID}") { await controller.coreCartDeleteJSON($0) }

        router.get(ShopAssets.placeholderPath) { _ in
            HTTPResponse.staticFile(
                Data(ShopAssets.placeholderSVG.utf8), contentType: ShopAssets.placeholderContentType, maxAge: 86_400
            )
        }
        for asset in ShopAssets.all {
            router.get(asset.path) { _ in
                HTTPResponse.staticFile(Data(asset.content.utf8), contentType: asset.contentType)
            }
        }
    }

    /// Server-sent events of both carts: `event: cart` with the SwiftData cart's JSON (its version as the event's
    /// `id`) and `event: corecart` with the Core Data cart's (``ShopController/coreCartEvent()``), each at once and
    /// after every change of that cart; a comment every 20 s keeps idle connections (and proxies) from timing out.
    /// One stream carries both, so a browser holds one connection for the Shop's live pages. Ends when the client
    /// goes away.
    static func cartEvents(_ controller: ShopController) -> HTTPResponse {
        .serverSentEvents { writer in
            // Subscribed before the first events are read, so that no change between the two is missed.
            let updates = await controller.cartUpdates()
            let coreUpdates = await controller.coreCartUpdates()
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    await writer.sendVersions(event: "cart", after: updates) { await controller.cartEvent() }
                }
                group.addTask {
                    await writer.sendVersions(event: "corecart", after: coreUpdates) {
                        await controller.coreCartEvent()
                    }
                }
                group.addTask { await writer.keepAlive(every: .seconds(20)) }
                await group.next()
                group.cancelAll()
            }
        }
    }
}
