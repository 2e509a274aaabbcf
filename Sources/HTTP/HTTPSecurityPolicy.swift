import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What an ``HTTPServer`` refuses before any handler runs, and the header fields it adds to every response, so
/// that pages and JSON APIs are safe in a browser without each app doing it.
///
/// Checks, in this order, before the handler is called:
/// 1. **Host** (421 Misdirected Request): the `Host` header must name the server — a loopback name (`127.0.0.1`,
///    `localhost`, `[::1]`) with the bound port when it is bound to loopback, the bound address with the bound
///    port otherwise (any IP address literal with the bound port when bound to a wildcard address such as
///    `0.0.0.0`), or one of ``allowedHosts``. This stops DNS rebinding: a page on `attacker.example` whose name
///    is made to point at 127.0.0.1 sends `Host: attacker.example` and is refused. A request without `Host`
///    (HTTP/1.0) is let through.
/// 2. **Cross-site requests** (403 Forbidden), for every method other than `GET`, `HEAD`, `OPTIONS` and `TRACE`:
///    refused when `Sec-Fetch-Site` is present and is neither `same-origin` nor `none`; otherwise refused when
///    `Origin` is present and does not name the request's own `Host`. Requests with neither header (curl, the
///    Swift tests, other non-browser clients) are let through: a browser always sends at least one of them on a
///    cross-site `POST`, so a form or script on another site cannot change data.
/// 3. **JSON bodies** (415 Unsupported Media Type): a state-changing request under ``jsonPathPrefix`` that
///    carries a body must say `Content-Type: application/json` (parameters such as `charset=utf-8` allowed).
///    A cross-site form can only send `text/plain`, form or multipart bodies, so this also keeps such forms off
///    the API.
///
/// Refusals are answered like the server's other errors: `{"error": …}` under `/api`, the error page renderer's
/// page elsewhere. Then every response — handlers', the router's and the server's own errors, streams — gets
/// ``responseHeaders`` (each field only where the response has no field of that name, so a handler can send its
/// own), and a JSON body labelled `application/json` without a charset gets `; charset=utf-8`. Answers that
/// libmicrohttpd makes by itself for requests it cannot parse (for example a request line over its buffer) do
/// not pass through here and carry none of these fields.
public struct HTTPSecurityPolicy: Sendable, Equatable {
    /// Further names the server answers to, besides the bound address (for example a reverse proxy's public name):
    /// `"shop.example.com"` accepts that name with any port or none, `"shop.example.com:8443"` only with that
    /// port. Compared ignoring ASCII case; IPv6 literals in brackets (`"[2001:db8::1]:8080"`). Empty by default.
    public var allowedHosts: [String]
    /// Whether the `Host` header is checked (see the type's description). `true` by default.
    public var checksHost: Bool
    /// Whether state-changing requests from other sites are refused (see the type's description). `true` by
    /// default.
    public var refusesCrossSiteRequests: Bool
    /// The path under which state-changing requests with a body must be `application/json` (`"/api"`: the path
    /// itself and everything below it); `nil` not to check. `"/api"` by default.
    public var jsonPathPrefix: String?
    /// The fields added to every response that has no field of the same name; ``defaultResponseHeaders`` by
    /// default.
    public var responseHeaders: HTTPHeaders

    /// The `Content-Security-Policy` of ``defaultResponseHeaders``: resources from the page's own origin only —
    /// no inline `<script>`, no `<style>` elements or `style=` attributes, no plugins — except images, which may
    /// also be `data:` or any `https:` URL (a live catalog's product pictures); no framing by any page; forms
    /// post only to this origin.
    public static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data: https:; style-src 'self'; script-src 'self'; connect-src 'self'; "
        + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// `X-Content-Type-Options: nosniff`, ``contentSecurityPolicy``, `X-Frame-Options: DENY` (for browsers that
    /// predate `frame-ancestors`) and `Referrer-Policy: same-origin`.
    public static let defaultResponseHeaders: HTTPHeaders = [
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": contentSecurityPolicy,
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "same-origin",
    ]

    /// Every check on, the default headers, no further hosts: what ``HTTPServer`` uses unless told otherwise.
    public static let standard = HTTPSecurityPolicy()

