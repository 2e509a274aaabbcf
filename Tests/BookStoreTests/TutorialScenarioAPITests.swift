import BookStore
import Foundation
import HTTP
import Networking
import OpenSwiftData
import Testing

/// The tutorial's scenario through the JSON API, over HTTP: search, save, save again, save another, delete one,
/// undo, undo, redo, delete all — the store file read by a fresh container after every step, and after restarts.
@MainActor
@Suite("BookStore JSON API: the tutorial's scenario", .serialized)
struct TutorialScenarioAPITests {
    /// 미움받을 용기 and its special edition: the first two results for 미움받을 용기.
    let first = "9788996991342"
    let second = "9791186560655"

    @Test("Offline, on the bundled responses")
    func offline() async throws {
        try await scenario(offline: true) { try BundledBookCatalog() }
    }

    @Test("Online, against a live-compatible local Kakao")
    func online() async throws {
        let key = "test-rest-api-key-0123456789abcdef"
        let kakao = try LiveCompatibleKakao(key: key)
        let baseURL = kakao.baseURL
        let keyValue = try #require(KakaoRESTAPIKey(key))
        try await scenario(offline: false) {
            KakaoBookCatalog(client: try KakaoBookClient(key: keyValue, baseURL: baseURL))
        }
        #expect(kakao.requestCount > 0)
        await kakao.shutdown()
    }

