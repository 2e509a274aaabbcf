import BookStore
import Foundation
import HTTP
import Networking
import OpenSwiftData
import Testing

/// A catalog whose one book carries markup in every field Kakao sends.
private struct HostileCatalog: BookCatalog {
    static let payload = "<script>alert(1)</script>\"'><img src=x onerror=alert(2)>&amp;"
    static let book = KakaoBook(
        title: "T" + payload, contents: "C" + payload, url: "javascript:alert(3)", isbns: ["9780000000001"],
        datetime: nil, authors: ["A" + payload, "B" + payload], publisher: "P" + payload, translators: ["R" + payload],
        price: 1000, salePrice: 900, thumbnail: "javascript:alert(4)", status: "S" + payload
    )
    var isOffline: Bool { false }
    func search(query: String, page: Int, size: Int) async throws -> BookSearchResult {
        BookSearchResult(query: query, page: page, books: [Self.book], isEnd: false, totalCount: 1, isOffline: false)
    }
    func book(isbn: String) async throws -> KakaoBook? { Self.book.hasISBN(isbn) ? Self.book : nil }
}

@MainActor
@Suite("BookStore HTML escaping")
struct BookStoreEscapingTests {
    private func router() throws -> Router {
        let container = try ModelContainer(
            for: MarkedBookModel.self, migrationPlan: BookStoreMigrationPlan.self,
            configurations: ModelConfiguration(isStoredInMemoryOnly: true)
        )
        let controller = BookStoreController(
            search: BookSearchViewModel(catalog: HostileCatalog()),
            marked: try MarkedBookViewModel(context: ModelContext(container)),
            log: { _ in }
        )
        var router = Router()
        BookStoreRoutes.register(controller, on: &router)
        return router
    }

    /// The payload as it must appear: escaped text.
    private let escaped =
        "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&gt;&lt;img src=x onerror=alert(2)&gt;&amp;amp;"

    private func assertSafe(_ html: String, _ label: String, fields: [String]) {
        #expect(!html.contains("<script"), "\(label)")
        #expect(!html.contains("<img src=x"), "\(label)")
        #expect(!html.contains("javascript:"), "\(label)")
        #expect(!html.contains("onerror=alert(2)>"), "\(label)")
        for field in fields {
            #expect(html.contains(field + escaped), "\(label): \(field)")
        }
    }

    @Test("A hostile title, authors, publisher, translators, contents and status show as text on every page")
    func everyFieldIsEscaped() async throws {
        let router = try router()
        let query = "<b>q</b>\"'"
        func html(_ request: HTTPRequest) async -> String {
            String(decoding: await router.respond(to: request).body, as: UTF8.self)
        }
        let search = await html(try #require(HTTPRequest(method: .get, target: "/books?query=\(formEncoded(query))")))
        assertSafe(search, "search", fields: ["T", "A"])
        #expect(search.contains("value=\"&lt;b&gt;q&lt;/b&gt;&quot;&#39;\""))
        #expect(!search.contains("<b>q</b>"))

        let detailTarget = "/books/book/9780000000001?query=\(formEncoded(query))&page=1"
        let detail = await html(try #require(HTTPRequest(method: .get, target: detailTarget)))
        assertSafe(detail, "detail", fields: ["T", "A", "P", "R", "C", "S"])
        #expect(detail.contains("<span class=\"cover large\"></span>"))  // a javascript: thumbnail is not used

        let save = HTTPRequest(
            method: .post, path: "/books/saved", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data("isbn=9780000000001&query=\(formEncoded(query))&page=1".utf8)
        )
        #expect(await router.respond(to: save).status == .seeOther)
        let saved = await html(HTTPRequest(path: "/books/saved"))
        assertSafe(saved, "saved", fields: ["T", "A"])
        let savedDetail = await html(
            try #require(HTTPRequest(method: .get, target: "/books/book/9780000000001?from=saved")))
        assertSafe(savedDetail, "saved detail", fields: ["T", "A", "P", "R", "C", "S"])
        let confirm = await html(HTTPRequest(path: "/books/saved/9780000000001/delete"))
        assertSafe(confirm, "confirm", fields: ["T"])

        // The JSON API carries the text as it is (JSON-escaped, not HTML-escaped).
        let api = await router.respond(to: HTTPRequest(path: "/api/books/saved"))
        let books = try JSONDecoder().decode(SavedList.self, from: api.body).books
        #expect(books.first?.title == "T" + HostileCatalog.payload)
    }
}
