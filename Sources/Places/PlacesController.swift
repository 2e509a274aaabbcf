import Foundation
import HTTP
import IdentifierTokens

/// Answers the Places pages and JSON API from one ``PlacesViewModel``.
///
/// The pages are in `PlacesController+Pages.swift`, the API in `PlacesController+API.swift`; both answer failures
/// through ``failure(_:request:)``. Page actions follow POST/redirect/GET: the form posts, the server keeps a
/// ``PlaceNotice`` for the page it redirects (303) to, in a ``HTTP/FlashStore`` (the `places_notice` cookie holds
/// only its token), and that page shows it once.
@MainActor
public final class PlacesController {
    let places: PlacesViewModel
    /// One-time notices, each for the page an action redirects to.
    let notices = FlashStore<PlaceNotice>(cookieName: "places_notice")
    let log: @Sendable (String) -> Void

    /// A controller over `places`.
    /// - Parameters:
    ///   - places: The places every page and API call reads and changes.
    ///   - log: Receives one line per store failure, without a trailing line break; by default standard error.
    public init(places: PlacesViewModel, log: @escaping @Sendable (String) -> Void = PlacesController.standardErrorLog)
    {
        self.places = places
        self.log = log
    }

    /// Writes `line` and a line break to standard error: the server's log.
    public nonisolated static func standardErrorLog(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The answer to a failed request, for its audience: a page in the Places layout, or `{"error": …}` JSON
    /// under `/api`. A store failure is logged with its detail and answered 500 without it.
    func failure(_ error: PlacesError, request: HTTPRequest) -> HTTPResponse {
        let isAPI = request.path.hasPrefix("/api/")
        switch error {
        case .notFound:
            return isAPI
                ? .jsonError("there is no place with this id (it may have been deleted)", status: .notFound)
                : .html(
                    PlacesErrorPage.render(
                        title: "Place not found", message: "There is no such place: it may have been deleted."),
                    status: .notFound)
        case let .nameTaken(other):
            let message = "another place is already called “\(other.name)”; names are unique"
            return isAPI
                ? .jsonError(message, status: .conflict)
                : .html(
                    PlacesErrorPage.render(
                        title: "Name taken", message: "Another place is already called “\(other.name)”."),
                    status: .conflict)
        case let .store(storeError):
            log(
                "places: \(request.method) \(request.path): the places store failed (\(String(describing: storeError).split(whereSeparator: \.isNewline).joined(separator: " ")))"
            )
            return isAPI
                ? .jsonError("the places store failed; the server log has the details", status: .internalServerError)
                : .html(
                    PlacesErrorPage.render(
                        title: "Something went wrong",
                        message:
                            "The places could not be read or saved on the server; nothing was changed. Try again; if it keeps failing, the server log says why."
                    ), status: .internalServerError)
        }
    }

    /// The place a request's `{id}` names, or the failure to answer.
    func placeID(_ request: HTTPRequest) -> Result<IdentifierToken<Place>, PlacesError> {
        guard let token = request.pathParameters["id"], let id = IdentifierToken<Place>(token: token) else {
            return .failure(.notFound)
        }
        return .success(id)
    }
}
