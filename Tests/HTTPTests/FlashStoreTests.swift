import Foundation
import HTTP
import Testing

@Suite("FlashStore and cookies")
struct FlashStoreTests {
    /// The request a browser sends after `redirect`, with the cookie it set.
    private func following(_ redirect: HTTPResponse) throws -> HTTPRequest {
        let location = try #require(redirect.headers["Location"])
        var request = try #require(HTTPRequest(method: .get, target: location))
        let cookie = try #require(redirect.headers["Set-Cookie"]?.split(separator: ";").first)
        request.headers.add("Cookie", "theme=dark; " + cookie)
        return request
    }

    @Test("A message reaches the next GET of its location once, and only that location")
    func once() throws {
        let store = FlashStore<String>(cookieName: "notice")
        let redirect = store.redirect(to: "/shop?id=5", with: "added")
        #expect(redirect.status == .seeOther)
        #expect(redirect.headers["Location"] == "/shop?id=5")
        let cookie = try #require(redirect.headers["Set-Cookie"])
        #expect(
            cookie.range(
                of: #"^notice=[0-9a-f]{32}; Path=/; Max-Age=60; HttpOnly; SameSite=Strict$"#,
                options: .regularExpression) != nil)
        let next = try following(redirect)
        var elsewhere = next
        elsewhere.path = "/shop/cart"
        #expect(store.take(for: elsewhere) == nil)
        var otherQuery = next
        otherQuery.queryItems = [URLQueryItem(name: "id", value: "6")]
        #expect(store.take(for: otherQuery) == nil)
        var head = next
        head.method = .head
        #expect(store.take(for: head) == nil)
        #expect(store.take(for: next) == "added")
        #expect(store.take(for: next) == nil)  // a reload
    }

    @Test("Unknown tokens, no cookie, expired messages and a full store give nothing")
    func nothing() throws {
        let store = FlashStore<Int>(cookieName: "n", lifetime: .zero, capacity: 2)
        let expired = store.redirect(to: "/a", with: 1)
        #expect(store.take(for: try following(expired)) == nil)
        #expect(store.take(for: HTTPRequest(path: "/a")) == nil)
        var forged = HTTPRequest(path: "/a")
        forged.headers.add("Cookie", "n=00000000000000000000000000000000")
        #expect(store.take(for: forged) == nil)

        let small = FlashStore<Int>(cookieName: "n", capacity: 2)
        let first = try following(small.redirect(to: "/a", with: 1))
        let second = try following(small.redirect(to: "/a", with: 2))
        let third = try following(small.redirect(to: "/a", with: 3))
        #expect(small.take(for: first) == nil)  // the oldest made room
        #expect(small.take(for: second) == 2)
        #expect(small.take(for: third) == 3)
    }

    @Test("Cookies are read from every Cookie field, by exact name, unquoted")
    func cookies() {
        var request = HTTPRequest()
        request.headers.add("Cookie", "a=1; session = two ;b=\"quoted\"")
        request.headers.add("Cookie", "c=3; a=ignored")
        #expect(request.cookie("a") == "1")
        #expect(request.cookie("session") == "two")
        #expect(request.cookie("b") == "quoted")
        #expect(request.cookie("c") == "3")
        #expect(request.cookie("A") == nil)
        #expect(request.cookie("missing") == nil)
    }
}
