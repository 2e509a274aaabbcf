import HTML

/// Confirmation pages for the cart's destructive actions: the seed tutorial's swipe-to-delete and "delete all"
/// alert, as a page with a `POST` form and a cancel link so they work without JavaScript.
public enum ConfirmPage {
    /// Asks whether to delete one row.
    /// - Parameters:
    ///   - line: The row to delete.
    ///   - cartCount: Rows in the cart for its tab's label; `nil` to leave it out.
    ///   - kind: Which cart the row is in; the SwiftData cart by default.
    /// - Returns: A complete HTML document with a form posting to ``CartKind/deleteLinePath(productID:)`` and a
    ///   "Cancel" link back to the cart.
    public static func renderDelete(line: CartLine, cartCount: Int? = nil, kind: CartKind = .swiftData) -> String {
        let content: HTMLFragment = """
            <h1>Delete item?</h1>
            <section class="card">
            <p>Delete “\(line.title)” (\(PriceFormat.price(line.price))) from the cart?</p>
            <div class="actions">
            <form method="post" action="\(kind.deleteLinePath(productID: line.productID))">
            <button class="danger" type="submit">Delete</button>
            </form>
            <a class="button secondary" href="\(kind.path)">Cancel</a>
            </div>
            </section>
            """
        return page(title: "Delete item?", content: content, cartCount: cartCount, kind: kind)
    }

    /// Asks whether to delete every row, or says the cart is already empty.
    /// - Parameter itemCount: Rows in the cart now. With `0` the page only says "The cart is already empty." and
    ///   links back, as the tutorial's alert does; otherwise it has a form posting to ``ShopPaths/emptyCart``
    ///   and a "Cancel" link.
    /// - Parameter kind: Which cart; the SwiftData cart by default.
    /// - Returns: A complete HTML document.
    public static func renderEmptyCart(itemCount: Int, kind: CartKind = .swiftData) -> String {
        let content: HTMLFragment
        if itemCount <= 0 {
            content = """
                <h1>Empty cart</h1>
                <section class="card">
                <p>\(ShopNotice.cartAlreadyEmpty.message)</p>
                <div class="actions"><a class="button secondary" href="\(kind.path)">Back to the cart</a></div>
                </section>
                """
        } else {
            let items = itemCount == 1 ? "the 1 item" : "all \(itemCount) items"
            content = """
                <h1>Empty cart?</h1>
                <section class="card">
                <p>Delete \(items) from the cart?</p>
                <div class="actions">
                <form method="post" action="\(kind.emptyPath)">
                <button class="danger" type="submit">Delete all</button>
                </form>
                <a class="button secondary" href="\(kind.path)">Cancel</a>
                </div>
                </section>
                """
        }
        return page(
            title: itemCount <= 0 ? "Empty cart" : "Empty cart?", content: content, cartCount: itemCount, kind: kind)
    }

    private static func page(title: String, content: HTMLFragment, cartCount: Int?, kind: CartKind) -> String {
        switch kind {
        case .swiftData: ShopLayout.page(title: title, tab: kind.tab, cartCount: cartCount, content: content)
        case .coreData:
            ShopLayout.page(title: title, tab: kind.tab, cartCount: nil, coreCartCount: cartCount, content: content)
        }
    }
}
