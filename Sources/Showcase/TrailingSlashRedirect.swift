import Foundation
import HTTP

/// Sends `GET`/`HEAD` requests for a known path written with a trailing slash (`/shop/`) to the path without it
/// (`/shop`), with 308 Permanent Redirect, keeping the query.
///
/// The router treats `/shop/` as a path of its own (and answers 404); this sits in front of it. Only a path that
/// no route matches as written, and whose slash-less form a `GET` route matches, is redirected; every other request
/// passes through untouched.
public struct TrailingSlashRedirect: Sendable {
    /// The `GET` route patterns' segments, and every route's segments (to leave paths that are routes as they are).
    private let getPatterns: [[String]]
    private let allPatterns: [[String]]

    /// A redirector for the routes `router` has now (routes added to it later are not seen).
    /// - Parameter router: The router the requests go to next.
    public init(routes router: Router) {
        let routes = router.registeredRoutes
        getPatterns = routes.filter { $0.method == .get }.map { Self.segments(of: $0.pattern) }
        allPatterns = routes.map { Self.segments(of: $0.pattern) }
    }

    /// The redirect for `request`, or `nil` when it should go to the router as it is.
    /// - Parameter request: The request as the server received it.
    /// - Returns: A 308 response whose `Location` is the path without its trailing slashes, plus the query.
    public func response(for request: HTTPRequest) -> HTTPResponse? {
        guard request.method == .get || request.method == .head else { return nil }
        let encodedPath = request.percentEncodedPath
        guard encodedPath.count > 1, encodedPath.hasSuffix("/") else { return nil }
        var trimmed = Substring(encodedPath)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        // "//host" would be a protocol-relative URL: never a Location of ours.
        guard trimmed.hasPrefix("/"), !trimmed.hasPrefix("//") else { return nil }
        let asWritten = Self.decodedSegments(of: Substring(encodedPath))
        guard !allPatterns.contains(where: { Self.matches($0, asWritten) }) else { return nil }
        let target = Self.decodedSegments(of: trimmed)
        guard getPatterns.contains(where: { Self.matches($0, target) }) else { return nil }
        return .redirect(to: String(trimmed) + Self.query(request.queryItems), status: .permanentRedirect)
    }

    /// `"/shop/cart/{id}"` → `["shop", "cart", "{id}"]`.
    private static func segments(of pattern: String) -> [String] {
        let normalized = pattern.hasPrefix("/") ? pattern.dropFirst() : Substring(pattern)
        return normalized.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    /// The path's segments, each percent-decoded (`nil` when one does not decode), as the router splits them.
    private static func decodedSegments(of encodedPath: Substring) -> [String?] {
        encodedPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.removingPercentEncoding
        }
    }

    /// Whether the path segments match the pattern's: literals exactly, `{name}` any non-empty segment.
    private static func matches(_ pattern: [String], _ path: [String?]) -> Bool {
        guard pattern.count == path.count else { return false }
        for (literal, value) in zip(pattern, path) {
            guard let value else { return false }
            if literal.count > 2, literal.hasPrefix("{"), literal.hasSuffix("}") {
                if value.isEmpty { return false }
            } else if literal != value {
                return false
            }
        }
        return true
    }

    /// `?a=1&b=x%20y` from the decoded query items, or `""` for none.
    private static func query(_ items: [URLQueryItem]) -> String {
        guard !items.isEmpty else { return "" }
        var allowed = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~")
        func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
        return "?"
            + items.map { item in
                item.value.map { "\(encode(item.name))=\(encode($0))" } ?? encode(item.name)
            }.joined(separator: "&")
    }
}
