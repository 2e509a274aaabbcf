import Foundation
import HTTP

/// One-time notices kept on the server between an action and the page it redirects to ("flash" messages).
///
/// A form post that did something answers `303 See Other` with a cookie holding a random token; the server keeps
/// the notice under that token, for that one path. The next `GET` of that path takes the notice (so a reload shows
/// none) and clears the cookie. The URL never carries a notice, so no link can make a page claim an action
/// happened; a token is 122 random bits, and unknown or used tokens show nothing. At most ``capacity`` notices are
/// kept (the oldest go first); they live in memory, so a restart drops them.
@MainActor
public final class FlashNotices {
    /// The cookie's name.
    public static let cookieName = "books_notice"
    /// The most notices kept at once.
    public static let capacity = 256

    private var notices: [String: (path: String, notice: BookStoreNotice)] = [:]
    private var order: [String] = []

    /// An empty store of notices.
    public init() {}

    /// A `303 See Other` to `location` that leaves `notice` for the page there.
    /// - Parameters:
    ///   - location: A root-relative path, possibly with a query (`/books/book/978…?query=…`).
    ///   - notice: What to show there, once.
    public func redirect(to location: String, notice: BookStoreNotice) -> HTTPResponse {
        let token = UUID().uuidString
        let path = String(location.prefix { $0 != "?" })
        notices[token] = (path, notice)
        order.append(token)
        while order.count > Self.capacity {
            notices[order.removeFirst()] = nil
        }
        var response = HTTPResponse.redirect(to: location)
        response.headers.add("Set-Cookie", "\(Self.cookieName)=\(token); Path=/books; HttpOnly; SameSite=Lax")
        return response
    }

    /// Takes the notice left for `request`'s path, if any.
    /// - Returns: The notice (`nil` when there is none for this path), and whether the response should clear the
    ///   cookie (it carried one): pass the result to ``finish(_:clearing:)``.
    public func take(for request: HTTPRequest) -> (notice: BookStoreNotice?, clearCookie: Bool) {
        guard let token = Self.cookie(Self.cookieName, in: request) else { return (nil, false) }
        guard let entry = notices.removeValue(forKey: token) else { return (nil, true) }
        order.removeAll { $0 == token }
        return (entry.path == request.percentEncodedPath ? entry.notice : nil, true)
    }

    /// `response` with the cookie cleared when `clearing`, and `Cache-Control: no-store` (the page may hold a
    /// one-time notice, and always holds the current saved books).
    public func finish(_ response: HTTPResponse, clearing: Bool) -> HTTPResponse {
        var response = response
        if clearing {
            response.headers.add("Set-Cookie", "\(Self.cookieName)=; Path=/books; Max-Age=0; HttpOnly; SameSite=Lax")
        }
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// The value of cookie `name` in the request's `Cookie` header(s), or `nil`.
    static func cookie(_ name: String, in request: HTTPRequest) -> String? {
        for header in request.headers.values(for: "Cookie") {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { continue }
                let value = parts[1].trimmingCharacters(in: .whitespaces)
                if !value.isEmpty { return value }
            }
        }
        return nil
    }
}
