import HTML

/// A page that says what went wrong, in the Shop's layout.
public enum ErrorPage {
    /// A page with a heading and a message, both escaped, and a link back to the Display tab.
    public static func render(title: String, message: String) -> String {
        Layout.page(
            title: title,
            appName: "Shop",
            navigation: ShopTab.navigation(current: .display, cartCount: nil),
            content: """
                <h1>\(title)</h1>
                <p>\(message)</p>
                <p><a class="button secondary" href="\(ShopPaths.display)">Back to the shop</a></p>
                """
        )
    }
}
