import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTP
@testable import Networking
import Testing

private let secret = "0123456789abcdef0123456789abcdef"

private func key() throws -> KakaoRESTAPIKey {
    try #require(KakaoRESTAPIKey(secret))
}

/// Runs `body` with a client pointed at a fake Kakao that gives `reply`, then stops the fake.
private func withKakao(
    _ reply: FakeKakaoServer.Reply,
    timeout: TimeInterval = 10,
    _ body: (KakaoBookClient, FakeKakaoServer) async throws -> Void
) async throws {
    let fake = try FakeKakaoServer(reply)
    do {
        let client = try KakaoBookClient(key: try key(), baseURL: fake.baseURL, timeout: timeout)
        try await body(client, fake)
    } catch {
        await fake.shutdown()
        throw error
    }
    await fake.shutdown()
}

/// The `KakaoError` that `operation` throws, or `nil` (recording an issue) if it succeeds.
private func kakaoError<T>(_ operation: () async throws(KakaoError) -> T) async -> KakaoError? {
    do {
        let value = try await operation()
        Issue.record("expected a KakaoError, got \(value)")
        return nil
    } catch {
        return error
    }
}

@Suite("KakaoBookClient against a local HTTP server")
struct KakaoBookClientTests {
    @Test("Each bundled real response decodes, with Kakao's quirks smoothed")
    func everyBundledResponseDecodes() async throws {
        let entries = try BundledKakaoResponses.entries()
        #expect(entries.count == 4)
        var all: [KakaoBook] = []
        for entry in entries {
            let data = try BundledKakaoResponses.data(entry.file)
            try await withKakao(.body(data)) { client, fake in
                let page = try await client.search(entry.query, page: entry.page, size: entry.size)
                let raw = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                let meta = try #require(raw["meta"] as? [String: Any])
                let documents = try #require(raw["documents"] as? [[String: Any]])
                #expect(page.documents.count == documents.count)
                #expect(page.meta.isEnd == (meta["is_end"] as? Bool))
                #expect(page.meta.totalCount == (meta["total_count"] as? Int))
                #expect(page.meta.pageableCount == (meta["pageable_count"] as? Int))
                for (book, document) in zip(page.documents, documents) {
                    #expect(book.title == document["title"] as? String)
                    #expect(book.authors == document["authors"] as? [String])
                    #expect(book.price == document["price"] as? Int)
                    let sale = try #require(document["sale_price"] as? Int)
                    #expect(book.salePrice == (sale == -1 ? nil : sale))
                    let isbnField = try #require(document["isbn"] as? String)
                    #expect(book.isbns == isbnField.split(separator: " ").map(String.init))
                    #expect(book.isbns.allSatisfy { !$0.contains(" ") && !$0.isEmpty })
                    #expect(book.datetime != nil)
                }
                #expect(fake.requests.count == 1)
                all += page.documents
            }
        }
        // The quirks SOURCES.md lists, counted over all 26 books.
        #expect(all.count == 26)
        #expect(all.filter { $0.salePrice == nil }.count == 2)
        #expect(all.filter { $0.status.isEmpty }.count == 1)
        #expect(all.filter { $0.thumbnail.isEmpty }.count == 1)
        #expect(all.filter { $0.contents.isEmpty }.count == 1)
        #expect(all.filter { $0.price == 0 }.count == 1)
        #expect(all.filter { $0.isbns.count == 1 }.map(\.isbns) == [["9788996991359"], ["480D150405880"]])
        let adler = try #require(all.first { $0.isbn == "9788955824650" })
        #expect(adler.contents.contains("‘Q&A’"))
        #expect(!all.contains { $0.contents.contains("&amp;") })
        let first = try #require(all.first)
        #expect(first.title == "미움받을 용기")
        #expect(first.isbn == "9788996991342")
        #expect(first.hasISBN("89-969-9134-1"))
        #expect(first.datetime == Date(timeIntervalSince1970: 1_416_150_000))  // 2014-11-17T00:00+09:00
    }

