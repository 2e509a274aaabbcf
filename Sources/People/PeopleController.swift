import Foundation
import HTTP
import IdentifierTokens

/// Answers the People pages and JSON API from one ``PeopleViewModel``.
///
/// The pages are in `PeopleController+Pages.swift`, the API in `PeopleController+API.swift`; both answer failures
/// through ``failure(_:request:)``. Page actions follow POST/redirect/GET with a ``PersonNotice`` kept on the server
/// for the page the action redirects to, in a ``HTTP/FlashStore`` (the `people_notice` cookie holds only its token),
/// and shown once.
@MainActor
public final class PeopleController {
    let people: PeopleViewModel
    /// One-time notices for the list, each left by the action that redirects to it.
    let notices = FlashStore<PersonNotice>(cookieName: "people_notice")
    let log: @Sendable (String) -> Void

    /// A controller over `people`.
    /// - Parameters:
    ///   - people: The people every page and API call reads and changes.
    ///   - log: Receives one line per store failure, without a trailing line break; by default standard error.
    public init(people: PeopleViewModel, log: @escaping @Sendable (String) -> Void = PeopleController.standardErrorLog)
    {
        self.people = people
        self.log = log
    }

    /// Writes `line` and a line break to standard error: the server's log.
    public nonisolated static func standardErrorLog(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The answer to a failed request, for its audience: a page in the People layout, or `{"error": …}` JSON under
    /// `/api`. A store failure is logged with its detail and answered 500 without it.
    func failure(_ error: PeopleError, request: HTTPRequest) -> HTTPResponse {
        let isAPI = request.path.hasPrefix("/api/")
        switch error {
        case .notFound:
            return isAPI
                ? .jsonError("there is no person with this id (they may have been deleted)", status: .notFound)
                : .html(
                    PeopleErrorPage.render(
                        title: "Person not found", message: "There is no such person: they may have been deleted."),
                    status: .notFound)
        case let .store(storeError):
            log(
                "people: \(request.method) \(request.path): the people store failed (\(String(describing: storeError).split(whereSeparator: \.isNewline).joined(separator: " ")))"
            )
            return isAPI
                ? .jsonError("the people store failed; the server log has the details", status: .internalServerError)
                : .html(
                    PeopleErrorPage.render(
                        title: "Something went wrong",
                        message:
                            "The list could not be read or saved on the server; nothing was changed. Try again; if it keeps failing, the server log says why."
                    ), status: .internalServerError)
        }
    }

    /// The person a request's `{id}` names.
    func personID(_ request: HTTPRequest) throws(PeopleError) -> IdentifierToken<Person> {
        guard let token = request.pathParameters["id"], let id = IdentifierToken<Person>(token: token) else {
            throw .notFound
        }
        return id
    }
}
