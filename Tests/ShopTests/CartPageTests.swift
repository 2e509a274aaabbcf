import Testing
@testable import Shop

@Suite("CartPage")
struct CartPageTests {
    let lines = [
        CartLine(productID: 78, title: "Apple MacBook Pro 14 Inch Space Grey", price: 1999.99),
        CartLine(productID: 1, title: "Essence Mascara Lash Princess", price: 9.99),
        CartLine(productID: 16, title: "Apple", price: 1.99),
    ]

    @Test("Rows show title and price in the given order, with the total")
    func rowsAndTotal() throws {
        let page = CartPage.render(lines: lines, total: 2011.97, notice: nil)
        let macBook = try #require(
            page.range(of: "<td>Apple MacBook Pro 14 Inch Space Grey</td><td class=\"amount\">$1999.99</td>"))
        let mascara = try #require(
            page.range(of: "<td>Essence Mascara Lash Princess</td><td class=\"amount\">$9.99</td>"))
        let apple = try #require(page.range(of: "<td>Apple</td><td class=\"amount\">$1.99</td>"))
        #expect(macBook.lowerBound < mascara.lowerBound)
        #expect(mascara.lowerBound < apple.lowerBound)
        #expect(page.contains("<tfoot><tr><td>Total</td><td class=\"amount total\">$2011.97</td>"))
        #expect(!page.contains("Your cart is empty."))
    }

    @Test("Each row links to its delete confirmation; Empty cart links to its confirmation")
    func links() {
        let page = CartPage.render(lines: lines, total: 2011.97, notice: nil)
        #expect(
            page.contains(
                "<a href=\"/shop/cart/78/delete\" aria-label=\"Delete Apple MacBook Pro 14 Inch Space Grey\">Delete</a>"
            ))
        #expect(
            page.contains(
                "<a href=\"/shop/cart/1/delete\" aria-label=\"Delete Essence Mascara Lash Princess\">Delete</a>"))
        #expect(page.contains("<a href=\"/shop/cart/16/delete\" aria-label=\"Delete Apple\">Delete</a>"))
        #expect(page.contains("<a class=\"button danger\" href=\"/shop/cart/empty\">Empty cart</a>"))
        #expect(!page.contains("<form"))
    }

    @Test("Tabs: Cart is current and shows the row count")
    func tabs() {
        let page = CartPage.render(lines: lines, total: 2011.97, notice: nil)
        #expect(page.contains("<a href=\"/shop/cart\" aria-current=\"page\">SDCart (3)</a>"))
        #expect(page.contains("<a href=\"/shop\">Display</a>"))
        #expect(page.contains("<title>SDCart · Shop</title>"))
    }

    @Test("An empty cart says so and has no table")
    func emptyState() {
        let page = CartPage.render(lines: [], total: 0, notice: .cartEmptied)
        #expect(page.contains("<p class=\"empty muted\">Your cart is empty.</p>"))
        #expect(!page.contains("<table"))
        #expect(page.contains("<p class=\"notice\" role=\"status\">All items were deleted from the cart.</p>"))
        #expect(page.contains("SDCart (0)"))
        #expect(page.contains("<a href=\"/shop\">Find something on the Display tab.</a>"))
    }

    @Test("The Empty cart button shows only when there is something to empty")
    func emptyCartButtonOnlyWithRows() {
        let button = "<a class=\"button danger\" href=\"/shop/cart/empty\">Empty cart</a>"
        #expect(CartPage.render(lines: lines, total: 2011.97, notice: nil).contains(button))
        let empty = CartPage.render(lines: [], total: 0, notice: nil)
        #expect(!empty.contains("Empty cart"))
        #expect(!empty.contains("/shop/cart/empty"))
    }

    @Test("Notices: removed is a confirmation, already-empty a warning")
    func notices() {
        let removed = CartPage.render(lines: Array(lines.prefix(1)), total: 1999.99, notice: .removed(title: "Apple"))
        #expect(removed.contains("<p class=\"notice\" role=\"status\">“Apple” was removed from the cart.</p>"))
        let alreadyEmpty = CartPage.render(lines: [], total: 0, notice: .cartAlreadyEmpty)
        #expect(alreadyEmpty.contains("<p class=\"notice warning\" role=\"alert\">The cart is already empty.</p>"))
        let notFound = CartPage.render(lines: [], total: 0, notice: .productNotFound(id: 999))
        #expect(notFound.contains("There is no product with ID 999."))
        let untitled = CartPage.render(lines: [], total: 0, notice: .removed(title: nil))
        #expect(untitled.contains("<p class=\"notice\" role=\"status\">The item was removed from the cart.</p>"))
        let gone = CartPage.render(lines: [], total: 0, notice: .noLongerInCart)
        #expect(gone.contains("<p class=\"notice warning\" role=\"alert\">That item was no longer in the cart.</p>"))
    }

    @Test("Titles in rows are escaped")
    func escaping() {
        let hostile = [CartLine(productID: 5, title: "<script>alert(1)</script>", price: 1)]
        let page = CartPage.render(lines: hostile, total: 1, notice: .removed(title: "\"><img src=x>"))
        #expect(!withoutLiveScript(page).contains("<script"))
        #expect(!page.contains("<img src=x>"))
        #expect(page.contains("<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>"))
        #expect(page.contains("aria-label=\"Delete &lt;script&gt;alert(1)&lt;/script&gt;\""))
    }
}
