import HTTP

extension PeopleController {
    /// `GET /people`: the form and the list (데이터).
    public func listPage(_ request: HTTPRequest) -> HTTPResponse {
        do throws(PeopleError) {
            return .html(PeopleListPage.render(people: try people.fetchPeople(), notice: notices.take(for: request)))
        } catch {
            return failure(error, request: request)
        }
    }

    /// `POST /people` with `name` and `age` (추가하기): adds the person, then shows the list. Invalid input: the
    /// list again (400) with the problems next to the fields and the input as typed.
    public func createForm(_ request: HTTPRequest) -> HTTPResponse {
        let form = Self.form(request)
        do throws(PeopleError) {
            switch form.validated() {
            case let .failure(errors):
                return .html(
                    PeopleListPage.render(people: try people.fetchPeople(), form: form, errors: errors),
                    status: .badRequest)
            case let .success(draft):
                return redirect(notice: .added(try people.addPerson(draft)), request: request)
            }
        } catch {
            return failure(error, request: request)
        }
    }

    /// `GET /people/{id}/edit`: the form with the person's values.
    public func editPage(_ request: HTTPRequest) -> HTTPResponse {
        do throws(PeopleError) {
            guard let person = try people.person(id: try personID(request)) else { throw PeopleError.notFound }
            return .html(PersonEditPage.render(person: person, form: PersonForm(person)))
        } catch {
            return failure(error, request: request)
        }
    }

    /// `POST /people/{id}` with `name` and `age`: saves the edit, then shows the list. Invalid input: the form again
    /// (400) with the problems and the input as typed. Someone already deleted: back to the list, saying so.
    public func updateForm(_ request: HTTPRequest) -> HTTPResponse {
        do throws(PeopleError) {
            guard let id = try? personID(request), let person = try people.person(id: id) else {
                return redirect(notice: .alreadyGone, request: request)
            }
            let form = Self.form(request)
            switch form.validated() {
            case let .failure(errors):
                return .html(PersonEditPage.render(person: person, form: form, errors: errors), status: .badRequest)
            case let .success(draft):
                return redirect(notice: .saved(try people.updatePerson(id: id, with: draft)), request: request)
            }
        } catch {
            return failure(error, request: request)
        }
    }

    /// `GET /people/{id}/delete`: asks to confirm.
    public func confirmDeletePage(_ request: HTTPRequest) -> HTTPResponse {
        do throws(PeopleError) {
            guard let person = try people.person(id: try personID(request)) else { throw PeopleError.notFound }
            return .html(PersonDeletePage.render(person: person))
        } catch {
            return failure(error, request: request)
        }
    }

    /// `POST /people/{id}/delete`: deletes the person, then shows the list; someone already gone (a second post)
    /// also returns to the list, saying so.
    public func deleteForm(_ request: HTTPRequest) -> HTTPResponse {
        do throws(PeopleError) {
            guard let id = try? personID(request), let deleted = try people.deletePerson(id: id) else {
                return redirect(notice: .alreadyGone, request: request)
            }
            return redirect(notice: .deleted(deleted), request: request)
        } catch {
            return failure(error, request: request)
        }
    }

    /// A 303 to the list, keeping `notice` for it.
    private func redirect(notice: PersonNotice, request: HTTPRequest) -> HTTPResponse {
        notices.redirect(to: PeoplePaths.list, with: notice)
    }

    /// The form's fields as typed; a missing field is empty.
    static func form(_ request: HTTPRequest) -> PersonForm {
        let values = request.formValues()
        return PersonForm(name: values["name"] ?? "", age: values["age"] ?? "")
    }
}
