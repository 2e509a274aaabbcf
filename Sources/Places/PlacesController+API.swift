import Foundation
import HTTP
import IdentifierTokens

extension PlacesController {
    /// The body of `GET /api/places`.
    public struct PlacesJSON: Codable, Sendable, Equatable {
        /// The places, sorted by name.
        public var places: [PlaceLine]
    }

    /// The body `POST /api/places` answers: the place, and whether an existing one (same name) was updated.
    public struct SavedPlaceJSON: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var latitude: Double
        public var longitude: Double
        public var interested: Bool
        /// True when the name existed, so that place was updated (status 200) rather than a new one added (201).
        public var updatedExisting: Bool

        init(_ place: PlaceLine, updatedExisting: Bool) {
            id = place.id
            name = place.name
            latitude = place.latitude
            longitude = place.longitude
            interested = place.interested
            self.updatedExisting = updatedExisting
        }
    }

    /// A 400 body: the summary and each field's problem.
    struct InvalidJSON: Encodable {
        var error: String
        var fields: [String: String]
    }

    /// `GET /api/places[?search=…][&interested=true|false]`: `{"places": […]}`, sorted by name, filtered by the
    /// tutorial's predicate; 400 when `interested` is neither `true` nor `false`.
    public func listJSON(_ request: HTTPRequest) -> HTTPResponse {
        let interested = request.query("interested")
        guard interested == nil || interested == "true" || interested == "false" else {
            return .jsonError("interested must be true or false", status: .badRequest)
        }
        do {
            let found = try places.fetchPlaces(
                searchText: Self.searchText(request), filterByInterested: interested == "true")
            return .json(PlacesJSON(places: found))
        } catch {
            return failure(error, request: request)
        }
    }

    /// `GET /api/places/{id}`: the place; 404 when there is none.
    public func placeJSON(_ request: HTTPRequest) -> HTTPResponse {
        do {
            guard let place = try places.place(id: try placeID(request).get()) else {
                return failure(.notFound, request: request)
            }
            return .json(place)
        } catch {
            return failure(error, request: request)
        }
    }

    /// `POST /api/places` `{"name": …, "latitude": …, "longitude": …, "interested": …}` (`interested` optional,
    /// false by default): 201 with the new place and `"updatedExisting": false`; 200 with `"updatedExisting": true`
    /// when a place with that name existed and was updated; 400 `{"error": …, "fields": {…}}` for invalid input.
    public func createJSON(_ request: HTTPRequest) -> HTTPResponse {
        switch Self.draft(request.body) {
        case let .invalid(response):
            return response
        case let .valid(draft):
            do {
                let (place, updatedExisting) = try places.addPlace(draft)
                return .json(
                    SavedPlaceJSON(place, updatedExisting: updatedExisting), status: updatedExisting ? .ok : .created)
            } catch {
                return failure(error, request: request)
            }
        }
    }

    /// `PUT /api/places/{id}` with the same body as `POST`: replaces the place's values; 200 with the place; 400 for
    /// invalid input; 404 when there is no such place; 409 when another place has the name.
    public func updateJSON(_ request: HTTPRequest) -> HTTPResponse {
        let id: IdentifierToken<Place>
        switch placeID(request) {
        case let .success(found): id = found
        case let .failure(error): return failure(error, request: request)
        }
        do {
            guard try places.place(id: id) != nil else { return failure(.notFound, request: request) }
            switch Self.draft(request.body) {
            case let .invalid(response): return response
            case let .valid(draft): return .json(try places.updatePlace(id: id, with: draft))
            }
        } catch {
            return failure(error, request: request)
        }
    }

    /// `DELETE /api/places/{id}`: 204; 404 when there is no such place.
    public func deleteJSON(_ request: HTTPRequest) -> HTTPResponse {
        do {
            guard try places.deletePlace(id: try placeID(request).get()) != nil else {
                return failure(.notFound, request: request)
            }
            return .noContent
        } catch {
            return failure(error, request: request)
        }
    }

    /// A JSON body's place, checked as the forms are; or the 400 to answer.
    static func draft(_ body: Data) -> BodyCheck {
        let example = #"{"name": "Luxor", "latitude": 36.0955, "longitude": -115.1761, "interested": false}"#
        let object: [String: JSONScalar]
        do {
            object = try StrictJSONDecoder().decode([String: JSONScalar].self, from: body)
        } catch {
            return .invalid(.malformedJSON(error, example: example))
        }
        var typeErrors = PlaceFormErrors()
        var form = PlaceForm()
        switch object["name"] {
        case let .string(name)?: form.name = name
        case nil, .null?: break
        default: typeErrors.name = "name must be a string"
        }
        func coordinate(_ key: String, invalid: String) -> (text: String, error: String?) {
            switch object[key] {
            case let .number(value)?: return (PlaceFormat.coordinate(value), nil)
            case nil, .null?: return ("", nil)
            default: return ("", invalid)
            }
        }
        let latitude = coordinate("latitude", invalid: PlaceForm.invalidLatitude)
        let longitude = coordinate("longitude", invalid: PlaceForm.invalidLongitude)
        form.latitude = latitude.text
        form.longitude = longitude.text
        typeErrors.latitude = latitude.error
        typeErrors.longitude = longitude.error
        var interestedError: String?
        switch object["interested"] {
        case let .bool(value)?: form.interested = value
        case nil, .null?: form.interested = false
        default: interestedError = "interested must be true or false"
        }
        var errors: PlaceFormErrors
        switch form.validated() {
        case let .success(draft) where typeErrors.isEmpty && interestedError == nil:
            return .valid(draft)
        case .success:
            errors = PlaceFormErrors()
        case let .failure(found):
            errors = found
        }
        errors.name = typeErrors.name ?? errors.name
        errors.latitude = typeErrors.latitude ?? errors.latitude
        errors.longitude = typeErrors.longitude ?? errors.longitude
        var fields = errors.fields
        fields["interested"] = interestedError
        let summary = errors.isEmpty ? "The interested flag is not valid." : errors.summary
        return .invalid(.json(InvalidJSON(error: summary, fields: fields), status: .badRequest))
    }
}

/// A JSON body checked for a place: the draft, or the 400 to answer.
enum BodyCheck {
    case valid(PlaceDraft)
    case invalid(HTTPResponse)
}

/// One value of a JSON object, as far as the API checks it.
enum JSONScalar: Decodable {
    case string(String), number(Double), bool(Bool), null, other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            self = .other
        }
    }
}
