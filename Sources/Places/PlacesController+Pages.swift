import Foundation
import HTML
import HTTP

extension PlacesController {
    // MARK: Reading

    /// `GET /places[?search=…][&interested=true]`: the list, sorted by name. An empty search (the search form
    /// submitted with an empty box) redirects (303) to the URL without it, so the address bar never shows
    /// `search=` with nothing after it.
    public func listPage(_ request: HTTPRequest) -> HTTPResponse {
        let searchText = Self.searchText(request)
        let filter = request.query("interested") == "true"
        if searchText.isEmpty, request.query("search") != nil {
            return .redirect(to: PlacesPaths.list(searchText: "", filterByInterested: filter))
        }
        do {
            let shown = try places.fetchPlaces(searchText: searchText, filterByInterested: filter)
            let total = searchText.isEmpty && !filter ? shown.count : try places.fetchPlaces().count
            return .html(
                PlaceListPage.render(
                    places: shown, searchText: searchText, filterByInterested: filter, totalCount: total,
                    notice: notices.take(for: request)
                ))
        } catch {
            return failure(error, request: request)
        }
    }

    /// `GET /places/images`: every place's picture.
    public func imagesPage(_ request: HTTPRequest) -> HTTPResponse {
        do {
            return .html(PlaceImagesPage.render(places: try places.fetchPlaces()))
        } catch {
            return failure(error, request: request)
        }
    }

    /// `GET /places/map`: the places on a map.
    public func mapPage(_ request: HTTPRequest) -> HTTPResponse {
        do {
            return .html(PlaceMapPage.render(places: try places.fetchPlaces()))
        } catch {
            return failure(error, request: request)
        }
    }

    /// `GET /places/{id}`: one place.
    public func placePage(_ request: HTTPRequest) -> HTTPResponse {
        withPlace(request) { place in .html(PlaceDetailPage.render(place: place, notice: notices.take(for: request))) }
    }

    /// `GET /places/{id}/picture.svg`: the place's picture, cached for a year like every static file (pages link
    /// it with its fingerprint, ``PlacePicture/asset(for:)``, which changes when the place's name or position do).
    public func picture(_ request: HTTPRequest) -> HTTPResponse {
        withPlace(request) { place in
            let asset = PlacePicture.asset(for: place)
            return .staticFile(Data(asset.content.utf8), contentType: asset.contentType)
        }
    }

    // MARK: Adding and editing

    /// `GET /places/new`: the empty form.
    public func newPage(_ request: HTTPRequest) -> HTTPResponse {
        .html(PlaceFormPage.render(mode: .add, form: PlaceForm()))
    }

    /// `POST /places` with `name`, `latitude`, `longitude`, `interested`: adds the place — or, when the name
    /// exists, updates that place and says so — then shows it. Invalid input: the form again (400) with the
    /// problems and the input as typed.
    public func createForm(_ request: HTTPRequest) -> HTTPResponse {
        let form = Self.form(request)
        switch form.validated() {
        case let .failure(errors):
            return .html(PlaceFormPage.render(mode: .add, form: form, errors: errors), status: .badRequest)
        case let .success(draft):
            do {
                let (place, updatedExisting) = try places.addPlace(draft)
                return notices.redirect(
                    to: PlacesPaths.place(place.id),
                    with: updatedExisting ? .updatedExisting(name: place.name) : .added(name: place.name))
            } catch {
                return failure(error, request: request)
            }
        }
    }

    /// `GET /places/{id}/edit`: the form with the place's values.
    public func editPage(_ request: HTTPRequest) -> HTTPResponse {
        withPlace(request) { place in
            .html(PlaceFormPage.render(mode: .edit(id: place.id, name: place.name), form: PlaceForm(place)))
        }
    }

    /// `POST /places/{id}` with the form's fields: saves the edit. Invalid input, or the name of another place:
    /// the form again with the problem next to its field.
    public func updateForm(_ request: HTTPRequest) -> HTTPResponse {
        withPlace(request) { place in
            let form = Self.form(request)
            let mode = PlaceFormPage.Mode.edit(id: place.id, name: place.name)
            switch form.validated() {
            case let .failure(errors):
                return .html(PlaceFormPage.render(mode: mode, form: form, errors: errors), status: .badRequest)
            case let .success(draft):
                do throws(PlacesError) {
                    let saved = try places.updatePlace(id: try placeID(request).get(), with: draft)
                    return notices.redirect(to: PlacesPaths.place(saved.id), with: .saved(name: saved.name))
                } catch let PlacesError.nameTaken(other) {
                    let errors = PlaceFormErrors(
                        name:
                            "Another place is already called “\(other.name)”: choose another name, or edit that place.")
                    return .html(PlaceFormPage.render(mode: mode, form: form, errors: errors), status: .conflict)
                } catch {
                    return failure(error, request: request)
                }
            }
        }
    }

    /// `POST /places/{id}/interested` with `interested=true|false`: marks the place, then shows it.
    public func interestedForm(_ request: HTTPRequest) -> HTTPResponse {
        withPlace(request) { place in
            guard let value = request.formValues()["interested"], value == "true" || value == "false" else {
                return .html(
                    PlacesErrorPage.render(
                        title: "Bad request", message: "The form must say interested=true or interested=false."),
                    status: .badRequest)
            }
            do throws(PlacesError) {
                let saved = try places.setInterested(id: try placeID(request).get(), value == "true")
                return notices.redirect(
                    to: PlacesPaths.place(saved.id), with: .interested(name: saved.name, saved.interested))
            } catch {
                return failure(error, request: request)
            }
        }
    }

    // MARK: Deleting

    /// `GET /places/{id}/delete`: asks to confirm.
    public func confirmDeletePage(_ request: HTTPRequest) -> HTTPResponse {
        withPlace(request) { place in .html(PlaceDeletePage.render(place: place)) }
    }

    /// `POST /places/{id}/delete`: deletes the place, then shows the list; a place already gone (a second post)
    /// also returns to the list, saying so.
    public func deleteForm(_ request: HTTPRequest) -> HTTPResponse {
        guard case let .success(id) = placeID(request) else {
            return notices.redirect(to: PlacesPaths.list, with: .alreadyGone)
        }
        do {
            guard let deleted = try places.deletePlace(id: id) else {
                return notices.redirect(to: PlacesPaths.list, with: .alreadyGone)
            }
            return notices.redirect(to: PlacesPaths.list, with: .deleted(name: deleted.name))
        } catch {
            return failure(error, request: request)
        }
    }

    // MARK: Helpers

    /// Runs `body` with the place the request's `{id}` names, or answers 404.
    private func withPlace(_ request: HTTPRequest, _ body: (PlaceLine) -> HTTPResponse) -> HTTPResponse {
        do {
            guard let place = try places.place(id: try placeID(request).get()) else {
                return failure(.notFound, request: request)
            }
            return body(place)
        } catch {
            return failure(error, request: request)
        }
    }

    /// The search as submitted: trimmed, at most 200 characters.
    static func searchText(_ request: HTTPRequest) -> String {
        String((request.query("search") ?? "").trimmingCharacters(in: .whitespacesAndNewlines).prefix(200))
    }

    /// The form's fields as typed; a missing field is empty, "Interested" is checked when sent as `true` or `on`.
    static func form(_ request: HTTPRequest) -> PlaceForm {
        let values = request.formValues()
        let interested = values["interested"].map { ["true", "on", "1"].contains($0) } ?? false
        return PlaceForm(
            name: values["name"] ?? "", latitude: values["latitude"] ?? "", longitude: values["longitude"] ?? "",
            interested: interested)
    }
}
