import HTTP

/// Server-side state for each browser, found by a session cookie.
///
/// A session is made when a request first needs one (``session(for:)``); its id is 128 random bits sent back in a
/// `Set-Cookie` (`name=id; Path=path; HttpOnly; SameSite=Lax`, with no `Expires`: the browser forgets it when it
/// closes, the server after the idle timeout). The cookie is read with ``HTTP/HTTPRequest/cookie(_:)``. A cookie naming an unknown or expired session is never adopted: a new session with a new
/// id is made instead, so a client cannot choose its id. A session is dropped after `idleTimeout` without a request;
/// when more than `capacity` are alive, the least recently used goes first, so clients that never send cookies back
/// cannot grow memory without bound.
///
/// Main actor: the showcase's controllers, which use it, run there.
@MainActor
public final class BrowserSessions<State: AnyObject> {
    /// The cookie's name, for example `"shop_test_session"`.
    public let cookieName: String
    /// The cookie's `Path` (the part of the site that receives it), for example `"/shop/test"`.
    public let cookiePath: String
    /// How long a session lives without a request.
    public let idleTimeout: Duration
    /// The most sessions kept at once.
    public let capacity: Int

    private struct Entry {
        let state: State
        var lastUsed: ContinuousClock.Instant
    }

    private var entries: [String: Entry] = [:]
    private var lastSweep: ContinuousClock.Instant
    private let now: () -> ContinuousClock.Instant
    private let make: () -> State

    /// Sessions whose state `make` creates.
    /// - Parameters:
    ///   - cookieName: The cookie's name: letters, digits, `_` and `-`.
    ///   - cookiePath: The cookie's `Path`, a root-relative path.
    ///   - idleTimeout: How long a session lives without a request; 30 minutes by default.
    ///   - capacity: The most sessions kept at once; 10,000 by default (at least 1).
    ///   - now: The clock; tests pass one they move by hand.
    ///   - make: Makes a new session's state.
    public init(
        cookieName: String,
        cookiePath: String,
        idleTimeout: Duration = .seconds(30 * 60),
        capacity: Int = 10_000,
        now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now },
        make: @escaping () -> State
    ) {
        self.cookieName = cookieName
        self.cookiePath = cookiePath
        self.idleTimeout = idleTimeout
        self.capacity = max(1, capacity)
        self.now = now
        self.make = make
        lastSweep = now()
    }

    /// How many sessions are alive (expired ones are counted until the next sweep).
    public var count: Int { entries.count }

    /// The state of the live session the request's cookie names, marking it used; nil when there is none. Never
    /// makes a session (pages that only read should not hand out cookies).
    /// - Parameter request: The request, whose `Cookie` fields are read.
    public func existing(for request: HTTPRequest) -> State? {
        sweepIfDue()
        guard let id = request.cookie(cookieName), var entry = entries[id] else {
            return nil
        }
        let time = now()
        guard time - entry.lastUsed <= idleTimeout else {
            entries[id] = nil
            return nil
        }
        entry.lastUsed = time
        entries[id] = entry
        return entry.state
    }

    /// The state of the live session the request's cookie names, or of a new session.
    /// - Parameter request: The request, whose `Cookie` fields are read.
    /// - Returns: The state, and for a new session the `Set-Cookie` value to send with the response (nil when the
    ///   browser already has the cookie); ``HTTP/HTTPResponse/settingCookie(_:)`` adds it.
    public func session(for request: HTTPRequest) -> (state: State, setCookie: String?) {
        if let state = existing(for: request) { return (state, nil) }
        if entries.count >= capacity { sweep() }
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
            entries[oldest] = nil
        }
        var id = Self.newID()
        while entries[id] != nil { id = Self.newID() }
        let state = make()
        entries[id] = Entry(state: state, lastUsed: now())
        // HttpOnly keeps it from scripts; SameSite=Lax keeps it off cross-site posts.
        return (state, "\(cookieName)=\(id); Path=\(cookiePath); HttpOnly; SameSite=Lax")
    }

    /// Drops every session idle longer than the timeout.
    public func sweep() {
        let time = now()
        lastSweep = time
        entries = entries.filter { time - $0.value.lastUsed <= idleTimeout }
    }

    /// Sweeps at most once per quarter of the timeout, so a lookup stays O(1) on average.
    private func sweepIfDue() {
        if now() - lastSweep > idleTimeout / 4 { sweep() }
    }

    /// 32 hexadecimal digits from the system's cryptographic random source.
    private static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return [generator.next(), generator.next()].map { (word: UInt64) -> String in
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
