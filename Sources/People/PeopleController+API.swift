import Foundation
import HTTP

extension PeopleController {
    /// The body of `GET /api/people`.
    public struct PeopleJSON: Codable, Sendable, Equatable {
        /// Everyone, by name then age.
        public var people: [PersonLine]
    }

    /// A 400 body: the summary and each field's problem.
    struct InvalidJSON: Encodable {
        var error: String
        var fields: [String: String]
    }

    /// `GET /api/people`: `{"people": […]}`, by name then age.
    public func listJSON(_ request: HTTPRequest) -> HTTPResponse {
        do throws(PeopleError) {
            return .json(PeopleJSON(people: try people.fetchPeople()))
        } catch {
            return failure(error, request: request)
        }
    }

    /// `GET /api/people/{id}`: the person; 404 when there is none.
    public func personJSON(_ request: HTTPRequest) -> HTTPResponse {
        do throws(PeopleError) {
            guard let person = try people.person(id: try personID(request)) else { throw PeopleError.notFound }
            return .json(person)
        } catch {
            return failure(error, request: request)
        }
    }

    /// `POST /api/people` `{"name": "Ada", "age": "36"}` (the age may also be a JSON integer): 201 with the person;
    /// 400 `{"error": …, "fields": {"name": …, "age": …}}` for invalid input.
    public func createJSON(_ request: HTTPRequest) -> HTTPResponse {
        switch Self.draft(request.body) {
        case let .invalid(response):
            return response
        case let .valid(draft):
            do throws(PeopleError) {
                return .json(try people.addPerson(draft), status: .created)
            } catch {
                return failure(error, request: request)
            }
        }
    }

    /// `PUT /api/people/{id}` with the same body as `POST`: 200 with the person; 400 as for `POST`; 404 when there is
    /// no such person.
    public func updateJSON(_ request: HTTPRequest) -> HTTPResponse {
        do throws(PeopleError) {
            let id = try personID(request)
            guard try people.person(id: id) != nil else { throw PeopleError.notFound }
            switch Self.draft(request.body) {
            case let .invalid(response): return response
            case let .valid(draft): return .json(try people.updatePerson(id: id, with: draft))
            }
        } catch {
            return failure(error, request: request)
        }
    }

    /// `DELETE /api/people/{id}`: 204; 404 when there is no such person.
    public func deleteJSON(_ request: HTTPRequest) -> HTTPResponse {
        do throws(PeopleError) {
            guard try people.deletePerson(id: try personID(request)) != nil else { throw PeopleError.notFound }
            return .noContent
        } catch {
            return failure(error, request: request)
        }
    }

    /// A JSON body checked for a person.
    enum BodyCheck {
        case valid(PersonDraft)
        case invalid(HTTPResponse)
    }

    /// A JSON body's person, checked as the forms are; or the 400 to answer.
    static func draft(_ body: Data) -> BodyCheck {
        guard let object = try? StrictJSONDecoder().decode([String: PersonJSONValue].self, from: body) else {
            return .invalid(.jsonError(#"the body must be a JSON object like {"name": "Ada", "age": "36"}"#, status: .badRequest))
        }
        var form = PersonForm()
        var typeErrors = PersonFormErrors()
        switch object["name"] {
        case let .string(name)?: form.name = name
        case nil, .null?: break
        default: typeErrors.name = "name must be a string"
        }
        switch object["age"] {
        case let .string(age)?: form.age = age
        case let .integer(age)?: form.age = String(age)
        case nil, .null?: break
        default: typeErrors.age = "age must be a whole number from 0 to 150, as a string or a number"
        }
        var errors: PersonFormErrors
        switch form.validated() {
        case let .success(draft) where typeErrors.isEmpty: return .valid(draft)
        case .success: errors = PersonFormErrors()
        case let .failure(found): errors = found
        }
        errors.name = typeErrors.name ?? errors.name
        errors.age = typeErrors.age ?? errors.age
        return .invalid(.json(InvalidJSON(error: errors.summary, fields: errors.fields), status: .badRequest))
    }
}

/// One value of a JSON object, as far as the API checks it.
enum PersonJSONValue: Decodable {
    case string(String), integer(Int), null, other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if (try? container.decode(Bool.self)) != nil {
            self = .other
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            self = .other
        }
    }
}
