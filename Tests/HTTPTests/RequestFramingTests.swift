import Foundation
import HTTP
import Synchronization
import Testing

private func io<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
        Thread {
            continuation.resume(with: Result { try body() })
        }.start()
    }
}

/// A server whose handlers count their calls, so a test can tell that a refused request never reached one.
private final class CallCounter: Sendable {
    private let count = Atomic<Int>(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

private final class CountingServer: Sendable {
    let server: HTTPServer
    private let calls = CallCounter()
    var handlerCalls: Int { calls.value }
    var port: UInt16 { server.port }

    init(allowsChunkedRequestBodies: Bool = false) throws {
        var router = Router()
        let calls = self.calls
        router.post("/api/echo") { request in
            calls.add()
            return .text("\(request.body.count)")
        }
        router.post("/echo") { request in
            calls.add()
            return .text("\(request.body.count)")
        }
        router.get("/hello") { _ in
            calls.add()
            return .text("Hello")
        }
        router.errorPageRenderer = { details in .html("<h1>\(details.status.code)</h1><p>\(details.message)</p>") }
        server = HTTPServer(port: 0, allowsChunkedRequestBodies: allowsChunkedRequestBodies, router: router)
        try server.start()
    }
}

/// Sends `head` (request line and fields, without the blank line), then `body`, then a second, smuggled request; reads
/// the answer and whether the connection was closed before anything answered the smuggled request.
private func send(
    _ server: CountingServer, head: String, body: String = ""
) async throws -> (status: String, headers: [String: String], body: String, closed: Bool) {
    let connection = try RawConnection(port: server.port)
    try connection.send(head + "\r\n\r\n" + body + "GET /hello HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
    let response = try await io { try connection.readResponse() }
    let closed = try await io { try connection.isClosedByServer() }
    return (response.status, response.headers, response.body, closed)
}

@Suite("HTTPServer: requests whose framing is ambiguous are refused before their body is read, and closed")
struct RequestFramingTests {
    @Test func contentLengthWithTransferEncodingIs400AndClosed() async throws {
        let server = try CountingServer(allowsChunkedRequestBodies: true)
        let port = server.port
        let reply = try await send(
            server,
            head:
                "POST /api/echo HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 5\r\nTransfer-Encoding: chunked",
            body: "0\r\n\r\n"
        )
        #expect(reply.status == "HTTP/1.1 400 Bad Request")
        #expect(reply.headers["connection"] == "close")
        #expect(reply.headers["content-type"] == "application/json; charset=utf-8")
        #expect(
            reply.body
                == #"{"error":"The request has both Content-Length and Transfer-Encoding; send only one of them."}"#)
        #expect(reply.closed)
        #expect(server.handlerCalls == 0)  // Neither the POST nor the smuggled GET.
        await server.server.shutdown()
    }

    @Test func transferEncodingsOtherThanChunkedAreRefused() async throws {
        let server = try CountingServer(allowsChunkedRequestBodies: true)
        let port = server.port
        for (encoding, status) in [
            ("gzip", "HTTP/1.1 400 Bad Request"),
            ("chunked, identity", "HTTP/1.1 400 Bad Request"),
            ("chunked, chunked", "HTTP/1.1 400 Bad Request"),
            ("gzip, chunked", "HTTP/1.1 501 Not Implemented"),
        ] {
            let reply = try await send(
                server, head: "POST /echo HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nTransfer-Encoding: \(encoding)",
                body: "0\r\n\r\n"
            )
            #expect(reply.status == status, "\(encoding)")
            #expect(reply.body.hasPrefix("<h1>\(status.dropFirst(9).prefix(3))</h1>"), "\(encoding)")
            #expect(reply.closed, "\(encoding)")
        }
        // Two Transfer-Encoding lines are one list: chunked twice.
        let twice = try await send(
            server,
            head:
                "POST /echo HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked",
            body: "0\r\n\r\n"
        )
        #expect(twice.status == "HTTP/1.1 400 Bad Request")
        #expect(server.handlerCalls == 0)
        await server.server.shutdown()
    }

    @Test func twoContentLengthsAre400() async throws {
        let server = try CountingServer()
        let reply = try await send(
            server,
            head: "POST /echo HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 3\r\nContent-Length: 5",
            body: "abcde"
        )
        #expect(reply.status == "HTTP/1.1 400 Bad Request")
        #expect(reply.body == "<h1>400</h1><p>The request has more than one Content-Length.</p>")
        #expect(reply.closed)
        #expect(server.handlerCalls == 0)
        await server.server.shutdown()
    }

    /// Chunked request bodies are refused unless the server allows them: 411 in the server's own format, before any
    /// chunk is read — so a chunk-size line too long for libmicrohttpd's buffer (which it would answer with its
    /// own 500 page) is never read either.
    @Test func chunkedBodiesAre411UnlessAllowed() async throws {
        let server = try CountingServer()
        let port = server.port
        let extensionLine = "5;" + String(repeating: "x", count: 40_000) + "\r\nhello\r\n0\r\n\r\n"
        let reply = try await send(
            server, head: "POST /api/echo HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nTransfer-Encoding: chunked",
            body: extensionLine
        )
        #expect(reply.status == "HTTP/1.1 411 Length Required")
        #expect(
            reply.body
                == #"{"error":"This server needs a Content-Length for request bodies; chunked bodies are not accepted."}"#
        )
        #expect(reply.closed)
        let page = try await send(
            server, head: "POST /echo HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nTransfer-Encoding: chunked",
            body: "0\r\n\r\n"
        )
        #expect(page.status == "HTTP/1.1 411 Length Required")
        #expect(page.body.hasPrefix("<h1>411</h1>"))
        #expect(server.handlerCalls == 0)
        await server.server.shutdown()

        let allowing = try CountingServer(allowsChunkedRequestBodies: true)
        let connection = try RawConnection(port: allowing.port)
        try connection.send(
            "POST /echo HTTP/1.1\r\nHost: 127.0.0.1:\(allowing.port)\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5;name=value\r\nhello\r\n0\r\n\r\n")
        let accepted = try await io { try connection.readResponse() }
        #expect(accepted.status == "HTTP/1.1 200 OK")
        #expect(accepted.body == "5")
        await allowing.server.shutdown()
    }

    @Test func http11NeedsExactlyOneHost() async throws {
        let server = try CountingServer()
        let port = server.port
        let missing = try await send(server, head: "GET /hello HTTP/1.1")
        #expect(missing.status == "HTTP/1.1 400 Bad Request")
        #expect(missing.body == "<h1>400</h1><p>An HTTP/1.1 request must have a Host header field.</p>")
        #expect(missing.closed)
        let two = try await send(server, head: "GET /hello HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nHost: example.com")
        #expect(two.status == "HTTP/1.1 400 Bad Request")
        #expect(two.body == "<h1>400</h1><p>The request has 2 Host header fields; it must have exactly one.</p>")
        #expect(server.handlerCalls == 0)

        // HTTP/1.0 has no Host requirement.
        let old = try RawConnection(port: port)
        try old.send("GET /hello HTTP/1.0\r\n\r\n")
        let answered = try await io { try old.readResponse() }
        #expect(answered.status == "HTTP/1.1 200 OK")
        #expect(answered.body == "Hello")
        await server.server.shutdown()
    }
}
