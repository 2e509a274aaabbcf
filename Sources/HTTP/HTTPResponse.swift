import Foundation

/// An HTTP response: status, header fields and body bytes, or a body produced over time.
///
/// The server sends `Content-Length` itself (from ``body``); a `Content-Length` or `Transfer-Encoding` field in
/// ``headers`` is ignored. The body bytes are copied when the response is handed to libmicrohttpd.
///
/// A streamed response (``stream(status:headers:_:)``, ``serverSentEvents(status:headers:_:)``) has no
/// `Content-Length`: its body is written by a producer while the response is being sent, with chunked transfer
/// encoding (HTTP/1.1 clients) or until the connection closes (HTTP/1.0 clients).
public struct HTTPResponse: Sendable {
    /// The status line's code and phrase.
    public var status: HTTPStatus
    /// The header fields to send.
    public var headers: HTTPHeaders
    /// The body bytes; for a `HEAD` request the server sends the headers (with this body's length) but no body.
    /// Empty, and not sent, for a streamed response (see ``isStreamed``).
    public var body: Data
    /// Writes the body of a streamed response; `nil` for a response whose body is ``body``.
    var producer: (@Sendable (HTTPBodyWriter) async -> Void)?
    /// Made by ``serverSentEvents(status:headers:_:)``: counted against ``HTTPConnectionLimits/maxEventStreams``,
    /// and sent heartbeats while idle.
    var isEventStream = false

    /// Whether the body is produced over time by a producer (``stream(status:headers:_:)``,
    /// ``serverSentEvents(status:headers:_:)``) rather than sent from ``body``.
    public var isStreamed: Bool { producer != nil }

