import Foundation
import HTTP
import Synchronization

/// A local stand-in for `dapi.kakao.com`: answers `GET /v3/search/book` the way a test tells it to, and records
/// every request it gets (path, query, headers).
final class FakeKakaoServer: Sendable {
    /// What the next requests get.
    enum Reply: Sendable {
        /// 200 with these bytes as `application/json`.
        case body(Data)
        /// This status with this body.
        case status(Int, String)
        /// 302 to this location.
        case redirect(String)
        /// No answer until ``release()``.
        case hang
    }

    struct Recorded: Sendable {
        var path: String
        var query: String
        var headers: HTTPHeaders
    }

    /// The reply and the log, shared with the server's handler.
    private final class State: Sendable {
        let reply: Mutex<Reply>
        let recorded = Mutex<[Recorded]>([])
        let gate = Gate()
        init(_ reply: Reply) { self.reply = Mutex(reply) }
    }

    private let state: State
    let server: HTTPServer

    init(_ reply: Reply) throws {
        let state = State(reply)
        self.state = state
        server = HTTPServer(port: 0) { request in
            let query = request.queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
            state.recorded.withLock {
                $0.append(Recorded(path: request.percentEncodedPath, query: query, headers: request.headers))
            }
            switch state.reply.withLock({ $0 }) {
            case .body(let data):
                return HTTPResponse(
                    status: .ok, headers: ["Content-Type": "application/json;charset=UTF-8"], body: data)
            case .status(let code, let body):
                return HTTPResponse(
                    status: HTTPStatus(code: code), headers: ["Content-Type": "application/json"], body: Data(body.utf8)
                )
            case .redirect(let location):
                return HTTPResponse(status: .found, headers: ["Location": location])
            case .hang:
                await state.gate.wait()
                return .text("too late")
            }
        }
        try server.start()
    }

    var baseURL: URL { server.baseURL }
    var requests: [Recorded] { state.recorded.withLock { $0 } }

    func set(_ newReply: Reply) { state.reply.withLock { $0 = newReply } }

    /// Lets every hanging request answer.
    func release() { state.gate.open() }

    func shutdown() async {
        release()
        await server.shutdown()
    }
}

/// Suspends callers until opened; once open, never suspends again.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiting.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// The real Kakao responses bundled with the BookStore, read from the source tree.
enum BundledKakaoResponses {
    struct Entry: Decodable {
        var file: String
        var query: String
        var page: Int
        var size: Int
    }

    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/BookStore/Resources/kakao-books")

    static func entries() throws -> [Entry] {
        struct Index: Decodable { var responses: [Entry] }
        return try JSONDecoder().decode(Index.self, from: Data(contentsOf: folder.appendingPathComponent("index.json")))
            .responses
    }

    static func data(_ file: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(file))
    }
}
