import HTML

/// A page that says what went wrong, in the Shop's layout.
public enum ErrorPage {
    /// The button an error page offers: where to go from here.
    public struct Link: Sendable, Hashable {
        /// The button's label (plain text; escaped when rendered).
        public var title: String
        /// Where it leads, a root-relative path.
        public var href: String

        /// Creates a link; every parameter is the property of the same name.
        public init(title: String, href: String) {
            self.title = title
            self.href = href
        }

        /// "Back to the shop", to the Display tab.
        public static let shop = Link(title: "Back to the shop", href: ShopPaths.display)
        /// "Go to the cart", to the Cart tab (which needs no catalog, so it works while the catalog is down).
        public static let cart = Link(title: "Go to the cart", href: ShopPaths.cart)
        /// "Go to the CoreCart", to the Core Data cart's tab.
        public static let coreCart = Link(title: "Go to the CoreCart", href: ShopPaths.coreCart)
    }

    /// A page with a heading and a message, both escaped, and one button.
    /// - Parameters:
    ///   - title: The heading and document title, for example `"Product not found"`.
    ///   - message: One or two sentences saying what went wrong.
    ///   - cartCount: Rows in the SwiftData cart for the SDCart tab's label (`SDCart (2)`); `nil` to leave it out.
    ///   - tab: The tab the failed request belongs to, marked current in the header.
    ///   - link: The button under the message; ``Link/shop`` by default.
    /// - Returns: A complete HTML document.
    public static func render(
        title: String,
        message: String,
        cartCount: Int? = nil,
        tab: ShopTab = .display,
        link: Link = .shop
    ) -> String {
        page(
            title: title,
            content: """
                <h1>\(title)</h1>
                <section class="card">
                <p>\(message)</p>
                <div class="actions"><a class="button secondary" href="\(link.href)">\(link.title)</a></div>
                </section>
                """,
            cartCount: cartCount,
            tab: tab
        )
    }

    /// The page shown when the product catalog fails (the server answers it with 502 Bad Gateway).
    ///
    /// Names the catalog and says what went wrong in plain words, without error codes, and sends the reader to the
    /// cart, which works without the catalog (rather than back to the Display tab, which would fail again).
    /// - Parameters:
    ///   - catalogURL: The catalog's base URL as text, for example `"https://dummyjson.com"`; `nil` for the bundled
    ///     catalog.
    ///   - reason: What happened, as a phrase that completes "The product catalog … ", for example
    ///     `"could not be reached"` (see ``CatalogFailure/reason``).
    ///   - cartCount: Rows in the cart for the Cart tab's label; `nil` to leave it out.
    /// - Returns: A complete HTML document.
    public static func renderCatalogUnavailable(catalogURL: String?, reason: String, cartCount: Int?) -> String {
        let catalog: HTMLFragment =
            if let catalogURL {
                "The product catalog at <code>\(catalogURL)</code>"
            } else {
                "The product catalog"
            }
        return page(
            title: "Catalog unavailable",
            content: """
                <h1>Catalog unavailable</h1>
                <section class="card">
                <p>\(catalog) \(reason), so no product can be shown right now. Try again in a moment.</p>
                <p>Your cart is kept on this server and still works.</p>
                <div class="actions"><a class="button" href="\(Link.cart.href)">\(Link.cart.title)</a></div>
                </section>
                """,
            cartCount: cartCount,
            tab: .display
        )
    }

    private static func page(title: String, content: HTMLFragment, cartCount: Int?, tab: ShopTab) -> String {
        ShopLayout.page(title: title, tab: tab, cartCount: cartCount, content: content)
    }
}
