import Foundation

/// An HTTP/1.1 server on libmicrohttpd that answers every request with an async handler.
///
/// libmicrohttpd accepts connections, parses requests (keep-alive and chunked uploads included) and sends
/// responses on a pool of `threads` threads. Each complete request becomes an ``HTTPRequest`` and is passed to the
/// handler in a Swift task started with `Task.immediate`: a handler that does not suspend answers right on the
/// pool thread; one that does (awaiting an actor, I/O, a sleep) has its connection suspended in libmicrohttpd and
/// resumed when the response is ready, so slow handlers never tie up a pool thread.
///
/// ```swift
/// var router = Router()
/// router.get("/hello/{name}") { request in .text("Hello, \(request.pathParameters["name"] ?? "")!") }
/// let server = HTTPServer(port: 0) { await router.respond(to: $0) }
/// try server.start()
/// print(server.baseURL)   // http://127.0.0.1:<port>
/// await server.shutdown()
/// ```
///
/// A handler may return a streamed response (``HTTPResponse/stream(status:headers:_:)``,
/// ``HTTPResponse/serverSentEvents(status:headers:_:)``) whose body a producer writes over time; while the producer
/// has nothing to write, the connection is suspended as well, so open streams hold no pool thread either.
///
/// Releasing the last reference to a running server stops it the way ``stop()`` does (blocking).
///
/// Every request passes the server's ``HTTPSecurityPolicy`` first (by default: only this server's host names,
/// no state-changing requests from other sites, JSON bodies under `/api` labelled as such), and every response
/// leaves with its header fields (`Content-Security-Policy`, `X-Content-Type-Options: nosniff`, …).
///
/// Bodies larger than `maxRequestBodyBytes` are answered with 413 Content Too Large without calling the handler:
/// a `Content-Length` over the limit is refused when the headers arrive, and a chunked body (when allowed) is
/// counted as it streams in.
///
/// Connections are limited (``HTTPConnectionLimits``: how many at once, from one address, as event streams, and
/// how long one may stay idle); beyond a limit a request is answered 503 with `Retry-After` and its connection
/// closed, so a flood of idle sockets or event streams cannot keep other clients from being answered.
///
/// Requests whose framing is ambiguous are refused before their body is read, with `Connection: close` (a proxy in
/// front could read them differently and smuggle a second request through):
/// - both `Content-Length` and `Transfer-Encoding`, more than one `Content-Length`, or a `Transfer-Encoding`
///   whose last coding is not `chunked`: 400 Bad Request;
/// - a transfer coding other than `chunked`: 501 Not Implemented;
/// - `Transfer-Encoding: chunked` unless `allowsChunkedRequestBodies`: 411 Length Required;
/// - HTTP/1.1 without exactly one `Host` field: 400 Bad Request.
///
/// Errors the server answers by itself (413, 411, 400, 501, 503, and the security policy's 403, 415 and 421) are
/// JSON under `/api` and otherwise the page an ``HTTPErrorPageRenderer`` makes, or plain text. libmicrohttpd
/// answers a few malformed requests itself, in its own format, before the server sees them: a request line or
/// header it cannot parse (400, or the connection is closed), headers over its 32 KiB connection buffer (431), an
/// HTTP version other than 1.0 and 1.1 (505), and — only when chunked bodies are allowed — a chunk-size line longer
/// than that buffer (500; libmicrohttpd 0.9.75 has no way to hand these to the application).
public final class HTTPServer: Sendable {
    /// The address the server binds to, as given.
    public let host: String
    /// The largest request body, in bytes, passed to the handler.
    public let maxRequestBodyBytes: Int
    /// The number of libmicrohttpd threads serving connections.
    public let threads: Int
    /// What the server refuses before a handler runs and the header fields it adds to every response.
    public let securityPolicy: HTTPSecurityPolicy
    /// How many connections are served at once (in all, per client address, as event streams) and idle timeouts.
    public let limits: HTTPConnectionLimits
    /// Whether a request body may be sent with `Transfer-Encoding: chunked`; when not, such requests are answered
    /// 411 Length Required.
    public let allowsChunkedRequestBodies: Bool

    private let core: ServerCore

    /// Creates a stopped server; call ``start()`` to bind and serve.
    ///
    /// - Parameters:
    ///   - host: An IPv4 or IPv6 address literal to bind to: `"127.0.0.1"` (loopback only, the default),
    ///     `"0.0.0.0"` (every IPv4 interface), `"::1"`; `"localhost"` means `127.0.0.1`. Host names are not
    ///     resolved.
    ///   - port: The TCP port; `0` lets the system pick a free one (read it from ``port`` after starting).
    ///   - maxRequestBodyBytes: The largest request body in bytes (default 1 MiB); larger ones get 413.
    ///   - threads: libmicrohttpd's thread-pool size, 1...1024 (default: the number of active processors).
    ///   - errorPageRenderer: Renders the errors the server answers by itself for browsers (paths outside `/api`);
    ///     `nil` (the default) for plain text.
    ///   - securityPolicy: The checks made before the handler runs (host, cross-site requests, JSON bodies) and the
    ///     header fields added to every response; ``HTTPSecurityPolicy/standard`` by default,
    ///     ``HTTPSecurityPolicy/none`` for a server that is not meant for browsers.
    ///   - limits: Connection limits and idle timeouts; ``HTTPConnectionLimits/standard`` by default.
    ///   - allowsChunkedRequestBodies: Whether request bodies may be chunked (`false` by default: browsers never
    ///     send them over HTTP/1.1, every client can send `Content-Length` for a body this server keeps in memory,
    ///     and refusing them closes off request smuggling and libmicrohttpd's own 500 for over-long chunk lines).
    ///   - handler: Called once per request with the complete request; its response is sent as returned.
    public init(
        host: String = "127.0.0.1",
        port: UInt16 = 8080,
        maxRequestBodyBytes: Int = 1 << 20,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        errorPageRenderer: HTTPErrorPageRenderer? = nil,
        securityPolicy: HTTPSecurityPolicy = .standard,
        limits: HTTPConnectionLimits = .standard,
        allowsChunkedRequestBodies: Bool = false,
        handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) {
        self.host = host
        self.maxRequestBodyBytes = maxRequestBodyBytes
        self.threads = threads
        self.securityPolicy = securityPolicy
        self.limits = limits
        self.allowsChunkedRequestBodies = allowsChunkedRequestBodies
        core = ServerCore(
            host: host,
            port: port,
            maxRequestBodyBytes: maxRequestBodyBytes,
            threads: threads,
            errorPageRenderer: errorPageRenderer,
            securityPolicy: securityPolicy,
            limits: limits,
            allowsChunkedRequestBodies: allowsChunkedRequestBodies,
            handler: handler
        )
    }