    /// No checks and no added headers, for servers that are not meant for browsers (test doubles of other
    /// services).
    public static let none = HTTPSecurityPolicy(
        checksHost: false,
        refusesCrossSiteRequests: false,
        jsonPathPrefix: nil,
        responseHeaders: HTTPHeaders()
    )

    /// Creates a policy; every parameter is the property of the same name, and the defaults are ``standard``.
    public init(
        allowedHosts: [String] = [],
        checksHost: Bool = true,
        refusesCrossSiteRequests: Bool = true,
        jsonPathPrefix: String? = "/api",
        responseHeaders: HTTPHeaders = HTTPSecurityPolicy.defaultResponseHeaders
    ) {
        self.allowedHosts = allowedHosts
        self.checksHost = checksHost
        self.refusesCrossSiteRequests = refusesCrossSiteRequests
        self.jsonPathPrefix = jsonPathPrefix
        self.responseHeaders = responseHeaders
    }

    /// A request the policy refuses: the status to answer and a message a client developer can act on.
    public struct Refusal: Sendable, Equatable, Error {
        /// 421 Misdirected Request, 403 Forbidden or 415 Unsupported Media Type.
        public var status: HTTPStatus
        /// What was refused and why, for example
        /// `"Cross-site request refused: Sec-Fetch-Site is cross-site; …"`.
        public var message: String
    }

    /// Whether `method` changes state as far as this policy is concerned: anything but `GET`, `HEAD`, `OPTIONS`
    /// and `TRACE`.
    public static func isStateChanging(_ method: HTTPMethod) -> Bool {
        !["GET", "HEAD", "OPTIONS", "TRACE"].contains(method.rawValue)
    }

    /// The refusal for `request`, or `nil` to let it through.
    /// - Parameters:
    ///   - request: The request as received.
    ///   - boundHost: The address the server is bound to, as given to ``HTTPServer`` (`"127.0.0.1"`, `"::"`…).
    ///   - port: The port the server is bound to.
    public func refusal(for request: HTTPRequest, boundHost: String, port: UInt16) -> Refusal? {
        if checksHost, let host = request.headers["Host"], !acceptsHost(host, boundHost: boundHost, port: port) {
            let served = servedHostsDescription(boundHost: boundHost, port: port)
            return Refusal(
                status: .misdirectedRequest,
                message: "This server does not serve the host \"\(host)\"; it answers to \(served)."
            )
        }
        guard Self.isStateChanging(request.method) else { return nil }
        if refusesCrossSiteRequests, let reason = crossSiteReason(request) {
            return Refusal(
                status: .forbidden,
                message: "Cross-site request refused: \(reason). Send \(request.method) requests from this site's own "
                    + "pages, or from a client that sends neither Origin nor Sec-Fetch-Site."
            )
        }
        if let prefix = jsonPathPrefix, Self.path(request.path, isUnder: prefix), !request.body.isEmpty,
            request.contentType != "application/json"
        {
            let sent = request.headers["Content-Type"].map { "Content-Type: \($0)" } ?? "no Content-Type"
            return Refusal(
                status: .unsupportedMediaType,
                message: "\(request.method) \(request.path) takes a JSON body sent as Content-Type: application/json "
                    + "(this request has \(sent))."
            )
        }
        return nil
    }

    /// Adds ``responseHeaders`` that `response` lacks, and `charset=utf-8` to an `application/json` body without one.
    public func apply(to response: inout HTTPResponse) {
        for (name, value) in responseHeaders where !response.headers.contains(name) {
            response.headers.add(name, value)
        }
        if let type = response.headers["Content-Type"], !type.lowercased().contains("charset"),
            type.split(separator: ";").first?.trimmingHTTPWhitespace().lowercased() == "application/json"
        {
            response.headers.set("Content-Type", type + "; charset=utf-8")
        }
    }

    // MARK: Cross-site requests

    /// Why the request counts as cross-site, or `nil` when it does not.
    private func crossSiteReason(_ request: HTTPRequest) -> String? {
        if let site = request.headers["Sec-Fetch-Site"] {
            let value = site.trimmingHTTPWhitespace().lowercased()
            return value == "same-origin" || value == "none" ? nil : "Sec-Fetch-Site is \(site)"
        }
        guard let origin = request.headers["Origin"] else { return nil }
        guard let host = request.headers["Host"], let originAuthority = Self.authority(ofOrigin: origin),
            let own = HostName(parsing: host), own.name == originAuthority.name,
            own.portUnlessDefault == originAuthority.portUnlessDefault
        else {
            return "Origin \(origin) is not this site (\(request.headers["Host"] ?? "no Host header"))"
        }
        return nil
    }

