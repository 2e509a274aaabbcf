import Foundation
import HTTP
@testable import Inventory
import Testing

/// A folder under the system's temporary directory, removed when the value is freed.
private final class TemporaryFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("InventoryTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The Inventory routes on a router over a store in a folder, answering requests in-process.
@MainActor
private struct InventoryApp {
    let inventory: InventoryViewModel
    let router: Router

    init(folder: URL) throws {
        inventory = try InventoryViewModel(folder: folder)
        var router = Router()
        InventoryRoutes.register(InventoryController(inventory: inventory, log: { _ in }), on: &router)
        self.router = router
    }

    func send(
        _ method: HTTPMethod, _ target: String, json: String? = nil, form: [(String, String)]? = nil,
        cookie: String? = nil
    ) async -> HTTPResponse {
        var headers = HTTPHeaders()
        var body = Data()
        if let json {
            headers["Content-Type"] = "application/json"
            body = Data(json.utf8)
        } else if let form {
            var allowed = CharacterSet.alphanumerics.intersection(
                CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
            allowed.insert(charactersIn: "-._~")
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            body = Data(
                form.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(
                    separator: "&"
                ).utf8)
        }
        if let cookie { headers["Cookie"] = cookie }
        guard let request = HTTPRequest(method: method, target: target, headers: headers, body: body) else {
            return HTTPResponse(status: .badRequest)
        }
        return await router.respond(to: request)
    }
}

private extension HTTPResponse {
    var text: String { String(decoding: body, as: UTF8.self) }
    var main: String {
        guard let start = text.range(of: "<main>"), let end = text.range(of: "</main>") else { return text }
        return String(text[start.upperBound..<end.lowerBound])
    }
    func json<T: Decodable>(_ type: T.Type) throws -> T { try JSONDecoder().decode(T.self, from: body) }
    var cookie: String? { headers["Set-Cookie"].flatMap { $0.split(separator: ";").first.map(String.init) } }
}

private struct ErrorBody: Decodable {
    let error: String
}

@Suite(.serialized) @MainActor struct InventoryTests {
    /// The tutorial's scenario: add, find (`name CONTAINS %@`), delete; a restart keeps the data.
    @Test func addFindDeleteAndARestartKeepsTheData() throws {
        let folder = try TemporaryFolder()
        do {
            let inventory = try InventoryViewModel(folder: folder.url)
            _ = try inventory.add(name: "pear", quantity: "3")
            _ = try inventory.add(name: "apple", quantity: "10")
            let pineapple = try inventory.add(name: "pineapple", quantity: "1")
            #expect(try inventory.products().map(\.name) == ["apple", "pear", "pineapple"])
            #expect(try inventory.products(containing: "pp").map(\.name) == ["apple", "pineapple"])
            #expect(try inventory.products(containing: "PEAR").isEmpty)
            #expect(try inventory.delete(id: try #require(ProductID(token: pineapple.id))) == pineapple)
            #expect(try inventory.delete(id: try #require(ProductID(token: pineapple.id))) == nil)
        }
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Inventory.sqlite").path))
        let restarted = try InventoryViewModel(folder: folder.url)
        #expect(try restarted.products().map { "\($0.name) \($0.quantity)" } == ["apple 10", "pear 3"])
    }

    @Test func theJSONAPI() async throws {
        let folder = try TemporaryFolder()
        let app = try InventoryApp(folder: folder.url)
        #expect(
            try await app.send(.get, "/api/inventory/products").json(InventoryController.ProductsJSON.self).products
                == [])
        let created = await app.send(.post, "/api/inventory/products", json: #"{"name":" kiwi ","quantity":"4"}"#)
        #expect(created.status == .created)
        let kiwi = try created.json(ProductLine.self)
        #expect(kiwi.name == "kiwi" && kiwi.quantity == "4" && !kiwi.id.isEmpty)
        #expect(created.text.contains(#""id":"\#(kiwi.id)""#))
        _ = await app.send(.post, "/api/inventory/products", json: #"{"name":"banana","quantity":12}"#)
        let list = try await app.send(.get, "/api/inventory/products").json(InventoryController.ProductsJSON.self)
            .products
        #expect(list.map(\.name) == ["banana", "kiwi"])
        #expect(list.first?.quantity == "12")
        #expect(
            try await app.send(.get, "/api/inventory/products?contains=iw").json(InventoryController.ProductsJSON.self)
                .products == [kiwi])

        let blank = await app.send(.post, "/api/inventory/products", json: #"{"name":"  ","quantity":"1"}"#)
        #expect(blank.status == .badRequest)
        #expect(try blank.json(ErrorBody.self).error == "Enter a name: a product needs one.")
        #expect(await app.send(.post, "/api/inventory/products", json: "[]").status == .badRequest)

        #expect(await app.send(.delete, "/api/inventory/products/\(kiwi.id)").status == .noContent)
        #expect(await app.send(.delete, "/api/inventory/products/\(kiwi.id)").status == .notFound)
        #expect(await app.send(.delete, "/api/inventory/products/abc").status == .notFound)
        #expect(
            try await app.send(.get, "/api/inventory/products").json(InventoryController.ProductsJSON.self).products
                .map(\.name) == ["banana"])
    }

    /// Two servers on one store file (two view models, each with its own coordinator): one lists what the other
    /// adds without saving itself, and a delete of what the other deleted first answers "not there", in the view
    /// model and as the API's 404 naming the product — not an optimistic-locking conflict.
    @Test func twoServersOnOneFile() async throws {
        let folder = try TemporaryFolder()
        let first = try InventoryApp(folder: folder.url)
        let second = try InventoryApp(folder: folder.url)
        #expect(try second.inventory.products().isEmpty)
        let revision = second.inventory.revision
        let apple = try first.inventory.add(name: "apple", quantity: "1")
        let pear = try first.inventory.add(name: "pear", quantity: "2")
        #expect(second.inventory.revision > revision, "the other view model's commits move the revision")
        #expect(try second.inventory.products().map(\.name) == ["apple", "pear"])
        #expect(try second.inventory.product(id: #require(ProductID(token: apple.id))) == apple)

        // The second has read both (its view context holds them); the first deletes them.
        #expect(try first.inventory.delete(id: #require(ProductID(token: apple.id))) == apple)
        #expect(try second.inventory.delete(id: #require(ProductID(token: apple.id))) == nil)
        #expect(await first.send(.delete, "/api/inventory/products/\(pear.id)").status == .noContent)
        let again = await second.send(.delete, "/api/inventory/products/\(pear.id)")
        #expect(again.status == .notFound)
        #expect(
            try again.json(ErrorBody.self).error
                == "there is no product \(pear.id) in the inventory (it may have been deleted)")
        #expect(try second.inventory.products().isEmpty)
    }

    @Test func thePages() async throws {
        let folder = try TemporaryFolder()
        let app = try InventoryApp(folder: folder.url)
        let empty = await app.send(.get, "/inventory")
        #expect(empty.main.contains("No products yet"))
        #expect(empty.main.contains(#"<button type="submit" id="add">Add</button>"#))
        #expect(empty.main.contains(#"formaction="/inventory/results" formmethod="get">Find</button>"#))

        let added = await app.send(.post, "/inventory", form: [("name", "<b>plum</b>"), ("quantity", "2")])
        #expect(added.status == .seeOther && added.headers["Location"] == "/inventory")
        let cookie = try #require(added.cookie)
        let list = await app.send(.get, "/inventory", cookie: cookie)
        #expect(list.main.contains("“&lt;b&gt;plum&lt;/b&gt;” was added."))
        #expect(list.main.contains(#"<td class="name">&lt;b&gt;plum&lt;/b&gt;</td><td class="quantity">2</td>"#))

        let blank = await app.send(.post, "/inventory", form: [("name", " "), ("quantity", "9")])
        #expect(blank.status == .badRequest)
        #expect(blank.main.contains("Enter a name: a product needs one. Nothing was added."))
        #expect(blank.main.contains(#"value="9""#))

        let results = await app.send(.get, "/inventory/results?name=plu")
        #expect(results.main.contains("Names containing “plu”"))
        #expect(results.main.contains("&lt;b&gt;plum&lt;/b&gt;"))
        #expect((await app.send(.get, "/inventory/results?name=zzz")).main.contains("name contains “zzz”."))

        let plum = try #require(try app.inventory.products().first)
        let deleted = try #require(await app.send(.post, "/inventory/\(plum.id)/delete").cookie)
        #expect((await app.send(.get, "/inventory", cookie: deleted)).main.contains("was deleted."))
        let again = try #require(await app.send(.post, "/inventory/\(plum.id)/delete").cookie)
        #expect((await app.send(.get, "/inventory", cookie: again)).main.contains("That product was already deleted."))
    }

    @Test("Every change of the inventory is published: add, delete, a save in another context; reads are not")
    func changesArePublished() async throws {
        let folder = try TemporaryFolder()
        let inventory = try InventoryViewModel(folder: folder.url)
        var next = inventory.changes().makeAsyncIterator()
        var revision = inventory.revision
        func expectChange(_ what: Comment) async {
            #expect(inventory.revision > revision, what)
            revision = inventory.revision
            #expect(await next.next(isolation: #isolation) != nil, what)
        }
        let apple = try inventory.add(name: "apple", quantity: "3")
        await expectChange("add")
        #expect(try inventory.products(containing: "app") == [apple])
        #expect(inventory.revision == revision, "a Find changes nothing")

        let other = inventory.newContext()
        try other.performAndWait {
            let pear = Product(context: other)
            pear.name = "pear"
            pear.quantity = "2"
            try other.save()
        }
        await expectChange("a save in another context on the store")
        #expect(try inventory.products().map(\.name) == ["apple", "pear"])

        #expect(try inventory.delete(id: try #require(ProductID(token: apple.id))) == apple)
        await expectChange("delete")
        #expect(try inventory.products().map(\.name) == ["pear"])
    }

    @Test("The list and Results pages carry the version and the live script; the event stream's events carry theirs")
    func livePages() async throws {
        let folder = try TemporaryFolder()
        let app = try InventoryApp(folder: folder.url)
        let controller = InventoryController(inventory: app.inventory, log: { _ in })
        let before = controller.version
        let list = String(decoding: (await app.send(.get, "/inventory")).body, as: UTF8.self)
        #expect(list.contains("<div id=\"inventory-state\" hidden data-version=\""))
        #expect(
            list.contains("<section class=\"card\" aria-labelledby=\"list-heading\" id=\"inventory-list\" data-live>"))
        #expect(list.contains("<script src=\"\(InventoryLiveScript.page.url)\" defer></script>"))
        let results = String(decoding: (await app.send(.get, "/inventory/results?name=ap")).body, as: UTF8.self)
        #expect(results.contains("id=\"inventory-results\" data-live>"))
        #expect(results.contains("<div id=\"inventory-state\" hidden data-version=\""))

        let first = try #require(controller.event())
        #expect(first.id == before)
        #expect(first.data == #"{"products":[]}"#)
        _ = try app.inventory.add(name: "apple", quantity: "3")
        let event = try #require(controller.event())
        #expect(event.id != before && event.id == controller.version)
        #expect(event.data.contains(#""name":"apple""#))
        #expect(
            InventoryAssets.all.map(\.path) == [
                "/static/inventory.css", "/static/inventory-live.js", "/static/live-page.js", "/static/live-worker.js",
            ])
        #expect(InventoryLiveScript.page.content.contains("stream: \"/api/inventory/events\", events: [\"inventory\"]"))
    }
}
