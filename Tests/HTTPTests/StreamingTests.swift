import Foundation
import HTTP
import Synchronization
import Testing

/// Reads a chunked body from a raw connection and splits it into `text/event-stream` blocks (the text between
/// blank lines).
private final class EventStreamReader: @unchecked Sendable {
    let connection: RawConnection
    private var pending: [UInt8] = []
    private(set) var ended = false
    /// Every body byte received so far.
    private(set) var received: [UInt8] = []

    init(_ connection: RawConnection) {
        self.connection = connection
    }

    /// The next block, without its terminating blank line; `nil` once the body has ended.
    func nextBlock() throws -> String? {
        let separator = Array("\n\n".utf8)
        while true {
            if let end = Self.find(separator, in: pending) {
                let block = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeFirst(end + separator.count)
                return block
            }
            if ended { return nil }
            if let chunk = try connection.readChunk() {
                #expect(!chunk.isEmpty)
                pending += chunk
                received += chunk
            } else {
                ended = true
            }
        }
    }

    /// Reads until the body ends; returns everything received (including what earlier reads returned).
    func readToEnd() throws -> String {
        while try nextBlock() != nil {}
        return String(decoding: received, as: UTF8.self)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<(start + needle.count)]) == needle
        {
            return start
        }
        return nil
    }
}

/// A one-shot signal tasks can wait for.
private final class Gate: Sendable {
    private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    var isOpen: Bool { state.withLock { $0.isOpen } }
}

/// What a producer saw when it ended.
private final class ProducerLog: Sendable {
    private let state = Mutex<(sends: [Bool], ended: Bool, cancelled: Bool, endedAt: Date?)>(([], false, false, nil))

    func sent(_ result: Bool) { state.withLock { $0.sends.append(result) } }
    func end() {
        let cancelled = Task.isCancelled
        state.withLock {
            $0.ended = true
            $0.cancelled = cancelled
            $0.endedAt = Date()
        }
    }

    var sends: [Bool] { state.withLock { $0.sends } }
    var ended: Bool { state.withLock { $0.ended } }
    var cancelled: Bool { state.withLock { $0.cancelled } }
    var endedAt: Date? { state.withLock { $0.endedAt } }

    /// Waits (polling) until the producer ended or `timeout` passed; returns whether it ended.
    func waitForEnd(timeout: Duration = .seconds(5)) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while !ended && clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return ended
    }
}

/// Runs blocking socket I/O on a thread of its own: a blocked read must not hold one of Swift's few cooperative
/// threads, which the server's producers need in order to write what the read is waiting for.
private func io<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
        Thread {
            continuation.resume(with: Result { try body() })
        }.start()
    }
}

private func startServer(threads: Int = 2, router: Router) throws -> HTTPServer {
    let server = HTTPServer(port: 0, threads: threads, router: router)
    try server.start()
    return server
}

/// Opens a raw connection, sends a GET for `path` and reads the response head.
private func openStream(
    _ server: HTTPServer,
    _ path: String,
    method: String = "GET",
    version: String = "HTTP/1.1"
) async throws -> (connection: RawConnection, status: String, headers: [String: String]) {
    let connection = try RawConnection(port: server.port)
    try connection.send(
        "\(method) \(path) \(version)\r\nHost: localhost:\(server.port)\r\nAccept: text/event-stream\r\n\r\n")
    let (status, headers) = try await io { try connection.readHead() }
    return (connection, status, headers)
}

