import Foundation
import HTTP

/// The Inventory app's URLs: its pages under `/inventory`, its JSON API under `/api/inventory/products`, its event
/// stream, and its static files.
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
        router.get(InventoryPaths.events) { _ in events(controller) }

        for asset in InventoryAssets.all {
            router.get(asset.path) { _ in
                HTTPResponse.staticFile(Data(asset.content.utf8), contentType: asset.contentType)
            }
        }
    }

    /// Server-sent events: `event: inventory` with every product's JSON (the inventory's version as the event's
    /// `id`) at once and after every change; a comment every 20 s keeps idle connections (and proxies) from timing
    /// out. Ends when the client goes away.
    static func events(_ controller: InventoryController) -> HTTPResponse {
        .serverSentEvents { writer in
            // Subscribed before the first event is read, so that no change between the two is missed.
            let updates = await controller.updates()
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    await writer.sendVersions(event: "inventory", after: updates) { await controller.event() }
                }
                group.addTask { await writer.keepAlive(every: .seconds(20)) }
                await group.next()
                group.cancelAll()
            }
        }
    }
}
