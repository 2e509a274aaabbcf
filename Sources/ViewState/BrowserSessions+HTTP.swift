import HTTP

extension BrowserSessions {
    /// ``existing(cookieHeader:)`` with the request's `Cookie` headers.
    public func existing(for request: HTTPRequest) -> State? {
        existing(cookieHeader: Self.cookieHeader(of: request))
    }

    /// ``session(cookieHeader:)`` with the request's `Cookie` headers.
    public func session(for request: HTTPRequest) -> (state: State, setCookie: String?) {
        session(cookieHeader: Self.cookieHeader(of: request))
    }

    /// Every `Cookie` field of the request in one value (clients should send one, but may send several).
    static func cookieHeader(of request: HTTPRequest) -> String? {
        let values = request.headers.values(for: "Cookie")
        return values.isEmpty ? nil : values.joined(separator: "; ")
    }
}

extension HTTPResponse {
    /// This response with a `Set-Cookie` field added when `setCookie` is not nil (a new session's cookie).
    public func settingCookie(_ setCookie: String?) -> HTTPResponse {
        guard let setCookie else { return self }
        var response = self
        response.headers.add("Set-Cookie", setCookie)
        return response
    }
}
