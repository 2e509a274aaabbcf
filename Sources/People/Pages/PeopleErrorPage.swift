import HTML

/// A page that says what went wrong, in the People layout, with a way back to the list.
public enum PeopleErrorPage {
    /// Renders `title` and `message` (both escaped) and a link to the list.
    public static func render(title: String, message: String) -> String {
        let content: HTMLFragment = """
            <h1>\(title)</h1>
            <section class="card">
            <p>\(message)</p>
            <div class="actions"><a class="button secondary" href="\(PeoplePaths.list)">Back to the list</a></div>
            </section>
            """
        return PeopleLayout.page(title: title, content: content)
    }
}
