import Foundation
import HTTP

/// Answers the Inventory pages and JSON API from one ``InventoryViewModel``.
///
/// The pages are in `InventoryController+Pages.swift`, the API in `InventoryController+API.swift`; both answer
/// failures through ``failure(_:request:)``. Page actions follow POST/redirect/GET with an ``InventoryNotice`` kept
/// on the server for the page the action redirects to, in a ``HTTP/FlashStore`` (the `inventory_notice` cookie holds
/// only its token), and shown once.
@MainActor
public final class InventoryController {
    let inventory: InventoryViewModel
    /// One-time notices for the list, each left by the action that redirects to it.
    let notices = FlashStore<InventoryNotice>(cookieName: "inventory_notice")
    let log: @Sendable (String) -> Void
    /// Tells this run's inventory versions from another run's (revisions start again at each start).
    private let run = String(UInt32.random(in: 0...UInt32.max), radix: 36)

    /// A controller over `inventory`; `log` gets one line per store failure (by default standard error).
    public init(
        inventory: InventoryViewModel, log: @escaping @Sendable (String) -> Void = InventoryController.standardErrorLog
    ) {
        self.inventory = inventory
        self.log = log
    }

    /// The inventory's version, `"<run>-<revision>"`: pages carry the one they were rendered from and events the
    /// one they report, so the pages' live script can tell newer products from those it shows. Read it before the
    /// products it goes with: a change in between then makes the page older than what it shows, never newer.
    public var version: String { "\(run)-\(inventory.revision)" }

    /// Yields whenever the inventory changes (a save by any context on its store).
    public func updates() -> AsyncStream<Void> {
        inventory.changes()
    }

    /// One server-sent `inventory` event: the ``version`` (the event's `id`) and every product as
    /// `GET /api/inventory/products` answers (its data). Nil when the store cannot be read.
    public func event() -> (id: String, data: String)? {
        let version = version
        guard let products = try? inventory.products(),
            let body = try? HTTPResponse.defaultJSONEncoder().encode(ProductsJSON(products: products))
        else { return nil }
        return (version, String(decoding: body, as: UTF8.self))
    }

    /// Writes `line` and a line break to standard error: the server's log.
    public nonisolated static func standardErrorLog(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The answer to a failed request, for its audience: a page in the Inventory layout, or `{"error": …}` JSON
    /// under `/api`. A store failure is logged with its detail and answered 500 without it.
    func failure(_ error: InventoryError, request: HTTPRequest) -> HTTPResponse {
        let isAPI = request.path.hasPrefix("/api/")
        switch error {
        case .notFound:
            let named = request.pathParameters["id"].map { "there is no product \($0)" } ?? "there is no such product"
            return isAPI
                ? .jsonError("\(named) in the inventory (it may have been deleted)", status: .notFound)
                : .html(
                    InventoryErrorPage.render(
                        title: "Product not found", message: "There is no such product: it may have been deleted."),
                    status: .notFound)
        case let .store(message):
            log(
                "inventory: \(request.method) \(request.path): the inventory store failed (\(message.split(whereSeparator: \.isNewline).joined(separator: " ")))"
            )
            return isAPI
                ? .jsonError("the inventory store failed; the server log has the details", status: .internalServerError)
                : .html(
                    InventoryErrorPage.render(
                        title: "Something went wrong",
                        message:
                            "The inventory could not be read or saved on the server; nothing was changed. Try again; if it keeps failing, the server log says why."
                    ), status: .internalServerError)
        }
    }

    /// The product a request's `{id}` names.
    func productID(_ request: HTTPRequest) throws(InventoryError) -> ProductID {
        guard let token = request.pathParameters["id"], let id = ProductID(token: token) else { throw .notFound }
        return id
    }
}