@Suite("Streamed responses and server-sent events")
struct StreamingTests {
    @Test func threeEventsArriveInOrderThenTheStreamEnds() async throws {
        let log = ProducerLog()
        var router = Router()
        router.get("/events") { _ in
            .serverSentEvents { events in
                for number in 1...3 {
                    log.sent(await events.send(event: "tick", data: "event \(number)", id: "\(number)"))
                    try? await Task.sleep(for: .milliseconds(20))
                }
                log.end()
            }
        }
        router.get("/hello") { _ in .text("Hello") }
        let server = try startServer(router: router)
        defer { server.stop() }

        let (connection, status, headers) = try await openStream(server, "/events")
        #expect(status == "HTTP/1.1 200 OK")
        #expect(headers["content-type"] == "text/event-stream")
        #expect(headers["cache-control"] == "no-cache")
        #expect(headers["transfer-encoding"] == "chunked")
        #expect(headers["content-length"] == nil)

        let reader = EventStreamReader(connection)
        #expect(try await io { try reader.nextBlock() } == "event: tick\nid: 1\ndata: event 1")
        #expect(try await io { try reader.nextBlock() } == "event: tick\nid: 2\ndata: event 2")
        #expect(try await io { try reader.nextBlock() } == "event: tick\nid: 3\ndata: event 3")
        #expect(try await io { try reader.nextBlock() } == nil)
        #expect(reader.ended)
        #expect(
            String(decoding: reader.received, as: UTF8.self)
                == "event: tick\nid: 1\ndata: event 1\n\nevent: tick\nid: 2\ndata: event 2\n\n"
                + "event: tick\nid: 3\ndata: event 3\n\n")
        #expect(log.sends == [true, true, true])
        #expect(await log.waitForEnd())

