import Foundation
import HTTP
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs blocking socket I/O on a thread of its own, so that a blocked read never holds one of the cooperative
/// threads the server's handlers and producers need.
private func io<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
        Thread {
            continuation.resume(with: Result { try body() })
        }.start()
    }
}

private func limitedServer(
    _ limits: HTTPConnectionLimits, threads: Int = ProcessInfo.processInfo.activeProcessorCount
) throws -> HTTPServer {
    var router = Router()
    router.get("/hello") { _ in .text("Hello") }
    router.get("/api/hello") { _ in .json(["hello": "world"]) }
    router.get("/events") { _ in
        .serverSentEvents { events in
            guard await events.send(event: "hello", data: "1") else { return }
            // Nothing more to say: the server's heartbeats are all that keep the stream busy.
            while !Task.isCancelled { try? await Task.sleep(for: .seconds(60)) }
        }
    }
    router.errorPageRenderer = { details in .html("<h1>\(details.status.code)</h1><p>\(details.message)</p>") }
    let server = HTTPServer(port: 0, threads: threads, limits: limits, router: router)
    try server.start()
    return server
}

/// What a client got on a connection: a status line, or the connection closed (or reset) without one.
private enum Outcome: Equatable {
    case status(String, retryAfter: String?)
    case closed
}

/// Sends a GET for `path` on `connection` and reads the answer (the head, and a body with a `Content-Length`); a read that gets nothing for 10 seconds throws
/// (the server hung).
private func answer(_ connection: RawConnection, _ path: String, port: UInt16) throws -> Outcome {
    do {
        try connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        let response = try connection.readResponse()
        return .status(response.status, retryAfter: response.headers["retry-after"])
    } catch RawConnection.Failure.io(let message)
        where message == "connection closed"
        || message.contains("errno \(ECONNRESET)") || message.contains("errno \(EPIPE)")
    {
        return .closed
    }
}

/// Idle TCP connections (nothing sent), opened with plain sockets so that a thousand cost little.
private final class IdleSockets: @unchecked Sendable {
    private(set) var descriptors: [Int32] = []

    init(count: Int, port: UInt16) throws {
        for _ in 0..<count {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw RawConnection.Failure.connect(errno) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else {
                let code = errno
                close(descriptor)
                throw RawConnection.Failure.connect(code)
            }
            descriptors.append(descriptor)
        }
    }

    func closeAll() {
        for descriptor in descriptors { close(descriptor) }
        descriptors = []
    }

    deinit { closeAll() }
}

/// Lets this process open `count` descriptors (the floods below need more than a default `ulimit -n` of 1024).
private func allowDescriptors(_ count: Int) throws {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
    guard limit.rlim_cur < rlim_t(count) else { return }
    limit.rlim_cur = min(limit.rlim_max, rlim_t(count))
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    try #require(limit.rlim_cur >= rlim_t(count), "this test needs \(count) file descriptors (ulimit -Hn)")
}

@Suite("HTTPServer: connection limits, idle timeouts, event-stream caps and heartbeats", .serialized)
struct ConnectionLimitTests {
    /// The finding of issue 13: 1,020 idle sockets took every connection libmicrohttpd would accept, and no one
    /// else was answered for as long as they stayed. With the standard limits one address gets 64 connections
    /// (plus a few that are told 503), so another client is served at once; the flooding address itself is answered
    /// 503 or closed, never left hanging.
    @Test func aThousandIdleSocketsDoNotStopTheServer() async throws {
        try allowDescriptors(4096)
        let server = try limitedServer(.standard)
        let port = server.port
        let flood = try IdleSockets(count: 1_100, port: port)

        let other = try RawConnection(port: port, source: "127.0.0.2")
        #expect(try await io { try answer(other, "/hello", port: port) } == .status("HTTP/1.1 200 OK", retryAfter: nil))

        let same = try RawConnection(port: port)
        let outcome = try await io { try answer(same, "/hello", port: port) }
        #expect(outcome == .closed || outcome == .status("HTTP/1.1 503 Service Unavailable", retryAfter: "10"))

        flood.closeAll()
        await server.shutdown()
    }

