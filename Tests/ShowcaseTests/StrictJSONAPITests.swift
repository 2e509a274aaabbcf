import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Showcase
import Testing

/// Every app's JSON API reads bodies with the HTTP layer's `StrictJSONDecoder`: a repeated member name, or an ID
/// written as `1e2` or `1.0`, is a 400 that changes nothing, where Foundation's `JSONDecoder` would have picked a
/// value.
@MainActor
@Suite("Showcase: every JSON API refuses duplicate members and non-integer IDs", .serialized)
struct StrictJSONAPITests {
    private func post(_ showcase: Showcase, _ path: String, _ json: String) async throws -> (status: Int, body: String)
    {
        var request = URLRequest(url: try #require(URL(string: path, relativeTo: showcase.baseURL)?.absoluteURL))
        request.httpMethod = "POST"
        request.httpBody = Data(json.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? -1, String(decoding: data, as: UTF8.self))
    }

    private func get(_ showcase: Showcase, _ path: String) async throws -> String {
        let url = try #require(URL(string: path, relativeTo: showcase.baseURL)?.absoluteURL)
        return String(decoding: try await URLSession.shared.data(from: url).0, as: UTF8.self)
    }

    @Test func everyAppRefusesAmbiguousBodies() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "StrictJSONAPITests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = ShowcaseOptions()
        options.port = 0
        options.dataDirectory = folder
        let showcase = try Showcase(options: options)
        try showcase.start()

        // Shop: the product ID.
        for body in [
            #"{"productID": 1, "productID": 2}"#, #"{"productID": 1e2}"#, #"{"productID": 1.0}"#,
            #"{"productID": "1"}"#,
        ] {
            let reply = try await post(showcase, "/api/shop/cart", body)
            #expect(reply.status == 400, "\(body)")
            #expect(reply.body.contains(#"the body must be JSON like {\"productID\": 1}"#), "\(reply.body)")
        }
        let duplicate = try await post(showcase, "/api/shop/cart", #"{"productID": 1, "productID": 2}"#)
        #expect(duplicate.body.contains(#"the member name \"productID\" appears twice"#), "\(duplicate.body)")
        let exponent = try await post(showcase, "/api/shop/cart", #"{"productID": 1e2}"#)
        #expect(exponent.body.contains("expected an integer literal such as 1 (no fraction or exponent), found 1e2"))
        #expect(try await get(showcase, "/api/shop/cart") == #"{"items":[],"total":0}"#)
        #expect(try await post(showcase, "/api/shop/cart", #"{"productID": 1}"#).status == 201)

        // BookStore: the ISBN.
        let isbn = try await post(showcase, "/api/books/saved", #"{"isbn": "9788996991342", "isbn": "9788996991342"}"#)
        #expect(isbn.status == 400)
        #expect(try await get(showcase, "/api/books/saved").contains(#""books":[]"#))

        // Places and People: any member.
        let placesBefore = try await get(showcase, "/api/places")
        let place = try await post(
            showcase, "/api/places",
            #"{"name": "Luxor", "name": "Bellagio", "latitude": 36.0955, "longitude": -115.1761, "interested": false}"#
        )
        #expect(place.status == 400)
        #expect(try await get(showcase, "/api/places") == placesBefore)
        let people = try await post(showcase, "/api/people", #"{"name": "Ada", "age": 36, "age": 37}"#)
        #expect(people.status == 400)
        let fractional = try await post(showcase, "/api/people", #"{"name": "Ada", "age": 36.0}"#)
        #expect(fractional.status == 400)
        #expect(fractional.body.contains("age must be a whole number"))
        #expect(try await get(showcase, "/api/people") == #"{"people":[]}"#)
        #expect(try await post(showcase, "/api/people", #"{"name": "Ada", "age": 36}"#).status == 201)

        await showcase.shutdown()
    }
}