        // The connection stays usable after the stream ended.
        try connection.send("GET /hello HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n")
        let after = try await io { try connection.readResponse() }
        #expect(after.status == "HTTP/1.1 200 OK")
        #expect(after.body == "Hello")
    }

    @Test func headersArriveBeforeTheFirstEvent() async throws {
        let gate = Gate()
        var router = Router()
        router.get("/later") { _ in
            .serverSentEvents { events in
                await gate.wait()
                _ = await events.send(data: "at last")
            }
        }
        let server = try startServer(router: router)
        defer { server.stop() }

        // The head arrives while the producer has not written anything (a browser's EventSource opens then).
        let (connection, status, headers) = try await openStream(server, "/later")
        #expect(status == "HTTP/1.1 200 OK")
        #expect(headers["content-type"] == "text/event-stream")
        #expect(!gate.isOpen)
        gate.open()
        let reader = EventStreamReader(connection)
        #expect(try await io { try reader.nextBlock() } == "data: at last")
        #expect(try await io { try reader.nextBlock() } == nil)
    }

    @Test func manySmallEventsWrittenAsFastAsPossibleArriveInOrder() async throws {
        // Every event may find the connection suspended, resuming or being read: exercises those hand-offs.
        let count = 3000
        var router = Router()
        router.get("/burst") { _ in
            .serverSentEvents { events in
                for number in 1...count {
                    guard await events.send(data: "\(number)") else { return }
                    if number % 3 == 0 { await Task.yield() }
                }
            }
        }
        let server = try startServer(router: router)
        defer { server.stop() }

        // Several streams at once, on two server threads.
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let (connection, _, _) = try await openStream(server, "/burst")
                    let reader = EventStreamReader(connection)
                    return try await io { try reader.readToEnd() }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let expected = (1...count).map { "data: \($0)\n\n" }.joined()
        #expect(bodies.count == 4)
        for body in bodies {
            #expect(body == expected)
        }
    }

    @Test func multiLineDataAndCommentsAreFramedPerTheSpec() async throws {
        var router = Router()
        router.get("/events") { _ in
            .serverSentEvents(headers: ["Cache-Control": "no-store", "X-Extra": "1"]) { events in
                _ = await events.comment("keep-alive")
                _ = await events.send(data: "first\nsecond\r\nthird\rfourth")
                _ = await events.send(data: "")
                _ = await events.send(data: "trailing\n")
                _ = await events.send(data: " leading space and \u{2028} kept")
                _ = await events.send(event: "bad\r\nname", data: "x", id: "a\nb\u{0}c")
                _ = await events.comment("two\nlines")
                _ = await events.comment()
                _ = await events.send(data: "한국어 ✓")
            }
        }
        let server = try startServer(router: router)
        defer { server.stop() }

        let (connection, _, headers) = try await openStream(server, "/events")
        #expect(headers["cache-control"] == "no-store")
        #expect(headers["content-type"] == "text/event-stream")
        #expect(headers["x-extra"] == "1")
        let body = try await io { try EventStreamReader(connection).readToEnd() }
        let expected = [
            ": keep-alive\n\n",
            "data: first\ndata: second\ndata: third\ndata: fourth\n\n",
            "data: \n\n",
            "data: trailing\ndata: \n\n",
            "data:  leading space and \u{2028} kept\n\n",
            "event: badname\nid: abc\ndata: x\n\n",
            ": two\n: lines\n\n",
            ":\n\n",
            "data: 한국어 ✓\n\n",
        ]
        #expect(body == expected.joined())
    }

    @Test func genericStreamSendsChunksWithTheGivenHeaders() async throws {
        var router = Router()
        router.get("/download") { _ in
            .stream(status: .created, headers: ["Content-Type": "text/plain", "Content-Length": "999"]) { body in
                _ = await body.write("part one, ")
                _ = await body.write(Data("part two".utf8))
                _ = await body.write("")
            }
        }
        let server = try startServer(router: router)
        defer { server.stop() }

        let (connection, status, headers) = try await openStream(server, "/download")
        #expect(status == "HTTP/1.1 201 Created")
        #expect(headers["content-length"] == nil)
        #expect(headers["content-type"] == "text/plain")
        var body: [UInt8] = []
        while let chunk = try await io({ try connection.readChunk() }) { body += chunk }
        #expect(String(decoding: body, as: UTF8.self) == "part one, part two")

        // HTTP/1.0 has no chunked encoding: the body ends when the server closes the connection.
        let (old, oldStatus, oldHeaders) = try await openStream(server, "/download", version: "HTTP/1.0")
        #expect(oldStatus.hasSuffix("201 Created"))
        #expect(oldHeaders["transfer-encoding"] == nil)
        #expect(String(decoding: try await io { try old.readToEnd() }, as: UTF8.self) == "part one, part two")
    }

    @Test func streamWithAnInvalidHeaderBecomes500AndItsProducerNeverRuns() async throws {
        let log = ProducerLog()
        var router = Router()
        router.get("/bad") { _ in
            .stream(headers: ["X-Bad": "line\r\nbreak"]) { body in
                log.sent(await body.write("never"))
                log.end()
            }
        }
        let server = try startServer(router: router)
        defer { server.stop() }

        let connection = try RawConnection(port: server.port)
        try connection.send("GET /bad HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n")
        let response = try await io { try connection.readResponse() }
        #expect(response.status.hasPrefix("HTTP/1.1 500"))
        #expect(response.body.contains("X-Bad"))
        try await Task.sleep(for: .milliseconds(50))
        #expect(!log.ended)
        #expect(log.sends.isEmpty)
    }

    @Test func largeBodyFromAFastProducerArrivesIntact() async throws {
        let pieces = 400
        let pieceSize = 5000
        var router = Router()
        router.get("/big") { _ in
            .stream { body in
                for index in 0..<pieces {
                    let byte = UInt8(index % 251)
                    guard await body.write(Data(repeating: byte, count: pieceSize)) else { return }
                }
            }
        }
        let server = try startServer(router: router)
        defer { server.stop() }

        let (connection, _, _) = try await openStream(server, "/big")
        try await Task.sleep(for: .milliseconds(200))  // Let the producer run ahead of the client.
        var body: [UInt8] = []
        while let chunk = try await io({ try connection.readChunk() }) {
            #expect(chunk.count <= 64 * 1024)
            body += chunk
        }
        #expect(body.count == pieces * pieceSize)
        let intact = (0..<pieces).allSatisfy { index in
            body[(index * pieceSize)..<((index + 1) * pieceSize)].allSatisfy { $0 == UInt8(index % 251) }
        }
        #expect(intact)
    }

    @Test func headRequestGetsHeadersOnlyAndTheProducerDoesNotRun() async throws {
        let log = ProducerLog()
        let handled = Atomic<Int>(0)
        var router = Router()
        router.get("/events") { _ in
            handled.add(1, ordering: .relaxed)
            return .serverSentEvents { events in
                log.sent(await events.send(data: "never seen"))
                log.end()
            }
        }
        router.get("/hello") { _ in .text("Hello") }
        let server = try startServer(router: router)
        defer { server.stop() }

        let (connection, status, headers) = try await openStream(server, "/events", method: "HEAD")
        #expect(status == "HTTP/1.1 200 OK")
        #expect(headers["content-type"] == "text/event-stream")
        #expect(headers["transfer-encoding"] == nil)
        // Nothing follows the headers: the next response on the connection is the next request's.
        try connection.send("GET /hello HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n")
        #expect(try await io { try connection.readResponse() }.body == "Hello")
        #expect(handled.load(ordering: .relaxed) == 1)
        try await Task.sleep(for: .milliseconds(50))
        #expect(log.sends.isEmpty)
        #expect(!log.ended)
    }

    @Test func clientDisconnectMakesSendReturnFalseAndCancelsTheProducer() async throws {
        let log = ProducerLog()
        var router = Router()
        router.get("/ticks") { _ in
            .serverSentEvents { events in
                var number = 0
                while true {
                    number += 1
                    let sent = await events.send(data: "tick \(number)")
                    log.sent(sent)
                    guard sent else { break }
                    try? await Task.sleep(for: .milliseconds(20))
                }
                log.end()
            }
        }
        let server = try startServer(router: router)
        defer { server.stop() }

        let (connection, _, _) = try await openStream(server, "/ticks")
        let reader = EventStreamReader(connection)
        #expect(try await io { try reader.nextBlock() } == "data: tick 1")
        #expect(try await io { try reader.nextBlock() } == "data: tick 2")
        let disconnectedAt = Date()
        connection.disconnect()

        #expect(await log.waitForEnd(timeout: .seconds(3)))
        #expect(log.sends.last == false)
        #expect(log.cancelled)
        if let endedAt = log.endedAt {
            #expect(endedAt.timeIntervalSince(disconnectedAt) < 1)
        }
    }

    @Test func idleStreamNoticesTheDisconnectAtItsFirstSend() async throws {
        let log = ProducerLog()
        let disconnected = Gate()
        var router = Router()
        router.get("/idle") { _ in
            .serverSentEvents { events in
                log.sent(await events.send(data: "hello"))
                await disconnected.wait()  // Idle: the connection is suspended meanwhile.
                try? await Task.sleep(for: .milliseconds(100))
                log.sent(await events.comment("keep-alive"))
                log.end()
            }
        }
        let server = try startServer(router: router)
        defer { server.stop() }

        let (connection, _, _) = try await openStream(server, "/idle")
        #expect(try await io { try EventStreamReader(connection).nextBlock() } == "data: hello")
        connection.disconnect()
        disconnected.open()
        #expect(await log.waitForEnd())
        #expect(log.sends == [true, false])
    }

    @Test func shutdownEndsANeverEndingStreamPromptly() async throws {
        let busy = ProducerLog()
        let idle = ProducerLog()
        var router = Router()
        router.get("/forever") { _ in
            .serverSentEvents { events in
                // Sends forever, as long as sends succeed.
                while await events.send(data: "still here") {
                    try? await Task.sleep(for: .milliseconds(10))
                }
                busy.end()
            }
        }
        router.get("/quiet") { _ in
            .serverSentEvents { events in
                _ = await events.send(data: "hello")
                // Waits forever for events that never come (only cancellation ends the wait).
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(3600))
                }
                idle.end()
            }
        }
        let server = try startServer(router: router)

        let (forever, _, _) = try await openStream(server, "/forever")
        let foreverReader = EventStreamReader(forever)
        #expect(try await io { try foreverReader.nextBlock() } == "data: still here")
        let (quiet, _, _) = try await openStream(server, "/quiet")
        let quietReader = EventStreamReader(quiet)
        #expect(try await io { try quietReader.nextBlock() } == "data: hello")

        let clock = ContinuousClock()
        let started = clock.now
        await server.shutdown()
        let took = clock.now - started
        #expect(took < .seconds(3))
        #expect(!server.isRunning)
        // Shutdown waits for producers that end when told to.
        #expect(busy.ended)
        #expect(idle.ended)
        #expect(idle.cancelled)

        // Both streams ended cleanly (the last chunk arrived) after what was already sent.
        _ = try await io { try foreverReader.readToEnd() }
        #expect(foreverReader.ended)
        #expect(try await io { try quietReader.readToEnd() } == "data: hello\n\n")
        #expect(try await io { try quiet.readsEndOfFile() })
    }

    @Test func blockingStopAlsoEndsStreams() async throws {
        let log = ProducerLog()
        var router = Router()
        router.get("/quiet") { _ in
            .serverSentEvents { events in
                _ = await events.send(data: "hello")
                try? await Task.sleep(for: .seconds(3600))
                log.sent(await events.send(data: "too late"))
                log.end()
            }
        }
        let server = try startServer(router: router)
        let (connection, _, _) = try await openStream(server, "/quiet")
        let reader = EventStreamReader(connection)
        #expect(try await io { try reader.nextBlock() } == "data: hello")
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                server.stop()
                continuation.resume()
            }.start()
        }
        #expect(log.ended)
        #expect(log.sends == [false])
        #expect(try await io { try reader.nextBlock() } == nil)
    }

    @Test func regularRequestsAreServedWhileManyStreamsAreOpen() async throws {
        let gate = Gate()
        var router = Router()
        router.get("/events") { _ in
            .serverSentEvents { events in
                guard await events.send(data: "open") else { return }
                await gate.wait()
                _ = await events.send(data: "bye")
            }
        }
        router.get("/hello") { _ in .text("Hello") }
        // Two libmicrohttpd threads and more open streams than that: idle streams must not hold a thread.
        let server = try startServer(threads: 2, router: router)
        defer { server.stop() }

        var readers: [EventStreamReader] = []
        for _ in 0..<8 {
            let (connection, status, _) = try await openStream(server, "/events")
            #expect(status == "HTTP/1.1 200 OK")
            let reader = EventStreamReader(connection)
            #expect(try await io { try reader.nextBlock() } == "data: open")
            readers.append(reader)
        }

        let clock = ContinuousClock()
        for _ in 0..<10 {
            let started = clock.now
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /hello HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n")
            let response = try await io { try connection.readResponse() }
            #expect(response.body == "Hello")
            #expect(clock.now - started < .seconds(1))
        }

        gate.open()
        for reader in readers {
            #expect(try await io { try reader.nextBlock() } == "data: bye")
            #expect(try await io { try reader.nextBlock() } == nil)
        }
    }

    @Test func stopCalledFromAProducerDoesNotDeadlock() async throws {
        let log = ProducerLog()
        let box = Mutex<HTTPServer?>(nil)
        var router = Router()
        router.get("/stop") { _ in
            .serverSentEvents { events in
                _ = await events.send(data: "stopping")
                box.withLock { $0 }?.stop()
                try? await Task.sleep(for: .seconds(3600))
                log.end()
            }
        }
        let server = try startServer(router: router)
        box.withLock { $0 = server }
        let (connection, _, _) = try await openStream(server, "/stop")
        let reader = EventStreamReader(connection)
        #expect(try await io { try reader.nextBlock() } == "data: stopping")
        #expect(try await io { try reader.nextBlock() } == nil)
        #expect(await log.waitForEnd())
        await server.shutdown()
        #expect(!server.isRunning)
        box.withLock { $0 = nil }
    }
}
