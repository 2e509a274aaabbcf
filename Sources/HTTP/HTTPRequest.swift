import Foundation

/// An HTTP request as a handler sees it: method, decoded path and query, headers, and the whole body.
///
/// The server builds one per request after libmicrohttpd has parsed it; tests and other modules can build their
/// own with ``init(method:path:queryItems:headers:body:pathParameters:)`` or ``init(method:target:headers:body:)``
/// and pass it straight to a ``Router`` or handler.
public struct HTTPRequest: Sendable {
    /// The request method.
    public var method: HTTPMethod

    /// The percent-decoded path without the query, for example `"/search/한국 책"`. Setting it also updates
    /// ``percentEncodedPath``.
    public var path: String {
        get { decodedPath }
        set {
            decodedPath = newValue
            encodedPath = FormURLEncoding.encodePath(newValue)
        }
    }

    /// The path as sent on the wire, still percent-encoded (for example `"/files/a%2Fb"`). The ``Router`` splits
    /// this form on `/` before decoding each segment, so an encoded slash stays inside its path parameter.
    public var percentEncodedPath: String { encodedPath }

    /// The decoded query parameters, in order, from `application/x-www-form-urlencoded` rules: `+` is a space,
    /// percent escapes are UTF-8, a name without `=` has the value `""`.
    public var queryItems: [URLQueryItem]

    /// The request header fields (case-insensitive lookup).
    public var headers: HTTPHeaders

    /// The request body bytes; empty when there is none. Never larger than the server's `maxRequestBodyBytes`.
    public var body: Data

    /// The values of the `{name}` segments of the route pattern that matched, percent-decoded; filled in by
    /// ``Router`` before it calls the route's handler.
    public var pathParameters: [String: String]

    private var decodedPath: String
    private var encodedPath: String

    /// Creates a request from already-decoded parts.
    ///
    /// - Parameters:
    ///   - method: The request method; `GET` by default.
    ///   - path: The percent-decoded path without a query, starting with `/`; ``percentEncodedPath`` is derived
    ///     from it by percent-encoding each `/`-separated segment.
    ///   - queryItems: The decoded query parameters.
    ///   - headers: The header fields.
    ///   - body: The body bytes.
    ///   - pathParameters: Route parameters, normally left empty for the ``Router`` to fill.
    public init(
        method: HTTPMethod = .get,
        path: String = "/",
        queryItems: [URLQueryItem] = [],
        headers: HTTPHeaders = HTTPHeaders(),
        body: Data = Data(),
        pathParameters: [String: String] = [:]
    ) {
        self.method = method
        self.decodedPath = path
        self.encodedPath = FormURLEncoding.encodePath(path)
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.pathParameters = pathParameters
    }

    /// Creates a request from a request target as sent on the request line, for example
    /// `"/search?q=%ED%95%9C+b"`, decoding the path and the query the way the server does.
    ///
    /// Returns `nil` when the target is not a usable origin-form (or absolute-form) target: it cannot be parsed as
    /// a URL reference, its path does not start with `/`, or a path segment's percent escapes are not valid UTF-8.
    /// The server answers such requests with 400 Bad Request.
    public init?(method: HTTPMethod, target: String, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        let pathPart: Substring
        let queryPart: Substring
        if let questionMark = target.firstIndex(of: "?") {
            pathPart = target[..<questionMark]
            queryPart = target[target.index(after: questionMark)...]
        } else {
            pathPart = target[...]
            queryPart = ""
        }
        var encodedPath: String
        if pathPart.hasPrefix("/") {
            // Origin form, the usual case. Stray characters (spaces, raw UTF-8) are escaped first.
            encodedPath = FormURLEncoding.escapeStrayCharacters(pathPart, allowingQuestionMark: false)
        } else {
            // Absolute form ("http://host/path"): keep only the path.
            guard let components = URLComponents(string: String(pathPart)), components.scheme != nil else { return nil }
            encodedPath = components.percentEncodedPath
            if encodedPath.isEmpty { encodedPath = "/" }
        }
        guard encodedPath.hasPrefix("/"), let decoded = FormURLEncoding.percentDecoded(encodedPath) else { return nil }
        self.method = method
        self.decodedPath = decoded
        self.encodedPath = encodedPath
        self.queryItems = FormURLEncoding.items(
            percentEncoded: queryPart.split(separator: "#", maxSplits: 1).first ?? "")
        self.headers = headers
        self.body = body
        self.pathParameters = [:]
    }

    /// The value of the first query parameter called `name` (exact, case-sensitive match), or `nil` if absent.
    /// A parameter given without `=` (as in `?debug`) has the value `""`.
    public func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }.map { $0.value ?? "" }
    }

    /// The body decoded as `application/x-www-form-urlencoded` (what an HTML form posts), as name/value pairs in
    /// order: `+` is a space, percent escapes are UTF-8. The `Content-Type` header is not checked.
    public func formItems() -> [URLQueryItem] {
        FormURLEncoding.items(percentEncoded: Substring(String(decoding: body, as: UTF8.self)))
    }

    /// The body decoded as `application/x-www-form-urlencoded` (see ``formItems()``), as a dictionary. When a name
    /// repeats, the first value wins; use ``formItems()`` to see them all. A body that is not form-encoded text
    /// yields whatever pairs it happens to contain (usually none).
    public func formValues() -> [String: String] {
        var values: [String: String] = [:]
        for item in formItems() where values[item.name] == nil {
            values[item.name] = item.value ?? ""
        }
        return values
    }

    /// The value of the cookie called `name` (exact, case-sensitive match) from the `Cookie` header fields, or
    /// `nil` if the request has none. The first of several with that name wins; surrounding double quotes are
    /// removed; nothing is percent-decoded.
    public func cookie(_ name: String) -> String? {
        for header in headers.values(for: "Cookie") {
            for pair in header.split(separator: ";") {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                guard pair[..<equals].trimmingCharacters(in: .whitespaces) == name else { continue }
                var value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = String(value.dropFirst().dropLast())
                }
                return value
            }
        }
        return nil
    }

    /// The `Content-Type` header's media type, lowercased and without parameters (for example
    /// `"application/json"`), or `nil` if the header is absent.
    public var contentType: String? {
        guard let header = headers["Content-Type"] else { return nil }
        let mediaType = header.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return mediaType.trimmingHTTPWhitespace().lowercased()
    }
}
