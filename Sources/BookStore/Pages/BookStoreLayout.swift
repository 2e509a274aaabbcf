import HTML

/// The showcase layout as every BookStore page uses it: the BookStore's name and tabs, Korean as the document's
/// language, and the BookStore's stylesheet after the layout's.
enum BookStoreLayout {
    /// A complete HTML document for a BookStore page.
    /// - Parameters:
    ///   - title: The page's own title (plain text).
    ///   - tab: The tab the page belongs to, marked current.
    ///   - savedCount: Saved books for the saved tab's label (`담은 책 리스트 (2)`); `nil` to leave it out.
    ///   - content: The page body.
    static func page(title: String, tab: BookStoreTab, savedCount: Int?, content: HTMLFragment) -> String {
        Layout.page(
            title: title,
            appName: "BookStore",
            navigation: BookStoreTab.navigation(current: tab, savedCount: savedCount),
            content: content,
            language: "ko",
            stylesheets: [BookStoreAssets.stylesheet.url]
        )
    }
}
