import Foundation
import HTTP
import Testing

@Suite("Headers, requests and responses")
struct ValueTypeTests {
    @Test func headersAreCaseInsensitiveAndOrdered() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain"]
        #expect(headers["content-type"] == "text/plain")
        #expect(headers["CONTENT-TYPE"] == "text/plain")
        headers.add("Set-Cookie", "a=1")
        headers.add("set-cookie", "b=2")
        #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        headers.set("SET-COOKIE", "c=3")
        #expect(headers.values(for: "set-cookie") == ["c=3"])
        headers["X-Gone"] = "1"
        headers["x-gone"] = nil
        #expect(!headers.contains("X-Gone"))
        #expect(headers.map(\.name) == ["Content-Type", "Set-Cookie"])
        #expect(headers["Missing"] == nil)
    }

    @Test func requestTargetDecodesQueryWithPlusAsSpace() throws {
        let request = try #require(
            HTTPRequest(method: .get, target: "/search?q=%ED%95%9C%EA%B5%AD+books&page=2&flag&q=second"))
        #expect(request.path == "/search")
        #expect(request.query("q") == "한국 books")
        #expect(request.query("page") == "2")
        #expect(request.query("flag") == "")
        #expect(request.query("missing") == nil)
        #expect(request.queryItems.count == 4)
    }

    @Test func strayCharactersInTargetsAreEscapedNotDoubleEncoded() throws {
        let request = try #require(HTTPRequest(method: .get, target: "/a b/한/%ED%95%9C?x=한 b&y=%EA%B0%80&z=100%"))
        #expect(request.path == "/a b/한/한")
        #expect(request.percentEncodedPath == "/a%20b/%ED%95%9C/%ED%95%9C")
        #expect(request.query("x") == "한 b")
        #expect(request.query("y") == "가")
        #expect(request.query("z") == "100%")
    }

    @Test func invalidTargetsAreRejected() {
        #expect(HTTPRequest(method: .get, target: "/bad%FFpath") == nil)
        #expect(HTTPRequest(method: .get, target: "no-slash") == nil)
        #expect(HTTPRequest(method: .get, target: "http://example.com/p?a=1")?.path == "/p")
    }

    @Test func formValuesDecodePlusAndUTF8() {
        let body = Data("name=%ED%99%8D+%EA%B8%B8%EB%8F%99&note=a%2Bb+c&city=서울&empty=&name=ignored".utf8)
        let request = HTTPRequest(method: .post, path: "/form", body: body)
        let values = request.formValues()
        #expect(values["name"] == "홍 길동")
        #expect(values["note"] == "a+b c")
        #expect(values["city"] == "서울")
        #expect(values["empty"] == "")
        #expect(request.formItems().count == 5)
        #expect(HTTPRequest(method: .post, path: "/", body: Data()).formValues().isEmpty)
    }

    @Test func settingThePathUpdatesTheEncodedPath() {
        var request = HTTPRequest(path: "/a b/c")
        #expect(request.percentEncodedPath == "/a%20b/c")
        request.path = "/한"
        #expect(request.percentEncodedPath == "/%ED%95%9C")
    }

    @Test func responseFactories() throws {
        struct Item: Encodable { var name: String; var price: Double }
        let json = HTTPResponse.json(Item(name: "Mug", price: 9.5), status: .created)
        #expect(json.status.code == 201)
        #expect(json.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(String(decoding: json.body, as: UTF8.self) == #"{"name":"Mug","price":9.5}"#)

        let failed = HTTPResponse.json(Item(name: "NaN", price: .nan))
        #expect(failed.status == .internalServerError)
        let object = try JSONSerialization.jsonObject(with: failed.body) as? [String: String]
        #expect(object?["error"]?.contains("could not encode") == true)

        let error = HTTPResponse.jsonError("nope \"quoted\"", status: .conflict)
        #expect(error.status.code == 409)
        #expect(try JSONSerialization.jsonObject(with: error.body) as? [String: String] == ["error": "nope \"quoted\""])

        let redirect = HTTPResponse.redirect(to: "/cart")
        #expect(redirect.status.code == 303)
        #expect(redirect.headers["location"] == "/cart")
        #expect(redirect.body.isEmpty)

        #expect(HTTPResponse.noContent.status.code == 204)
        #expect(HTTPResponse.text("hi").headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(HTTPStatus(code: 404) == .notFound)
        #expect(HTTPStatus.notFound.description == "404 Not Found")
        #expect(HTTPStatus.payloadTooLarge.code == 413)
        // RFC 9110's name; the body of the server's own 413 says the same as its status line.
        #expect(HTTPStatus.contentTooLarge.description == "413 Content Too Large")
        #expect(HTTPStatus(code: 413).reasonPhrase == "Content Too Large")
        let tooLarge = HTTPResponse.error("too big", status: .contentTooLarge, path: "/upload")
        #expect(String(decoding: tooLarge.body, as: UTF8.self) == "413 Content Too Large\n\ntoo big\n")
    }
}
