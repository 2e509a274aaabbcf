import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small JSON API client over `URLSession`: builds URLs from a base URL and a path, checks the status, and
/// decodes the body, reporting every failure as a typed ``APIError``.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "http://127.0.0.1:8080/api")!)
/// let product: Product = try await client.get("/products/1")
/// ```
public struct APIClient: Sendable {
    /// The URL that paths are appended to, for example `http://127.0.0.1:8080/api`.
    public let baseURL: URL
    /// The request timeout in seconds.
    public let timeout: TimeInterval
    /// The session that performs the requests.
    public let session: URLSession
    /// The decoder used for response bodies (a plain `JSONDecoder` unless given).
    public let decoder: JSONDecoder

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: An `http` or `https` URL; a path in it is kept and the request path is appended to it
    ///     (`http://host/api` + `/products/1` → `http://host/api/products/1`).
    ///   - timeout: Seconds to wait for the whole response before failing with `.transport(URLError(.timedOut))`;
    ///     10 by default. Zero, a negative or a non-finite value means no limit of the client's own (the
    ///     session's limits still apply).
    ///   - session: The `URLSession` to use; `.shared` by default.
    ///   - decoder: The `JSONDecoder` for response bodies.
    public init(
        baseURL: URL,
        timeout: TimeInterval = 10,
        session: URLSession = .shared,
        decoder: JSONDecoder = JSONDecoder()
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.session = session
        self.decoder = decoder
    }

    /// Fetches `path` with `GET` and decodes the JSON body as `T`.
    ///
    /// - Parameter path: A path relative to ``baseURL``, possibly with a query: `"/products/1"`,
    ///   `"/search?q=%ED%95%9C"`. Characters not allowed in URLs (spaces, raw UTF-8) are percent-encoded.
    /// - Returns: The decoded value.
    /// - Throws: ``APIError/invalidURL(_:)`` if no `http`/`https` URL can be formed; ``APIError/transport(_:)``
    ///   if no response arrived (refused, timed out, ...); ``APIError/notHTTP``; ``APIError/badStatus(code:body:)``
    ///   for a status outside 200...299; ``APIError/decodingFailed(codingPath:message:)`` if the body is not JSON
    ///   of the shape `T` expects.
    public func get<T: Decodable>(_ path: String) async throws(APIError) -> T {
        let url = try url(for: path)
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let data = try await send(request)
        return try decode(T.self, from: data)
    }

    /// The URL `path` resolves to against ``baseURL``.
    ///
    /// - Throws: ``APIError/invalidURL(_:)`` when `path` does not parse, carries its own scheme or host, or the
    ///   result is not an `http`/`https` URL with a host.
    public func url(for path: String) throws(APIError) -> URL {
        guard
            let relative = URLComponents(string: path),
            relative.scheme == nil, relative.host == nil,
            var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else {
            throw .invalidURL(path)
        }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        let relativePath = relative.percentEncodedPath
        if relativePath.isEmpty {
            components.percentEncodedPath = basePath.isEmpty ? "/" : basePath
        } else {
            components.percentEncodedPath = basePath + (relativePath.hasPrefix("/") ? "" : "/") + relativePath
        }
        components.percentEncodedQuery = relative.percentEncodedQuery
        components.percentEncodedFragment = nil
        guard let url = components.url else { throw .invalidURL(path) }
        return url
    }

    private func send(_ request: URLRequest) async throws(APIError) -> Data {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await dataWithDeadline(for: request)
        } catch {
            throw .transport(Self.urlError(from: error))
        }
        guard let http = response as? HTTPURLResponse else { throw .notHTTP }
        guard (200...299).contains(http.statusCode) else {
            throw .badStatus(code: http.statusCode, body: data)
        }
        return data
    }

    /// `session.data(for:)` with ``timeout`` enforced here as well: swift-corelibs-foundation does not apply
    /// `URLRequest.timeoutInterval` to a server that accepts the connection and then answers slowly. Whichever
    /// finishes first wins; the other is cancelled.
    func dataWithDeadline(for request: URLRequest) async throws -> (Data, URLResponse) {
        let session = self.session
        guard timeout > 0, timeout.isFinite, timeout < Double(Int64.max / 1_000_000_000) else {
            return try await session.data(for: request)
        }
        let deadline = Duration.nanoseconds(Int64(timeout * 1_000_000_000))
        return try await withThrowingTaskGroup(of: (Data, URLResponse).self) { group in
            group.addTask { try await session.data(for: request) }
            group.addTask {
                try await Task.sleep(for: deadline)
                throw URLError(.timedOut)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw URLError(.unknown) }
            return first
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(APIError) -> T {
        do {
            return try decoder.decode(T.self, from: data)
        } catch let error as DecodingError {
            throw Self.decodingFailure(error)
        } catch {
            throw .decodingFailed(codingPath: [], message: String(describing: error))
        }
    }

    /// Converts whatever `URLSession` threw into a `URLError`: a `URLError` as is, an `NSURLErrorDomain` `NSError`
    /// (what swift-corelibs-foundation throws for a refused connection, code -1004) to the `URLError` with its
    /// code, cancellation to `.cancelled`, anything else to `.unknown` with the original as underlying error.
    static func urlError(from error: any Error) -> URLError {
        if let urlError = error as? URLError { return urlError }
        if error is CancellationError { return URLError(.cancelled) }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            var userInfo = nsError.userInfo
            if userInfo[NSUnderlyingErrorKey] == nil { userInfo[NSUnderlyingErrorKey] = nsError }
            return URLError(URLError.Code(rawValue: nsError.code) ?? .unknown, userInfo: userInfo)
        }
        return URLError(.unknown, userInfo: [NSUnderlyingErrorKey: nsError])
    }

    static func decodingFailure(_ error: DecodingError) -> APIError {
        func keys(_ path: [any CodingKey]) -> [String] {
            path.map { key in key.intValue.map(String.init) ?? key.stringValue }
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return .decodingFailed(codingPath: keys(context.codingPath), message: context.debugDescription)
        case .keyNotFound(let key, let context):
            return .decodingFailed(codingPath: keys(context.codingPath + [key]), message: context.debugDescription)
        case .dataCorrupted(let context):
            var message = context.debugDescription
            if let underlying = context.underlyingError {
                message += " (\((underlying as NSError).localizedDescription))"
            }
            return .decodingFailed(codingPath: keys(context.codingPath), message: message)
        @unknown default:
            return .decodingFailed(codingPath: [], message: String(describing: error))
        }
    }
}
