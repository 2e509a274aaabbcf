import Foundation
import Synchronization

/// One-time messages carried from an action (a form `POST`) to the page it redirects to, kept on the server.
///
/// The usual POST/redirect/GET with a notice ("“Apple” was added to the cart."): ``redirect(to:with:)`` keeps the
/// message under a random token and answers 303 with a cookie holding the token; ``take(for:)`` on the next `GET`
/// of that location returns the message and forgets it. So a notice says only what the action did — it cannot be
/// made up in a URL — and reloading the page, or opening its URL again, shows none.
///
/// The cookie (`HttpOnly`, `SameSite=Strict`, `Path=/`) holds nothing but the token, and lives for ``lifetime``.
/// Messages are kept in memory, at most ``capacity`` of them (the oldest go first), and are lost when the
/// process stops, which only drops a notice nobody has seen yet.
public final class FlashStore<Message: Sendable>: Sendable {
    /// The cookie's name, for example `"shop_notice"`: letters, digits, `_` and `-`.
    public let cookieName: String
    /// How long a message waits for its page.
    public let lifetime: Duration
    /// The most messages kept at once.
    public let capacity: Int

    private struct Entry {
        var message: Message
        var path: String
        var queryItems: [URLQueryItem]
        var expires: ContinuousClock.Instant
        var sequence: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var nextSequence: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Creates an empty store.
    /// - Parameters:
    ///   - cookieName: The cookie that carries the token; give each store its own.
    ///   - lifetime: How long a message waits for its page; one minute by default.
    ///   - capacity: The most messages kept at once; 10,000 by default.
    public init(cookieName: String, lifetime: Duration = .seconds(60), capacity: Int = 10_000) {
        self.cookieName = cookieName
        self.lifetime = lifetime
        self.capacity = max(1, capacity)
    }

    /// A 303 See Other to `location` that leaves `message` for the next `GET` of exactly that location (same path
    /// and query) from this browser.
    /// - Parameters:
    ///   - location: A root-relative path with an optional query, for example `"/shop?id=5"`.
    ///   - message: What the page should say once.
    /// - Returns: The redirect, with a `Set-Cookie` field carrying the message's token.
    public func redirect(to location: String, with message: Message) -> HTTPResponse {
        var response = HTTPResponse.redirect(to: location)
        let target = HTTPRequest(method: .get, target: location)
        let token = Self.newToken()
        let now = ContinuousClock.now
        state.withLock { state in
            state.entries = state.entries.filter { $0.value.expires > now }
            if state.entries.count >= capacity,
                let oldest = state.entries.min(by: { $0.value.sequence < $1.value.sequence })?.key
            {
                state.entries[oldest] = nil
            }
            state.nextSequence += 1
            state.entries[token] = Entry(
                message: message,
                path: target?.path ?? location,
                queryItems: target?.queryItems ?? [],
                expires: now + lifetime,
                sequence: state.nextSequence
            )
        }
        let seconds = max(1, lifetime.components.seconds)
        response.headers.add(
            "Set-Cookie", "\(cookieName)=\(token); Path=/; Max-Age=\(seconds); HttpOnly; SameSite=Strict"
        )
        return response
    }

    /// The message left for `request` by the action just before it, removed so that it is shown once; `nil` when
    /// there is none (no cookie, an unknown or expired token, a message for another location, or not a `GET`).
    public func take(for request: HTTPRequest) -> Message? {
        guard request.method == .get, let token = request.cookie(cookieName) else { return nil }
        let now = ContinuousClock.now
        return state.withLock { state -> Message? in
            guard let entry = state.entries[token] else { return nil }
            guard entry.expires > now else {
                state.entries[token] = nil
                return nil
            }
            guard entry.path == request.path, entry.queryItems == request.queryItems else { return nil }
            state.entries[token] = nil
            return entry.message
        }
    }

    /// 128 random bits as 32 hex digits.
    private static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
