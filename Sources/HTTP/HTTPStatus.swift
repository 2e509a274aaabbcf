/// An HTTP response status: a three-digit code and its reason phrase.
///
/// Equality and hashing use the ``code`` only: the reason phrase is descriptive (libmicrohttpd sends its own
/// standard phrase on the wire), so `HTTPStatus(code: 404)` equals ``notFound``.
public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    /// The status code, for example `404`. Codes the server can send are `100...599`.
    public var code: Int
    /// The reason phrase, for example `"Not Found"`.
    public var reasonPhrase: String

    /// Creates a status from a code and a reason phrase of your own.
    public init(code: Int, reasonPhrase: String) {
        self.code = code
        self.reasonPhrase = reasonPhrase
    }

    /// Creates a status from a code, taking the standard reason phrase (an empty one for unregistered codes).
    public init(code: Int) {
        self.init(code: code, reasonPhrase: Self.standardPhrases[code] ?? "")
    }

    /// Whether the code is 2xx.
    public var isSuccess: Bool { (200..<300).contains(code) }

    /// `"404 Not Found"`.
    public var description: String { reasonPhrase.isEmpty ? String(code) : "\(code) \(reasonPhrase)" }

    /// Whether the two statuses have the same ``code`` (reason phrases are not compared).
    public static func == (lhs: HTTPStatus, rhs: HTTPStatus) -> Bool { lhs.code == rhs.code }
    /// Hashes the ``code`` only, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// 200 OK.
    public static let ok = HTTPStatus(code: 200)
    /// 201 Created.
    public static let created = HTTPStatus(code: 201)
    /// 202 Accepted.
    public static let accepted = HTTPStatus(code: 202)
    /// 204 No Content.
    public static let noContent = HTTPStatus(code: 204)
    /// 301 Moved Permanently.
    public static let movedPermanently = HTTPStatus(code: 301)
    /// 302 Found.
    public static let found = HTTPStatus(code: 302)
    /// 303 See Other: the usual answer to a form `POST` (the browser then `GET`s the location).
    public static let seeOther = HTTPStatus(code: 303)
    /// 304 Not Modified.
    public static let notModified = HTTPStatus(code: 304)
    /// 307 Temporary Redirect.
    public static let temporaryRedirect = HTTPStatus(code: 307)
    /// 308 Permanent Redirect.
    public static let permanentRedirect = HTTPStatus(code: 308)
    /// 400 Bad Request.
    public static let badRequest = HTTPStatus(code: 400)
    /// 401 Unauthorized.
    public static let unauthorized = HTTPStatus(code: 401)
    /// 403 Forbidden.
    public static let forbidden = HTTPStatus(code: 403)
    /// 404 Not Found.
    public static let notFound = HTTPStatus(code: 404)
    /// 405 Method Not Allowed (send an `Allow` header with it).
    public static let methodNotAllowed = HTTPStatus(code: 405)
    /// 409 Conflict.
    public static let conflict = HTTPStatus(code: 409)
    /// 410 Gone.
    public static let gone = HTTPStatus(code: 410)
    /// 411 Length Required: the request has a body without `Content-Length`.
    public static let lengthRequired = HTTPStatus(code: 411)
    /// 413 Content Too Large (RFC 9110; RFC 7231 called it Payload Too Large).
    public static let contentTooLarge = HTTPStatus(code: 413)
    /// 413 Content Too Large: the same status as ``contentTooLarge``, under its RFC 7231 name.
    public static let payloadTooLarge = contentTooLarge
    /// 415 Unsupported Media Type.
    public static let unsupportedMediaType = HTTPStatus(code: 415)
    /// 421 Misdirected Request: the request names a host this server does not serve.
    public static let misdirectedRequest = HTTPStatus(code: 421)
    /// 422 Unprocessable Content.
    public static let unprocessableContent = HTTPStatus(code: 422)
    /// 429 Too Many Requests.
    public static let tooManyRequests = HTTPStatus(code: 429)
    /// 500 Internal Server Error.
    public static let internalServerError = HTTPStatus(code: 500)
    /// 501 Not Implemented.
    public static let notImplemented = HTTPStatus(code: 501)
    /// 502 Bad Gateway.
    public static let badGateway = HTTPStatus(code: 502)
    /// 503 Service Unavailable.
    public static let serviceUnavailable = HTTPStatus(code: 503)

    static let standardPhrases: [Int: String] = [
        100: "Continue", 101: "Switching Protocols",
        200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
        205: "Reset Content", 206: "Partial Content",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict", 410: "Gone",
        411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large", 414: "URI Too Long",
        415: "Unsupported Media Type", 416: "Range Not Satisfiable", 417: "Expectation Failed",
        421: "Misdirected Request",
        422: "Unprocessable Content", 428: "Precondition Required", 429: "Too Many Requests",
        431: "Request Header Fields Too Large",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported",
    ]
}
