import Foundation

/// An HTTP response: status, header fields and body bytes.
///
/// The server sends `Content-Length` itself (from ``body``); a `Content-Length` or `Transfer-Encoding` field in
/// ``headers`` is ignored. The body bytes are copied when the response is handed to libmicrohttpd.
public struct HTTPResponse: Sendable {
    /// The status line's code and phrase.
    public var status: HTTPStatus
    /// The header fields to send.
    public var headers: HTTPHeaders
    /// The body bytes; for a `HEAD` request the server sends the headers (with this body's length) but no body.
    public var body: Data

    /// Creates a response from its parts.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
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
    /// `Content-Type: application/json`.
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
            return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
        } catch {
            return jsonError(
                "The server could not encode its response as JSON (\(T.self)): \(error)",
                status: .internalServerError
            )
        }
    }

    /// A JSON error body `{"error": message}` with `Content-Type: application/json` and the given status.
    public static func jsonError(_ message: String, status: HTTPStatus) -> HTTPResponse {
        let body = (try? defaultJSONEncoder().encode(["error": message])) ?? Data(#"{"error":"unknown error"}"#.utf8)
        return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
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
