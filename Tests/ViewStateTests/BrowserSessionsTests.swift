import HTTP
import Testing
import ViewState

/// A clock the test moves by hand.
@MainActor
private final class ManualClock {
    var now = ContinuousClock.now
    func advance(_ duration: Duration) { now += duration }
}

@MainActor
private final class Counter {
    var value = 0
}

/// The cookie value in a `Set-Cookie` header value.
private func cookieValue(_ setCookie: String?) -> String? {
    guard let setCookie, let pair = setCookie.split(separator: ";").first, let equals = pair.firstIndex(of: "=") else {
        return nil
    }
    return String(pair[pair.index(after: equals)...])
}

/// A request carrying `cookie` as its `Cookie` header (none when nil).
private func request(cookie: String?) -> HTTPRequest {
    HTTPRequest(path: "/", headers: cookie.map { HTTPHeaders([("Cookie", $0)]) } ?? HTTPHeaders())
}

@MainActor
@Suite("BrowserSessions: a cookie names server-side state, which expires after inactivity")
struct BrowserSessionsTests {
    @Test("A new session sends a cookie; sending it back finds the same state, without a new cookie")
    func cookieRoundTrip() throws {
        let sessions = BrowserSessions<Counter>(cookieName: "test_session", cookiePath: "/shop/test") { Counter() }
        let (state, setCookie) = sessions.session(for: request(cookie: nil))
        let header = try #require(setCookie)
        #expect(header.hasPrefix("test_session="))
        #expect(header.hasSuffix("; Path=/shop/test; HttpOnly; SameSite=Lax"))
        let id = try #require(cookieValue(header))
        #expect(id.count == 32 && id.allSatisfy(\.isHexDigit))
        state.value = 7

        let again = sessions.session(for: request(cookie: "other=1; test_session=\(id); third=x"))
        #expect(again.state === state)
        #expect(again.setCookie == nil)
        #expect(sessions.existing(for: request(cookie: "test_session=\(id)"))?.value == 7)
        #expect(sessions.count == 1)
    }

    @Test("An unknown or forged cookie is never adopted: a new session gets a new id")
    func forgedCookie() throws {
        let sessions = BrowserSessions<Counter>(cookieName: "s", cookiePath: "/") { Counter() }
        #expect(sessions.existing(for: request(cookie: "s=0123456789abcdef0123456789abcdef")) == nil)
        let (_, setCookie) = sessions.session(for: request(cookie: "s=0123456789abcdef0123456789abcdef"))
        let id = try #require(cookieValue(setCookie))
        #expect(id != "0123456789abcdef0123456789abcdef")
        // Reading never makes a session.
        #expect(sessions.existing(for: request(cookie: nil)) == nil)
        #expect(sessions.count == 1)
    }

    @Test("A session idle longer than the timeout is gone; one in use stays")
    func idleExpiry() throws {
        let clock = ManualClock()
        let sessions = BrowserSessions<Counter>(
            cookieName: "s", cookiePath: "/", idleTimeout: .seconds(600), now: { clock.now }
        ) { Counter() }
        let idle = try #require(cookieValue(sessions.session(for: request(cookie: nil)).setCookie))
        let busy = try #require(cookieValue(sessions.session(for: request(cookie: nil)).setCookie))
        for _ in 0..<3 {
            clock.advance(.seconds(300))
            #expect(sessions.existing(for: request(cookie: "s=\(busy)")) != nil)
        }
        #expect(sessions.existing(for: request(cookie: "s=\(idle)")) == nil)
        #expect(sessions.existing(for: request(cookie: "s=\(busy)")) != nil)
        clock.advance(.seconds(600))
        #expect(sessions.existing(for: request(cookie: "s=\(busy)")) != nil)  // exactly the timeout: still alive
        clock.advance(.seconds(601))
        sessions.sweep()
        #expect(sessions.count == 0)
    }

    @Test("Over capacity, the least recently used session goes")
    func capacity() throws {
        let clock = ManualClock()
        let sessions = BrowserSessions<Counter>(cookieName: "s", cookiePath: "/", capacity: 2, now: { clock.now }) {
            Counter()
        }
        let first = try #require(cookieValue(sessions.session(for: request(cookie: nil)).setCookie))
        clock.advance(.seconds(1))
        let second = try #require(cookieValue(sessions.session(for: request(cookie: nil)).setCookie))
        clock.advance(.seconds(1))
        #expect(sessions.existing(for: request(cookie: "s=\(first)")) != nil)  // first is now the most recent
        clock.advance(.seconds(1))
        _ = sessions.session(for: request(cookie: nil))
        #expect(sessions.count == 2)
        #expect(sessions.existing(for: request(cookie: "s=\(second)")) == nil)
        #expect(sessions.existing(for: request(cookie: "s=\(first)")) != nil)
    }

    @Test(
        "The cookie is read as HTTPRequest reads cookies: from any of several Cookie fields; the Set-Cookie is added once"
    )
    func cookieFields() {
        let sessions = BrowserSessions<Counter>(cookieName: "s", cookiePath: "/") { Counter() }
        let (state, setCookie) = sessions.session(for: HTTPRequest(path: "/"))
        let id = cookieValue(setCookie) ?? ""
        let twoFields = HTTPRequest(path: "/", headers: HTTPHeaders([("Cookie", "x=1"), ("Cookie", "s=\"\(id)\"")]))
        #expect(sessions.existing(for: twoFields) === state)
        #expect(sessions.existing(for: request(cookie: "S=\(id); ss=\(id)")) == nil)
        #expect(HTTPResponse.noContent.settingCookie(setCookie).headers.values(for: "Set-Cookie") == [setCookie ?? ""])
        #expect(HTTPResponse.noContent.settingCookie(nil).headers.contains("Set-Cookie") == false)
    }
}
