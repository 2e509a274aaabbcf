import BookStore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTP
import Networking
import OpenSwiftData
import Synchronization
import Testing

/// A folder removed when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("bookstore-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Collects log lines.
final class LogLines: Sendable {
    private let storage = Mutex<[String]>([])
    var lines: [String] { storage.withLock { $0 } }
    func append(_ line: String) { storage.withLock { $0.append(line) } }
}

/// What a fresh container reads from the store file: the saved books' ISBNs in the list's order, and their authors.
func storedBooks(at url: URL) throws -> [(isbn: String, authors: String)] {
    let container = try ModelContainer(
        for: MarkedBookModel.self, migrationPlan: BookStoreMigrationPlan.self,
        configurations: ModelConfiguration(url: url)
    )
    return try ModelContext(container).fetch(FetchDescriptor<MarkedBookModel>(sortBy: [SortDescriptor(\.savedAt)]))
        .map { ($0.isbn, $0.authors) }
}

/// The BookStore's routes on a real HTTP server over a store file: what the showcase runs, without the other apps.
@MainActor
final class BookStoreServer {
    let storeURL: URL
    let catalog: @Sendable () throws -> any BookCatalog
    let log = LogLines()
    private(set) var server: HTTPServer?

    init(storeURL: URL, catalog: @escaping @Sendable () throws -> any BookCatalog) throws {
        self.storeURL = storeURL
        self.catalog = catalog
        try start()
    }

    /// Opens the store and serves; the port is new each time.
    func start() throws {
        let container = try ModelContainer(
            for: MarkedBookModel.self, migrationPlan: BookStoreMigrationPlan.self,
            configurations: ModelConfiguration(url: storeURL)
        )
        let log = self.log
        let controller = BookStoreController(
            search: BookSearchViewModel(catalog: try catalog()),
            marked: try MarkedBookViewModel(context: ModelContext(container)),
            log: { log.append($0) }
        )
        var router = Router()
        BookStoreRoutes.register(controller, on: &router)
        let server = HTTPServer(port: 0, router: router)
        try server.start()
        self.server = server
    }

    /// Stops serving and lets go of the store; then starts again from the file, as a restarted showcase does.
    func restart() async throws {
        await stop()
        try start()
    }

    func stop() async {
        await server?.shutdown()
        server = nil
    }

    var baseURL: URL { server?.baseURL ?? URL(fileURLWithPath: "/") }
}

/// An HTTP exchange as a test sees it.
struct Exchange {
    var status: Int
    var headers: [String: String]
    var body: Data
    var text: String { String(decoding: body, as: UTF8.self) }

    func json<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: body)
    }

    /// The `{"error": …}` message.
    var error: String? {
        (try? JSONDecoder().decode([String: String].self, from: body))?["error"]
    }
}

/// Does not follow redirects, so tests see the 303s and their cookies.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

private let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpShouldSetCookies = false
    configuration.urlCache = nil
    return URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
}()

/// Sends one request to `base` + `path` (a path with its query already percent-encoded). JSON bodies go as
/// `Content-Type: application/json`, forms as `application/x-www-form-urlencoded`. Every answer under `/api` is
/// expected to be `application/json; charset=utf-8`, and every answer to carry the security policy's headers.
func send(
    _ method: String, _ path: String, to base: URL, json: String? = nil, form: [(String, String)]? = nil,
    headers: [String: String] = [:]
) async throws -> Exchange {
    let url = try #require(URL(string: base.absoluteString + path))
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 30)
    request.httpMethod = method
    request.httpShouldHandleCookies = false
    if let json {
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(json.utf8)
    }
    if let form {
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(form.map { "\(formEncoded($0.0))=\(formEncoded($0.1))" }.joined(separator: "&").utf8)
    }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await session.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    var fields: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
        if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
    }
    if path.hasPrefix("/api/") {
        #expect(fields["content-type"] == "application/json; charset=utf-8", "\(method) \(path)")
    }
    #expect(fields["content-security-policy"] == HTTPSecurityPolicy.contentSecurityPolicy, "\(method) \(path)")
    #expect(fields["x-content-type-options"] == "nosniff", "\(method) \(path)")
    return Exchange(status: http.statusCode, headers: fields, body: data)
}

/// Percent-encodes everything but unreserved characters (for query strings and form bodies alike).
func formEncoded(_ text: String) -> String {
    var allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    allowed.remove(charactersIn: "")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
}

/// The saved list's JSON, in the order shown.
struct SavedList: Decodable, Equatable {
    struct Book: Decodable, Equatable {
        var isbn: String
        var title: String
        var authors: String
        var publisher: String
        var price: Int
        var salePrice: Int?
        var thumbnail: String
        var contents: String
        var status: String
    }
    var books: [Book]
    var canUndo: Bool
    var canRedo: Bool

    var isbns: [String] { books.map(\.isbn) }
}
