import Foundation
import HTTP
import Synchronization

/// A local server that answers `GET /v3/search/book` as Kakao does, from the bundled real responses: the same
/// envelope, `target=isbn` lookups, an empty page for queries it has no response for, and 401 with Kakao's
/// message (quoting the key it got, as Kakao does) for a wrong key. Counts the requests it answers.
final class LiveCompatibleKakao: Sendable {
    let server: HTTPServer
    private let counter = Counter()

    /// Starts on a free port, accepting only `KakaoAK <key>`.
    init(key: String) throws {
        let files = try Self.files()
        let counter = self.counter
        var router = Router()
        router.get("/v3/search/book") { request in
            counter.increment()
            let authorization = request.headers["Authorization"] ?? ""
            guard authorization == "KakaoAK \(key)" else {
                let given = authorization.replacingOccurrences(of: "KakaoAK ", with: "")
                return Self.json(
                    #"{"errorType":"AccessDeniedError","message":"wrong appKey(\#(given)) format"}"#, status: 401)
            }
            let query = request.query("query") ?? ""
            let page = Int(request.query("page") ?? "1") ?? 1
            if request.query("target") == "isbn" {
                let documents = files.flatMap(\.documents).filter { document in
                    ((document["isbn"] as? String) ?? "").split(separator: " ").contains { $0 == query }
                }
                let body: [String: Any] = [
                    "documents": Array(documents.prefix(1)),
                    "meta": [
                        "is_end": true, "pageable_count": min(documents.count, 1),
                        "total_count": min(documents.count, 1),
                    ],
                ]
                let data = (try? JSONSerialization.data(withJSONObject: body)) ?? Data()
                return HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: data)
            }
            if let file = files.first(where: { $0.query == query && $0.page == page }) {
                return HTTPResponse(
                    status: .ok, headers: ["Content-Type": "application/json;charset=UTF-8"], body: file.data)
            }
            return Self.json(
                #"{"documents":[],"meta":{"is_end":true,"pageable_count":0,"total_count":0}}"#, status: 200)
        }
        server = HTTPServer(port: 0, router: router)
        try server.start()
    }

    var baseURL: URL { server.baseURL }

    /// Requests answered so far.
    var requestCount: Int { counter.value }

    func shutdown() async { await server.shutdown() }

    private struct File: @unchecked Sendable {
        var query: String
        var page: Int
        var data: Data
        var documents: [[String: Any]]
    }

    private static func files() throws -> [File] {
        struct Entry: Decodable {
            var file: String
            var query: String
            var page: Int
        }
        struct Index: Decodable { var responses: [Entry] }
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/BookStore/Resources/kakao-books")
        let index = try JSONDecoder().decode(
            Index.self, from: Data(contentsOf: folder.appendingPathComponent("index.json")))
        return try index.responses.map { entry in
            let data = try Data(contentsOf: folder.appendingPathComponent(entry.file))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            return File(
                query: entry.query, page: entry.page, data: data,
                documents: object?["documents"] as? [[String: Any]] ?? [])
        }
    }

    private static func json(_ text: String, status: Int) -> HTTPResponse {
        HTTPResponse(
            status: HTTPStatus(code: status), headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
}

final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
