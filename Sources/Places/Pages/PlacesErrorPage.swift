import HTML

/// A page that says what went wrong, in the Places layout, with a way back to the list.
public enum PlacesErrorPage {
    /// Renders `title` and `message` (both escaped) and a link to the list.
    public static func render(title: String, message: String) -> String {
        let content: HTMLFragment = """
            <h1>\(title)</h1>
            <section class="card">
            <p>\(message)</p>
            <div class="actions"><a class="button secondary" href="\(PlacesPaths.list)">Back to the places</a></div>
            </section>
            """
        return PlacesTab.page(title: title, current: nil, content: content)
    }
}
