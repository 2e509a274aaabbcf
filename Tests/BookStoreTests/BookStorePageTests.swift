import BookStore
import Foundation
import HTTP
import Networking
import OpenSwiftData
import Testing

/// The pages, through the controller: what they show, where they lead, the one-time notices, the buttons' states.
@MainActor
@Suite("BookStore pages")
struct BookStorePageTests {
    let log = LogLines()

    private func makeController(catalog: (any BookCatalog)? = nil) throws -> (BookStoreController, MarkedBookViewModel)
    {
        let container = try ModelContainer(
            for: MarkedBookModel.self, migrationPlan: BookStoreMigrationPlan.self,
            configurations: ModelConfiguration(isStoredInMemoryOnly: true)
        )
        let marked = try MarkedBookViewModel(context: ModelContext(container))
        let log = self.log
        let controller = BookStoreController(
            search: BookSearchViewModel(catalog: try catalog ?? BundledBookCatalog()), marked: marked,
            log: { log.append($0) }
        )
        return (controller, marked)
    }

    private func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    private func get(_ target: String, cookie: String? = nil, parameters: [String: String] = [:]) throws -> HTTPRequest
    {
        var request = try #require(HTTPRequest(method: .get, target: target))
        request.pathParameters = parameters
        if let cookie { request.headers["Cookie"] = cookie }
        return request
    }

    private func post(_ path: String, form: [(String, String)] = [], parameters: [String: String] = [:]) -> HTTPRequest
    {
        let body = form.map { "\(formEncoded($0.0))=\(formEncoded($0.1))" }.joined(separator: "&")
        return HTTPRequest(
            method: .post, path: path, headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data(body.utf8), pathParameters: parameters
        )
    }

