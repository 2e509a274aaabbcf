import Foundation
import HTTP

/// The Inventory app's URLs: its pages under `/inventory`, its JSON API under `/api/inventory/products`, and its
/// stylesheet.
public enum InventoryRoutes {
    /// Adds every Inventory route to `router`, each answered by `controller` on the main actor.
    public static func register(_ controller: InventoryController, on router: inout Router) {
        router.get(InventoryPaths.list) { await controller.listPage($0) }
        router.post(InventoryPaths.list) { await controller.addForm($0) }
        router.get(InventoryPaths.results) { await controller.resultsPage($0) }
        router.post("/inventory/{id}/delete") { await controller.deleteForm($0) }

        router.get(InventoryPaths.api) { await controller.listJSON($0) }
        router.post(InventoryPaths.api) { await controller.createJSON($0) }
        router.delete("/api/inventory/products/{id}") { await controller.deleteJSON($0) }

        for asset in InventoryAssets.all {
            router.get(asset.path) { _ in HTTPResponse.staticFile(Data(asset.content.utf8), contentType: asset.contentType) }
        }
    }
}
