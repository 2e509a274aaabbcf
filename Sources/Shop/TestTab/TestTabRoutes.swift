import Foundation
import HTTP

/// The Shop's Test tab's URLs: the page under `/shop/test`, its buttons' form posts, and its stylesheet.
public enum TestTabRoutes {
    /// Adds every Test tab route to `router`, each answered by `controller` on the main actor.
    public static func register(_ controller: TestTabController, on router: inout Router) {
        router.get(TestTabPaths.page) { await controller.page($0) }
        router.post(TestTabPaths.emptyCart) { await controller.emptyCart($0) }
        router.post("/shop/test/{panel}/fetch") { await controller.fetch($0) }
        router.post("/shop/test/{panel}/add") { await controller.add($0) }
        router.get(TestTabPaths.stylesheet) { _ in
            HTTPResponse(
                status: .ok,
                headers: ["Content-Type": TestTabAssets.stylesheetContentType, "Cache-Control": "public, max-age=3600"],
                body: Data(TestTabAssets.stylesheet.utf8)
            )
        }
    }
}
