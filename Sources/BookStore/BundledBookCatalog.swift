import Foundation
import Networking

/// Books from real Kakao responses bundled with the BookStore (`Resources/kakao-books`): the app's offline mode.
///
/// `index.json` names the request behind each saved response (query, page, size). A search is answered only when a
/// bundled response is for that query — compared after trimming, collapsing runs of whitespace, Unicode NFC and
/// lower-casing — and that page; the response is returned as saved, with its own `is_end` and `total_count`,
/// whatever `size` asks (the responses were saved with size 10, or 5 for `이펙티브`), and says whether the next
/// page is bundled too (``BookSearchResult/nextPageIsBundled``: Kakao's `is_end` may promise more). Anything else is an empty
/// page whose ``BookSearchResult/offlineMiss`` says so, never a made-up book. ``book(isbn:)`` looks through every
/// bundled book, in the order of `index.json`.
///
/// The files are decoded once, at creation; searches do no I/O.
public struct BundledBookCatalog: BookCatalog {
    /// One bundled response and the request it answered.
    public struct Response: Sendable, Hashable {
        /// The query as it was sent.
        public var query: String
        /// The page asked for.
        public var page: Int
        /// The size asked for.
        public var size: Int
        /// The file's name in the folder.
        public var file: String
        /// Kakao's answer.
        public var body: KakaoBookSearchResponse
    }

    /// Every bundled response, in the order of `index.json`.
    public let responses: [Response]

    /// Loads the bundled responses (see ``bundledResponsesURL()``).
    /// - Throws: ``BookCatalogError``.
    public init() throws(BookCatalogError) {
        try self.init(contentsOf: Self.bundledResponsesURL())
    }

    /// Loads the responses `folder/index.json` lists.
    /// - Parameter folder: A folder with an `index.json` of the form
    ///   `{"responses": [{"file": "…json", "query": "…", "page": 1, "size": 10}, …]}` and the files it names.
    /// - Throws: ``BookCatalogError/unreadable(path:reason:)`` or ``BookCatalogError/decodingFailed(file:codingPath:reason:)``.
    public init(contentsOf folder: URL) throws(BookCatalogError) {
        struct Index: Decodable {
            struct Entry: Decodable {
                var file: String
                var query: String
                var page: Int
                var size: Int
            }
            var responses: [Entry]
        }
        let index: Index
        do {
            index = try JSONDecoder().decode(
                Index.self, from: try Self.read(folder.appendingPathComponent("index.json")))
        } catch let error as BookCatalogError {
            throw error
        } catch {
            throw .decoding(error, file: "index.json")
        }
        var responses: [Response] = []
        for entry in index.responses {
            // A name with a path in it would read outside the folder.
            guard !entry.file.contains("/"), !entry.file.hasPrefix(".") else {
                throw .decodingFailed(
                    file: "index.json", codingPath: "responses.file", reason: "\(entry.file) is not a file name")
            }
            let data = try Self.read(folder.appendingPathComponent(entry.file))
            do {
                let body = try JSONDecoder().decode(KakaoBookSearchResponse.self, from: data)
                responses.append(
                    Response(query: entry.query, page: entry.page, size: entry.size, file: entry.file, body: body))
            } catch {
                throw .decoding(error, file: entry.file)
            }
        }
        self.responses = responses
    }

    /// `true`.
    public var isOffline: Bool { true }

    /// The queries the bundled responses answer, in the order of `index.json`, each once.
    public var bundledQueries: [String] {
        var seen = Set<String>()
        return responses.map(\.query).filter { seen.insert(Self.normalizedQuery($0)).inserted }
    }

    /// The bundled response for `query` and `page`; otherwise an empty page with the reason. Never throws.
    public func search(query: String, page: Int, size: Int) async throws -> BookSearchResult {
        let wanted = Self.normalizedQuery(query)
        let forQuery = responses.filter { Self.normalizedQuery($0.query) == wanted }
        guard !forQuery.isEmpty else {
            return BookSearchResult(
                query: query, page: page, books: [], isEnd: true, totalCount: 0, isOffline: true,
                offlineMiss: .query(bundledQueries: bundledQueries)
            )
        }
        guard let response = forQuery.first(where: { $0.page == page }) else {
            return BookSearchResult(
                query: query, page: page, books: [], isEnd: true, totalCount: forQuery[0].body.meta.totalCount,
                isOffline: true, offlineMiss: .page(bundledPages: forQuery.map(\.page).sorted())
            )
        }
        return BookSearchResult(
            query: query, page: page, books: response.body.documents, isEnd: response.body.meta.isEnd,
            totalCount: response.body.meta.totalCount, isOffline: true,
            nextPageIsBundled: forQuery.contains { $0.page == page + 1 }
        )
    }

    /// The first bundled book with this ISBN, or `nil`. Never throws.
    public func book(isbn: String) async throws -> KakaoBook? {
        for response in responses {
            if let book = response.body.documents.first(where: { $0.hasISBN(isbn) }) { return book }
        }
        return nil
    }

    /// A query as compared: trimmed, whitespace runs as one space, NFC, lower-cased.
    public static func normalizedQuery(_ query: String) -> String {
        query.precomposedStringWithCanonicalMapping
            .split(whereSeparator: { $0.isWhitespace })
            .joined(separator: " ")
            .lowercased()
    }

    /// Where the bundled `kakao-books` folder is.
    ///
    /// Looks where SwiftPM's generated `Bundle.module` looks first — a `…_BookStore.resources` (Linux) or
    /// `…_BookStore.bundle` (Apple platforms) folder next to the executable — but without `Bundle.module`'s
    /// `fatalError` when it is missing; then in this module's source checkout (test runners on Apple platforms).
    /// - Returns: A `file:` URL of a folder holding `index.json`.
    /// - Throws: ``BookCatalogError/resourceMissing(searched:)`` listing every place tried.
    public static func bundledResponsesURL() throws(BookCatalogError) -> URL {
        let fileManager = FileManager.default
        var searched: [String] = []
        let executableDirectory = Bundle.main.bundleURL
        let entries =
            (try? fileManager.contentsOfDirectory(at: executableDirectory, includingPropertiesForKeys: nil)) ?? []
        let bundleFolders =
            entries
            .filter {
                $0.lastPathComponent.hasSuffix("_BookStore.resources")
                    || $0.lastPathComponent.hasSuffix("_BookStore.bundle")
            }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        for folder in bundleFolders {
            for candidate in [
                folder.appendingPathComponent("kakao-books"),
                folder.appendingPathComponent("Contents/Resources/kakao-books"),
            ] {
                if fileManager.fileExists(atPath: candidate.appendingPathComponent("index.json").path) {
                    return candidate
                }
                searched.append(candidate.path)
            }
        }
        if bundleFolders.isEmpty {
            searched.append(executableDirectory.appendingPathComponent("<package>_BookStore.resources").path)
        }
        let sourceCopy = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .appendingPathComponent("Resources/kakao-books")
        if fileManager.fileExists(atPath: sourceCopy.appendingPathComponent("index.json").path) { return sourceCopy }
        searched.append(sourceCopy.path)
        throw .resourceMissing(searched: searched)
    }

    private static func read(_ url: URL) throws(BookCatalogError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
    }
}