    @Test("The request: one GET to /v3/search/book, the query fully encoded, Authorization exactly KakaoAK <key>")
    func theRequestIsExact() async throws {
        let data = try BundledKakaoResponses.data("search-query-uju-page1.json")
        try await withKakao(.body(data)) { client, fake in
            _ = try await client.search("C++ & Java=#1 우주", sort: .latest, page: 2, size: 5, target: .title)
            let request = try #require(fake.requests.first)
            #expect(fake.requests.count == 1)
            #expect(request.path == "/v3/search/book")
            #expect(request.query == "query=C++ & Java=#1 우주&sort=latest&page=2&size=5&target=title")
            #expect(request.headers.values(for: "Authorization") == ["KakaoAK \(secret)"])
            #expect(request.headers["Cookie"] == nil)
        }
        let client = try KakaoBookClient(key: try key())
        #expect(
            try client.searchURL("C++ & Java=#1").absoluteString
                == "https://dapi.kakao.com/v3/search/book?query=C%2B%2B%20%26%20Java%3D%231&sort=accuracy&page=1&size=10"
        )
        #expect(
            try client.searchURL(" 우주 ", target: .isbn).absoluteString
                == "https://dapi.kakao.com/v3/search/book?query=%EC%9A%B0%EC%A3%BC&sort=accuracy&page=1&size=10&target=isbn"
        )
    }

    @Test("401: unauthorized with Kakao's message, the key cut out of it")
    func unauthorized() async throws {
        let body = #"{"errorType":"AccessDeniedError","message":"wrong appKey(\#(secret)) format"}"#
        try await withKakao(.status(401, body)) { client, _ in
            let error = await kakaoError { () async throws(KakaoError) in try await client.search("우주") }
            #expect(error == .unauthorized(message: "wrong appKey(<redacted>) format"))
            #expect(!(error?.description.contains(secret) ?? true))
        }
    }

    @Test("429: quota exceeded with Kakao's message; 400 with code -10 is the quota too")
    func quota() async throws {
        try await withKakao(.status(429, #"{"errorType":"RequestThrottled","message":"API limit has been exceeded."}"#))
        { client, fake in
            let error = await kakaoError { () async throws(KakaoError) in try await client.search("우주") }
            #expect(error == .quotaExceeded(message: "API limit has been exceeded."))
            fake.set(.status(400, #"{"code":-10,"msg":"API limit has been exceeded."}"#))
            let other = await kakaoError { () async throws(KakaoError) in try await client.search("우주") }
            #expect(other == .quotaExceeded(message: "API limit has been exceeded."))
            fake.set(.status(500, "<html>upstream failure</html>"))
            let server = await kakaoError { () async throws(KakaoError) in try await client.search("우주") }
            #expect(server == .badStatus(code: 500, message: "<html>upstream failure</html>"))
        }
    }

    @Test("A 200 that is not Kakao's envelope: decodingFailed, naming where")
    func malformed() async throws {
        try await withKakao(.body(Data(#"{"documents":[{"title":"반쪽"#.utf8))) { client, fake in
            let error = await kakaoError { () async throws(KakaoError) in try await client.search("우주") }
            guard case .decodingFailed(let path, _)? = error else {
                Issue.record("expected decodingFailed, got \(String(describing: error))")
                return
            }
            #expect(path == [])
            fake.set(
                .body(
                    Data(
                        #"{"documents":[{"title":"a","price":"비쌈"}],"meta":{"is_end":true,"pageable_count":1,"total_count":1}}"#
                            .utf8)))
            let typed = await kakaoError { () async throws(KakaoError) in try await client.search("우주") }
            guard case .decodingFailed(let typedPath, _)? = typed else {
                Issue.record("expected decodingFailed, got \(String(describing: typed))")
                return
            }
            #expect(typedPath == ["documents", "0", "price"])
            fake.set(.body(Data(#"{"documents":[]}"#.utf8)))
            let noMeta = await kakaoError { () async throws(KakaoError) in try await client.search("우주") }
            guard case .decodingFailed(let metaPath, _)? = noMeta else {
                Issue.record("expected decodingFailed, got \(String(describing: noMeta))")
                return
            }
            #expect(metaPath == ["meta"])
        }
    }

    @Test("No answer within the timeout: timedOut")
    func timeout() async throws {
        // The fake answers only once released, after the client has given up: the outcome does not depend on timing.
        try await withKakao(.hang, timeout: 0.3) { client, fake in
            let error = await kakaoError { () async throws(KakaoError) in try await client.search("우주") }
            #expect(error == .timedOut(seconds: 0.3))
            fake.release()
        }
    }

    @Test("Nothing listening: transport, cannot connect")
    func unreachable() async throws {
        let fake = try FakeKakaoServer(.status(200, "{}"))
        let baseURL = fake.baseURL
        await fake.shutdown()
        let client = try KakaoBookClient(key: try key(), baseURL: baseURL)
        let error = await kakaoError { () async throws(KakaoError) in try await client.search("우주") }
        guard case .transport(let urlError)? = error else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
        #expect(urlError.code == .cannotConnectToHost)
    }

    @Test("A redirect is not followed, so the key never reaches the other address")
    func redirectsAreRefused() async throws {
        let elsewhere = try FakeKakaoServer(.status(200, "{}"))
        let target = elsewhere.baseURL.absoluteString + "/v3/search/book?query=x"
        try await withKakao(.redirect(target)) { client, fake in
            let error = await kakaoError { () async throws(KakaoError) in try await client.search("우주") }
            #expect(error == .badStatus(code: 302, message: "a redirect to \(target) was not followed"))
            #expect(fake.requests.count == 1)
        }
        #expect(elsewhere.requests.isEmpty)
        await elsewhere.shutdown()
    }

    @Test("Bad requests are refused before anything is sent")
    func invalidRequests() async throws {
        try await withKakao(.status(200, "{}")) { client, fake in
            for (query, page, size, reason) in [
                ("  ", 1, 10, "the query is empty"),
                ("우주", 0, 10, "page must be from 1 to 50, not 0"),
                ("우주", 51, 10, "page must be from 1 to 50, not 51"),
                ("우주", 1, 51, "size must be from 1 to 50, not 51"),
            ] {
                let error = await kakaoError { () async throws(KakaoError) in
                    try await client.search(query, page: page, size: size)
                }
                #expect(error == .invalidRequest(reason))
            }
            #expect(fake.requests.isEmpty)
        }
    }

    @Test("The key goes only over https or to a loopback address")
    func insecureBaseURLs() throws {
        for text in ["http://dapi.kakao.com", "http://192.168.0.10:8080", "ftp://dapi.kakao.com", "file:///tmp"] {
            let url = try #require(URL(string: text))
            #expect(throws: KakaoError.insecureBaseURL(url.absoluteString)) {
                try KakaoBookClient(key: try key(), baseURL: url)
            }
        }
        for text in ["https://dapi.kakao.com", "http://127.0.0.1:9", "http://localhost:9", "http://[::1]:9"] {
            let url = try #require(URL(string: text))
            #expect(try KakaoBookClient(key: try key(), baseURL: url).baseURL == url)
        }
    }

    @Test("The key is in no description, debug description, dump or error message")
    func theKeyIsNeverPrinted() async throws {
        let key = try key()
        let client = try KakaoBookClient(key: key)
        var dumped = ""
        dump(client, to: &dumped)
        dump(key, to: &dumped)
        let texts = [
            "\(key)", String(reflecting: key), "\(client)", String(reflecting: client), dumped,
            "\(Mirror(reflecting: client).children.map { "\($0.label ?? ""): \($0.value)" })",
        ]
        for text in texts {
            #expect(!text.contains(secret), "\(text)")
        }
        #expect("\(key)" == "KakaoRESTAPIKey(redacted)")
        // Every failure's message, which is what a log line is made of.
        let bodies: [FakeKakaoServer.Reply] = [
            .status(401, #"{"message":"wrong appKey(\#(secret)) format"}"#),
            .status(429, #"{"message":"quota for \#(secret)"}"#),
            .status(500, "echo \(secret)"),
            .body(Data("not json \(secret)".utf8)),
        ]
        try await withKakao(.hang) { client, fake in
            for reply in bodies {
                fake.set(reply)
                let error = await kakaoError { () async throws(KakaoError) in try await client.search("우주") }
                let line = error.map { "\($0) | \(String(reflecting: $0)) | \($0.localizedDescription)" } ?? ""
                #expect(!line.isEmpty && !line.contains(secret), "\(line)")
            }
        }
    }

    @Test("A key is printable ASCII without spaces; surrounding whitespace is trimmed")
    func keyValidation() {
        #expect(KakaoRESTAPIKey("  \(secret)\n")?.authorization == "KakaoAK \(secret)")
        for bad in ["", "   ", "two words", "키", "a\u{7}b", "line\r\nInjected: yes"] {
            #expect(KakaoRESTAPIKey(bad) == nil, "\(bad.debugDescription)")
        }
    }
}

@Suite("HTMLEntityDecoder")
struct HTMLEntityDecoderTests {
    @Test func decodesOnce() {
        #expect(HTMLEntityDecoder.decode("‘Q&amp;A’") == "‘Q&A’")
        #expect(HTMLEntityDecoder.decode("&amp;lt;b&amp;gt;") == "&lt;b&gt;")
        #expect(HTMLEntityDecoder.decode("&lt;script&gt;") == "<script>")
        #expect(HTMLEntityDecoder.decode("&#39;&#x41;&#X42;&quot;&nbsp;") == "'AB\"\u{A0}")
    }

    @Test func keepsWhatIsNotAReference() {
        for text in [
            "AT&T", "&", "a & b", "&bogus;", "&#;", "&#x;", "&#0;", "&#xD800;", "&#99999999;", "&amp", "&#x41",
        ] {
            #expect(HTMLEntityDecoder.decode(text) == text, "\(text)")
        }
        #expect(HTMLEntityDecoder.decode("미움받을 용기") == "미움받을 용기")
    }
}
