import Foundation
import HTML
import HTTP
import Testing
@testable import Places

private struct ErrorBody: Decodable {
    let error: String
    let fields: [String: String]?
}

@MainActor
@Suite("Places: the tutorial's scenario through the JSON API and the pages", .serialized)
struct PlacesControllerTests {
    @Test("JSON API: list sorted by name, search and filter, add, upsert, edit, delete, and the errors")
    func api() async throws {
        let folder = try TemporaryFolder()
        let app = try PlacesApp(store: folder.store)

        let list = await app.send(.get, "/api/places")
        #expect(list.status == .ok)
        #expect(list.headers["Content-Type"] == "application/json; charset=utf-8")
        let all = try list.json(PlacesController.PlacesJSON.self).places
        #expect(all.map(\.name) == ["Bellagio", "Excalibur", "Luxor", "Paris", "Stratosphere", "Treasure Island"])
        #expect(
            all.first
                == PlaceLine(id: all[0].id, name: "Bellagio", latitude: 36.1129, longitude: -115.1765, interested: true)
        )
        #expect(list.text.contains(#""interested":true"#) && !list.text.contains("intersted"))

        func names(_ query: String) async throws -> [String] {
            try await app.send(.get, "/api/places?\(query)").json(PlacesController.PlacesJSON.self).places.map(\.name)
        }
        #expect(try await names("search=lu") == ["Luxor"])
        #expect(try await names("search=L%C3%BAxor") == ["Luxor"])
        #expect(try await names("interested=true") == ["Bellagio", "Excalibur", "Paris"])
        #expect(try await names("search=a&interested=true") == ["Bellagio", "Excalibur", "Paris"])
        #expect(try await names("search=a&interested=false").count == 5)
        #expect(await app.send(.get, "/api/places?interested=yes").status == .badRequest)

        // A new place: 201.
        let created = await app.send(
            .post, "/api/places", json: #"{"name":"벨라지오 분수","latitude":36.113,"longitude":-115.174,"interested":true}"#)
        #expect(created.status == .created)
        let new = try created.json(PlacesController.SavedPlaceJSON.self)
        #expect(new.name == "벨라지오 분수" && new.interested && !new.updatedExisting)
        #expect(try await names("search=%EB%B2%A8%EB%9D%BC") == ["벨라지오 분수"])

        // The same name again: that place is updated, 200 and updatedExisting.
        let luxorID = try #require(all.first { $0.name == "Luxor" }).id
        let upserted = await app.send(
            .post, "/api/places", json: #"{"name":"Luxor","latitude":36.0956,"longitude":-115.1762,"interested":true}"#)
        #expect(upserted.status == .ok)
        let luxor = try upserted.json(PlacesController.SavedPlaceJSON.self)
        #expect(luxor.updatedExisting && luxor.id == luxorID && luxor.interested && luxor.latitude == 36.0956)
        #expect(try await names("").count == 7)

        // Read, replace, delete.
        let one = await app.send(.get, "/api/places/\(luxorID)")
        #expect(
            try one.json(PlaceLine.self)
                == PlaceLine(id: luxorID, name: "Luxor", latitude: 36.0956, longitude: -115.1762, interested: true))
        let put = await app.send(
            .put, "/api/places/\(luxorID)",
            json: #"{"name":"Luxor Hotel","latitude":36.0955,"longitude":-115.1761,"interested":false}"#)
        #expect(put.status == .ok)
        #expect(try put.json(PlaceLine.self).name == "Luxor Hotel")
        let taken = await app.send(
            .put, "/api/places/\(luxorID)", json: #"{"name":"Paris","latitude":1,"longitude":1}"#)
        #expect(taken.status == .conflict)
        #expect(try taken.json(ErrorBody.self).error == "another place is already called “Paris”; names are unique")
        #expect(await app.send(.delete, "/api/places/\(luxorID)").status == .noContent)
        #expect(await app.send(.delete, "/api/places/\(luxorID)").status == .notFound)
        #expect(await app.send(.get, "/api/places/\(luxorID)").status == .notFound)
        #expect(
            await app.send(.put, "/api/places/\(luxorID)", json: #"{"name":"X","latitude":1,"longitude":1}"#).status
                == .notFound)
        #expect(
            try await app.send(.get, "/api/places/not-a-token").json(ErrorBody.self).error
                == "there is no place with this id (it may have been deleted)")

        // Bad input: 400 with reasons, and nothing changes.
        let before = try await names("")
        let invalid = await app.send(
            .post, "/api/places", json: #"{"name":"  ","latitude":91,"longitude":"west","interested":"yes"}"#)
        #expect(invalid.status == .badRequest)
        let body = try invalid.json(ErrorBody.self)
        #expect(body.error == "The name, latitude and longitude are not valid.")
        #expect(
            body.fields == [
                "name": "Enter a name.",
                "latitude": "A latitude is a number from -90 to 90, such as 36.1129.",
                "longitude": "A longitude is a number from -180 to 180, such as -115.1765.",
                "interested": "interested must be true or false",
            ])
        // A coordinate of the wrong type is told what a range error is told: one wording.
        let wrongTypes = try await app.send(
            .post, "/api/places", json: #"{"name":"Q","latitude":"x","longitude":true}"#
        ).json(ErrorBody.self)
        let outOfRange = try await app.send(
            .post, "/api/places", json: #"{"name":"Q","latitude":200,"longitude":-200}"#
        ).json(ErrorBody.self)
        #expect(wrongTypes.fields == outOfRange.fields)
        #expect(
            wrongTypes.fields == [
                "latitude": "A latitude is a number from -90 to 90, such as 36.1129.",
                "longitude": "A longitude is a number from -180 to 180, such as -115.1765.",
            ])
        #expect(await app.send(.post, "/api/places", json: "not json").status == .badRequest)
        #expect(await app.send(.post, "/api/places", json: "[]").status == .badRequest)
        let putInvalid = await app.send(.put, "/api/places/\(new.id)", json: #"{"name":"Ok","latitude":0}"#)
        #expect(
            try putInvalid.json(ErrorBody.self).fields == [
                "longitude": "Enter a longitude from -180 to 180, such as -115.1765."
            ])
        #expect(try await names("") == before)
    }

