import Foundation
import HTML
import HTTP

/// The Places app's URLs: its pages under `/places`, its JSON API under `/api/places`, and its static files under
/// `/static` (``PlacesAssets``).
public enum PlacesRoutes {
    /// Adds every Places route to `router`, each answered by `controller` on the main actor.
    public static func register(_ controller: PlacesController, on router: inout Router) {
        router.get(PlacesPaths.list) { await controller.listPage($0) }
        router.post(PlacesPaths.list) { await controller.createForm($0) }
        router.get(PlacesPaths.new) { await controller.newPage($0) }
        router.get(PlacesPaths.images) { await controller.imagesPage($0) }
        router.get(PlacesPaths.map) { await controller.mapPage($0) }
        router.get("/places/{id}") { await controller.placePage($0) }
        router.post("/places/{id}") { await controller.updateForm($0) }
        router.get("/places/{id}/edit") { await controller.editPage($0) }
        router.post("/places/{id}/interested") { await controller.interestedForm($0) }
        router.get("/places/{id}/delete") { await controller.confirmDeletePage($0) }
        router.post("/places/{id}/delete") { await controller.deleteForm($0) }
        router.get("/places/{id}/picture.svg") { await controller.picture($0) }

        router.get(PlacesPaths.api) { await controller.listJSON($0) }
        router.post(PlacesPaths.api) { await controller.createJSON($0) }
        router.get("/api/places/{id}") { await controller.placeJSON($0) }
        router.put("/api/places/{id}") { await controller.updateJSON($0) }
        router.delete("/api/places/{id}") { await controller.deleteJSON($0) }

        for asset in PlacesAssets.all {
            router.get(asset.path) { _ in
                HTTPResponse.staticFile(Data(asset.content.utf8), contentType: asset.contentType)
            }
        }
    }
}
