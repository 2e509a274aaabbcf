import BookStore
import Foundation
import HTTP
import OpenSwiftData
import Testing

/// What `POST /api/books/saved` answers for a body it cannot use: a 400 that says what was wrong, worded as every
/// app's JSON API words it, with nothing saved.
@MainActor
@Suite("BookStore API: a refused body says why", .serialized)
struct BookStoreAPIInputTests {
    private func router() throws -> Router {
        let container = try ModelContainer(
            for: MarkedBookModel.self, migrationPlan: BookStoreMigrationPlan.self,
            configurations: ModelConfiguration(isStoredInMemoryOnly: true)
        )
        let controller = BookStoreController(
            search: BookSearchViewModel(catalog: try BundledBookCatalog()),
            marked: try MarkedBookViewModel(context: ModelContext(container)),
            log: { _ in }
        )
        var router = Router()
        BookStoreRoutes.register(controller, on: &router)
        return router
    }

    private func save(_ router: Router, _ json: String) async -> (status: Int, error: String) {
        let response = await router.respond(
            to: HTTPRequest(
                method: .post, path: "/api/books/saved", headers: ["Content-Type": "application/json"],
                body: Data(json.utf8)
            ))
        let error = (try? JSONDecoder().decode([String: String].self, from: response.body))?["error"] ?? ""
        return (response.status.code, error)
    }

    @Test("Malformed bodies: 400 with the decoder's reason and position after the example")
    func malformed() async throws {
        let router = try router()
        let prefix = #"the body must be JSON like {"isbn": "9788996991342"} ("#
        for (body, reason) in [
            (
                #"{"isbn":"9788996991342","isbn":"9788996991342"}"#,
                #"the member name "isbn" appears twice in one object (at byte "#
            ),
            (#"{"isbn":"9788996991342",}"#, "expected a member name in double quotes (at byte 24)"),
            (#"{"isbn":"9788996991342" /* saved */}"#, "expected , or } after an object member (at byte 24)"),
            (
                String(repeating: "[", count: 129) + String(repeating: "]", count: 129),
                "arrays and objects are nested more than 128 deep"
            ),
            (#"{"isbn":123}"#, "isbn: expected a string, found the number 123"),
            (#"{}"#, "isbn is missing"),
        ] {
            let reply = await save(router, body)
            #expect(reply.status == 400, "\(body)")
            #expect(reply.error.hasPrefix(prefix), "\(reply.error)")
            #expect(reply.error.contains(reason), "\(body): \(reply.error)")
        }
        let list = await router.respond(to: HTTPRequest(path: "/api/books/saved"))
        #expect(String(decoding: list.body, as: UTF8.self).contains(#""books":[]"#))
    }

    @Test("An ISBN that is not 10 or 13 digits is 400 with the reason, not 404; hyphens, spaces and a final X are fine")
    func isbnShape() async throws {
        let router = try router()
        for isbn in [
            "abc", "12345", "978899699134", "97888969913420", "97889969913X2", "X996991341", "8996991341X",
            "978-89-abc-9134-2",
        ] {
            let reply = await save(router, #"{"isbn":"\#(isbn)"}"#)
            #expect(reply.status == 400, "\(isbn)")
            #expect(
                reply.error.contains("isbn must be an ISBN-10 or ISBN-13: 10 or 13 digits"), "\(isbn): \(reply.error)")
        }
        #expect(await save(router, #"{"isbn":"  "}"#).error.contains("isbn is empty"))
        // Well-formed: looked up. Not among the bundled books: 404; a bundled one, written with hyphens: saved.
        #expect(await save(router, #"{"isbn":"899699134X"}"#).status == 404)
        #expect(await save(router, #"{"isbn":"0-306-40615-2"}"#).status == 404)
        #expect(await save(router, #"{"isbn":"978-89-969913-4-2"}"#).status == 201)
        #expect(await save(router, #"{"isbn":"89 9699 1341"}"#).status == 409)
    }
}
