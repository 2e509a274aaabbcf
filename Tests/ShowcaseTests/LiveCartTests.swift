import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
import Showcase
import Synchronization
import Testing

@MainActor
@Suite("Live cart updates", .serialized)
struct LiveCartTests {
    private func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<300 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    @Test("A cart changed through one tab reaches another tab's event stream")
    func cartChangesAreStreamed() async throws {
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "LiveCartTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        var options = ShowcaseOptions()
        options.port = 0
        options.dataDirectory = dataDirectory
        let showcase = try Showcase(options: options)
        try showcase.start()
        let port = UInt16(showcase.baseURL.port ?? 0)
        let tab = try EventStreamReader(port: port, path: "/api/shop/cart/events")
        #expect(await eventually { tab.text.contains("data: {\"items\":[],\"total\":0}") })
        #expect(tab.text.contains("Content-Type: text/event-stream"))
        #expect(tab.text.contains("Content-Security-Policy: default-src 'self';"))
        #expect(
            tab.text.range(
                of: #"event: cart\nid: [0-9a-z]+-[0-9]+\ndata: \{"items":\[\],"total":0\}"#, options: .regularExpression
            ) != nil)

        // The other tab adds a product through the JSON API.
        var request = URLRequest(url: showcase.baseURL.appendingPathComponent("api/shop/cart"))
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"productID":3}"#.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)
        #expect(await eventually { tab.text.contains("\"productID\":3") })

        // Pages load the script that listens to the stream (through one SharedWorker per browser); they work
        // without it.
        let (page, _) = try await URLSession.shared.data(from: showcase.baseURL.appendingPathComponent("shop/cart"))
        let pageText = String(decoding: page, as: UTF8.self)
        let script = try #require(
            pageText.firstMatch(of: /<script src="(\/static\/shop-live\.js\?v=[0-9a-f]{16})" defer><\/script>/))
        let (scriptBody, _) = try await URLSession.shared.data(
            from: URL(string: String(script.1), relativeTo: showcase.baseURL)!)
        #expect(String(decoding: scriptBody, as: UTF8.self).contains("stream: \"/api/shop/cart/events\""))
        let shared = try #require(
            pageText.firstMatch(of: /<script src="(\/static\/live-page\.js\?v=[0-9a-f]{16})" defer><\/script>/))
        #expect(pageText.range(of: String(shared.1))!.lowerBound < pageText.range(of: String(script.1))!.lowerBound)
        let (sharedBody, _) = try await URLSession.shared.data(
            from: URL(string: String(shared.1), relativeTo: showcase.baseURL)!)
        let workerURL = try #require(
            String(decoding: sharedBody, as: UTF8.self).firstMatch(
                of: /"(\/static\/live-worker\.js\?v=[0-9a-f]{16})&stream="/))
        let (worker, workerResponse) = try await URLSession.shared.data(
            from: URL(string: String(workerURL.1), relativeTo: showcase.baseURL)!)
        #expect(String(decoding: worker, as: UTF8.self).contains("new EventSource(stream)"))
        #expect(
            (workerResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type")
                == "text/javascript; charset=utf-8")
        tab.close()
        await showcase.shutdown()
    }
}