    /// Creates a response from its parts.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body `produce` writes while it is being sent, for bodies that are made over time (events,
    /// progress, long generated output).
    ///
    /// The status and headers are sent as soon as libmicrohttpd gets to the response, and the body as chunks,
    /// each ``HTTPBodyWriter/write(_:)-(Data)`` sent as soon as the connection can take it; the response ends when
    /// `produce` returns. `produce` runs in a task of its own (the handler has returned by then). It should
    /// return once a write returns `false` (the client went away, or the server is stopping), and it is cancelled
    /// then as well. A connection waiting for the producer's next write holds no server thread.
    ///
    /// For a `HEAD` request only the headers are sent (with `Content-Length: 0`), and the producer is not run.
    ///
    /// - Parameters:
    ///   - status: The status to send.
    ///   - headers: The header fields to send (`Content-Length` and `Transfer-Encoding` are ignored).
    ///   - produce: Writes the body, then returns.
    public static func stream(
        status: HTTPStatus = .ok,
        headers: HTTPHeaders = HTTPHeaders(),
        _ produce: @escaping @Sendable (HTTPBodyWriter) async -> Void
    ) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: headers)
        response.producer = produce
        return response
    }

    /// A stream of server-sent events (`text/event-stream`, the format a browser's `EventSource` reads).
    ///
    /// Sets `Content-Type: text/event-stream` (always UTF-8), `Cache-Control: no-cache` and
    /// `X-Accel-Buffering: no` (so proxies such as nginx pass events on at once), then streams what `produce`
    /// sends (a field in `headers` replaces the default of the same name):
    ///
    /// ```swift
    /// router.get("/events") { _ in
    ///     .serverSentEvents { events in
    ///         for await price in prices {
    ///             guard await events.send(event: "price", data: "\(price)") else { return }  // client gone
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// `produce` should return once ``ServerSentEventWriter/send(event:data:id:)`` returns `false`; it is also
    /// cancelled then (when the client disconnects or the server stops). While the producer sends nothing, the
    /// server writes a comment line (`:`) every ``HTTPConnectionLimits/eventStreamHeartbeatSeconds``, which keeps
    /// proxies from closing the connection and lets a client that went away be noticed. A server has at most
    /// ``HTTPConnectionLimits/maxEventStreams`` open; beyond, the response is replaced by a 503 with `Retry-After`
    /// and the producer never runs.
    ///
    /// - Parameters:
    ///   - status: The status to send (200 OK; `EventSource` treats anything else as a failure).
    ///   - headers: Further header fields; they replace the defaults of the same name.
    ///   - produce: Sends the events, then returns (which ends the stream).
    public static func serverSentEvents(
        status: HTTPStatus = .ok,
        headers: HTTPHeaders = HTTPHeaders(),
        _ produce: @escaping @Sendable (ServerSentEventWriter) async -> Void
    ) -> HTTPResponse {
        var fields: HTTPHeaders = [
            "Content-Type": "text/event-stream",
            "Cache-Control": "no-cache",
            "X-Accel-Buffering": "no",
        ]
        for (name, _) in headers { fields.remove(name) }
        for (name, value) in headers { fields.add(name, value) }
        var response = stream(status: status, headers: fields) { writer in
            await produce(ServerSentEventWriter(writer))
        }
        response.isEventStream = true
        return response
    }

    /// An HTML page: `Content-Type: text/html; charset=utf-8`, the string's UTF-8 bytes as the body.
    public static func html(_ html: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(html.utf8))
    }

    /// Plain text: `Content-Type: text/plain; charset=utf-8`, the string's UTF-8 bytes as the body.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8))
    }

    /// `value` encoded as JSON with `encoder` (by default a `JSONEncoder` with sorted keys), sent as
    /// `Content-Type: application/json; charset=utf-8`.
    ///
    /// Never crashes: if encoding throws (for example a `Double.nan` or a failing custom `encode(to:)`), the result
    /// is a 500 ``jsonError(_:status:)`` response that names the encoding error instead.
    public static func json<T: Encodable>(
        _ value: T,
        status: HTTPStatus = .ok,
        encoder: JSONEncoder = HTTPResponse.defaultJSONEncoder()
    ) -> HTTPResponse {
        do {
            let body = try encoder.encode(value)
            return HTTPResponse(status: status, headers: ["Content-Type": jsonContentType], body: body)
        } catch {
            return jsonError(
                "The server could not encode its response as JSON (\(T.self)): \(error)",
                status: .internalServerError
            )
        }
    }

    /// A JSON error body `{"error": message}` with `Content-Type: application/json; charset=utf-8` and the given
    /// status.
    public static func jsonError(_ message: String, status: HTTPStatus) -> HTTPResponse {
        let body = (try? defaultJSONEncoder().encode(["error": message])) ?? Data(#"{"error":"unknown error"}"#.utf8)
        return HTTPResponse(status: status, headers: ["Content-Type": jsonContentType], body: body)
    }

    /// `application/json; charset=utf-8`, the `Content-Type` of ``json(_:status:encoder:)`` and
    /// ``jsonError(_:status:)``.
    public static let jsonContentType = "application/json; charset=utf-8"

    /// A file that pages refer to (a stylesheet, a script, an image made by the program), sent with
    /// `Cache-Control: public, max-age=<maxAge>, immutable`.
    ///
    /// Meant for URLs that change when the content does (a fingerprint in the query, such as
    /// `/static/showcase.css?v=1a2b3c4d`), so that browsers keep the file for as long as `maxAge` allows without
    /// asking again.
    /// - Parameters:
    ///   - content: The file's bytes.
    ///   - contentType: Its media type, for example `"text/css; charset=utf-8"` (browsers check it:
    ///     `X-Content-Type-Options: nosniff`).
    ///   - maxAge: Seconds a browser may keep it; one year by default.
    public static func staticFile(_ content: Data, contentType: String, maxAge: Int = 31_536_000) -> HTTPResponse {
        HTTPResponse(
            status: .ok,
            headers: ["Content-Type": contentType, "Cache-Control": "public, max-age=\(maxAge), immutable"],
            body: content
        )
    }

    /// An error response in the style the path calls for: a JSON ``jsonError(_:status:)`` body for API paths
    /// (`/api` and below); otherwise the page `renderer` makes, or short plain text
    /// (`"404 Not Found\n\n<message>\n"`) when there is no renderer or it returns `nil`. The ``Router`` and the
    /// server use it for 404, 405, 400, 413, 503 and 500 answers.
    ///
    /// - Parameters:
    ///   - message: What went wrong, in words a client developer can act on.
    ///   - status: The status to send; a rendered page is always sent with this status, whatever it says.
    ///   - path: The request's decoded path, which decides JSON or a page.
    ///   - renderer: Renders the error for a browser (paths outside `/api` only); `nil` for plain text.
    public static func error(
        _ message: String,
        status: HTTPStatus,
        path: String,
        renderer: HTTPErrorPageRenderer? = nil
    ) -> HTTPResponse {
        if path == "/api" || path.hasPrefix("/api/") {
            return jsonError(message, status: status)
        }
        if let renderer, var page = renderer(HTTPErrorDetails(status: status, message: message, path: path)) {
            page.status = status
            return page
        }
        return text("\(status)\n\n\(message)\n", status: status)
    }

    /// A redirect to `location` (a path such as `"/cart"` or an absolute URL) with an empty body; 303 See Other
    /// by default, which makes a browser follow a form `POST` with a `GET`.
    public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Location": location], body: Data())
    }

    /// 204 No Content with no body.
    public static var noContent: HTTPResponse {
        HTTPResponse(status: .noContent)
    }

    /// The encoder ``json(_:status:encoder:)`` uses by default: `JSONEncoder` with `.sortedKeys` (stable output)
    /// and `.withoutEscapingSlashes`.
    public static func defaultJSONEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

/// An error the ``Router`` or the ``HTTPServer`` answers by itself (no route for the path, a method the path does
/// not allow, a body over the limit, an unusable request target, a server shutting down), as handed to an
/// ``HTTPErrorPageRenderer``.
public struct HTTPErrorDetails: Sendable, Equatable {
    /// The status that will be sent, for example ``HTTPStatus/notFound``.
    public var status: HTTPStatus
    /// What went wrong, in words a client developer can act on, for example
    /// `"Nothing is served at /nope (no route matches this path)."`. Plain text: escape it when putting it in HTML.
    public var message: String
    /// The request's decoded path (`"/"` when the request target could not be parsed). Plain text, from the client.
    public var path: String

    /// Creates error details; every parameter is the property of the same name.
    public init(status: HTTPStatus, message: String, path: String) {
        self.status = status
        self.message = message
        self.path = path
    }
}

/// Renders the errors the ``Router`` and the ``HTTPServer`` produce themselves as a page for browsers, for example
/// inside an app's HTML layout.
///
/// Only called for paths outside `/api` (API clients always get `{"error": ...}` JSON). It runs on the server's own
/// threads, possibly before any handler, so it must be quick and must not block. The returned response is sent with
/// ``HTTPErrorDetails/status`` whatever status it carries (headers such as `Allow` are added after it); return `nil`
/// to send the default plain-text body.
public typealias HTTPErrorPageRenderer = @Sendable (HTTPErrorDetails) -> HTTPResponse?
