import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTP
import Synchronization
import Testing

/// Starts a server on a free loopback port with `router`, runs `body`, then shuts the server down.
private func withServer(
    maxRequestBodyBytes: Int = 1 << 20,
    allowsChunkedRequestBodies: Bool = false,
    router: Router,
    _ body: (HTTPServer) async throws -> Void
) async throws {
    let server = HTTPServer(
        port: 0, maxRequestBodyBytes: maxRequestBodyBytes, allowsChunkedRequestBodies: allowsChunkedRequestBodies,
        router: router
    )
    try server.start()
    do {
        try await body(server)
    } catch {
        await server.shutdown()
        throw error
    }
    await server.shutdown()
}

private func fetch(
    _ server: HTTPServer,
    _ target: String,
    method: String = "GET",
    body: Data? = nil,
    headers: [String: String] = [:]
) async throws -> (status: Int, headers: [AnyHashable: Any], body: String) {
    let url = try #require(URL(string: server.baseURL.absoluteString + target))
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    return (http.statusCode, http.allHeaderFields, String(decoding: data, as: UTF8.self))
}

private func header(_ headers: [AnyHashable: Any], _ name: String) -> String? {
    for (key, value) in headers where (key as? String)?.lowercased() == name.lowercased() {
        return value as? String
    }
    return nil
}

private func demoRouter() -> Router {
    var router = Router()
    router.get("/hello") { _ in .text("Hello, world") }
    router.get("/api/items/{id}") { request in
        .json(["id": request.pathParameters["id"] ?? "", "q": request.query("q") ?? ""])
    }
    router.get("/search") { request in
        .json(["q": request.query("q") ?? "", "page": request.query("page") ?? ""])
    }
    router.post("/echo") { request in
        HTTPResponse(
            status: .ok,
            headers: ["Content-Type": request.headers["Content-Type"] ?? "application/octet-stream"],
            body: request.body
        )
    }
    router.post("/size") { request in .text("\(request.body.count)") }
    router.post("/form") { request in .json(request.formValues()) }
    router.get("/bad-header") { _ in
        HTTPResponse(status: .ok, headers: ["X-Bad": "line\r\nbreak"], body: Data("x".utf8))
    }
    router.get("/bad-status") { _ in HTTPResponse(status: HTTPStatus(code: 1000), body: Data("x".utf8)) }
    router.get("/suspends") { _ in
        await Task.yield()
        try? await Task.sleep(for: .milliseconds(5))
        return .text("after suspending")
    }
    return router
}

@Suite("HTTPServer over loopback")
struct HTTPServerTests {
    @Test func getReturnsBodyAndHeaders() async throws {
        try await withServer(router: demoRouter()) { server in
            #expect(server.port != 0)
            #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
            let response = try await fetch(server, "/hello")
            #expect(response.status == 200)
            #expect(response.body == "Hello, world")
            #expect(header(response.headers, "Content-Type") == "text/plain; charset=utf-8")
            #expect(header(response.headers, "Content-Length") == "12")
        }
    }

    @Test func handlerThatSuspendsIsAnswered() async throws {
        try await withServer(router: demoRouter()) { server in
            let response = try await fetch(server, "/suspends")
            #expect(response.status == 200)
            #expect(response.body == "after suspending")
        }
    }

