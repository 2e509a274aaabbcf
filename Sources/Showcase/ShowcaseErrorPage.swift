import HTML
import HTTP

/// The Showcase's page for the errors the router and the server answer by themselves (no such page, a method the
/// page does not take, an upload over the size limit, …), in the shared layout with a link home.
///
/// Used as the ``HTTP/HTTPErrorPageRenderer`` of the Showcase's router and server, so it only ever sees paths
/// outside `/api` (API clients keep getting `{"error": …}` JSON).
public enum ShowcaseErrorPage {
    /// The heading for `status`: `"Bad request"` for 400, `"Request refused"` for 403, `"Page not found"` for 404,
    /// `"Method not allowed"` for 405, `"Content too large"` for 413, `"Unsupported content type"` for 415,
    /// `"Wrong host"` for 421, `"Service unavailable"` for 503; otherwise the status's reason phrase (or
    /// `"Error <code>"` without one).
    public static func heading(for status: HTTPStatus) -> String {
        switch status.code {
        case 400: return "Bad request"
        case 403: return "Request refused"
        case 404: return "Page not found"
        case 405: return "Method not allowed"
        case 413: return "Content too large"
        case 415: return "Unsupported content type"
        case 421: return "Wrong host"
        case 503: return "Service unavailable"
        default: return status.reasonPhrase.isEmpty ? "Error \(status.code)" : status.reasonPhrase
        }
    }

    /// Renders `details` as an HTML page: the heading, the status line, the router's or server's message (escaped),
    /// and a button to the home page.
    /// - Parameter details: The error, as the router or server describes it.
    /// - Returns: An HTML response with `details.status`.
    @Sendable
    public static func render(_ details: HTTPErrorDetails) -> HTTPResponse? {
        let heading = heading(for: details.status)
        let content: HTMLFragment = """
            <h1>\(heading)</h1>
            <section class="card">
            <p class="muted">\(details.status.description)</p>
            <p>\(details.message)</p>
            <div class="actions"><a class="button" href="/">Go to the home page</a></div>
            </section>
            """
        return .html(
            Layout.page(title: heading, appName: nil, navigation: [], content: content), status: details.status)
    }
}
