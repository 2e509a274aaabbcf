import BookStore
import Foundation
import HTTP
import Networking
import OpenSwiftData
import Testing

/// A catalog that always fails with `error`.
private struct FailingCatalog: BookCatalog {
    let error: KakaoError
    var isOffline: Bool { false }
    func search(query: String, page: Int, size: Int) async throws -> BookSearchResult { throw error }
    func book(isbn: String) async throws -> KakaoBook? { throw error }
}

/// When Kakao fails: the page says what happened in words, the API answers 502/503/504 with Kakao's message, one
/// line goes to the log, and the key is in none of them.
@MainActor
@Suite("BookStore when Kakao fails", .serialized)
struct BookStoreFailureTests {
    private func router(_ catalog: any BookCatalog, log: LogLines) throws -> Router {
        let container = try ModelContainer(
            for: MarkedBookModel.self, migrationPlan: BookStoreMigrationPlan.self,
            configurations: ModelConfiguration(isStoredInMemoryOnly: true)
        )
        let controller = BookStoreController(
            search: BookSearchViewModel(catalog: catalog),
            marked: try MarkedBookViewModel(context: ModelContext(container)),
            log: { log.append($0) }
        )
        var router = Router()
        BookStoreRoutes.register(controller, on: &router)
        return router
    }

    @Test("A wrong key against a live-compatible Kakao: 502, Kakao's message without the key, one log line without it")
    func wrongKey() async throws {
        let kakao = try LiveCompatibleKakao(key: "the-right-key")
        let wrong = "wrong-key-0123456789abcdef"
        let client = try KakaoBookClient(key: try #require(KakaoRESTAPIKey(wrong)), baseURL: kakao.baseURL)
        let log = LogLines()
        let router = try router(KakaoBookCatalog(client: client), log: log)

        let page = await router.respond(
            to: try #require(HTTPRequest(method: .get, target: "/books?query=%EC%9A%B0%EC%A3%BC")))
        #expect(page.status == .badGateway)
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains("카카오가 REST API 키를 거부했습니다 (HTTP 401: wrong appKey(&lt;redacted&gt;) format)."))

        let api = await router.respond(
            to: try #require(HTTPRequest(method: .get, target: "/api/books/search?query=%EC%9A%B0%EC%A3%BC")))
        #expect(api.status == .badGateway)
        let message = try #require(try JSONDecoder().decode([String: String].self, from: api.body)["error"])
        #expect(message.contains("HTTP 401: wrong appKey(<redacted>) format"))

        let save = await router.respond(
            to: HTTPRequest(
                method: .post, path: "/api/books/saved", headers: ["Content-Type": "application/json"],
                body: Data(#"{"isbn":"9788996991342"}"#.utf8)
            ))
        #expect(save.status == .badGateway)

        #expect(log.lines.count == 3)
        #expect(log.lines.allSatisfy { $0.hasPrefix("books: ") && !$0.contains("\n") })
        #expect(log.lines[0].hasPrefix("books: GET /books: Kakao refused the REST API key (HTTP 401"))
        for text in log.lines + [html, message, String(decoding: save.body, as: UTF8.self)] {
            #expect(!text.contains(wrong), "\(text)")
        }
        await kakao.shutdown()
    }

    @Test("Quota: 503 with Kakao's message; timeout: 504; unreachable: 502 — the saved books keep working")
    func otherFailures() async throws {
        for (error, status, phrase) in [
            (
                KakaoError.quotaExceeded(message: "API limit has been exceeded."), 503,
                "카카오 API 사용 한도를 넘었습니다 (API limit has been exceeded.)"
            ),
            (KakaoError.timedOut(seconds: 10), 504, "카카오가 10초 안에 답하지 않았습니다."),
            (KakaoError.transport(URLError(.cannotConnectToHost)), 502, "카카오 도서 검색이 답하지 않거나"),
        ] {
            let log = LogLines()
            let router = try router(FailingCatalog(error: error), log: log)
            let page = await router.respond(to: try #require(HTTPRequest(method: .get, target: "/books?query=x")))
            #expect(page.status.code == status)
            #expect(String(decoding: page.body, as: UTF8.self).contains(phrase))
            let api = await router.respond(
                to: try #require(HTTPRequest(method: .get, target: "/api/books/search?query=x")))
            #expect(api.status.code == status)
            #expect(log.lines.count == 2)
            #expect(await router.respond(to: HTTPRequest(path: "/books/saved")).status == .ok)
            #expect(await router.respond(to: HTTPRequest(path: "/api/books/saved")).status == .ok)
        }
    }
}