    @Test func queryIsDecoded() async throws {
        try await withServer(router: demoRouter()) { server in
            let response = try await fetch(server, "/search?q=%ED%95%9C%EA%B5%AD+%EC%B1%85%2B1&page=3")
            #expect(response.status == 200)
            let object = try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: String]
            #expect(object == ["q": "한국 책+1", "page": "3"])
        }
    }

    @Test func pathParametersArePercentDecoded() async throws {
        try await withServer(router: demoRouter()) { server in
            let response = try await fetch(server, "/api/items/%ED%95%9C%20a%2Fb?q=x")
            #expect(response.status == 200)
            let object = try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: String]
            #expect(object == ["id": "한 a/b", "q": "x"])
        }
    }

    @Test func postBodyIsEchoed() async throws {
        try await withServer(router: demoRouter()) { server in
            let payload = Data(#"{"name":"머그컵","qty":2}"#.utf8)
            let response = try await fetch(
                server, "/echo", method: "POST", body: payload, headers: ["Content-Type": "application/json"])
            #expect(response.status == 200)
            #expect(response.body == #"{"name":"머그컵","qty":2}"#)
            #expect(header(response.headers, "Content-Type") == "application/json; charset=utf-8")
        }
    }

    @Test func formBodyIsDecodedWithPlusAndKorean() async throws {
        try await withServer(router: demoRouter()) { server in
            let form = "name=%ED%99%8D+%EA%B8%B8%EB%8F%99&note=a%2Bb+c&city=%EC%84%9C%EC%9A%B8"
            let response = try await fetch(
                server, "/form", method: "POST", body: Data(form.utf8),
                headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(response.status == 200)
            let object = try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: String]
            #expect(object == ["name": "홍 길동", "note": "a+b c", "city": "서울"])
        }
    }

    @Test func unknownRouteIs404() async throws {
        try await withServer(router: demoRouter()) { server in
            let page = try await fetch(server, "/missing")
            #expect(page.status == 404)
            #expect(page.body.hasPrefix("404 Not Found"))
            let api = try await fetch(server, "/api/missing")
            #expect(api.status == 404)
            #expect(header(api.headers, "Content-Type") == "application/json; charset=utf-8")
            let object = try JSONSerialization.jsonObject(with: Data(api.body.utf8)) as? [String: String]
            #expect(object?["error"]?.contains("/api/missing") == true)
        }
    }

    @Test func wrongMethodIs405WithAllow() async throws {
        try await withServer(router: demoRouter()) { server in
            let response = try await fetch(server, "/hello", method: "DELETE")
            #expect(response.status == 405)
            #expect(header(response.headers, "Allow") == "GET, HEAD")
        }
    }

    @Test func headHasHeadersButNoBody() async throws {
        try await withServer(router: demoRouter()) { server in
            let response = try await fetch(server, "/hello", method: "HEAD")
            #expect(response.status == 200)
            #expect(response.body == "")
            #expect(header(response.headers, "Content-Length") == "12")
            #expect(header(response.headers, "Content-Type") == "text/plain; charset=utf-8")
        }
    }

    @Test func bodyLimitIsEnforcedExactly() async throws {
        try await withServer(router: demoRouter()) { server in
            let exact = try await fetch(server, "/size", method: "POST", body: Data(count: 1 << 20))
            #expect(exact.status == 200)
            #expect(exact.body == "\(1 << 20)")

            let over = try await fetch(server, "/size", method: "POST", body: Data(count: (1 << 20) + 1))
            #expect(over.status == 413)
            #expect(over.body.contains("1048577 bytes"))

            // The connection is still usable afterwards.
            let after = try await fetch(server, "/hello")
            #expect(after.status == 200)
        }
    }

    @Test func streamedBodyOverTheLimitIs413() async throws {
        let handlerCalls = Atomic<Int>(0)
        var router = Router()
        router.post("/upload") { request in
            handlerCalls.add(1, ordering: .relaxed)
            return .text("\(request.body.count)")
        }
        try await withServer(maxRequestBodyBytes: 1000, allowsChunkedRequestBodies: true, router: router) { server in
            let connection = try RawConnection(port: server.port)
            let chunk = String(repeating: "x", count: 600)
            let hex = String(600, radix: 16)
            try connection.send(
                "POST /upload HTTP/1.1\r\nHost: localhost:\(server.port)\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "\(hex)\r\n\(chunk)\r\n\(hex)\r\n\(chunk)\r\n0\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status.hasPrefix("HTTP/1.1 413"))
            #expect(response.body.contains("1200 bytes"))

            try connection.send(
                "POST /upload HTTP/1.1\r\nHost: localhost:\(server.port)\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "\(hex)\r\n\(chunk)\r\n0\r\n\r\n")
            let accepted = try connection.readResponse()
            #expect(accepted.status.hasPrefix("HTTP/1.1 200"))
            #expect(accepted.body == "600")
        }
        let calls = handlerCalls.load(ordering: .relaxed)
        #expect(calls == 1)
    }

    @Test func tooLargeBodyTextAgreesWithTheStatusLine() async throws {
        try await withServer(maxRequestBodyBytes: 1000, router: demoRouter()) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send(
                "POST /size HTTP/1.1\r\nHost: localhost:\(server.port)\r\nContent-Length: 1001\r\n\r\n"
                    + String(repeating: "x", count: 1001))
            let response = try connection.readResponse()
            #expect(response.status == "HTTP/1.1 413 Content Too Large")
            #expect(response.body.hasPrefix("413 Content Too Large\n\n"))
        }
    }

    @Test func serverErrorsUseTheRouterErrorPageRendererOutsideAPI() async throws {
        var router = demoRouter()
        router.errorPageRenderer = { details in
            .html("<title>\(details.status.reasonPhrase)</title>\(details.path): \(details.message)")
        }
        try await withServer(maxRequestBodyBytes: 1000, router: router) { server in
            let page = try await fetch(server, "/size", method: "POST", body: Data(count: 1001))
            #expect(page.status == 413)
            #expect(header(page.headers, "Content-Type") == "text/html; charset=utf-8")
            #expect(
                page.body == "<title>Content Too Large</title>/size: The request body (1001 bytes) is larger than "
                    + "this server accepts (1000 bytes).")

            let missing = try await fetch(server, "/nowhere")
            #expect(missing.status == 404)
            #expect(missing.body.hasPrefix("<title>Not Found</title>/nowhere: "))

            let api = try await fetch(server, "/api/items/1", method: "POST", body: Data(count: 1001))
            #expect(api.status == 413)
            #expect(header(api.headers, "Content-Type") == "application/json; charset=utf-8")
        }
    }

    @Test func serverRendererOverridesTheRouters() async throws {
        var router = demoRouter()
        router.errorPageRenderer = { _ in .html("router") }
        let server = HTTPServer(
            port: 0, maxRequestBodyBytes: 10, errorPageRenderer: { _ in .html("server") }, router: router)
        try server.start()
        let tooLarge = try await fetch(server, "/size", method: "POST", body: Data(count: 11))
        let missing = try await fetch(server, "/nowhere")
        await server.shutdown()
        #expect(tooLarge.status == 413)
        #expect(tooLarge.body == "server")
        #expect(missing.status == 404)
        #expect(missing.body == "router")  // 404 comes from the router, which has its own renderer
    }

    @Test func oversizedDeclaredBodyWithExpectContinueIsRefusedUpFront() async throws {
        try await withServer(maxRequestBodyBytes: 1000, router: demoRouter()) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send(
                "POST /size HTTP/1.1\r\nHost: localhost:\(server.port)\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n"
            )
            let response = try connection.readResponse()
            #expect(response.status.hasPrefix("HTTP/1.1 413"))
        }
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
        try await withServer(router: demoRouter()) { server in
            let connection = try RawConnection(port: server.port)
            for _ in 0..<3 {
                try connection.send("GET /hello HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n")
                let response = try connection.readResponse()
                #expect(response.status == "HTTP/1.1 200 OK")
                #expect(response.body == "Hello, world")
                #expect(response.headers["connection"]?.lowercased() != "close")
            }
            // Pipelined: two requests in one write.
            try connection.send(
                "GET /hello HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\nGET /suspends HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n"
            )
            #expect(try connection.readResponse().body == "Hello, world")
            #expect(try connection.readResponse().body == "after suspending")
        }
    }

    @Test func invalidResponsesBecome500() async throws {
        try await withServer(router: demoRouter()) { server in
            let badHeader = try await fetch(server, "/bad-header")
            #expect(badHeader.status == 500)
            #expect(badHeader.body.contains("X-Bad"))
            let badStatus = try await fetch(server, "/bad-status")
            #expect(badStatus.status == 500)
            #expect(badStatus.body.contains("1000"))
        }
    }

    @Test func badTargetIs400() async throws {
        try await withServer(router: demoRouter()) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /bad%FF HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status.hasPrefix("HTTP/1.1 400"))
        }
    }

    @Test func stopLetsInFlightRequestFinishThenRefusesConnections() async throws {
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let finished = Atomic<Bool>(false)
        var router = Router()
        router.get("/slow") { _ in
            startedContinuation.yield()
            try? await Task.sleep(for: .milliseconds(300))
            finished.store(true, ordering: .sequentiallyConsistent)
            return .text("slow but complete")
        }
        let server = HTTPServer(port: 0, router: router)
        try server.start()
        let port = server.port
        let url = server.baseURL.appendingPathComponent("slow")
        let client = Task { try await URLSession.shared.data(from: url) }

        for await _ in started { break }  // The handler is running now.
        // The blocking stop(), called off Swift's cooperative pool as a real caller would.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                server.stop()
                continuation.resume()
            }.start()
        }
        let handlerFinished = finished.load(ordering: .sequentiallyConsistent)
        #expect(handlerFinished)
        #expect(!server.isRunning)

        let (data, response) = try await client.value
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == "slow but complete")

        #expect(server.port == port)
        #expect(throws: RawConnection.Failure.self) { try RawConnection(port: port) }
        do {
            _ = try await URLSession.shared.data(from: url)
            Issue.record("a request after stop() succeeded")
        } catch {
            #expect((error as NSError).code == NSURLErrorCannotConnectToHost)
        }
        server.stop()  // Idempotent.
    }

    @Test func stopCompletesWhenTheClientLeftDuringASuspendedHandler() async throws {
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseContinuation) = AsyncStream.makeStream(of: Void.self)
        let finished = Atomic<Bool>(false)
        var router = Router()
        router.get("/wait") { _ in
            startedContinuation.yield()
            for await _ in release { break }
            finished.store(true, ordering: .sequentiallyConsistent)
            return .text("nobody is listening")
        }
        let server = HTTPServer(port: 0, router: router)
        try server.start()
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /wait HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n")
        for await _ in started { break }
        connection.disconnect()
        releaseContinuation.yield()
        await server.shutdown()
        let handlerFinished = finished.load(ordering: .sequentiallyConsistent)
        #expect(handlerFinished)
        #expect(!server.isRunning)
    }

    @Test func stopIsIdempotentAndServerCanRestart() async throws {
        let server = HTTPServer(port: 0, router: demoRouter())
        server.stop()  // Never started: nothing to do.
        try server.start()
        #expect(server.isRunning)
        #expect(throws: HTTPServerError.alreadyRunning(port: server.port)) { try server.start() }
        server.stop()
        server.stop()
        #expect(!server.isRunning)
        try server.start()
        let response = try await fetch(server, "/hello")
        #expect(response.body == "Hello, world")
        await server.shutdown()
    }

    @Test func startErrorsAreTyped() async throws {
        let bad = HTTPServer(host: "not-an-address", port: 0, router: Router())
        #expect(throws: HTTPServerError.invalidHost("not-an-address")) { try bad.start() }

        let first = HTTPServer(port: 0, router: Router())
        try first.start()
        let second = HTTPServer(port: first.port, router: Router())
        do {
            try second.start()
            Issue.record("binding a taken port succeeded")
        } catch {
            guard case .cannotBind(let host, let port, let reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(host == "127.0.0.1")
            #expect(port == first.port)
            #expect(reason.contains("Address already in use"))
            #expect(error.description.contains("Cannot bind to 127.0.0.1 port \(first.port)"))
        }
        await first.shutdown()

        let zeroThreads = HTTPServer(port: 0, threads: 0, router: Router())
        #expect(throws: HTTPServerError.self) { try zeroThreads.start() }
    }

    @Test func bindsIPv6Loopback() async throws {
        let server = HTTPServer(host: "::1", port: 0, router: demoRouter())
        do {
            try server.start()
        } catch {
            // Machines without IPv6 loopback cannot run this check.
            return
        }
        #expect(server.baseURL.absoluteString == "http://[::1]:\(server.port)")
        // URLSession on Linux rejects bracketed IPv6 hosts (NSURLErrorBadURL), so talk to the socket directly.
        let connection = try RawConnection(port: server.port, ipv6: true)
        try connection.send("GET /hello HTTP/1.1\r\nHost: [::1]:\(server.port)\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == "HTTP/1.1 200 OK")
        #expect(response.body == "Hello, world")
        await server.shutdown()
    }
}