    /// Creates a stopped server that answers with `router`
    /// (see ``init(host:port:maxRequestBodyBytes:threads:errorPageRenderer:securityPolicy:limits:allowsChunkedRequestBodies:handler:)``).
    ///
    /// The errors the server answers by itself are rendered with `errorPageRenderer`, or with the router's
    /// ``Router/errorPageRenderer`` when it is `nil`.
    public convenience init(
        host: String = "127.0.0.1",
        port: UInt16 = 8080,
        maxRequestBodyBytes: Int = 1 << 20,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        errorPageRenderer: HTTPErrorPageRenderer? = nil,
        securityPolicy: HTTPSecurityPolicy = .standard,
        limits: HTTPConnectionLimits = .standard,
        allowsChunkedRequestBodies: Bool = false,
        router: Router
    ) {
        self.init(
            host: host,
            port: port,
            maxRequestBodyBytes: maxRequestBodyBytes,
            threads: threads,
            errorPageRenderer: errorPageRenderer ?? router.errorPageRenderer,
            securityPolicy: securityPolicy,
            limits: limits,
            allowsChunkedRequestBodies: allowsChunkedRequestBodies
        ) { request in
            await router.respond(to: request)
        }
    }

    deinit {
        core.stop()
    }

    /// Binds the listening socket and starts serving.
    ///
    /// A server that was stopped may be started again (it binds its configured port anew).
    ///
    /// - Throws: ``HTTPServerError/invalidHost(_:)`` if the host is not an address literal;
    ///   ``HTTPServerError/cannotBind(host:port:reason:)`` if the port is taken or not permitted;
    ///   ``HTTPServerError/invalidConfiguration(_:)`` for a negative body limit, a thread count outside 1...1024,
    ///   limits out of range (see ``HTTPConnectionLimits``), or too few file descriptors for them;
    ///   ``HTTPServerError/alreadyRunning(port:)`` if it is running;
    ///   ``HTTPServerError/daemonStartFailed(host:port:)`` if libmicrohttpd cannot start.
    public func start() throws(HTTPServerError) {
        try core.start()
    }

    /// The TCP port: the bound one once started (the real one when the server was created with port 0, kept after
    /// ``stop()``), the configured one before.
    public var port: UInt16 { core.port }

    /// Whether the server is serving (started and not stopping or stopped).
    public var isRunning: Bool { core.isRunning }

    /// `http://host:port` for the bound port. A wildcard host is replaced by its loopback address so the URL can be
    /// used to connect (`0.0.0.0` → `127.0.0.1`, `::` → `[::1]`); IPv6 hosts are bracketed.
    public var baseURL: URL {
        var urlHost = host
        if urlHost.hasPrefix("["), urlHost.hasSuffix("]") { urlHost = String(urlHost.dropFirst().dropLast()) }
        switch urlHost {
        case "0.0.0.0": urlHost = "127.0.0.1"
        case "::", "::0": urlHost = "::1"
        default: break
        }
        if urlHost.contains(":") { urlHost = "[\(urlHost)]" }
        let port = self.port
        return URL(string: "http://\(urlHost):\(port)") ?? URL(string: "http://127.0.0.1:\(port)")
            ?? URL(fileURLWithPath: "/")
    }

    /// Stops the server gracefully and returns when it has stopped.
    ///
    /// New connections are refused at once (the listening socket is closed). Requests already received or being
    /// received are finished and their responses sent (with `Connection: close`); a request whose handler is
    /// running is always waited for, one whose body is still arriving for at most 10 seconds. Open streamed
    /// responses are ended: their producers are cancelled, their writes return `false`, and the body ends after
    /// what was already written; producers are waited for at most 10 seconds. Then idle keep-alive connections
    /// are closed and libmicrohttpd's threads are joined. Calling it again, or on a server that never started,
    /// does nothing.
    ///
    /// This blocks the calling thread. From async code prefer ``shutdown()``, which does the same without holding a
    /// Swift concurrency thread (handlers still running need those threads to finish). Called from inside one of
    /// this server's own handlers, it starts the stop in the background and returns immediately.
    public func stop() {
        core.stop()
    }

    /// ``stop()`` for async code: waits for the graceful stop on a separate thread, so it does not block a thread
    /// of Swift's cooperative pool.
    public func shutdown() async {
        let core = self.core
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                core.stop()
                continuation.resume()
            }
            thread.start()
        }
    }
}