    /// `books_notice=<token>` from a response's `Set-Cookie`: the token only, kept a minute, never sent cross-site.
    private func noticeCookie(_ response: HTTPResponse) throws -> String {
        let header = try #require(response.headers["Set-Cookie"])
        #expect(header.hasPrefix("books_notice="))
        #expect(header.hasSuffix("; Path=/; Max-Age=60; HttpOnly; SameSite=Strict"))
        return String(try #require(header.split(separator: ";").first))
    }

    let query = "미움받을 용기"
    var encodedQuery: String { formEncoded(query) }

    @Test("Search: the offline banner, rows linking to their detail with query and page, Next only to a bundled page")
    func searchPage() async throws {
        let (controller, _) = try makeController()
        let empty = text(await controller.searchPage(try get("/books")))
        #expect(empty.contains("<html lang=\"ko\">"))
        #expect(empty.contains("class=\"notice warning offline\""))
        #expect(empty.contains("<strong>오프라인</strong>"))
        #expect(empty.contains("<a href=\"/books?query=\(encodedQuery)&amp;page=1\">미움받을 용기</a>"))
        #expect(!empty.contains("class=\"books\""))

        let page = text(await controller.searchPage(try get("/books?query=\(encodedQuery)")))
        #expect(page.contains("“미움받을 용기” 검색 결과 15권 · 1쪽"))
        #expect(page.components(separatedBy: "<li class=\"book\">").count - 1 == 10)
        #expect(page.contains("href=\"/books/book/9788996991342?query=\(encodedQuery)&amp;page=1\""))
        #expect(page.contains("<span class=\"title\">미움받을 용기</span><span class=\"authors\">기시미 이치로, 고가 후미타케</span>"))
        #expect(page.contains("정가 14,900원</span> <span class=\"sale-price\">판매가 13,410원</span>"))
        #expect(page.contains("<span class=\"list-price\">11,900원</span>"))  // sale_price -1: no sale price
        #expect(page.contains("가격 정보 없음"))  // the sample with price 0
        // Kakao says there is more (is_end false), but page 2 is not bundled: no Next (a dead end), and the page
        // says what would show more.
        #expect(!page.contains("rel=\"next\""))
        #expect(page.contains("<p class=\"muted more-offline\">더 많은 결과는 Kakao REST API 키가 있어야 볼 수 있습니다.</p>"))
        #expect(!page.contains("rel=\"prev\""))
        #expect(page.contains("value=\"미움받을 용기\""))

        // Page 2 is not bundled: said so, with Previous and no Next.
        let second = text(await controller.searchPage(try get("/books?query=\(encodedQuery)&page=2")))
        #expect(second.contains("오프라인에서는 “미움받을 용기”의 2쪽이 없습니다. 앱에 담긴 카카오 응답은 1쪽뿐입니다."))
        #expect(second.contains("rel=\"prev\" href=\"/books?query=\(encodedQuery)&amp;page=1\""))
        #expect(!second.contains("rel=\"next\""))
        #expect(!second.contains("<li class=\"book\">"))

        // is_end true: no pager at all.
        let single = text(await controller.searchPage(try get("/books?query=8996991341%209788996991342")))
        #expect(single.components(separatedBy: "<li class=\"book\">").count - 1 == 1)
        #expect(!single.contains("class=\"pager\""))
        #expect(!single.contains("more-offline"))

        // A query the bundled responses do not answer: an honest no.
        let miss = text(await controller.searchPage(try get("/books?query=%ED%95%B4%EB%A6%AC%ED%8F%AC%ED%84%B0")))
        #expect(miss.contains("오프라인에서는 “해리포터”의 검색 결과가 없습니다."))
        #expect(!miss.contains("<li class=\"book\">"))

        let bad = await controller.searchPage(try get("/books?query=x&page=99"))
        #expect(bad.status == .badRequest)
    }

    @Test("Detail: every field; Close back to the same query and page; Save posts the ISBN and the way back")
    func detailPage() async throws {
        let (controller, _) = try makeController()
        let response = await controller.detailPage(
            try get(
                "/books/book/9788996991342?query=\(encodedQuery)&page=1", parameters: ["isbn": "9788996991342"]
            ))
        #expect(response.status == .ok)
        #expect(response.headers["Cache-Control"] == "no-store")
        let page = text(response)
        #expect(page.contains("<h1>미움받을 용기</h1>"))
        for fact in [
            "<dd class=\"authors\">기시미 이치로, 고가 후미타케</dd>", "<dd class=\"translators\">전경아</dd>",
            "<dd class=\"publisher\">인플루엔셜</dd>", "<dd class=\"date\">2014-11-17</dd>",
            "<dd class=\"status\">정상판매</dd>", "<dd class=\"isbn\">9788996991342</dd>", "판매가 13,410원",
            // The result the user clicked (its contents are cut differently from the ISBN response's).
            "<p class=\"contents\">그의 고민에 “인간은 변할 수 있고", "src=\"https://search1.kakaocdn.net/thumb/",
        ] {
            #expect(page.contains(fact), "\(fact)")
        }
        #expect(page.contains("<a class=\"button secondary\" href=\"/books?query=\(encodedQuery)&amp;page=1\">닫기</a>"))
        #expect(page.contains("<input type=\"hidden\" name=\"isbn\" value=\"9788996991342\">"))
        #expect(page.contains("<input type=\"hidden\" name=\"query\" value=\"미움받을 용기\">"))
        #expect(page.contains("<input type=\"hidden\" name=\"page\" value=\"1\">"))
        #expect(page.contains("<button type=\"submit\">담기</button>"))

        // The book without a cover or contents, and with an empty status.
        let bare = text(
            await controller.detailPage(
                try get(
                    "/books/book/9787111495482?query=\(encodedQuery)&page=1", parameters: ["isbn": "9787111495482"]
                )))
        #expect(bare.contains("<span class=\"cover large\"></span>"))
        #expect(bare.contains("소개가 없습니다."))
        let sample = text(
            await controller.detailPage(
                try get(
                    "/books/book/480D150405880?query=\(encodedQuery)&page=1", parameters: ["isbn": "480D150405880"]
                )))
        #expect(sample.contains("<dd class=\"status\">정보 없음</dd>"))

        let missing = await controller.detailPage(
            try get("/books/book/9780000000000", parameters: ["isbn": "9780000000000"]))
        #expect(missing.status == .notFound)
    }

    @Test("Save: 책이 리스트에 추가되었습니다 once, then 이미 담긴 책입니다; never from the URL, never on reload")
    func saveNotices() async throws {
        let (controller, marked) = try makeController()
        let detail = "/books/book/9788996991342?query=\(encodedQuery)&page=1"
        let form = [("isbn", "9788996991342"), ("query", query), ("page", "1")]

        let saved = await controller.saveForm(post("/books/saved", form: form))
        #expect(saved.status == .seeOther)
        #expect(saved.headers["Location"] == detail)
        let cookie = try noticeCookie(saved)
        #expect(marked.books.map(\.isbn) == ["9788996991342"])

        let shown = await controller.detailPage(try get(detail, cookie: cookie, parameters: ["isbn": "9788996991342"]))
        #expect(text(shown).contains("<p class=\"notice\" role=\"status\">책이 리스트에 추가되었습니다.</p>"))
        #expect(shown.headers["Cache-Control"] == "no-store")
        // Reloading (even with the old cookie) shows no notice.
        let reloaded = text(
            await controller.detailPage(try get(detail, cookie: cookie, parameters: ["isbn": "9788996991342"])))
        #expect(!reloaded.contains("class=\"notice"))

        let again = await controller.saveForm(post("/books/saved", form: form))
        let duplicate = text(
            await controller.detailPage(
                try get(detail, cookie: try noticeCookie(again), parameters: ["isbn": "9788996991342"])))
        #expect(duplicate.contains("<p class=\"notice warning\" role=\"alert\">이미 담긴 책입니다.</p>"))
        #expect(marked.books.count == 1)

        // A URL cannot make the page claim anything.
        for target in [detail + "&notice=added", detail + "&notice=duplicate"] {
            #expect(
                !text(await controller.detailPage(try get(target, parameters: ["isbn": "9788996991342"]))).contains(
                    "class=\"notice"))
        }
        #expect(!text(await controller.savedPage(try get("/books/saved?notice=deleted"))).contains("class=\"notice"))
        // A notice is for the page it was left for.
        let another = await controller.saveForm(
            post("/books/saved", form: [("isbn", "9791186560655"), ("query", query), ("page", "1")]))
        #expect(
            !text(await controller.savedPage(try get("/books/saved", cookie: try noticeCookie(another)))).contains(
                "class=\"notice"))
        // The same edition's title, another ISBN: a different book, saved.
        _ = await controller.saveForm(
            post("/books/saved", form: [("isbn", "9788996991359"), ("query", query), ("page", "1")]))
        #expect(marked.books.map(\.title) == ["미움받을 용기", "미움받을 용기(특별 합본호)(한정판)(양장본 HardCover)", "미움받을 용기"])
    }

    @Test("Saved books: Undo and Redo disabled exactly when canUndo and canRedo are false; the empty notice")
    func savedPage() async throws {
        let (controller, marked) = try makeController()
        func page() async throws -> String { text(await controller.savedPage(try get("/books/saved"))) }
        func check(_ expected: (undo: Bool, redo: Bool)) async throws {
            #expect((marked.canUndo, marked.canRedo) == expected)
            let html = try await page()
            #expect(html.contains("id=\"undo\" disabled>Undo</button>") == !marked.canUndo)
            #expect(html.contains("id=\"undo\">Undo</button>") == marked.canUndo)
            #expect(html.contains("id=\"redo\" disabled>Redo</button>") == !marked.canRedo)
            #expect(html.contains("id=\"redo\">Redo</button>") == marked.canRedo)
        }
        let empty = try await page()
        #expect(empty.contains("<p class=\"empty\">담은 책이 없습니다</p>"))
        try await check((false, false))
        #expect(text(await controller.confirmDeleteAllPage(try get("/books/saved/delete-all"))).contains("담은 책이 없습니다."))

        let form = [("isbn", "9788996991342"), ("query", query), ("page", "1")]
        _ = await controller.saveForm(post("/books/saved", form: form))
        try await check((true, false))
        let list = try await page()
        #expect(list.contains("href=\"/books/book/9788996991342?from=saved\""))
        #expect(
            list.contains(
                "<a class=\"delete-link\" href=\"/books/saved/9788996991342/delete\" aria-label=\"“미움받을 용기” 삭제\">삭제</a>"
            ))
        #expect(list.contains("담은 책 리스트 (1)"))

        let undo = await controller.undoForm(post("/books/saved/undo"))
        #expect(undo.headers["Location"] == "/books/saved")
        #expect(
            text(await controller.savedPage(try get("/books/saved", cookie: try noticeCookie(undo)))).contains(
                "마지막 변경을 되돌렸습니다"))
        try await check((false, true))
        let nothing = await controller.undoForm(post("/books/saved/undo"))
        #expect(
            text(await controller.savedPage(try get("/books/saved", cookie: try noticeCookie(nothing)))).contains(
                "되돌릴 변경이 없습니다."))
        _ = await controller.redoForm(post("/books/saved/redo"))
        try await check((true, false))

        // Delete one behind a confirmation; a second post says it is gone.
        let confirm = text(
            await controller.confirmDeletePage(
                try get("/books/saved/9788996991342/delete", parameters: ["isbn": "9788996991342"])))
        #expect(confirm.contains("<form method=\"post\" action=\"/books/saved/9788996991342/delete\">"))
        let deleted = await controller.deleteForm(
            post("/books/saved/9788996991342/delete", parameters: ["isbn": "9788996991342"]))
        #expect(
            text(await controller.savedPage(try get("/books/saved", cookie: try noticeCookie(deleted)))).contains(
                "“미움받을 용기” 책을 리스트에서 삭제했습니다."))
        let twice = await controller.deleteForm(
            post("/books/saved/9788996991342/delete", parameters: ["isbn": "9788996991342"]))
        #expect(
            text(await controller.savedPage(try get("/books/saved", cookie: try noticeCookie(twice)))).contains(
                "그 책은 이미 리스트에 없습니다."))
        #expect(
            await controller.confirmDeletePage(
                try get("/books/saved/9788996991342/delete", parameters: ["isbn": "9788996991342"])
            ).status == .notFound)

        // Delete all behind a confirmation; one Undo brings them all back.
        _ = await controller.undoForm(post("/books/saved/undo"))
        _ = await controller.saveForm(
            post("/books/saved", form: [("isbn", "9791186560655"), ("query", query), ("page", "1")]))
        #expect(
            text(await controller.confirmDeleteAllPage(try get("/books/saved/delete-all"))).contains(
                "담은 책 2권을 모두 삭제할까요?"))
        let all = await controller.deleteAllForm(post("/books/saved/delete-all"))
        let afterAll = text(await controller.savedPage(try get("/books/saved", cookie: try noticeCookie(all))))
        #expect(afterAll.contains("담은 책 2권을 모두 삭제했습니다."))
        #expect(afterAll.contains("<p class=\"empty\">담은 책이 없습니다</p>"))
        _ = await controller.undoForm(post("/books/saved/undo"))
        #expect(marked.books.map(\.isbn) == ["9788996991342", "9791186560655"])
    }

    @Test("A saved book's detail: from the store, Close back to the list, no Save")
    func savedDetail() async throws {
        let (controller, _) = try makeController()
        _ = await controller.saveForm(post("/books/saved", form: [("isbn", "8996991341")]))
        let page = text(
            await controller.detailPage(
                try get("/books/book/9788996991342?from=saved", parameters: ["isbn": "9788996991342"])))
        #expect(page.contains("<a class=\"button secondary\" href=\"/books/saved\">닫기</a>"))
        #expect(!page.contains("담기</button>"))
        #expect(page.contains("<dd class=\"authors\">기시미 이치로, 고가 후미타케</dd>"))
        #expect(
            await controller.detailPage(try get("/books/book/1?from=saved", parameters: ["isbn": "1"])).status
                == .notFound)
    }

    @Test("Assets: the stylesheet and the cover placeholder linked by fingerprint, cached a year; no script anywhere")
    func assets() async throws {
        var router = Router()
        let (controller, _) = try makeController()
        BookStoreRoutes.register(controller, on: &router)
        #expect(BookStoreAssets.all.map(\.path) == ["/static/books.css", "/static/book-cover.svg"])
        for asset in BookStoreAssets.all {
            let response = await router.respond(to: try get(asset.url))
            #expect(response.status == .ok, "\(asset.path)")
            #expect(response.headers["Content-Type"] == asset.contentType, "\(asset.path)")
            #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable", "\(asset.path)")
            #expect(text(response) == asset.content, "\(asset.path)")
        }
        #expect(BookStoreAssets.stylesheet.contentType == "text/css; charset=utf-8")
        #expect(BookStoreAssets.coverPlaceholder.contentType == "image/svg+xml")
        #expect(!BookStoreAssets.coverPlaceholder.content.contains("<style"))
        // The stylesheet names the placeholder by its fingerprinted URL, so a new picture is a new stylesheet URL.
        #expect(
            BookStoreAssets.stylesheet.content.contains(
                "url(\"/static/book-cover.svg?v=\(BookStoreAssets.coverPlaceholder.fingerprint)\")"))
        let link = "<link rel=\"stylesheet\" href=\"/static/books.css?v=\(BookStoreAssets.stylesheet.fingerprint)\">"
        for target in [
            "/books", "/books?query=\(encodedQuery)", "/books/saved", "/books/saved/delete-all",
            "/books/book/1?from=saved",
        ] {
            let html = text(await router.respond(to: try get(target)))
            #expect(!html.contains("<script"), "\(target)")
            #expect(!html.contains(" style=\""), "\(target)")
            // In the head, after the layout's stylesheet; nothing in the body.
            let head = try #require(html.range(of: "</head>")).lowerBound
            #expect(html.range(of: link).map { $0.upperBound <= head } == true, "\(target)")
            #expect(html.components(separatedBy: "<link rel=\"stylesheet\"").count == 3, "\(target)")
        }
    }
}
