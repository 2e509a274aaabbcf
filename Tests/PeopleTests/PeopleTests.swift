import Foundation
import HTML
import HTTP
import IdentifierTokens
import Testing
@testable import People

/// A folder under the system's temporary directory, removed when the value is freed.
private final class TemporaryFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("PeopleTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    var store: URL { url.appendingPathComponent("people.store") }
    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The People routes on a router over a store file, answering requests in-process.
@MainActor
private struct PeopleApp {
    let people: PeopleViewModel
    let router: Router

    init(store: URL) throws {
        people = try PeopleViewModel(storeURL: store)
        var router = Router()
        PeopleRoutes.register(PeopleController(people: people, log: { _ in }), on: &router)
        self.router = router
    }

    func send(
        _ method: HTTPMethod, _ target: String, json: String? = nil, form: [(String, String)]? = nil,
        cookie: String? = nil
    ) async -> HTTPResponse {
        var headers = HTTPHeaders()
        var body = Data()
        if let json {
            headers["Content-Type"] = "application/json"
            body = Data(json.utf8)
        } else if let form {
            var allowed = CharacterSet.alphanumerics.intersection(
                CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
            allowed.insert(charactersIn: "-._~")
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            body = Data(
                form.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(
                    separator: "&"
                ).utf8)
        }
        if let cookie { headers["Cookie"] = cookie }
        guard let request = HTTPRequest(method: method, target: target, headers: headers, body: body) else {
            return HTTPResponse(status: .badRequest)
        }
        return await router.respond(to: request)
    }

    /// Follows a redirect as a browser does: a `GET` of its `Location` with the cookie it set.
    func follow(_ redirect: HTTPResponse) async -> HTTPResponse {
        guard let location = redirect.headers["Location"] else { return HTTPResponse(status: .badRequest) }
        return await send(.get, location, cookie: redirect.cookie)
    }
}

private extension HTTPResponse {
    var text: String { String(decoding: body, as: UTF8.self) }
    var main: String {
        guard let start = text.range(of: "<main>"), let end = text.range(of: "</main>") else { return text }
        return String(text[start.upperBound..<end.lowerBound])
    }
    func json<T: Decodable>(_ type: T.Type) throws -> T { try JSONDecoder().decode(T.self, from: body) }
    var cookie: String? { headers["Set-Cookie"].flatMap { $0.split(separator: ";").first.map(String.init) } }
}

private struct ErrorBody: Decodable {
    let error: String
    let fields: [String: String]?
}

@Suite("PersonForm: trimmed; a name; an age from 0 to 150")
struct PersonFormTests {
    @Test("Valid input is trimmed and the age written without leading zeros")
    func valid() throws {
        #expect(try PersonForm(name: "  김철수 ", age: " 036 ").validated().get() == PersonDraft(name: "김철수", age: "36"))
        #expect(try PersonForm(name: "A", age: "0").validated().get().age == "0")
        #expect(try PersonForm(name: "A", age: "150").validated().get().age == "150")
    }

    @Test("A blank name and every kind of bad age are refused, each with its message")
    func invalid() {
        func errors(_ name: String, _ age: String) -> PersonFormErrors? {
            if case let .failure(errors) = PersonForm(name: name, age: age).validated() { return errors }
            return nil
        }
        #expect(
            errors(" \t", "")
                == PersonFormErrors(name: "Enter a name (이름).", age: "Enter an age (나이): a whole number from 0 to 150.")
        )
        for age in ["151", "-1", "36.5", "3e1", "abc", "٣٦", "３６", "+5", "99999999999999999999", "1 2"] {
            #expect(
                errors("A", age)
                    == PersonFormErrors(age: "The age (나이) must be a whole number from 0 to 150, such as 36."), "\(age)"
            )
        }
        #expect(
            errors(String(repeating: "x", count: 101), "1")?.name == "Use at most 100 characters (this name has 101).")
        #expect(errors("A\u{0}B", "1")?.name == "A name cannot contain line breaks, tabs or other control characters.")
        #expect(PersonFormErrors(name: "x", age: "y").summary == "The name and age are not valid.")
    }
}

