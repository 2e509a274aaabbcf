import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Showcase
import Testing

/// The Core Data apps' live updates through the running server: an event on the stream after each change made by
/// another route — the JSON API, a page's form, the batch delete that empties the cart.
@MainActor
@Suite("Core Data apps' live updates", .serialized)
struct CoreDataLiveTests {
    /// Waits for `condition` on what a stream has received; bounded only so that a broken stream fails the test
    /// instead of hanging it (30 s: far beyond what an event takes on a loaded machine).
    private func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<1_500 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    /// The events of `type` received so far, in order.
    private func events(_ type: String, in reader: EventStreamReader) -> [(id: String, data: String)] {
        reader.text.matches(of: /event: ([a-z]+)\nid: ([^\n]+)\ndata: ([^\n]*)\n/)
            .filter { $0.output.1 == type }
            .map { (String($0.output.2), String($0.output.3)) }
    }

    private func makeShowcase() throws -> (Showcase, URL) {
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "CoreDataLiveTests-\(UUID().uuidString)")
        var options = ShowcaseOptions()
        options.port = 0
        options.dataDirectory = dataDirectory
        let showcase = try Showcase(options: options)
        try showcase.start()
        return (showcase, dataDirectory)
    }

    private func send(_ method: String, _ url: URL, json: String? = nil, form: String? = nil) async throws -> Int {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        } else if let form {
            request.httpBody = Data(form.utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    @Test(
        "The Shop's stream sends a corecart event after an add, a delete and emptying the Core Data cart, by API or form"
    )
    func coreCartChangesAreStreamed() async throws {
        let (showcase, dataDirectory) = try makeShowcase()
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let base = showcase.baseURL
        let tab = try EventStreamReader(port: UInt16(base.port ?? 0), path: "/api/shop/cart/events")
        func last() -> (id: String, data: String)? { events("corecart", in: tab).last }
        #expect(await eventually { last()?.data == #"{"items":[],"total":0}"# })
        #expect(
            await eventually { events("cart", in: tab).count == 1 },
            "the SwiftData cart's event comes on the same stream")
        var seen = try #require(last()?.id)

        func expectEvent(items: [Int], _ what: Comment) async {
            let arrived = await eventually {
                guard let event = last(), event.id != seen else { return false }
                return event.data.contains(#""items":["#)
                    && items.allSatisfy { event.data.contains("\"productID\":\($0)") }
                    && event.data.components(separatedBy: "\"productID\"").count - 1 == items.count
            }
            #expect(arrived, what)
            seen = last()?.id ?? seen
        }

        #expect(
            try await send("POST", base.appendingPathComponent("api/shop/corecart"), json: #"{"productID":3}"#) == 201)
        await expectEvent(items: [3], "an add through the JSON API")
        #expect(try await send("POST", base.appendingPathComponent("shop/corecart"), form: "productID=5") == 200)
        await expectEvent(items: [3, 5], "an add through Display's Add form")
        #expect(try await send("POST", base.appendingPathComponent("shop/corecart/3/delete")) == 200)
        await expectEvent(items: [5], "a delete through the CoreCart page's form")
        #expect(
            try await send("POST", base.appendingPathComponent("api/shop/corecart"), json: #"{"productID":7}"#) == 201)
        await expectEvent(items: [5, 7], "another add")
        #expect(try await send("DELETE", base.appendingPathComponent("api/shop/corecart/7")) == 204)
        await expectEvent(items: [5], "a delete through the JSON API")
        #expect(try await send("DELETE", base.appendingPathComponent("api/shop/corecart")) == 204)
        await expectEvent(items: [], "emptying it (NSBatchDeleteRequest) through the JSON API")
        #expect(last()?.data == #"{"items":[],"total":0}"#)
        #expect(
            try await send("POST", base.appendingPathComponent("api/shop/corecart"), json: #"{"productID":1}"#) == 201)
        await expectEvent(items: [1], "an add after emptying")
        #expect(try await send("POST", base.appendingPathComponent("shop/corecart/empty")) == 200)
        await expectEvent(items: [], "emptying it through the page's form")
        #expect(events("cart", in: tab).count == 1, "the SwiftData cart did not change")
        tab.close()
        await showcase.shutdown()
    }

    @Test("The Inventory's stream sends an event after an add and a delete, by API or form; the pages load its script")
    func inventoryChangesAreStreamed() async throws {
        let (showcase, dataDirectory) = try makeShowcase()
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let base = showcase.baseURL
        let tab = try EventStreamReader(port: UInt16(base.port ?? 0), path: "/api/inventory/events")
        func last() -> (id: String, data: String)? { events("inventory", in: tab).last }
        #expect(await eventually { last()?.data == #"{"products":[]}"# })
        #expect(tab.text.contains("Content-Type: text/event-stream"))
        var seen = try #require(last()?.id)

        func expectEvent(names: [String], _ what: Comment) async -> [[String: String]] {
            var products: [[String: String]] = []
            let arrived = await eventually {
                guard let event = last(), event.id != seen,
                    let object = try? JSONSerialization.jsonObject(with: Data(event.data.utf8))
                        as? [String: [[String: String]]],
                    let list = object["products"]
                else { return false }
                products = list
                return list.map { $0["name"] ?? "" } == names
            }
            #expect(arrived, what)
            seen = last()?.id ?? seen
            return products
        }

        let body = #"{"name":"apple","quantity":"3"}"#
        #expect(try await send("POST", base.appendingPathComponent("api/inventory/products"), json: body) == 201)
        _ = await expectEvent(names: ["apple"], "an add through the JSON API")
        #expect(try await send("POST", base.appendingPathComponent("inventory"), form: "name=banana&quantity=2") == 200)
        let both = await expectEvent(names: ["apple", "banana"], "an add through the page's form")
        let apple = try #require(both.first?["id"]), banana = try #require(both.last?["id"])
        #expect(try await send("DELETE", base.appendingPathComponent("api/inventory/products/\(apple)")) == 204)
        _ = await expectEvent(names: ["banana"], "a delete through the JSON API")
        #expect(try await send("POST", base.appendingPathComponent("inventory/\(banana)/delete")) == 200)
        _ = await expectEvent(names: [], "a delete through the page's form")

        let (page, _) = try await URLSession.shared.data(from: base.appendingPathComponent("inventory"))
        let pageText = String(decoding: page, as: UTF8.self)
        let script = try #require(
            pageText.firstMatch(of: /<script src="(\/static\/inventory-live\.js\?v=[0-9a-f]{16})" defer><\/script>/))
        let (scriptBody, _) = try await URLSession.shared.data(from: URL(string: String(script.1), relativeTo: base)!)
        #expect(String(decoding: scriptBody, as: UTF8.self).contains("stream: \"/api/inventory/events\""))
        let shared = try #require(
            pageText.firstMatch(of: /<script src="(\/static\/live-page\.js\?v=[0-9a-f]{16})" defer><\/script>/))
        let (sharedBody, _) = try await URLSession.shared.data(from: URL(string: String(shared.1), relativeTo: base)!)
        let workerURL = try #require(
            String(decoding: sharedBody, as: UTF8.self).firstMatch(
                of: /"(\/static\/live-worker\.js\?v=[0-9a-f]{16})&stream="/))
        let (worker, workerResponse) = try await URLSession.shared.data(
            from: URL(string: String(workerURL.1), relativeTo: base)!)
        #expect(String(decoding: worker, as: UTF8.self).contains("new EventSource(stream)"))
        #expect(
            (workerResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type")
                == "text/javascript; charset=utf-8")
        tab.close()
        await showcase.shutdown()
    }
}
