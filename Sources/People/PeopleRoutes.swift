import Foundation
import HTML
import HTTP

/// The People app's URLs: its pages under `/people`, its JSON API under `/api/people`, and its static files under
/// `/static` (``PeopleAssets``).
public enum PeopleRoutes {
    /// Adds every People route to `router`, each answered by `controller` on the main actor.
    public static func register(_ controller: PeopleController, on router: inout Router) {
        router.get(PeoplePaths.list) { await controller.listPage($0) }
        router.post(PeoplePaths.list) { await controller.createForm($0) }
        router.post("/people/{id}") { await controller.updateForm($0) }
        router.get("/people/{id}/edit") { await controller.editPage($0) }
        router.get("/people/{id}/delete") { await controller.confirmDeletePage($0) }
        router.post("/people/{id}/delete") { await controller.deleteForm($0) }

        router.get(PeoplePaths.api) { await controller.listJSON($0) }
        router.post(PeoplePaths.api) { await controller.createJSON($0) }
        router.get("/api/people/{id}") { await controller.personJSON($0) }
        router.put("/api/people/{id}") { await controller.updateJSON($0) }
        router.delete("/api/people/{id}") { await controller.deleteJSON($0) }

        for asset in PeopleAssets.all {
            router.get(asset.path) { _ in
                HTTPResponse.staticFile(Data(asset.content.utf8), contentType: asset.contentType)
            }
        }
    }
}
