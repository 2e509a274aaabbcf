import HTML

/// A page that says what went wrong, in the BookStore's layout.
public enum BookStoreErrorPage {
    /// A page with a heading and a message, both escaped, and a link onwards.
    /// - Parameters:
    ///   - title: The heading and document title.
    ///   - message: One or two sentences saying what went wrong and what to do.
    ///   - tab: The tab the failed request belongs to.
    ///   - savedCount: Saved books, for the tab's label; `nil` to leave it out.
    ///   - link: The link's label and target; by default back to the search.
    /// - Returns: A complete HTML document.
    public static func render(
        title: String,
        message: String,
        tab: BookStoreTab = .search,
        savedCount: Int? = nil,
        link: (title: String, href: String) = ("검색으로 돌아가기", BookStorePaths.search)
    ) -> String {
        BookStoreLayout.page(
            title: title,
            tab: tab,
            savedCount: savedCount,
            content: """
                <h1>\(title)</h1>
                <section class="card">
                <p>\(message)</p>
                <div class="actions"><a class="button secondary" href="\(link.href)">\(link.title)</a></div>
                </section>
                """
        )
    }
}
