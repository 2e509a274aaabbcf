import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTP
import Testing

/// Runs blocking socket work off Swift's cooperative pool.
private func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

@Suite("HTTPSecurityPolicy")
struct SecurityPolicyTests {
    let policy = HTTPSecurityPolicy.standard

    private func request(
        _ method: HTTPMethod, _ headers: [String: String] = [:], path: String = "/shop/cart",
        host: String? = "127.0.0.1:8080", body: String = ""
    ) -> HTTPRequest {
        var fields = HTTPHeaders()
        if let host { fields.add("Host", host) }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { fields.add(name, value) }
        return HTTPRequest(method: method, path: path, headers: fields, body: Data(body.utf8))
    }

    private func refusal(_ request: HTTPRequest, bound: String = "127.0.0.1", port: UInt16 = 8080) -> Int? {
        policy.refusal(for: request, boundHost: bound, port: port)?.status.code
    }

    @Test("Sec-Fetch-Site: same-origin and none pass; same-site, cross-site and anything else are refused (403)")
    func fetchMetadata() {
        #expect(refusal(request(.post, ["Sec-Fetch-Site": "same-origin"])) == nil)
        #expect(refusal(request(.post, ["Sec-Fetch-Site": "none"])) == nil)
        #expect(refusal(request(.post, ["Sec-Fetch-Site": "same-site"])) == 403)
        #expect(refusal(request(.post, ["Sec-Fetch-Site": "cross-site"])) == 403)
        #expect(refusal(request(.delete, ["Sec-Fetch-Site": "cross-site"], path: "/api/shop/cart")) == 403)
        #expect(refusal(request(.put, ["Sec-Fetch-Site": "junk"])) == 403)
        #expect(refusal(request(.patch, ["Sec-Fetch-Site": "cross-site"])) == 403)
        // Sec-Fetch-Site decides when present, whatever Origin says.
        #expect(refusal(request(.post, ["Sec-Fetch-Site": "same-origin", "Origin": "http://evil.example"])) == nil)
        // Reading is never refused for where it comes from.
        #expect(refusal(request(.get, ["Sec-Fetch-Site": "cross-site"])) == nil)
        #expect(refusal(request(.head, ["Origin": "http://evil.example"])) == nil)
        #expect(refusal(request(.options, ["Sec-Fetch-Site": "cross-site"])) == nil)
        #expect(HTTPSecurityPolicy.isStateChanging(HTTPMethod(rawValue: "PROPPATCH")))
        #expect(!HTTPSecurityPolicy.isStateChanging(.get))
    }

