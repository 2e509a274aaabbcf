import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Showcase
import Testing

/// What a request got back (redirects are not followed).
private struct Reply {
    let status: Int
    let body: Data
    let headers: [String: String]
    var text: String { String(decoding: body, as: UTF8.self) }
    func object() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }
}

private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

private let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)

private func send(_ method: String, _ url: URL, json: String? = nil) async throws -> Reply {
    var request = URLRequest(url: url)
    request.httpMethod = method
    if let json {
        request.httpBody = Data(json.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    let (data, response) = try await session.data(for: request)
    let http = response as? HTTPURLResponse
    var headers: [String: String] = [:]
    for (name, value) in http?.allHeaderFields ?? [:] {
        if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
    }
    return Reply(status: http?.statusCode ?? -1, body: data, headers: headers)
}

/// The showcase on a free port over `dataDirectory`.
@MainActor
private func start(_ dataDirectory: URL) throws -> Showcase {
    var options = ShowcaseOptions()
    options.port = 0
    options.dataDirectory = dataDirectory
    let showcase = try Showcase(options: options)
    try showcase.start()
    return showcase
}

@MainActor
@Suite("Showcase: Places, People and the Test tab over HTTP, across restarts", .serialized)
struct AppsServerTests {
    @Test(
        "The home page lists the five apps, one line each, linking the built ones; every app page has the one layout; the stores are <data-dir>/places.store and people.store"
    )
    func homeAndStores() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "AppsServerTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let showcase = try start(folder)
        let home = try await send("GET", URL(string: "/", relativeTo: showcase.baseURL)!.absoluteURL)
        // Five apps, one card each: the name (linked when built), one line.
        let cards = home.text.components(separatedBy: "<li class=\"card\">").dropFirst()
        #expect(cards.count == 5)
        for card in cards { #expect(card.components(separatedBy: "<p>").count == 2, "\(card)") }
        for (name, path) in [
            ("Shop", "/shop"), ("BookStore", "/books"), ("Places", "/places"), ("People", "/people"),
            ("Inventory", "/inventory"),
        ] {
            #expect(home.text.contains("<h2><a href=\"\(path)\">\(name)</a></h2>"), "\(path)")
        }
        #expect(!home.text.contains("not built yet"))
        // Every app page has the one layout: the home link, the app's name, its tabs with the current one marked.
        let apps: [(path: String, app: String, current: String?)] = [
            ("/places", "Places", "/places"), ("/places/images", "Places", "/places/images"),
            ("/places/map", "Places", "/places/map"), ("/places/new", "Places", nil), ("/people", "People", "/people"),
            ("/shop/test", "Shop", "/shop/test"),
        ]
        for (path, app, current) in apps {
            let page = try await send("GET", URL(string: path, relativeTo: showcase.baseURL)!.absoluteURL)
            #expect(page.status == 200, "\(path)")
            #expect(
                page.text.contains("<a class=\"home\" href=\"/\">Showcase</a>\n<span class=\"app-name\">\(app)</span>"),
                "\(path)")
            #expect(page.text.contains("<nav aria-label=\"\(app)\">"), "\(path)")
            if let current {
                #expect(page.text.contains("<a href=\"\(current)\" aria-current=\"page\">"), "\(path)")
            } else {
                #expect(!page.text.contains("aria-current"), "\(path)")
            }
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("places.store").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("people.store").path))
        await showcase.shutdown()
    }

    @Test("Places and People through the JSON API: samples on first run only, ids that survive a restart")
    func restart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "AppsServerTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var showcase = try start(folder)
        func url(_ path: String) -> URL { URL(string: path, relativeTo: showcase.baseURL)!.absoluteURL }
        func placeNames() async throws -> [String] {
            let places = try await send("GET", url("/api/places")).object()["places"] as? [[String: Any]] ?? []
            return places.compactMap { $0["name"] as? String }
        }

        #expect(
            try await placeNames() == ["Bellagio", "Excalibur", "Luxor", "Paris", "Stratosphere", "Treasure Island"])
        let luxor = try await send("GET", url("/api/places?search=LU")).object()["places"] as? [[String: Any]]
        let luxorID = try #require(luxor?.first?["id"] as? String)
        #expect(try await send("DELETE", url("/api/places/\(luxorID)")).status == 204)
        let upsert = try await send(
            "POST", url("/api/places"),
            json: #"{"name":"Paris","latitude":36.1125,"longitude":-115.1707,"interested":false}"#)
        #expect(upsert.status == 200)
        #expect(try upsert.object()["updatedExisting"] as? Bool == true)
        let person = try await send("POST", url("/api/people"), json: #"{"name":"김영희","age":"28"}"#)
        #expect(person.status == 201)
        let personID = try #require(try person.object()["id"] as? String)
        let invalid = try await send("POST", url("/api/people"), json: #"{"name":"","age":"x"}"#)
        #expect(invalid.status == 400)
        #expect((try invalid.object()["fields"] as? [String: String])?.keys.sorted() == ["age", "name"])

        await showcase.shutdown()
        showcase = try start(folder)
        // Not seeded again: Luxor stays deleted; Paris keeps its update; the person's id still works.
        #expect(try await placeNames() == ["Bellagio", "Excalibur", "Paris", "Stratosphere", "Treasure Island"])
        let paris = try await send("GET", url("/api/places?search=paris")).object()["places"] as? [[String: Any]]
        #expect(paris?.first?["interested"] as? Bool == false)
        let again = try await send("GET", url("/api/people/\(personID)")).object()
        #expect(again["name"] as? String == "김영희" && again["age"] as? String == "28")
        #expect(try await send("GET", url("/api/places/\(luxorID)")).status == 404)
        await showcase.shutdown()
    }
}
