import HTML

/// The showcase layout as every Shop page uses it: the Shop's name and tabs, its stylesheet, and the live cart's
/// script.
enum ShopLayout {
    /// A complete HTML document for a Shop page.
    /// - Parameters:
    ///   - title: The page's own title (plain text).
    ///   - tab: The tab the page belongs to, marked current.
    ///   - cartCount: Rows in the SwiftData cart for the SDCart tab's label; `nil` to leave it out.
    ///   - coreCartCount: Rows in the Core Data cart for the CoreCart tab's label; `nil` to leave it out.
    ///   - content: The page body.
    ///   - stylesheets: The page's own stylesheets, after the Shop's (the Test tab's).
    static func page(
        title: String, tab: ShopTab, cartCount: Int?, coreCartCount: Int? = nil, content: HTMLFragment,
        stylesheets: [StaticAsset] = []
    ) -> String {
        Layout.page(
            title: title,
            appName: "Shop",
            navigation: ShopTab.navigation(current: tab, cartCount: cartCount, coreCartCount: coreCartCount),
            content: content,
            stylesheets: ([ShopAssets.stylesheet] + stylesheets).map(\.url),
            scripts: [LivePageScript.page.url, LiveCartScript.page.url]
        )
    }
}
