import Foundation

/// Dispatches requests to handlers by method and path pattern.
///
/// Patterns are paths whose segments are either literal text or `{name}` parameters, for example
/// `"/api/shop/cart/{productID}"`. A parameter matches one non-empty path segment; its percent-decoded value is put
/// in ``HTTPRequest/pathParameters`` (an encoded slash, `%2F`, stays inside the value). Matching is exact and
/// case-sensitive; a trailing slash is a segment of its own, so `/cart/` does not match `/cart`.
///
/// When several patterns match a path, the most specific one wins: comparing segment by segment from the left, a
/// literal beats a parameter (`/products/new` wins over `/products/{id}`). Registering the same method and pattern
/// shape again replaces the earlier handler.
///
/// Unmatched requests are answered by ``respond(to:)``: 404 when no pattern matches the path, 405 with an `Allow`
/// header when patterns match but none for the method. `HEAD` is served by the `GET` route unless a `HEAD` route
/// exists. Error bodies are JSON (`{"error": "..."}`) under `/api`; elsewhere they are the page
/// ``errorPageRenderer`` makes, or short plain text without one (see ``HTTPResponse/error(_:status:path:renderer:)``).
public struct Router: Sendable {
    /// A request handler: receives the request (with path parameters filled in) and returns the response.
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    private enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)

        var isLiteral: Bool {
            if case .literal = self { return true }
            return false
        }
    }

    private struct Route: Sendable {
        var method: HTTPMethod
        var pattern: String
        var segments: [Segment]
        var handler: Handler
    }

    private var routes: [Route] = []
    /// Each route's segment count, by its place in ``routes``: a request is matched only against the routes of its
    /// own length, without copying (and retaining) every route it cannot match (issue 16's profile: 2 % of a request).
    private var segmentCounts: [Int] = []

    /// Renders the 404 and 405 answers for paths outside `/api` (for example as an HTML page in the app's layout);
    /// `nil` answers them with short plain text. An ``HTTPServer`` created with this router also uses it for the
    /// errors it answers itself (413, 400, 503, and the security policy's 403, 415, 421) unless it is given a
    /// renderer of its own.
    public var errorPageRenderer: HTTPErrorPageRenderer?

    /// Creates a router with no routes: every request gets 404.
    /// - Parameter errorPageRenderer: See ``errorPageRenderer``; `nil` (the default) for plain-text error bodies.
    public init(errorPageRenderer: HTTPErrorPageRenderer? = nil) {
        self.errorPageRenderer = errorPageRenderer
    }

    /// The registered routes as `(method, pattern)` pairs, in registration order.
    public var registeredRoutes: [(method: HTTPMethod, pattern: String)] {
        routes.map { (method: $0.method, pattern: $0.pattern) }
    }

    /// Registers `handler` for requests with `method` whose path matches `pattern`.
    ///
    /// - Parameters:
    ///   - method: The method to serve (`GET` routes also serve `HEAD`).
    ///   - pattern: A path such as `"/api/shop/cart/{productID}"`; a missing leading `/` is added. A segment is a
    ///     parameter only when it is exactly `{name}` with a non-empty name; anything else is literal text,
    ///     compared with the request's percent-decoded segment.
    ///   - handler: Called with the request, its ``HTTPRequest/pathParameters`` filled in.
    public mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
        let normalized = pattern.hasPrefix("/") ? pattern : "/" + pattern
        let segments = normalized.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            segment -> Segment in
            if segment.count > 2, segment.hasPrefix("{"), segment.hasSuffix("}") {
                return .parameter(String(segment.dropFirst().dropLast()))
            }
            return .literal(String(segment))
        }
        let route = Route(method: method, pattern: normalized, segments: segments, handler: handler)
        if let existing = routes.firstIndex(where: {
            $0.method == method && $0.segments.map(\.isLiteral) == segments.map(\.isLiteral)
                && zip($0.segments, segments).allSatisfy { pair in
                    if case .literal = pair.0 { return pair.0 == pair.1 }
                    return true
                }
        }) {
            routes[existing] = route
        } else {
            routes.append(route)
            segmentCounts.append(segments.count)
        }
    }

    /// Registers a `GET` route (which also serves `HEAD`). See ``add(_:_:_:)``.
    public mutating func get(_ pattern: String, _ handler: @escaping Handler) { add(.get, pattern, handler) }
    /// Registers a `POST` route. See ``add(_:_:_:)``.
    public mutating func post(_ pattern: String, _ handler: @escaping Handler) { add(.post, pattern, handler) }
    /// Registers a `PUT` route. See ``add(_:_:_:)``.
    public mutating func put(_ pattern: String, _ handler: @escaping Handler) { add(.put, pattern, handler) }
    /// Registers a `PATCH` route. See ``add(_:_:_:)``.
    public mutating func patch(_ pattern: String, _ handler: @escaping Handler) { add(.patch, pattern, handler) }
    /// Registers a `DELETE` route. See ``add(_:_:_:)``.
    public mutating func delete(_ pattern: String, _ handler: @escaping Handler) { add(.delete, pattern, handler) }

    /// Finds the route for `request` and returns its handler's response, or a 404/405 error response.
    ///
    /// - Returns: The handler's response; 404 Not Found when no pattern matches the path (or the path has a
    ///   segment whose escapes are not UTF-8); 405 Method Not Allowed with an `Allow` header listing the methods
    ///   the path does support (always including `HEAD` when `GET` is there).
    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        let pathSegments = request.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
            .dropFirst()
            .map { FormURLEncoding.percentDecoded($0) }
        var candidates: [(route: Route, parameters: [String: String])] = []
        if request.percentEncodedPath.hasPrefix("/") {
            for index in segmentCounts.indices where segmentCounts[index] == pathSegments.count {
                if let parameters = Self.match(routes[index].segments, pathSegments) {
                    candidates.append((routes[index], parameters))
                }
            }
        }
        guard !candidates.isEmpty else {
            return .error(
                "Nothing is served at \(request.path) (no route matches this path).",
                status: .notFound,
                path: request.path,
                renderer: errorPageRenderer
            )
        }

        var chosen = Self.mostSpecific(candidates.filter { $0.route.method == request.method })
        if chosen == nil, request.method == .head {
            chosen = Self.mostSpecific(candidates.filter { $0.route.method == .get })
        }
        guard let chosen else {
            var allowed = Set(candidates.map(\.route.method.rawValue))
            if allowed.contains(HTTPMethod.get.rawValue) { allowed.insert(HTTPMethod.head.rawValue) }
            let allowList = allowed.sorted().joined(separator: ", ")
            var response = HTTPResponse.error(
                "Method \(request.method) is not allowed for \(request.path); allowed: \(allowList).",
                status: .methodNotAllowed,
                path: request.path,
                renderer: errorPageRenderer
            )
            response.headers.set("Allow", allowList)
            return response
        }
        var routed = request
        routed.pathParameters = chosen.parameters
        return await chosen.route.handler(routed)
    }

    /// The parameters if `segments` matches the decoded `path` segments (`nil` entries failed to decode).
    private static func match(_ segments: [Segment], _ path: [String?]) -> [String: String]? {
        guard segments.count == path.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, value) in zip(segments, path) {
            guard let value else { return nil }
            switch segment {
            case .literal(let literal):
                guard literal == value else { return nil }
            case .parameter(let name):
                guard !value.isEmpty else { return nil }
                parameters[name] = value
            }
        }
        return parameters
    }

    /// The candidate whose pattern has a literal where the others have a parameter, leftmost first; the earliest
    /// registered on a tie.
    private static func mostSpecific(
        _ candidates: [(route: Route, parameters: [String: String])]
    ) -> (route: Route, parameters: [String: String])? {
        var best: (route: Route, parameters: [String: String])?
        for candidate in candidates {
            guard let current = best else {
                best = candidate
                continue
            }
            let a = candidate.route.segments.map(\.isLiteral), b = current.route.segments.map(\.isLiteral)
            if let difference = zip(a, b).first(where: { $0 != $1 }), difference.0 {
                best = candidate
            }
        }
        return best
    }
}
