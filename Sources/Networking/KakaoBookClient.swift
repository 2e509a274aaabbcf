import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Kakao's book search (`GET https://dapi.kakao.com/v3/search/book`), over `URLSession`.
///
/// ```swift
/// let client = try KakaoBookClient(key: key)
/// let page = try await client.search("미움받을 용기", page: 1, size: 10)
/// page.documents.first?.title   // "미움받을 용기"
/// page.meta.isEnd               // false: there is a page 2
/// ```
///
/// Each search is one request with the header `Authorization: KakaoAK <key>` and the query
/// `query=…&sort=…&page=…&size=…[&target=…]`. The key goes nowhere else: the client's descriptions and mirror leave
/// it out, redirects are never followed (Kakao does not redirect; a redirect would carry the header to another
/// address), the base URL must be `https` unless it is a loopback address (tests), and Kakao's error messages are
/// stripped of it. Nothing is cached and no cookies are kept.
public struct KakaoBookClient: Sendable, CustomStringConvertible, CustomReflectable {
    /// Kakao's API host, `https://dapi.kakao.com`.
    public static let defaultBaseURL: URL = URL(string: "https://dapi.kakao.com") ?? URL(fileURLWithPath: "/")

    /// The path of the book search below the base URL.
    public static let searchPath = "/v3/search/book"

    /// The largest `page` and `size` Kakao accepts.
    public static let maximumPage = 50
    /// The largest `size` Kakao accepts.
    public static let maximumSize = 50

    /// Where requests go: ``defaultBaseURL``, or a compatible server (a test's).
    public let baseURL: URL
    /// Seconds to wait for a whole response before ``KakaoError/timedOut(seconds:)``.
    public let timeout: TimeInterval
    private let key: KakaoRESTAPIKey
    private let transport: APIClient

    /// A client that sends `key` to `baseURL`.
    /// - Parameters:
    ///   - key: The REST API key from Kakao's developer console.
    ///   - baseURL: ``defaultBaseURL`` unless testing against a compatible server; a path in it is kept
    ///     (`http://127.0.0.1:9000/kakao` + `/v3/search/book`).
    ///   - timeout: Seconds to wait for a whole response, 10 by default; zero or less means no limit of the client's
    ///     own.
    ///   - session: The session to send with; by default an ephemeral one (no cache, no cookies) that never follows
    ///     redirects. A session of your own should refuse redirects too.
    /// - Throws: ``KakaoError/insecureBaseURL(_:)`` unless `baseURL` is `https` with a host, or `http` to
    ///   `127.0.0.1`, `::1` or `localhost`.
    public init(
        key: KakaoRESTAPIKey,
        baseURL: URL = KakaoBookClient.defaultBaseURL,
        timeout: TimeInterval = 10,
        session: URLSession = KakaoBookClient.noRedirectSession
    ) throws(KakaoError) {
        let scheme = baseURL.scheme?.lowercased()
        let host = (baseURL.host ?? "").lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let loopback = ["127.0.0.1", "::1", "localhost"].contains(host)
        guard !host.isEmpty, scheme == "https" || (scheme == "http" && loopback) else {
            throw .insecureBaseURL(baseURL.absoluteString)
        }
        self.key = key
        self.baseURL = baseURL
        self.timeout = timeout
        transport = APIClient(baseURL: baseURL, timeout: timeout, session: session)
    }

