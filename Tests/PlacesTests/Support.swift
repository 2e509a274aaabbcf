import Foundation
import HTTP
import OpenSwiftData
@testable import Places

/// A folder under the system's temporary directory, removed when the value is freed.
final class TemporaryFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("PlacesTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    var store: URL { url.appendingPathComponent("places.store") }
    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The Places routes on a router, over a store in a temporary folder, answering requests in-process.
@MainActor
struct PlacesApp {
    let places: PlacesViewModel
    let router: Router

    init(store: URL) throws {
        places = try PlacesViewModel(storeURL: store)
        var router = Router()
        PlacesRoutes.register(PlacesController(places: places, log: { _ in }), on: &router)
        self.router = router
    }

    /// Sends a request; `json` bodies go with `Content-Type: application/json`, `form` bodies form-encoded.
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
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            body = Data(form.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&").utf8)
        }
        if let cookie { headers["Cookie"] = cookie }
        guard let request = HTTPRequest(method: method, target: target, headers: headers, body: body) else {
            return HTTPResponse(status: .badRequest)
        }
        return await router.respond(to: request)
    }

    /// Follows a redirect as a browser does: a `GET` of its `Location` with the cookie it set.
    func follow(_ redirect: HTTPResponse) async -> HTTPResponse {
        guard let location = redirect.headers["Location"] else { return HTTPResponse(status: .badRequest) }
        return await send(.get, location, cookie: redirect.cookie)
    }

    private func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}

extension HTTPResponse {
    var text: String { String(decoding: body, as: UTF8.self) }
    func json<T: Decodable>(_ type: T.Type) throws -> T { try JSONDecoder().decode(T.self, from: body) }
    /// The `name=value` part of the `Set-Cookie` header, to send back as `Cookie`.
    var cookie: String? { headers["Set-Cookie"].flatMap { $0.split(separator: ";").first.map(String.init) } }
}

/// The part of a page inside `<main>`, so assertions do not match the layout's stylesheet.
func mainContent(_ page: String) -> String {
    guard let start = page.range(of: "<main>"), let end = page.range(of: "</main>") else { return page }
    return String(page[start.upperBound..<end.lowerBound])
}