    @Test("Without Sec-Fetch-Site, Origin must name the request's own host and port")
    func origin() {
        #expect(refusal(request(.post, ["Origin": "http://127.0.0.1:8080"])) == nil)
        #expect(refusal(request(.post, ["Origin": "HTTP://127.0.0.1:8080"])) == nil)
        #expect(refusal(request(.post, ["Origin": "http://127.0.0.1:9090"])) == 403)
        #expect(refusal(request(.post, ["Origin": "http://localhost:8080"])) == 403)
        #expect(refusal(request(.post, ["Origin": "null"])) == 403)
        #expect(refusal(request(.post, ["Origin": "http://evil.example"])) == 403)
        #expect(refusal(request(.post, ["Origin": "http://127.0.0.1:8080/path"])) == 403)
        // A TLS-terminating proxy: the page is https://name, the request reaches the server for name.
        let proxied = HTTPSecurityPolicy(allowedHosts: ["shop.example"])
        let behindProxy = request(.post, ["Origin": "https://shop.example"], host: "shop.example")
        #expect(proxied.refusal(for: behindProxy, boundHost: "127.0.0.1", port: 8080) == nil)
        // Neither header: curl, the Swift tests.
        #expect(refusal(request(.post)) == nil)
        #expect(refusal(request(.post, ["Origin": "http://127.0.0.1:8080"], host: nil)) == 403)
        let message = policy.refusal(
            for: request(.post, ["Origin": "http://evil.example"]), boundHost: "127.0.0.1", port: 8080)?.message
        #expect(
            message == "Cross-site request refused: Origin http://evil.example is not this site (127.0.0.1:8080). "
                + "Send POST requests from this site's own pages, or from a client that sends neither Origin nor Sec-Fetch-Site."
        )
    }

    @Test("A body on a state-changing API request must be application/json (415), charset allowed")
    func jsonBodies() {
        func api(
            _ type: String?, body: String = #"{"productID":1}"#, method: HTTPMethod = .post,
            path: String = "/api/shop/cart"
        ) -> Int? {
            refusal(request(method, type.map { ["Content-Type": $0] } ?? [:], path: path, body: body))
        }
        #expect(api("application/json") == nil)
        #expect(api("application/json; charset=utf-8") == nil)
        #expect(api("Application/JSON") == nil)
        #expect(api("text/plain") == 415)
        #expect(api("text/plain;charset=UTF-8") == 415)
        #expect(api("application/x-www-form-urlencoded") == 415)
        #expect(api("multipart/form-data; boundary=x") == 415)
        #expect(api(nil) == 415)
        #expect(api("text/plain", method: .put) == 415)
        #expect(api("text/plain", path: "/api") == 415)
        // No body, nothing to label; outside the prefix, forms are welcome; reads carry no such rule.
        #expect(api(nil, body: "", method: .delete) == nil)
        #expect(api("text/plain", path: "/shop/cart") == nil)
        #expect(api("text/plain", path: "/apis/x") == nil)
        #expect(api("text/plain", method: .get) == nil)
        let message = policy.refusal(
            for: request(.post, ["Content-Type": "text/plain"], path: "/api/shop/cart", body: "x"),
            boundHost: "127.0.0.1", port: 8080)?.message
        #expect(
            message == "POST /api/shop/cart takes a JSON body sent as Content-Type: application/json "
                + "(this request has Content-Type: text/plain).")
    }

    @Test("Host: the loopback names with the bound port when bound to loopback; 421 for anything else")
    func hostOnLoopback() {
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080", "localhost.:8080"] {
            #expect(refusal(request(.get, host: host)) == nil, "\(host)")
        }
        for host in [
            "attacker.example", "attacker.example:8080", "127.0.0.1", "127.0.0.1:8081", "localhost",
            "10.0.0.2:8080", "[::1]", "::1:8080", "127.0.0.1:x", "", "a:b:c",
        ] {
            #expect(refusal(request(.get, host: host)) == 421, "\(host)")
        }
        #expect(refusal(request(.get, host: nil)) == nil)  // HTTP/1.0 without Host
        #expect(refusal(request(.get, host: "[::1]:8080"), bound: "::1") == nil)
        #expect(refusal(request(.get, host: "127.0.0.1:80"), port: 80) == nil)
        #expect(refusal(request(.get, host: "127.0.0.1"), port: 80) == nil)
        let message = policy.refusal(for: request(.get, host: "attacker.example"), boundHost: "127.0.0.1", port: 8080)?
            .message
        #expect(
            message == "This server does not serve the host \"attacker.example\"; it answers to "
                + "127.0.0.1:8080, [::1]:8080, localhost:8080.")
    }

    @Test("Whitespace around Host, Origin and Content-Type is ignored, Unicode spaces too; inside a value it is not")
    func whitespaceAroundHeaderValues() {
        for host in [" 127.0.0.1:8080", "127.0.0.1:8080\t", "\u{00A0}localhost:8080\u{3000}"] {
            #expect(refusal(request(.get, host: host)) == nil, "\(host)")
        }
        #expect(refusal(request(.get, host: "127.0.0.1 :8080")) == 421)
        let sameSite = request(.post, ["Origin": " http://127.0.0.1:8080\u{00A0}"])
        #expect(refusal(sameSite) == nil)
        for type in [" application/json", "Application/JSON\t; charset=utf-8", "\u{2003}application/json"] {
            let json = request(.post, ["Content-Type": type], path: "/api/shop/cart", body: "{}")
            #expect(json.contentType == "application/json", "\(type)")
            #expect(refusal(json) == nil, "\(type)")
        }
        let form = request(.post, ["Content-Type": "application/json-seq"], path: "/api/shop/cart", body: "{}")
        #expect(refusal(form) == 415)
    }

    @Test("Host: a wildcard bind takes any address literal with the port; a specific address only itself")
    func hostOnOtherAddresses() {
        #expect(refusal(request(.get, host: "192.0.2.7:8080"), bound: "0.0.0.0") == nil)
        #expect(refusal(request(.get, host: "[2001:db8::1]:8080"), bound: "::") == nil)
        #expect(refusal(request(.get, host: "localhost:8080"), bound: "0.0.0.0") == nil)
        #expect(refusal(request(.get, host: "attacker.example:8080"), bound: "0.0.0.0") == 421)
        #expect(refusal(request(.get, host: "192.0.2.7:9999"), bound: "0.0.0.0") == 421)
        #expect(refusal(request(.get, host: "192.0.2.7:8080"), bound: "192.0.2.7") == nil)
        #expect(refusal(request(.get, host: "localhost:8080"), bound: "192.0.2.7") == 421)
    }

    @Test("Allowed hosts: a bare name with any port, name:port with that port only")
    func allowedHosts() {
        let policy = HTTPSecurityPolicy(allowedHosts: ["Shop.Example", "api.example:8443", "[2001:db8::2]:9000"])
        func refused(_ host: String) -> Bool {
            policy.refusal(for: request(.get, host: host), boundHost: "127.0.0.1", port: 8080) != nil
        }
        #expect(!refused("shop.example"))
        #expect(!refused("shop.example:443"))
        #expect(!refused("api.example:8443"))
        #expect(refused("api.example"))
        #expect(refused("api.example:8080"))
        #expect(!refused("[2001:db8::2]:9000"))
        #expect(!refused("127.0.0.1:8080"))
        #expect(refused("other.example"))
        #expect(
            HTTPSecurityPolicy(checksHost: false).refusal(
                for: request(.get, host: "x"), boundHost: "127.0.0.1", port: 1) == nil)
    }

    @Test("Headers: added where missing, never replacing a handler's own; JSON gets charset=utf-8")
    func headers() {
        var page = HTTPResponse.html("<p>x</p>")
        policy.apply(to: &page)
        #expect(page.headers["X-Content-Type-Options"] == "nosniff")
        #expect(page.headers["Content-Security-Policy"] == HTTPSecurityPolicy.contentSecurityPolicy)
        #expect(page.headers["X-Frame-Options"] == "DENY")
        #expect(page.headers["Referrer-Policy"] == "same-origin")
        #expect(
            HTTPSecurityPolicy.contentSecurityPolicy == "default-src 'self'; img-src 'self' data: https:; "
                + "style-src 'self'; script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
                + "form-action 'self'; frame-ancestors 'none'")
        var own = HTTPResponse(headers: [
            "Content-Security-Policy": "default-src 'none'", "Content-Type": "application/json",
        ])
        policy.apply(to: &own)
        #expect(own.headers.values(for: "Content-Security-Policy") == ["default-src 'none'"])
        #expect(own.headers["Content-Type"] == "application/json; charset=utf-8")
        var labelled = HTTPResponse(headers: ["Content-Type": "application/json; charset=utf-8"])
        policy.apply(to: &labelled)
        #expect(labelled.headers["Content-Type"] == "application/json; charset=utf-8")
        var none = HTTPResponse.html("x")
        HTTPSecurityPolicy.none.apply(to: &none)
        #expect(none.headers.count == 1)
    }

    // MARK: On a running server

    private func demoServer(_ policy: HTTPSecurityPolicy = .standard) -> HTTPServer {
        var router = Router()
        router.get("/page") { _ in .html("<p>page</p>") }
        router.get("/api/thing") { _ in .json(["a": 1]) }
        router.post("/api/thing") { _ in .json(["ok": true], status: .created) }
        router.post("/form") { _ in .redirect(to: "/page") }
        router.get("/events") { _ in .serverSentEvents { events in _ = await events.send(data: "one") } }
        return HTTPServer(port: 0, maxRequestBodyBytes: 100, securityPolicy: policy, router: router)
    }

    /// Sends `text` on a new connection and reads the head (and a Content-Length body).
    private func exchange(_ server: HTTPServer, _ text: String, body: Bool = true) async throws
        -> (status: String, headers: [String: String], body: String)
    {
        let port = server.port
        return try await onThread {
            let connection = try RawConnection(port: port)
            defer { connection.disconnect() }
            try connection.send(text)
            if body { return try connection.readResponse() }
            let (status, headers) = try connection.readHead()
            return (status, headers, "")
        }
    }

    @Test("Every kind of response carries the headers: page, JSON, 404, 405, 413, 400, refusals, event streams")
    func headersEverywhere() async throws {
        let server = demoServer()
        try server.start()
        let host = "Host: 127.0.0.1:\(server.port)\r\n"
        let requests = [
            ("GET /page HTTP/1.1\r\n\(host)\r\n", "200"),
            ("GET /api/thing HTTP/1.1\r\n\(host)\r\n", "200"),
            ("GET /missing HTTP/1.1\r\n\(host)\r\n", "404"),
            ("DELETE /page HTTP/1.1\r\n\(host)\r\n", "405"),
            ("POST /form HTTP/1.1\r\n\(host)Content-Length: 500\r\n\r\n" + String(repeating: "x", count: 500), "413"),
            ("GET /bad%FF HTTP/1.1\r\n\(host)\r\n", "400"),
            ("GET /page HTTP/1.1\r\nHost: evil.example\r\n\r\n", "421"),
            ("POST /form HTTP/1.1\r\n\(host)Origin: http://evil.example\r\nContent-Length: 0\r\n\r\n", "403"),
            ("POST /api/thing HTTP/1.1\r\n\(host)Content-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}", "415"),
        ]
        for (text, status) in requests {
            let reply = try await exchange(server, text)
            #expect(reply.status.hasPrefix("HTTP/1.1 \(status)"), "\(text)")
            #expect(reply.headers["x-content-type-options"] == "nosniff", "\(text)")
            #expect(reply.headers["content-security-policy"] == HTTPSecurityPolicy.contentSecurityPolicy, "\(text)")
            #expect(reply.headers["x-frame-options"] == "DENY", "\(text)")
            #expect(reply.headers["referrer-policy"] == "same-origin", "\(text)")
        }
        let json = try await exchange(server, "GET /api/thing HTTP/1.1\r\n\(host)\r\n")
        #expect(json.headers["content-type"] == "application/json; charset=utf-8")
        let refused = try await exchange(
            server,
            "POST /api/thing HTTP/1.1\r\n\(host)Sec-Fetch-Site: cross-site\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"
        )
        #expect(refused.status.hasPrefix("HTTP/1.1 403"))
        #expect(refused.body.hasPrefix(#"{"error":"Cross-site request refused: Sec-Fetch-Site is cross-site."#))
        let events = try await exchange(server, "GET /events HTTP/1.1\r\n\(host)\r\n", body: false)
        #expect(events.headers["content-type"] == "text/event-stream")
        #expect(events.headers["content-security-policy"] == HTTPSecurityPolicy.contentSecurityPolicy)
        await server.shutdown()
    }

    @Test("Requests from non-browser clients (no Origin, no Sec-Fetch-Site) reach the handler; .none checks nothing")
    func clientsWithoutBrowserHeaders() async throws {
        let server = demoServer()
        try server.start()
        var request = URLRequest(url: server.baseURL.appendingPathComponent("api/thing"))
        request.httpMethod = "POST"
        request.httpBody = Data("{}".utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)
        await server.shutdown()

        let open = demoServer(.none)
        try open.start()
        let reply = try await exchange(
            open,
            "POST /api/thing HTTP/1.1\r\nHost: evil.example\r\nOrigin: http://evil.example\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}"
        )
        #expect(reply.status.hasPrefix("HTTP/1.1 201"))
        #expect(reply.headers["content-security-policy"] == nil)
        await open.shutdown()
    }
}