    /// An ephemeral session (no cache, no cookies) that refuses every redirect, so the `Authorization` header is
    /// only ever sent to the address asked for.
    public static let noRedirectSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }()

    /// Searches Kakao's books: one request, `GET /v3/search/book`.
    /// - Parameters:
    ///   - query: What to look for; surrounding whitespace is removed. Percent-encoded whole (`&`, `+`, `=`, `#`
    ///     included), so it can never add a parameter of its own.
    ///   - sort: ``KakaoBookSort/accuracy`` by default.
    ///   - page: 1...50.
    ///   - size: Books per page, 1...50; 10 by default.
    ///   - target: The field to search; `nil` for all.
    /// - Returns: The page of books, quirks smoothed (see ``KakaoBook``).
    /// - Throws: ``KakaoError``: `.invalidRequest` before sending anything, `.unauthorized` for 401,
    ///   `.quotaExceeded` for 429, `.badStatus` for other statuses, `.timedOut`, `.transport`, `.decodingFailed`.
    public func search(
        _ query: String,
        sort: KakaoBookSort = .accuracy,
        page: Int = 1,
        size: Int = 10,
        target: KakaoBookTarget? = nil
    ) async throws(KakaoError) -> KakaoBookSearchResponse {
        let url = try searchURL(query, sort: sort, page: page, size: size, target: target)
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout > 0 ? timeout : 60)
        request.httpMethod = "GET"
        request.setValue(key.authorization, forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.httpShouldHandleCookies = false

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await transport.dataWithDeadline(for: request)
        } catch {
            let urlError = APIClient.urlError(from: error)
            if urlError.code == .timedOut { throw .timedOut(seconds: timeout) }
            throw .transport(urlError)
        }
        guard let http = response as? HTTPURLResponse else {
            throw .badStatus(code: 0, message: "the answer was not HTTP")
        }
        guard (200...299).contains(http.statusCode) else {
            throw failure(status: http.statusCode, body: data, location: http.value(forHTTPHeaderField: "Location"))
        }
        do {
            return try JSONDecoder().decode(KakaoBookSearchResponse.self, from: data)
        } catch let error as DecodingError {
            guard case .decodingFailed(let path, let message) = APIClient.decodingFailure(error) else {
                throw .decodingFailed(codingPath: [], message: key.redacting(String(describing: error)))
            }
            throw .decodingFailed(codingPath: path, message: key.redacting(message))
        } catch {
            throw .decodingFailed(codingPath: [], message: key.redacting(String(describing: error)))
        }
    }

    /// The exact URL ``search(_:sort:page:size:target:)`` requests, parameters in the order
    /// `query`, `sort`, `page`, `size`, `target`; only unreserved characters (`A–Z a–z 0–9 - . _ ~`) are left
    /// unescaped, so a space is `%20` and `+` is `%2B`.
    /// - Throws: ``KakaoError/invalidRequest(_:)`` for an empty query, or a page or size outside 1...50.
    public func searchURL(
        _ query: String,
        sort: KakaoBookSort = .accuracy,
        page: Int = 1,
        size: Int = 10,
        target: KakaoBookTarget? = nil
    ) throws(KakaoError) -> URL {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidRequest("the query is empty") }
        guard (1...Self.maximumPage).contains(page) else {
            throw .invalidRequest("page must be from 1 to \(Self.maximumPage), not \(page)")
        }
        guard (1...Self.maximumSize).contains(size) else {
            throw .invalidRequest("size must be from 1 to \(Self.maximumSize), not \(size)")
        }
        var parameters = [("query", trimmed), ("sort", sort.rawValue), ("page", String(page)), ("size", String(size))]
        if let target { parameters.append(("target", target.rawValue)) }
        let query = parameters.map { "\($0.0)=\(Self.percentEncoded($0.1))" }.joined(separator: "&")
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
            throw .insecureBaseURL(baseURL.absoluteString)
        }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        components.percentEncodedPath = basePath + Self.searchPath
        components.percentEncodedQuery = query
        components.percentEncodedFragment = nil
        guard let url = components.url else { throw .insecureBaseURL(baseURL.absoluteString) }
        return url
    }

    /// `text` percent-encoded as UTF-8, leaving only RFC 3986's unreserved characters as they are.
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }

    /// `KakaoBookClient(https://dapi.kakao.com, key redacted)`.
    public var description: String { "KakaoBookClient(\(baseURL.absoluteString), key redacted)" }

    /// The base URL and timeout only.
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": baseURL, "timeout": timeout], displayStyle: .struct)
    }

    /// The typed error for a non-2xx answer, with Kakao's message (key removed).
    private func failure(status: Int, body: Data, location: String?) -> KakaoError {
        let reply = KakaoErrorReply(body: body)
        var message = reply.message
        if (300...399).contains(status) {
            message = "a redirect\(location.map { " to \($0)" } ?? "") was not followed"
        }
        message = key.redacting(message)
        switch status {
        case 401: return .unauthorized(message: message)
        case 429: return .quotaExceeded(message: message)
        case 400 where reply.code == -10: return .quotaExceeded(message: message)
        default: return .badStatus(code: status, message: message)
        }
    }
}

/// Kakao's error body: `{"errorType":"AccessDeniedError","message":"…"}` from `dapi.kakao.com`, or
/// `{"code":-10,"msg":"…"}` from its other hosts; anything else is read as text.
struct KakaoErrorReply {
    /// Kakao's `message` or `msg`; otherwise the first 200 characters of the body on one line; `""` for none.
    let message: String
    /// Kakao's numeric `code`, when the body has one.
    let code: Int?

    init(body: Data) {
        let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        let text = (object?["message"] as? String) ?? (object?["msg"] as? String)
        code = (object?["code"] as? NSNumber)?.intValue
        let raw = text ?? String(decoding: body.prefix(200), as: UTF8.self)
        message = raw.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
    }
}

/// A session delegate that answers every redirect by not following it (the redirect response itself is returned).
final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
