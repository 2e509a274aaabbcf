import Foundation
import HTTP

/// The BookStore's URLs: its pages under `/books`, its JSON API under `/api/books`, and its stylesheet and cover
/// placeholder under `/static` (``BookStoreAssets``, cached for a year: pages link them by fingerprinted URLs).
public enum BookStoreRoutes {
    /// Adds every BookStore route to `router`, each answered by `controller` on the main actor.
    public static func register(_ controller: BookStoreController, on router: inout Router) {
        router.get(BookStorePaths.search) { await controller.searchPage($0) }
        router.get("/books/book/{isbn}") { await controller.detailPage($0) }
        router.get(BookStorePaths.saved) { await controller.savedPage($0) }
        router.post(BookStorePaths.saved) { await controller.saveForm($0) }
        router.get("/books/saved/{isbn}/delete") { await controller.confirmDeletePage($0) }
        router.post("/books/saved/{isbn}/delete") { await controller.deleteForm($0) }
        router.get(BookStorePaths.deleteAll) { await controller.confirmDeleteAllPage($0) }
        router.post(BookStorePaths.deleteAll) { await controller.deleteAllForm($0) }
        router.post(BookStorePaths.undo) { await controller.undoForm($0) }
        router.post(BookStorePaths.redo) { await controller.redoForm($0) }

        router.get("/api/books/search") { await controller.searchJSON($0) }
        router.get("/api/books/saved") { await controller.savedJSON($0) }
        router.post("/api/books/saved") { await controller.saveJSON($0) }
        router.delete("/api/books/saved") { await controller.deleteAllJSON($0) }
        router.delete("/api/books/saved/{isbn}") { await controller.deleteJSON($0) }
        router.post("/api/books/saved/undo") { await controller.undoJSON($0) }
        router.post("/api/books/saved/redo") { await controller.redoJSON($0) }

        for asset in BookStoreAssets.all {
            router.get(asset.path) { _ in
                HTTPResponse.staticFile(Data(asset.content.utf8), contentType: asset.contentType)
            }
        }
    }
}