    @Test("JSON API: a malformed body is 400 saying what was wrong and where, on POST and PUT, and nothing changes")
    func malformedBodies() async throws {
        let folder = try TemporaryFolder()
        let app = try PlacesApp(store: folder.store)
        let before = await app.send(.get, "/api/places").text
        let luxor = try #require(try app.places.fetchPlaces(searchText: "Luxor", filterByInterested: false).first)
        let prefix =
            #"the body must be JSON like {"name": "Luxor", "latitude": 36.0955, "longitude": -115.1761, "interested": false} ("#
        for (body, reason) in [
            (
                #"{"name":"Z","name":"Y","latitude":1,"longitude":2}"#,
                #"the member name "name" appears twice in one object (at byte 12)"#
            ),
            (#"{"name":"Z","latitude":1,"longitude":2,}"#, "expected a member name in double quotes (at byte 39)"),
            (
                #"{"name":"Z", /* where */ "latitude":1,"longitude":2}"#,
                "expected a member name in double quotes (at byte 13)"
            ),
            (
                String(repeating: "[", count: 129) + String(repeating: "]", count: 129),
                "arrays and objects are nested more than 128 deep"
            ),
            ("[]", "the body: expected an object, found an array"),
        ] {
            for (method, path) in [(HTTPMethod.post, "/api/places"), (.put, "/api/places/\(luxor.id)")] {
                let reply = await app.send(method, path, json: body)
                #expect(reply.status == .badRequest, "\(body)")
                let error = try reply.json(ErrorBody.self).error
                #expect(error.hasPrefix(prefix) && error.contains(reason), "\(body): \(error)")
            }
        }
        #expect(await app.send(.get, "/api/places").text == before)
    }

    @Test("Names are unique exactly, as SwiftData's .unique is: \"luxor\" is a second place beside \"Luxor\"")
    func namesAreCaseSensitive() async throws {
        let folder = try TemporaryFolder()
        let app = try PlacesApp(store: folder.store)
        let lower = await app.send(.post, "/api/places", json: #"{"name":"luxor","latitude":1,"longitude":2}"#)
        #expect(lower.status == .created)
        #expect(try lower.json(PlacesController.SavedPlaceJSON.self).updatedExisting == false)
        let found = try await app.send(.get, "/api/places?search=luxor").json(PlacesController.PlacesJSON.self).places
        #expect(found.map(\.name) == ["luxor", "Luxor"] || found.map(\.name) == ["Luxor", "luxor"])
        #expect(found.first { $0.name == "Luxor" }?.latitude == 36.0955)
    }

    @Test(
        "The interested toggle links to the flipped list, keeping the search; an empty search redirects away: no empty query"
    )
    func noEmptyQuery() async throws {
        let folder = try TemporaryFolder()
        let app = try PlacesApp(store: folder.store)
        func toggleHref(_ target: String) async throws -> String {
            let page = mainContent(await app.send(.get, target).text)
            let link = try #require(page.range(of: #"<a class="button toggle" role="button" href=""#))
            return String(page[link.upperBound...].prefix { $0 != "\"" })
        }
        #expect(try await toggleHref("/places") == "/places?interested=true")
        #expect(try await toggleHref("/places?interested=true") == "/places")
        #expect(try await toggleHref("/places?search=lu&interested=true") == "/places?search=lu")
        #expect(
            try await toggleHref("/places?search=l%C3%BA%20x%26y")
                == "/places?search=l%C3%BA%20x%26y&amp;interested=true")
        #expect(!mainContent(await app.send(.get, "/places?interested=true").text).contains("<form class=\"filter\""))

        for (target, location) in [
            ("/places?search=", "/places"), ("/places?search=+++", "/places"),
            ("/places?search=&interested=true", "/places?interested=true"),
        ] {
            let reply = await app.send(.get, target)
            #expect(reply.status == .seeOther, "\(target)")
            #expect(reply.headers["Location"] == location, "\(target)")
        }
        #expect(await app.send(.get, "/places?search=lu").status == .ok)
    }

    @Test("Pages: add, the upsert notice once, validation next to the fields with input kept, interest, edit, delete")
    func pages() async throws {
        let folder = try TemporaryFolder()
        let app = try PlacesApp(store: folder.store)

        // Adding an existing name: redirected to the place, which says it was updated — once.
        let posted = await app.send(
            .post, "/places",
            form: [("name", "Luxor"), ("latitude", "36.0956"), ("longitude", "-115.1762"), ("interested", "true")])
        #expect(posted.status == .seeOther)
        let location = try #require(posted.headers["Location"])
        #expect(location.hasPrefix("/places/") && !location.contains("?"))
        let cookie = try #require(posted.cookie)
        let shown = mainContent(await app.send(.get, location, cookie: cookie).text)
        #expect(
            shown.contains(
                "<p class=\"notice warning\" role=\"alert\">A place called “Luxor” already existed, so it was updated with these values instead of adding a second one.</p>"
            ))
        #expect(shown.contains("<h1>Luxor <span class=\"star\" aria-hidden=\"true\">★</span></h1>"))
        #expect(shown.contains("36.0956° N, 115.1762° W"))
        #expect(!mainContent(await app.send(.get, location, cookie: cookie).text).contains("notice"))
        // Each notice has a token of its own, for its page only: another browser, or another page, never sees it.
        let again = await app.send(
            .post, "/places", form: [("name", "Luxor"), ("latitude", "36.0955"), ("longitude", "-115.1761")],
            cookie: cookie)
        let againCookie = try #require(again.cookie)
        #expect(againCookie != cookie && againCookie.hasPrefix("places_notice="))
        #expect(again.headers["Set-Cookie"]?.hasSuffix("; Path=/; Max-Age=60; HttpOnly; SameSite=Strict") == true)
        #expect(!mainContent(await app.send(.get, location).text).contains("notice"))
        #expect(!mainContent(await app.send(.get, "/places", cookie: againCookie).text).contains("notice"))
        #expect(mainContent(await app.send(.get, location, cookie: againCookie).text).contains("already existed"))

        // A new place: "was added".
        let added = await app.send(
            .post, "/places", form: [("name", "  High Roller "), ("latitude", "36.1176"), ("longitude", "-115.168")],
            cookie: cookie)
        let addedPage = mainContent(await app.follow(added).text)
        #expect(addedPage.contains("<p class=\"notice\" role=\"status\">“High Roller” was added.</p>"))

        // Invalid input: 400, the messages next to the fields, what was typed kept, nothing saved.
        let invalid = await app.send(
            .post, "/places", form: [("name", "<b>Bad</b>"), ("latitude", "north"), ("longitude", "-115.1")],
            cookie: cookie)
        #expect(invalid.status == .badRequest)
        let form = mainContent(invalid.text)
        #expect(form.contains("value=\"&lt;b&gt;Bad&lt;/b&gt;\""))
        #expect(form.contains("value=\"north\""))
        #expect(
            form.contains(
                "<p class=\"field-error\" id=\"latitude-error\">A latitude is a number from -90 to 90, such as 36.1129.</p>"
            ))
        #expect(form.contains("aria-describedby=\"latitude-hint latitude-error\" aria-invalid=\"true\""))
        #expect(!form.contains("name-error"))
        #expect(try app.places.fetchPlaces().count == 7)

