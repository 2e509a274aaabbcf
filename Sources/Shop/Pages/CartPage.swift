import HTML

/// A cart tab: the cart's rows with prices and the total (the seed tutorial's `CartView`; the tutorial's final
/// version has one for each cart, `CoreCart` and `SDCart`).
public enum CartPage {
    /// Renders the Cart tab.
    ///
    /// Each row shows the title and price and a "Delete" link to the row's confirmation page
    /// (``ShopPaths/deleteLine(productID:)``), standing in for the tutorial's swipe-to-delete. Below the rows are
    /// the total and an "Empty cart" link to ``ShopPaths/emptyCart`` (the tutorial's "delete all"). An empty cart
    /// shows "Your cart is empty." and a link to the Display tab instead, without the "Empty cart" button (its
    /// confirmation page still answers "already empty" when visited directly).
    /// - Parameters:
    ///   - kind: Which cart the page shows (its tab, heading and URLs); the SwiftData cart by default.
    ///   - lines: The rows, shown in this order.
    ///   - total: The cart's total in US dollars, as computed by the caller.
    ///   - notice: A banner above the cart, for example ``ShopNotice/removed(title:)``; `nil` for none.
    ///   - cartVersion: The SwiftData cart's version the page shows, for the live updates (the SDCart page reloads
    ///     when a newer cart has other rows; other pages follow the SDCart tab's count); `nil` for none.
    ///   - coreCartVersion: The Core Data cart's version the page shows, for the live updates (the CoreCart page
    ///     replaces its rows in place when the cart changes; other pages follow the CoreCart tab's count).
    ///   - cartCount: On the CoreCart page, the rows in the SwiftData cart for the SDCart tab's label.
    ///   - coreCartCount: On the SDCart page, the rows in the Core Data cart for the CoreCart tab's label.
    /// - Returns: A complete HTML document.
    public static func render(
        kind: CartKind = .swiftData,
        lines: [CartLine],
        total: Double,
        notice: ShopNotice?,
        cartVersion: String? = nil,
        coreCartVersion: String? = nil,
        cartCount: Int? = nil,
        coreCartCount: Int? = nil
    ) -> String {
        let body: HTMLFragment
        if lines.isEmpty {
            body = """
                <p class="empty muted">Your cart is empty.</p>
                <p><a href="\(ShopPaths.display)">Find something on the Display tab.</a></p>
                """
        } else {
            let rows = lines.map { line -> HTMLFragment in
                """
                <tr><td>\(line.title)</td><td class="amount">\(PriceFormat.price(line.price))</td>\
                <td class="amount"><a href="\(kind.deleteLinePath(productID: line.productID))" \
                aria-label="Delete \(line.title)">Delete</a></td></tr>
                """
            }
            body = """
                <table class="lines">
                <thead><tr><th scope="col">Product</th><th scope="col" class="amount">Price</th><td></td></tr></thead>
                <tbody>
                \(rows.joined(separator: "\n"))
                </tbody>
                <tfoot><tr><td>Total</td><td class="amount total">\(PriceFormat.price(total))</td><td></td></tr></tfoot>
                </table>
                <div class="actions"><a class="button danger" href="\(kind.emptyPath)">Empty cart</a></div>
                """
        }
        let marker = LiveCartScript.marker(
            version: cartVersion, coreCartVersion: coreCartVersion,
            productIDs: kind == .swiftData ? lines.map(\.productID) : nil
        )
        let region: HTMLFragment? = kind == .coreData ? LiveCartScript.liveRegion(id: "corecart-lines") : nil
        let content: HTMLFragment = """
            \(notice?.banner)
            <h1>\(kind.tabTitle)</h1>
            <section class="card"\(region)>
            \(body)
            </section>
            \(marker)
            """
        return ShopLayout.page(
            title: kind.tabTitle,
            tab: kind.tab,
            cartCount: kind == .swiftData ? lines.count : cartCount,
            coreCartCount: kind == .coreData ? lines.count : coreCartCount,
            content: content
        )
    }
}
