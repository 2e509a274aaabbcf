import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HTML
import HTTP
import People
import Places
import Shop
import Showcase
import Testing

/// One request written by hand (any Host, Origin or Content-Type) and its response, read on a thread of its own
/// (the showcase's handlers need the main actor, which the test holds).
private func exchange(port: UInt16, _ request: String) async throws -> (
    status: Int, headers: [String: String], body: String
) {
    try await withCheckedThrowingContinuation { continuation in
        Thread {
            continuation.resume(with: Result { try blockingExchange(port: port, request) })
        }.start()
    }
}

private struct ExchangeFailed: Error { let reason: String }

private func blockingExchange(port: UInt16, _ request: String) throws -> (
    status: Int, headers: [String: String], body: String
) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else { throw ExchangeFailed(reason: "connect: errno \(errno)") }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let bytes = Array(request.utf8)
    guard
        bytes.withUnsafeBytes({ Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count
    else { throw ExchangeFailed(reason: "send") }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count <= 0 { break }
        received += buffer[..<count]
    }
    let text = String(decoding: received, as: UTF8.self)
    guard let headEnd = text.range(of: "\r\n\r\n") else { throw ExchangeFailed(reason: "no response: \(text)") }
    var lines = text[..<headEnd.lowerBound].components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst().split(separator: " ")
    var headers: [String: String] = [:]
    for line in lines {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return (statusLine.count > 1 ? Int(statusLine[1]) ?? -1 : -1, headers, String(text[headEnd.upperBound...]))
}

@MainActor
@Suite("Showcase: safe by default", .serialized)
struct ShowcaseSecurityTests {
    /// 미움받을 용기, percent-encoded: a query the BookStore's bundled responses answer.
    private static let query = "%EB%AF%B8%EC%9B%80%EB%B0%9B%EC%9D%84%20%EC%9A%A9%EA%B8%B0"

    private func start(allowedHosts: [String] = []) throws -> (Showcase, URL) {
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ShowcaseSecurityTests-\(UUID().uuidString)")
        var options = ShowcaseOptions()
        options.port = 0
        options.dataDirectory = dataDirectory
        options.allowedHosts = allowedHosts
        let showcase = try Showcase(options: options)
        try showcase.start()
        return (showcase, dataDirectory)
    }

    /// The static files the apps' pages link, each at its fingerprinted URL.
    private var appAssets: [StaticAsset] {
        ShopAssets.all + TestTabAssets.all + PlacesAssets.all + PeopleAssets.all
    }

    /// The pages of Places, People and the Shop's Test tab, with real ids: a place from the samples and a person
    /// made through the API. `pages` answer HTML; `others` are their JSON API, a place's picture and error pages.
    private func appPaths(_ port: UInt16) async throws -> (pages: [String], others: [String]) {
        let host = "Host: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        let places = try await exchange(port: port, "GET /api/places HTTP/1.1\r\n\(host)\r\n")
        let place = try #require(
            try JSONDecoder().decode(PlacesController.PlacesJSON.self, from: Data(places.body.utf8)).places.first)
        let body = #"{"name":"Ada","age":"36"}"#
        let created = try await exchange(
            port: port,
            "POST /api/people HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        )
        let person = try JSONDecoder().decode(PersonLine.self, from: Data(created.body.utf8))
        let pages = [
            "/places", "/places?search=lu&interested=true", "/places/new", "/places/images", "/places/map",
            "/places/\(place.id)", "/places/\(place.id)/edit", "/places/\(place.id)/delete", "/places/nowhere",
            "/people", "/people/\(person.id)/edit", "/people/\(person.id)/delete", "/people/nobody/edit",
            "/shop/test",
        ]
        let others = [
            "/api/places", "/api/places?interested=maybe", "/api/places/\(place.id)", "/api/places/nowhere",
            "/api/people", "/api/people/\(person.id)", "/api/people/nobody", PlacePicture.asset(for: place).url,
        ]
        return (pages, others)
    }

    private func cartCount(_ port: UInt16) async throws -> Int {
        let reply = try await exchange(
            port: port, "GET /api/shop/cart HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        return try JSONDecoder().decode(ShopController.CartJSON.self, from: Data(reply.body.utf8)).items.count
    }

    @Test("A form or script on another site cannot add, delete or empty: 403 page or JSON, and the cart is unchanged")
    func crossSiteRequestsAreRefused() async throws {
        let (showcase, data) = try start()
        defer { try? FileManager.default.removeItem(at: data) }
        let port = UInt16(showcase.baseURL.port ?? 0)
        let host = "Host: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        let form = "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 11\r\n\r\nproductID=3"
        let attempts = [
            "POST /shop/cart HTTP/1.1\r\n\(host)Origin: http://evil.example\r\n\(form)",
            "POST /shop/cart HTTP/1.1\r\n\(host)Sec-Fetch-Site: cross-site\r\nOrigin: http://evil.example\r\n\(form)",
            "POST /shop/cart HTTP/1.1\r\n\(host)Sec-Fetch-Site: same-site\r\nOrigin: http://127.0.0.1:1\r\n\(form)",
            "POST /shop/cart HTTP/1.1\r\n\(host)Origin: null\r\n\(form)",
        ]
        for attempt in attempts {
            let reply = try await exchange(port: port, attempt)
            #expect(reply.status == 403, "\(attempt)")
            #expect(reply.body.contains("<h1>Request refused</h1>"), "\(attempt)")
            #expect(reply.headers["content-type"] == "text/html; charset=utf-8")
        }
        #expect(try await cartCount(port) == 0)

        // The same-origin form works, as does curl (no Origin, no Sec-Fetch-Site).
        let ownPage = try await exchange(
            port: port,
            "POST /shop/cart HTTP/1.1\r\n\(host)Origin: http://127.0.0.1:\(port)\r\nSec-Fetch-Site: same-origin\r\n\(form)"
        )
        #expect(ownPage.status == 303)
        #expect(try await cartCount(port) == 1)

        for attempt in [
            "POST /shop/cart/3/delete HTTP/1.1\r\n\(host)Origin: http://evil.example\r\nContent-Length: 0\r\n\r\n",
            "POST /shop/cart/empty HTTP/1.1\r\n\(host)Sec-Fetch-Site: cross-site\r\nContent-Length: 0\r\n\r\n",
            "DELETE /api/shop/cart HTTP/1.1\r\n\(host)Origin: http://evil.example\r\n\r\n",
            "DELETE /api/shop/cart/3 HTTP/1.1\r\n\(host)Sec-Fetch-Site: cross-site\r\n\r\n",
            "POST /books/saved HTTP/1.1\r\n\(host)Origin: http://evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 18\r\n\r\nisbn=9788996991342",
            "POST /books/saved/delete-all HTTP/1.1\r\n\(host)Sec-Fetch-Site: cross-site\r\nContent-Length: 0\r\n\r\n",
            "POST /books/saved/undo HTTP/1.1\r\n\(host)Sec-Fetch-Site: same-site\r\nContent-Length: 0\r\n\r\n",
            "POST /api/books/saved HTTP/1.1\r\n\(host)Origin: http://evil.example\r\nContent-Type: application/json\r\nContent-Length: 24\r\n\r\n{\"isbn\":\"9788996991342\"}",
            "DELETE /api/books/saved HTTP/1.1\r\n\(host)Sec-Fetch-Site: cross-site\r\n\r\n",
        ] {
            let reply = try await exchange(port: port, attempt)
            #expect(reply.status == 403, "\(attempt)")
        }
        let books = try await exchange(port: port, "GET /api/books/saved HTTP/1.1\r\n\(host)\r\n")
        #expect(books.body == #"{"books":[],"canRedo":false,"canUndo":false}"#)
        let api = try await exchange(
            port: port, "DELETE /api/shop/cart HTTP/1.1\r\n\(host)Origin: http://evil.example\r\n\r\n")
        #expect(api.headers["content-type"] == "application/json; charset=utf-8")
        #expect(
            api.body.hasPrefix(#"{"error":"Cross-site request refused: Origin http://evil.example is not this site"#))
        #expect(try await cartCount(port) == 1)
        await showcase.shutdown()
    }

    @Test("The JSON API takes only application/json bodies (415): a cross-site text/plain POST cannot add")
    func apiNeedsJSON() async throws {
        let (showcase, data) = try start()
        defer { try? FileManager.default.removeItem(at: data) }
        let port = UInt16(showcase.baseURL.port ?? 0)
        let host = "Host: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        let body = #"{"productID":3}"#
        for type in [
            "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
        ] {
            let reply = try await exchange(
                port: port,
                "POST /api/shop/cart HTTP/1.1\r\n\(host)Content-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            )
            #expect(reply.status == 415, "\(type)")
            #expect(
                reply.body.contains(
                    #""error":"POST /api/shop/cart takes a JSON body sent as Content-Type: application/json"#))
        }
        #expect(try await cartCount(port) == 0)
        let json = try await exchange(
            port: port,
            "POST /api/shop/cart HTTP/1.1\r\n\(host)Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        )
        #expect(json.status == 201)
        #expect(try await cartCount(port) == 1)
        await showcase.shutdown()
    }

    @Test("Only the bound host names are served (421), plus --allowed-host names")
    func hostCheck() async throws {
        let (showcase, data) = try start(allowedHosts: ["shop.example"])
        defer { try? FileManager.default.removeItem(at: data) }
        let port = UInt16(showcase.baseURL.port ?? 0)
        for host in ["attacker.example", "attacker.example:\(port)", "127.0.0.1:\(port + 1)"] {
            let page = try await exchange(
                port: port, "GET /shop/cart HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            #expect(page.status == 421, "\(host)")
            #expect(page.body.contains("<h1>Wrong host</h1>"))
            let api = try await exchange(
                port: port, "GET /api/shop/cart HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            #expect(api.status == 421)
            #expect(api.body.hasPrefix(#"{"error":"This server does not serve the host"#))
        }
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "shop.example", "SHOP.example:443"] {
            let reply = try await exchange(
                port: port, "GET /api/shop/cart HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            #expect(reply.status == 200, "\(host)")
        }
        await showcase.shutdown()
    }

    @Test("Every response carries the security headers: pages, JSON, errors, static files, the event stream")
    func headersEverywhere() async throws {
        let (showcase, data) = try start()
        defer { try? FileManager.default.removeItem(at: data) }
        let port = UInt16(showcase.baseURL.port ?? 0)
        let home = try await exchange(
            port: port, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        let stylesheet = try #require(
            home.body.firstMatch(of: /<link rel="stylesheet" href="(\/static\/showcase\.css\?v=[0-9a-f]{16})">/)
        ).1
        // The BookStore's files, as its pages and its stylesheet link them.
        let books = try await exchange(
            port: port, "GET /books HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        let booksStylesheet = String(
            try #require(
                books.body.firstMatch(of: /<link rel="stylesheet" href="(\/static\/books\.css\?v=[0-9a-f]{16})">/)
            ).1)
        let booksCSS = try await exchange(
            port: port, "GET \(booksStylesheet) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        let cover = String(
            try #require(booksCSS.body.firstMatch(of: /url\("(\/static\/book-cover\.svg\?v=[0-9a-f]{16})"\)/)).1)
        let bookStorePaths = [
            "/books", "/books?query=\(Self.query)", "/books/book/9788996991342?query=\(Self.query)&page=1",
            "/books/saved", "/books/saved/delete-all", "/books/book/9780000000000", "/books?query=x&page=99",
            "/api/books/search?query=\(Self.query)", "/api/books/saved", "/api/books/search",
            "/api/books/saved/undo", booksStylesheet, cover,
        ]
        let apps = try await appPaths(port)
        let paths =
            [
                "/", "/shop?id=1", "/shop/cart", "/shop/cart/empty", "/nothing", "/shop/cart/abc/delete",
                "/api/shop/cart", "/api/shop/products/99999999999999999999", String(stylesheet),
                ShopAssets.placeholderPath,
            ] + ShopAssets.all.map(\.url) + bookStorePaths
            + apps.pages + apps.others + appAssets.map(\.url)
        for path in paths {
            let reply = try await exchange(
                port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            #expect(reply.headers["x-content-type-options"] == "nosniff", "\(path)")
            #expect(reply.headers["content-security-policy"] == HTTPSecurityPolicy.contentSecurityPolicy, "\(path)")
            #expect(reply.headers["x-frame-options"] == "DENY", "\(path)")
            #expect(reply.headers["referrer-policy"] == "same-origin", "\(path)")
            if path.hasPrefix("/api") {
                #expect(reply.headers["content-type"] == "application/json; charset=utf-8", "\(path)")
            }
        }
        // Form posts and JSON writes: their redirects and answers carry the headers too.
        let host = "Host: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        let person = "name=Bo&age=40"
        let form =
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(person.utf8.count)\r\n\r\n\(person)"
        let json = #"{"name":"High Roller","latitude":36.1176,"longitude":-115.168}"#
        for request in [
            "POST /people HTTP/1.1\r\n\(host)Origin: http://127.0.0.1:\(port)\r\n\(form)",
            "POST /shop/test/cart/empty HTTP/1.1\r\n\(host)Sec-Fetch-Site: same-origin\r\nContent-Length: 0\r\n\r\n",
            "POST /api/places HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)",
        ] {
            let reply = try await exchange(port: port, request)
            #expect([201, 303].contains(reply.status), "\(request)")
            #expect(reply.headers["content-security-policy"] == HTTPSecurityPolicy.contentSecurityPolicy, "\(request)")
            #expect(reply.headers["x-content-type-options"] == "nosniff", "\(request)")
            #expect(reply.headers["x-frame-options"] == "DENY", "\(request)")
            #expect(reply.headers["referrer-policy"] == "same-origin", "\(request)")
        }
        for asset in appAssets {
            let reply = try await exchange(
                port: port, "GET \(asset.url) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            #expect(reply.status == 200, "\(asset.path)")
            #expect(reply.headers["content-type"] == asset.contentType, "\(asset.path)")
            #expect(reply.headers["cache-control"] == "public, max-age=31536000, immutable", "\(asset.path)")
            #expect(reply.body == asset.content, "\(asset.path)")
        }
        for (path, type) in [(booksStylesheet, "text/css; charset=utf-8"), (cover, "image/svg+xml")] {
            let reply = try await exchange(
                port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            #expect(reply.status == 200, "\(path)")
            #expect(reply.headers["content-type"] == type, "\(path)")
            #expect(reply.headers["cache-control"] == "public, max-age=31536000, immutable", "\(path)")
        }
        #expect(booksCSS.body.hasPrefix(".search-form{"))
        let css = try await exchange(
            port: port, "GET \(stylesheet) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        #expect(css.status == 200)
        #expect(css.headers["content-type"] == "text/css; charset=utf-8")
        #expect(css.headers["cache-control"] == "public, max-age=31536000, immutable")
        #expect(css.body.hasPrefix(":root{color-scheme:light dark;"))
        let bad = try await exchange(
            port: port, "GET /shop/cart/abc/delete HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        #expect(bad.status == 400)
        let range = try await exchange(
            port: port,
            "GET /api/shop/products/99999999999999999999 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        )
        #expect(range.status == 400)
        #expect(range.body.contains("is out of range"))
        await showcase.shutdown()
    }

    @Test("Every page satisfies the Content-Security-Policy: no inline script, no <style>, no style attribute")
    func pagesSatisfyTheContentSecurityPolicy() async throws {
        let (showcase, data) = try start()
        defer { try? FileManager.default.removeItem(at: data) }
        let port = UInt16(showcase.baseURL.port ?? 0)
        let host = "Host: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        _ = try await exchange(
            port: port,
            "POST /api/shop/cart HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: 15\r\n\r\n{\"productID\":3}"
        )
        let isbn = #"{"isbn":"9788996991342"}"#
        _ = try await exchange(
            port: port,
            "POST /api/books/saved HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: \(isbn.utf8.count)\r\n\r\n\(isbn)"
        )
        let bookStorePaths = [
            "/books", "/books?query=\(Self.query)", "/books?query=%EC%9A%B0%EC%A3%BC&page=2",
            "/books?query=%ED%95%B4%EB%A6%AC%ED%8F%AC%ED%84%B0", "/books?query=x&page=99",
            "/books/book/9788996991342?query=\(Self.query)&page=1", "/books/book/9788996991342?from=saved",
            "/books/book/9780000000000", "/books/book/1?from=saved", "/books/saved",
            "/books/saved/9788996991342/delete", "/books/saved/delete-all", "/books/nothing",
        ]
        let paths =
            [
                "/", "/shop", "/shop?id=1", "/shop?id=999", "/shop?id=x", "/shop/cart", "/shop/cart/3/delete",
                "/shop/cart/4/delete", "/shop/cart/empty", "/nothing", "/shop/cart/abc/delete",
            ] + bookStorePaths
            + (try await appPaths(port)).pages
        for path in paths {
            let page = try await exchange(port: port, "GET \(path) HTTP/1.1\r\n\(host)\r\n").body
            #expect(page.hasPrefix("<!DOCTYPE html>"), "\(path)")
            #expect(!page.contains("<style") && !page.contains("style="), "\(path)")
            #expect(
                !page.contains(" on") || page.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil, "\(path)")
            let scripts = page.components(separatedBy: "<script").count - 1
            let external = page.components(separatedBy: "<script src=\"/static/").count - 1
            #expect(scripts == external, "\(path)")
            #expect(!page.contains("javascript:"), "\(path)")
        }
        await showcase.shutdown()
    }

    @Test("--allowed-host is repeatable, takes HOST or HOST:PORT, and refuses anything else")
    nonisolated func allowedHostOption() throws {
        guard
            case .serve(let options) = try ShowcaseOptions.parse(
                [
                    "--allowed-host", "shop.example", "--allowed-host=api.example:8443", "--allowed-host",
                    "[2001:db8::1]:80",
                ]
            )
        else {
            Issue.record("expected options to serve")
            return
        }
        #expect(options.allowedHosts == ["shop.example", "api.example:8443", "[2001:db8::1]:80"])
        guard case .serve(let defaults) = try ShowcaseOptions.parse([]) else { return }
        #expect(defaults.allowedHosts.isEmpty)
        for bad in ["", "http://shop.example", "shop.example/x", "shop.example:0", "shop.example:99999", "a b", "[::1"]
        {
            #expect(throws: ShowcaseOptions.ParseError.self, "\(bad)") {
                try ShowcaseOptions.parse(["--allowed-host", bad])
            }
        }
        #expect(ShowcaseOptions.usage.contains("--allowed-host HOST"))
    }
}