    /// `http://127.0.0.1:8080` → 127.0.0.1 port 8080. `nil` for `null` and anything that is not
    /// `scheme://host[:port]`. (The scheme is not compared: behind a TLS-terminating proxy the page is `https:` and
    /// the request reaching the server plain HTTP.)
    private static func authority(ofOrigin origin: String) -> HostName? {
        let trimmed = origin.trimmingHTTPWhitespace()
        guard let separator = trimmed.range(of: "://") else { return nil }
        let rest = trimmed[separator.upperBound...]
        guard !rest.isEmpty, !rest.contains("/") else { return nil }
        return HostName(parsing: String(rest))
    }

    // MARK: Hosts

    /// Whether the `Host` header value names this server.
    func acceptsHost(_ header: String, boundHost: String, port: UInt16) -> Bool {
        guard let requested = HostName(parsing: header) else { return false }
        for allowed in allowedHosts {
            guard let name = HostName(parsing: allowed) else { continue }
            if name.name == requested.name && (name.port == nil || name.port == requested.effectivePort) {
                return true
            }
        }
        guard requested.effectivePort == Int(port) else { return false }
        let bound = HostName.normalize(boundHost)
        if HostName.isWildcard(bound) {
            return HostName.loopbackNames.contains(requested.name) || HostName.isAddressLiteral(requested.name)
        }
        if HostName.isLoopback(bound) {
            return HostName.loopbackNames.contains(requested.name) || requested.name == bound
        }
        return requested.name == bound
    }

    /// The hosts the server answers to, for the 421 message: `127.0.0.1:8080, localhost:8080, [::1]:8080`.
    private func servedHostsDescription(boundHost: String, port: UInt16) -> String {
        let bound = HostName.normalize(boundHost)
        var names: [String]
        if HostName.isWildcard(bound) {
            names = HostName.loopbackNames.sorted().map { HostName.display($0, port: Int(port)) }
            names.append("any IP address with port \(port)")
        } else if HostName.isLoopback(bound) {
            names = Set(HostName.loopbackNames + [bound]).sorted().map { HostName.display($0, port: Int(port)) }
        } else {
            names = [HostName.display(bound, port: Int(port))]
        }
        return (names + allowedHosts).joined(separator: ", ")
    }

    private static func path(_ path: String, isUnder prefix: String) -> Bool {
        let base = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        return path == base || path.hasPrefix(base + "/")
    }
}

/// A host and optional port as written in a `Host` header, an `Origin` or an allowed-host entry: the name
/// lowercased, without IPv6 brackets or a trailing dot.
private struct HostName: Equatable {
    var name: String
    var port: Int?

    /// The port, with 80 for a host written without one (the `Host` of a plain-HTTP request).
    var effectivePort: Int { port ?? 80 }

    /// The port, or `nil` when it is absent or a scheme's default (80, 443), which browsers leave out.
    var portUnlessDefault: Int? { port == 80 || port == 443 ? nil : port }

    init?(parsing text: String) {
        let text = text.trimmingHTTPWhitespace()
        guard !text.isEmpty else { return nil }
        var hostPart = Substring(text)
        var portPart: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            hostPart = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portPart = after.dropFirst()
            }
        } else if let colon = text.lastIndex(of: ":") {
            guard text.firstIndex(of: ":") == colon else { return nil }  // a bare IPv6 literal is not a Host value
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
        }
        if let portPart {
            guard let number = Int(portPart), (0...65535).contains(number) else { return nil }
            port = number
        }
        guard !hostPart.isEmpty else { return nil }
        name = Self.normalize(String(hostPart))
    }

    static func normalize(_ host: String) -> String {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix("."), host.count > 1 { host.removeLast() }
        return host
    }

    static let loopbackNames = ["127.0.0.1", "localhost", "::1"]

    static func isWildcard(_ host: String) -> Bool {
        host == "0.0.0.0" || host == "::" || host == "::0"
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    static func isAddressLiteral(_ host: String) -> Bool {
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        return inet_pton(AF_INET, host, &ipv4) == 1 || inet_pton(AF_INET6, host, &ipv6) == 1
    }

    static func display(_ host: String, port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