        // The list: search and the star toggle, in the URL.
        let filtered = mainContent(await app.send(.get, "/places?search=%20a%20&interested=true", cookie: cookie).text)
        #expect(
            filtered.contains(
                "<a class=\"button toggle\" role=\"button\" href=\"/places?search=a\" aria-pressed=\"true\""))
        #expect(filtered.contains("Showing 3 of 7 places: names containing “a”, interested only."))
        #expect(filtered.components(separatedBy: "<li>").count - 1 == 3)
        let none = mainContent(await app.send(.get, "/places?search=zzz").text)
        #expect(none.contains("No place matches."))

        // Interest, edit (renaming onto another name is refused next to the field), delete with confirmation.
        let luxorPath = location
        let luxorID = String(luxorPath.dropFirst("/places/".count))
        let toggled = await app.send(
            .post, "/places/\(luxorID)/interested", form: [("interested", "false")], cookie: cookie)
        #expect(mainContent(await app.follow(toggled).text).contains("“Luxor” is no longer marked as interesting."))
        let clash = await app.send(
            .post, "/places/\(luxorID)", form: [("name", "Paris"), ("latitude", "1"), ("longitude", "2")],
            cookie: cookie)
        #expect(clash.status == .conflict)
        #expect(
            mainContent(clash.text).contains(
                "Another place is already called “Paris”: choose another name, or edit that place."))
        let edited = await app.send(
            .post, "/places/\(luxorID)",
            form: [
                ("name", "Luxor Hotel"), ("latitude", "36.0955"), ("longitude", "-115.1761"), ("interested", "true"),
            ], cookie: cookie)
        #expect(mainContent(await app.follow(edited).text).contains("“Luxor Hotel” was saved."))
        #expect(
            mainContent(await app.send(.get, "/places/\(luxorID)/delete").text).contains(
                "<h1>Delete “Luxor Hotel”?</h1>"))
        let deleted = await app.send(.post, "/places/\(luxorID)/delete", cookie: cookie)
        #expect(deleted.headers["Location"] == "/places")
        #expect(mainContent(await app.follow(deleted).text).contains("“Luxor Hotel” was deleted."))
        let deletedAgain = await app.send(.post, "/places/\(luxorID)/delete", cookie: cookie)
        #expect(mainContent(await app.follow(deletedAgain).text).contains("That place was already deleted."))
        #expect(await app.send(.get, "/places/\(luxorID)").status == .notFound)
        #expect(await app.send(.get, "/places/garbage/edit").status == .notFound)
    }

    @Test("Every value from a user is escaped on every page, picture and map")
    func escaping() async throws {
        let folder = try TemporaryFolder()
        let app = try PlacesApp(store: folder.store)
        let hostile = "<script>alert(\"x\")</script>&'"
        let created = await app.send(
            .post, "/api/places",
            json: #"{"name":"<script>alert(\"x\")</script>&'","latitude":36.1,"longitude":-115.16}"#)
        let id = try created.json(PlacesController.SavedPlaceJSON.self).id
        for path in [
            "/places", "/places/images", "/places/map", "/places/\(id)", "/places/\(id)/edit", "/places/\(id)/delete",
            "/places?search=%3Cscript%3E",
        ] {
            let page = await app.send(.get, path).text
            #expect(!page.contains(hostile), "\(path)")
            #expect(!page.contains("<script"), "\(path)")
            #expect(!mainContent(page).contains("style="), "\(path)")
        }
        let picture = await app.send(.get, "/places/\(id)/picture.svg")
        #expect(picture.headers["Content-Type"] == "image/svg+xml")
        #expect(!picture.text.contains("<script"))
        let css = await app.send(.get, "/static/places.css")
        #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(css.text.contains(".map .marker"))
    }

    @Test(
        "Pictures and the stylesheet are static files: fingerprinted URLs that change with the picture, cached a year")
    func staticFiles() async throws {
        let folder = try TemporaryFolder()
        let app = try PlacesApp(store: folder.store)
        let luxor = try #require(try app.places.fetchPlaces(searchText: "Luxor").first)
        let before = PlacePicture.asset(for: luxor).url
        #expect(before.hasPrefix("/places/\(luxor.id)/picture.svg?v="))
        let list = await app.send(.get, "/places").text
        #expect(mainContent(list).contains("<img src=\"\(before)\" alt=\"\" width=\"96\" height=\"72\">"))
        #expect(list.contains("<link rel=\"stylesheet\" href=\"\(PlacesAssets.stylesheet.url)\">"))
        #expect(!mainContent(list).contains("<link"))
        let picture = await app.send(.get, before)
        #expect(picture.status == .ok)
        #expect(picture.headers["Content-Type"] == "image/svg+xml")
        #expect(picture.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(picture.text == PlacePicture(luxor).svg)

        let renamed = await app.send(
            .put, "/api/places/\(luxor.id)", json: #"{"name":"Luxor Pyramid","latitude":36.0955,"longitude":-115.1761}"#
        )
        #expect(renamed.status == .ok)
        let after = PlacePicture.asset(for: try renamed.json(PlaceLine.self)).url
        #expect(after != before && after.hasPrefix("/places/\(luxor.id)/picture.svg?v="))
        #expect(mainContent(await app.send(.get, "/places/\(luxor.id)").text).contains("src=\"\(after)\""))

        for asset in PlacesAssets.all {
            let file = await app.send(.get, asset.url)
            #expect(file.headers["Content-Type"] == asset.contentType)
            #expect(file.headers["Cache-Control"] == "public, max-age=31536000, immutable")
            #expect(file.text == asset.content)
        }
    }
}
