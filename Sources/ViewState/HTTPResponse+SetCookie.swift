import HTTP

extension HTTPResponse {
    /// This response with a `Set-Cookie` field added when `setCookie` is not nil (a new session's cookie, from
    /// ``BrowserSessions/session(for:)``).
    public func settingCookie(_ setCookie: String?) -> HTTPResponse {
        guard let setCookie else { return self }
        var response = self
        response.headers.add("Set-Cookie", setCookie)
        return response
    }
}