    private func scenario(offline: Bool, catalog: @escaping @Sendable () throws -> any BookCatalog) async throws {
        let folder = try TemporaryDirectory()
        let store = folder.file("books.store")
        let app = try BookStoreServer(storeURL: store, catalog: catalog)
        var base = app.baseURL
        func saved() async throws -> SavedList { try await send("GET", "/api/books/saved", to: base).json() }
        func stored() throws -> [String] { try storedBooks(at: store).map(\.isbn) }

        // Nothing yet: nothing to undo or redo.
        #expect(try await saved() == SavedList(books: [], canUndo: false, canRedo: false))
        #expect(try await send("POST", "/api/books/saved/undo", to: base, json: "{}").status == 409)
        #expect(try await send("POST", "/api/books/saved/redo", to: base, json: "{}").status == 409)

        // Search.
        let search = try await send("GET", "/api/books/search?query=\(formEncoded("미움받을 용기"))&page=1&size=10", to: base)
        #expect(search.status == 200)
        let results = try search.json(SearchBody.self)
        #expect(results.offline == offline)
        #expect(results.page == 1 && results.isEnd == false && results.totalCount == 15)
        #expect(results.books.count == 10)
        #expect(results.books.prefix(2).map(\.isbn) == [first, second])
        #expect(results.books[0].authors == "기시미 이치로, 고가 후미타케")
        #expect(results.books[0].salePrice == 13410)
        #expect(results.books[4].salePrice == nil)  // Kakao's -1

        // Save, then save again: already saved.
        let added = try await send("POST", "/api/books/saved", to: base, json: #"{"isbn":"\#(first)"}"#)
        #expect(added.status == 201)
        #expect(try added.json(SavedList.self).isbns == [first])
        #expect(try added.json(SavedList.self).canUndo && !(try added.json(SavedList.self).canRedo))
        #expect(try stored() == [first])
        // Its ISBN-10.
        let again = try await send("POST", "/api/books/saved", to: base, json: #"{"isbn":"8996991341"}"#)
        #expect(again.status == 409)
        #expect(again.error?.contains("already saved") == true)
        #expect(try stored() == [first])

        // Save another.
        let another = try await send("POST", "/api/books/saved", to: base, json: #"{"isbn":"\#(second)"}"#)
        #expect(another.status == 201)
        #expect(try another.json(SavedList.self).isbns == [first, second])
        #expect(try stored() == [first, second])

        // Delete one.
        let deleted = try await send("DELETE", "/api/books/saved/\(first)", to: base)
        #expect(deleted.status == 200)
        #expect(try deleted.json(SavedList.self).isbns == [second])
        #expect(try stored() == [second])
        #expect(try await send("DELETE", "/api/books/saved/\(first)", to: base).status == 404)

        // Undo: it is back, in its place.
        let undone = try await send("POST", "/api/books/saved/undo", to: base, json: "{}")
        #expect(undone.status == 200)
        #expect(
            try undone.json(SavedList.self)
                == SavedList(books: try undone.json(SavedList.self).books, canUndo: true, canRedo: true))
        #expect(try undone.json(SavedList.self).isbns == [first, second])
        #expect(try stored() == [first, second])

        // Undo again: the second save is gone.
        let undoneAgain = try await send("POST", "/api/books/saved/undo", to: base, json: "{}")
        #expect(try undoneAgain.json(SavedList.self).isbns == [first])
        #expect(try stored() == [first])

        // Redo: the second save again.
        let redone = try await send("POST", "/api/books/saved/redo", to: base, json: "{}")
        #expect(redone.status == 200)
        #expect(try redone.json(SavedList.self).isbns == [first, second])
        #expect(try stored() == [first, second])

        // A restart shows what the API showed; the history does not survive it.
        try await app.restart()
        base = app.baseURL
        #expect(try await saved() == SavedList(books: try await saved().books, canUndo: false, canRedo: false))
        #expect(try await saved().isbns == [first, second])
        #expect(try await saved().books[0].authors == "기시미 이치로, 고가 후미타케")

        // Delete all: the empty list.
        let emptied = try await send("DELETE", "/api/books/saved", to: base)
        #expect(emptied.status == 200)
        #expect(try emptied.json(SavedList.self) == SavedList(books: [], canUndo: true, canRedo: false))
        #expect(try stored() == [])
        try await app.restart()
        base = app.baseURL
        #expect(try await saved() == SavedList(books: [], canUndo: false, canRedo: false))
        #expect(try stored() == [])
        await app.stop()
    }

    @Test("Errors: 400 without a query or with a bad page, 404 for an unknown ISBN, 400 malformed, 415 not JSON")
    func errors() async throws {
        let folder = try TemporaryDirectory()
        let app = try BookStoreServer(storeURL: folder.file("books.store")) { try BundledBookCatalog() }
        let base = app.baseURL
        for path in [
            "/api/books/search", "/api/books/search?query=%20%20", "/api/books/search?query=x&page=0",
            "/api/books/search?query=x&page=51", "/api/books/search?query=x&size=abc",
        ] {
            let answer = try await send("GET", path, to: base)
            #expect(answer.status == 400, "\(path)")
            #expect(answer.error?.isEmpty == false)
        }
        let unknown = try await send("POST", "/api/books/saved", to: base, json: #"{"isbn":"9780000000000"}"#)
        #expect(unknown.status == 404)
        #expect(unknown.error == "no book with ISBN 9780000000000")
        #expect(try await send("POST", "/api/books/saved", to: base, json: #"{"isbn":"#).status == 400)
        #expect(try await send("POST", "/api/books/saved", to: base, json: #"{"isbn":""}"#).status == 400)
        let notJSON = try await send("POST", "/api/books/saved", to: base, form: [("isbn", first)])
        #expect(notJSON.status == 415)  // the server's security policy, before the BookStore sees it
        #expect(
            notJSON.error?.hasPrefix("POST /api/books/saved takes a JSON body sent as Content-Type: application/json")
                == true)
        #expect(try storedBooks(at: folder.file("books.store")).isEmpty)
        #expect(try await send("DELETE", "/api/books/saved/\(first)", to: base).status == 404)
        // An offline query the bundled responses do not answer: an honest empty page, not made-up books.
        let miss = try await send("GET", "/api/books/search?query=\(formEncoded("해리포터"))", to: base)
        #expect(
            miss.text == #"{"books":[],"isEnd":true,"nextPageAvailable":false,"offline":true,"page":1,"totalCount":0}"#)
        await app.stop()
    }

    @Test("Search JSON: the keys, camelCase, every one present (null for no sale price)")
    func searchJSONShape() async throws {
        let folder = try TemporaryDirectory()
        let app = try BookStoreServer(storeURL: folder.file("books.store")) { try BundledBookCatalog() }
        let answer = try await send("GET", "/api/books/search?query=\(formEncoded("미움받을 용기"))", to: app.baseURL)
        let object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        #expect(Set(object.keys) == ["books", "page", "isEnd", "nextPageAvailable", "totalCount", "offline"])
        // Kakao's is_end says there is more; offline page 2 is not bundled, so it cannot be fetched here.
        #expect(object["isEnd"] as? Bool == false && object["nextPageAvailable"] as? Bool == false)
        let books = try #require(object["books"] as? [[String: Any]])
        #expect(
            Set(books[0].keys) == [
                "isbn", "title", "authors", "translators", "publisher", "datetime", "price", "salePrice", "thumbnail",
                "contents", "status", "url",
            ])
        #expect(books[0]["datetime"] as? String == "2014-11-17T00:00:00+09:00")
        #expect(books[4]["salePrice"] is NSNull)
        #expect(books[9]["status"] as? String == "")
        #expect(books[6]["thumbnail"] as? String == "")
        await app.stop()
    }
}

/// `GET /api/books/search`'s body as a test reads it.
struct SearchBody: Decodable {
    var books: [SavedList.Book]
    var page: Int
    var isEnd: Bool
    var totalCount: Int
    var offline: Bool
}
