import Foundation
import HTML
import HTTP

/// The Shop's Test tab's URLs: the page under `/shop/test`, its buttons' form posts, and its static files
/// (``TestTabAssets``).
public enum TestTabRoutes {
    /// Adds every Test tab route to `router`, each answered by `controller` on the main actor.
    public static func register(_ controller: TestTabController, on router: inout Router) {
        router.get(TestTabPaths.page) { await controller.page($0) }
        router.post(TestTabPaths.emptyCart) { await controller.emptyCart($0) }
        router.post("/shop/test/{panel}/fetch") { await controller.fetch($0) }
        router.post("/shop/test/{panel}/add") { await controller.add($0) }
        for asset in TestTabAssets.all {
            router.get(asset.path) { _ in
                HTTPResponse.staticFile(Data(asset.content.utf8), contentType: asset.contentType)
            }
        }
    }
}