    @Test func aConnectionOverTheLimitIsAnswered503WithRetryAfterAndClosed() async throws {
        let server = try limitedServer(
            HTTPConnectionLimits(maxConnections: 3, maxConnectionsPerAddress: 0, maxEventStreams: 1))
        let port = server.port
        let admitted = try (0..<3).map { _ in try RawConnection(port: port) }
        // Every admitted connection is served (and stays admitted for its later requests).
        for connection in admitted {
            #expect(
                try await io { try answer(connection, "/hello", port: port) }
                    == .status("HTTP/1.1 200 OK", retryAfter: nil))
        }
        let api = try RawConnection(port: port)
        try api.send("GET /api/hello HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        let refused = try await io { try api.readResponse() }
        #expect(refused.status == "HTTP/1.1 503 Service Unavailable")
        #expect(refused.headers["retry-after"] == "10")
        #expect(refused.headers["connection"] == "close")
        #expect(refused.headers["content-type"] == "application/json; charset=utf-8")
        #expect(refused.body.contains("as many connections as it can"))
        #expect(try await io { try api.readsEndOfFile() })

        let page = try RawConnection(port: port)
        try page.send("GET /hello HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        let refusedPage = try await io { try page.readResponse() }
        #expect(refusedPage.status == "HTTP/1.1 503 Service Unavailable")
        #expect(refusedPage.body.hasPrefix("<h1>503</h1>"))

        // Once one admitted connection goes, a new one takes its place.
        admitted[0].disconnect()
        var served = false
        for _ in 0..<200 where !served {
            let next = try RawConnection(port: port)
            served =
                try await io { try answer(next, "/hello", port: port) } == .status("HTTP/1.1 200 OK", retryAfter: nil)
            if !served { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(served)
        await server.shutdown()
    }

    /// Found by `make reliability` (600 idle connections from ten addresses, limit 512): past the overall ceiling
    /// libmicrohttpd stopped accepting, and a new client waited in the listen backlog, unanswered, until some
    /// connection closed. Now it is closed at once. One thread, so the connections are counted in the order they came.
    @Test func aConnectionPastTheOverallCeilingIsClosedAtOnceNotLeftWaiting() async throws {
        let limits = HTTPConnectionLimits(
            maxConnections: 20, maxConnectionsPerAddress: 0, idleTimeoutSeconds: 60, maxEventStreams: 1)
        let server = try limitedServer(limits, threads: 1)
        let port = server.port
        // 20 admitted, 16 more (the margin) told 503 when they speak, the other 24 closed as soon as accepted.
        let flood = try IdleSockets(count: 60, port: port)
        let late = try RawConnection(port: port)
        // Without the fix this read waited for a slot and gave up after 10 seconds (RawConnection's read timeout).
        #expect(try await io { try answer(late, "/hello", port: port) } == .closed)
        flood.closeAll()
        var served = false
        for _ in 0..<200 where !served {
            let next = try RawConnection(port: port)
            served =
                try await io { try answer(next, "/hello", port: port) } == .status("HTTP/1.1 200 OK", retryAfter: nil)
            if !served { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(served)
        await server.shutdown()
    }

    @Test func oneAddressCannotTakeEveryConnection() async throws {
        let server = try limitedServer(
            HTTPConnectionLimits(maxConnections: 20, maxConnectionsPerAddress: 2, maxEventStreams: 1))
        let port = server.port
        let first = try (0..<2).map { _ in try RawConnection(port: port) }
        for connection in first {
            #expect(
                try await io { try answer(connection, "/hello", port: port) }
                    == .status("HTTP/1.1 200 OK", retryAfter: nil))
        }
        let third = try RawConnection(port: port)
        #expect(
            try await io { try answer(third, "/hello", port: port) }
                == .status("HTTP/1.1 503 Service Unavailable", retryAfter: "10"))
        let elsewhere = try RawConnection(port: port, source: "127.0.0.2")
        #expect(
            try await io { try answer(elsewhere, "/hello", port: port) } == .status("HTTP/1.1 200 OK", retryAfter: nil))
        await server.shutdown()
    }

    @Test func anIdleConnectionIsClosedAfterTheIdleTimeout() async throws {
        let server = try limitedServer(HTTPConnectionLimits(idleTimeoutSeconds: 1))
        let port = server.port
        let silent = try RawConnection(port: port)
        #expect(try await io { try silent.readsEndOfFile() })

        let halfHeaders = try RawConnection(port: port)
        try halfHeaders.send("GET /hello HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
        #expect(try await io { try halfHeaders.readsEndOfFile() })

        let keptAlive = try RawConnection(port: port)
        #expect(
            try await io { try answer(keptAlive, "/hello", port: port) } == .status("HTTP/1.1 200 OK", retryAfter: nil))
        #expect(try await io { try keptAlive.readsEndOfFile() })
        await server.shutdown()
    }

    /// The other half of the finding: 300 event streams. At most `maxEventStreams` are served (the rest are told
    /// 503 and to retry), so ordinary requests always have connections left.
    @Test func threeHundredEventStreamsLeaveRoomForOtherRequests() async throws {
        try allowDescriptors(4096)
        let server = try limitedServer(HTTPConnectionLimits(maxConnectionsPerAddress: 0))
        let port = server.port
        var streams: [RawConnection] = []
        var statuses: [String: Int] = [:]
        for _ in 0..<300 {
            let connection = try RawConnection(port: port)
            try connection.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            streams.append(connection)
        }
        for connection in streams {
            let (status, headers) = try await io { try connection.readHead() }
            statuses[status, default: 0] += 1
            if status.hasPrefix("HTTP/1.1 503") { #expect(headers["retry-after"] == "10") }
        }
        #expect(statuses == ["HTTP/1.1 200 OK": 256, "HTTP/1.1 503 Service Unavailable": 44])
        let normal = try RawConnection(port: port)
        #expect(
            try await io { try answer(normal, "/hello", port: port) } == .status("HTTP/1.1 200 OK", retryAfter: nil))
        for connection in streams { connection.disconnect() }
        await server.shutdown()
    }

    /// An event stream waiting for its next event is not idle: it outlives the idle timeout, and the server writes a
    /// comment line whenever the producer has said nothing for a heartbeat interval.
    @Test func eventStreamsGetHeartbeatsAndOutliveTheIdleTimeout() async throws {
        let server = try limitedServer(HTTPConnectionLimits(idleTimeoutSeconds: 1, eventStreamHeartbeatSeconds: 2))
        let port = server.port
        let connection = try RawConnection(port: port)
        try connection.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        let (status, _) = try await io { try connection.readHead() }
        #expect(status == "HTTP/1.1 200 OK")
        let event = try await io { try connection.readChunk() }
        #expect(event.map { String(decoding: $0, as: UTF8.self) } == "event: hello\ndata: 1\n\n")
        // Two heartbeats: more than the idle timeout apart from the event and from each other.
        for _ in 0..<2 {
            let heartbeat = try await io { try connection.readChunk() }
            #expect(heartbeat.map { String(decoding: $0, as: UTF8.self) } == ":\n\n")
        }
        connection.disconnect()
        await server.shutdown()
    }

    @Test func aClosedStreamGivesBackItsSlot() async throws {
        let server = try limitedServer(HTTPConnectionLimits(maxEventStreams: 1, eventStreamHeartbeatSeconds: 1))
        let port = server.port
        let first = try RawConnection(port: port)
        try first.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        #expect(try await io { try first.readHead() }.status == "HTTP/1.1 200 OK")
        let second = try RawConnection(port: port)
        #expect(
            try await io { try answer(second, "/events", port: port) }
                == .status("HTTP/1.1 503 Service Unavailable", retryAfter: "10"))
        first.disconnect()
        // The server notices the client left at the stream's next heartbeat, then the slot is free again.
        var served = false
        for _ in 0..<100 where !served {
            let next = try RawConnection(port: port)
            served =
                try await io { try answer(next, "/events", port: port) } == .status("HTTP/1.1 200 OK", retryAfter: nil)
            if !served { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(served)
        await server.shutdown()
    }

    @Test func limitsOutOfRangeAreRefusedAtStart() {
        let cases: [(HTTPConnectionLimits, String)] = [
            (HTTPConnectionLimits(maxConnections: 0), "maxConnections is 0"),
            (HTTPConnectionLimits(maxConnectionsPerAddress: -1), "maxConnectionsPerAddress is -1"),
            (HTTPConnectionLimits(idleTimeoutSeconds: 0), "idleTimeoutSeconds is 0"),
            (HTTPConnectionLimits(maxConnections: 10, maxEventStreams: 10), "maxEventStreams is 10"),
            (HTTPConnectionLimits(eventStreamHeartbeatSeconds: 0), "eventStreamHeartbeatSeconds is 0"),
        ]
        for (limits, message) in cases {
            let server = HTTPServer(port: 0, limits: limits, router: Router())
            do {
                try server.start()
                Issue.record("started with \(limits)")
                server.stop()
            } catch {
                guard case .invalidConfiguration(let text) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(text.hasPrefix(message), "\(text)")
            }
        }
    }
}
