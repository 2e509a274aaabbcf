/// The `Cookie` and `Set-Cookie` header values a ``BrowserSessions`` reads and writes.
public enum SessionCookie {
    /// The value of the cookie called `name` in a `Cookie` request header (`a=1; b=2`), or nil when absent.
    ///
    /// Names compare exactly (cookie names are case-sensitive); the first one wins when a name repeats; a value in
    /// double quotes loses them.
    /// - Parameters:
    ///   - name: The cookie's name.
    ///   - header: The `Cookie` header's value, or nil when the request had none.
    public static func value(named name: String, in header: String?) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let trimmed = pair.drop { $0 == " " || $0 == "\t" }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            guard trimmed[..<equals].trimmingTrailingSpaces() == name else { continue }
            var value = trimmed[trimmed.index(after: equals)...].trimmingTrailingSpaces()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = value.dropFirst().dropLast()
            }
            return String(value)
        }
        return nil
    }

    /// A `Set-Cookie` value for a session cookie: `name=value; Path=path; HttpOnly; SameSite=Lax`.
    ///
    /// No `Expires` or `Max-Age`: the browser forgets it when it closes, and the server forgets the session after
    /// its idle timeout. `HttpOnly` keeps it from scripts; `SameSite=Lax` keeps it off cross-site posts.
    public static func setCookie(name: String, value: String, path: String) -> String {
        "\(name)=\(value); Path=\(path); HttpOnly; SameSite=Lax"
    }
}

extension Substring {
    fileprivate func trimmingTrailingSpaces() -> Substring {
        var trimmed = self
        while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