@MainActor
@Suite("People: the CRUD tutorial through the view model, the JSON API and the pages", .serialized)
struct PeopleTests {
    @Test("Ordered by name then age (9 before 10); ids survive a restart and never point at someone else")
    func orderAndIdentity() throws {
        let folder = try TemporaryFolder()
        let ada: PersonLine
        do {
            let people = try PeopleViewModel(storeURL: folder.store)
            ada = try people.addPerson(PersonDraft(name: "Ada", age: "36"))
            _ = try people.addPerson(PersonDraft(name: "grace", age: "85"))
            _ = try people.addPerson(PersonDraft(name: "Ada", age: "9"))
            _ = try people.addPerson(PersonDraft(name: "Ada", age: "10"))
            _ = try people.addPerson(PersonDraft(name: "Bob", age: "40"))
            #expect(
                try people.fetchPeople().map { "\($0.name) \($0.age)" } == [
                    "Ada 9", "Ada 10", "Ada 36", "Bob 40", "grace 85",
                ])
        }
        let people = try PeopleViewModel(storeURL: folder.store)
        let id = try #require(IdentifierToken<Person>(token: ada.id))
        #expect(try people.person(id: id) == ada)
        let updated = try people.updatePerson(id: id, with: PersonDraft(name: "Ada Lovelace", age: "37"))
        #expect(updated.id == ada.id)
        try people.deletePerson(id: id)
        #expect(try people.person(id: id) == nil)
        #expect(throws: PeopleError.self) { try people.updatePerson(id: id, with: PersonDraft(name: "X", age: "1")) }
        // A new person never takes the deleted one's id.
        let newcomer = try people.addPerson(PersonDraft(name: "Ada", age: "36"))
        #expect(newcomer.id != ada.id)
        #expect(try people.person(id: id) == nil)
        #expect(IdentifierToken<Person>(token: "garbage") == nil && IdentifierToken<Person>(token: "") == nil)
    }

    @Test("JSON API: list, add, read, update, delete; 400 with the fields; 404 when absent")
    func api() async throws {
        let folder = try TemporaryFolder()
        let app = try PeopleApp(store: folder.store)
        #expect(try await app.send(.get, "/api/people").json(PeopleController.PeopleJSON.self).people == [])

        let created = await app.send(.post, "/api/people", json: #"{"name":" 홍길동 ","age":"30"}"#)
        #expect(created.status == .created)
        #expect(created.headers["Content-Type"] == "application/json; charset=utf-8")
        let hong = try created.json(PersonLine.self)
        #expect(hong.name == "홍길동" && hong.age == "30")
        let number = await app.send(.post, "/api/people", json: #"{"name":"Ada","age":36}"#)
        #expect(try number.json(PersonLine.self).age == "36")
        #expect(
            try await app.send(.get, "/api/people").json(PeopleController.PeopleJSON.self).people.map(\.name) == [
                "Ada", "홍길동",
            ])

        #expect(try await app.send(.get, "/api/people/\(hong.id)").json(PersonLine.self) == hong)
        let put = await app.send(.put, "/api/people/\(hong.id)", json: #"{"name":"홍길동","age":"31"}"#)
        #expect(put.status == .ok)
        #expect(try put.json(PersonLine.self) == PersonLine(id: hong.id, name: "홍길동", age: "31"))

        let invalid = await app.send(.post, "/api/people", json: #"{"name":"   ","age":"151"}"#)
        #expect(invalid.status == .badRequest)
        let body = try invalid.json(ErrorBody.self)
        #expect(body.error == "The name and age are not valid.")
        #expect(
            body.fields == [
                "name": "Enter a name (이름).", "age": "The age (나이) must be a whole number from 0 to 150, such as 36.",
            ])
        let types = try await app.send(.post, "/api/people", json: #"{"name":["x"],"age":true}"#).json(ErrorBody.self)
        #expect(
            types.fields == [
                "name": "name must be a string",
                "age": "age must be a whole number from 0 to 150, as a string or a number",
            ])
        #expect(await app.send(.post, "/api/people", json: "nope").status == .badRequest)
        let badPut = await app.send(.put, "/api/people/\(hong.id)", json: #"{"name":"홍길동","age":"-3"}"#)
        #expect(badPut.status == .badRequest)
        #expect(try await app.send(.get, "/api/people/\(hong.id)").json(PersonLine.self).age == "31")

        #expect(await app.send(.delete, "/api/people/\(hong.id)").status == .noContent)
        #expect(await app.send(.delete, "/api/people/\(hong.id)").status == .notFound)
        #expect(await app.send(.get, "/api/people/\(hong.id)").status == .notFound)
        #expect(await app.send(.put, "/api/people/\(hong.id)", json: #"{"name":"x","age":"1"}"#).status == .notFound)
        #expect(
            try await app.send(.get, "/api/people/zzz").json(ErrorBody.self).error
                == "there is no person with this id (they may have been deleted)")
        #expect(try await app.send(.get, "/api/people").json(PeopleController.PeopleJSON.self).people.count == 1)
    }

    @Test("JSON API: a malformed body is 400 saying what was wrong and where, on POST and PUT, and nothing changes")
    func malformedBodies() async throws {
        let folder = try TemporaryFolder()
        let app = try PeopleApp(store: folder.store)
        let ada = try await app.send(.post, "/api/people", json: #"{"name":"Ada","age":36}"#).json(PersonLine.self)
        let prefix = #"the body must be JSON like {"name": "Ada", "age": "36"} ("#
        for (body, reason) in [
            (#"{"name":"Bo","age":3,"age":4}"#, #"the member name "age" appears twice in one object (at byte 21)"#),
            (#"{"name":"Bo","age":3,}"#, "expected a member name in double quotes (at byte 21)"),
            (
                #"{"name":"Bo", // a comment"# + "\n" + #""age":3}"#,
                "expected a member name in double quotes (at byte 14)"
            ),
            (
                String(repeating: #"{"a":"#, count: 129) + "1" + String(repeating: "}", count: 129),
                "arrays and objects are nested more than 128 deep"
            ),
            (#"["Bo", 3]"#, "the body: expected an object, found an array"),
        ] {
            for (method, path) in [(HTTPMethod.post, "/api/people"), (.put, "/api/people/\(ada.id)")] {
                let reply = await app.send(method, path, json: body)
                #expect(reply.status == .badRequest, "\(body)")
                let error = try reply.json(ErrorBody.self).error
                #expect(error.hasPrefix(prefix) && error.contains(reason), "\(body): \(error)")
            }
        }
        #expect(try await app.send(.get, "/api/people").json(PeopleController.PeopleJSON.self).people == [ada])
    }

    @Test(
        "Pages: 추가하기 with a notice once, messages next to the fields with the input kept, edit, delete behind a confirmation"
    )
    func pages() async throws {
        let folder = try TemporaryFolder()
        let app = try PeopleApp(store: folder.store)
        let empty = await app.send(.get, "/people")
        #expect(empty.main.contains("<button type=\"submit\" lang=\"ko\">추가하기</button>"))
        #expect(
            empty.main.contains("<span lang=\"ko\">이름</span>") && empty.main.contains("<span lang=\"ko\">나이</span>"))
        #expect(empty.main.contains("<span lang=\"ko\">데이터</span>"))
        #expect(empty.text.contains("<link rel=\"stylesheet\" href=\"\(PeopleAssets.stylesheet.url)\">"))
        #expect(!empty.main.contains("<link"))
        let css = await app.send(.get, PeopleAssets.stylesheet.url)
        #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(css.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(css.text == PeopleAssets.stylesheet.content)

        let added = await app.send(.post, "/people", form: [("name", "Ada"), ("age", "36")])
        #expect(added.status == .seeOther && added.headers["Location"] == "/people")
        let cookie = try #require(added.cookie)
        #expect(cookie.hasPrefix("people_notice="))
        #expect(!(await app.send(.get, "/people")).main.contains("notice"))  // another browser
        let list = await app.send(.get, "/people", cookie: cookie)
        #expect(list.main.contains("<p class=\"notice\" role=\"status\">“Ada” (36) was added.</p>"))
        #expect(list.main.contains("<td class=\"name\">Ada</td><td class=\"amount\">36</td>"))
        #expect(!(await app.send(.get, "/people", cookie: cookie)).main.contains("notice"))

        let invalid = await app.send(
            .post, "/people", form: [("name", "<i>Eve</i>"), ("age", "two hundred")], cookie: cookie)
        #expect(invalid.status == .badRequest)
        #expect(invalid.main.contains("value=\"&lt;i&gt;Eve&lt;/i&gt;\""))
        #expect(
            invalid.main.contains(
                "value=\"two hundred\" inputmode=\"numeric\" maxlength=\"10\" autocomplete=\"off\" aria-invalid=\"true\" aria-describedby=\"age-error\">"
                    + "<p class=\"field-error\" id=\"age-error\">The age (나이) must be a whole number from 0 to 150, such as 36.</p>"
            ))
        #expect(!invalid.main.contains("name-error"))
        #expect(try app.people.fetchPeople().count == 1)

        let ada = try #require(try app.people.fetchPeople().first)
        let edit = await app.send(.get, "/people/\(ada.id)/edit")
        #expect(edit.main.contains("<h1>Edit “Ada”</h1>") && edit.main.contains("value=\"36\""))
        let badEdit = await app.send(.post, "/people/\(ada.id)", form: [("name", ""), ("age", "36")])
        #expect(badEdit.status == .badRequest)
        #expect(badEdit.main.contains("<p class=\"field-error\" id=\"name-error\">Enter a name (이름).</p>"))
        let saved = await app.send(
            .post, "/people/\(ada.id)", form: [("name", "Ada Lovelace"), ("age", "37")], cookie: cookie)
        #expect(saved.headers["Location"] == "/people")
        #expect((await app.follow(saved)).main.contains("“Ada Lovelace” (37) was saved."))

        let confirm = await app.send(.get, "/people/\(ada.id)/delete")
        #expect(confirm.main.contains("<h1>Delete “Ada Lovelace”?</h1>"))
        #expect(try app.people.fetchPeople().count == 1)
        let deleted = await app.send(.post, "/people/\(ada.id)/delete", cookie: cookie)
        #expect((await app.follow(deleted)).main.contains("“Ada Lovelace” (37) was deleted."))
        let deletedAgain = await app.send(.post, "/people/\(ada.id)/delete", cookie: cookie)
        #expect((await app.follow(deletedAgain)).main.contains("That person was already deleted."))
        #expect(await app.send(.get, "/people/\(ada.id)/edit").status == .notFound)
        #expect(await app.send(.get, "/people/\(ada.id)/delete").status == .notFound)
        #expect(try app.people.fetchPeople().isEmpty)
    }
}
