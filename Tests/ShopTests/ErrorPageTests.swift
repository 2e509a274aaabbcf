import Foundation
import Testing
@testable import Shop

@Suite("ErrorPage")
struct ErrorPageTests {
    @Test("Heading, message and button; the cart count shows in the tab when given")
    func basic() {
        let page = ErrorPage.render(
            title: "Product not found", message: "There is no product with ID 999.", cartCount: 2)
        #expect(page.contains("<title>Product not found · Shop</title>"))
        #expect(page.contains("<h1>Product not found</h1>"))
        #expect(page.contains("<p>There is no product with ID 999.</p>"))
        #expect(page.contains("<a class=\"button secondary\" href=\"/shop\">Back to the shop</a>"))
        #expect(page.contains("<a href=\"/shop/cart\">SDCart (2)</a>"))
        #expect(page.contains("<a href=\"/shop\" aria-current=\"page\">Display</a>"))
        #expect(ErrorPage.render(title: "x", message: "y").contains("<a href=\"/shop/cart\">SDCart</a>"))
    }

    @Test("A cart error marks the Cart tab and links to the cart")
    func cartLink() {
        let page = ErrorPage.render(
            title: "Not in the cart", message: "That product is not in the cart.", cartCount: 0, tab: .cart, link: .cart
        )
        #expect(page.contains("<a href=\"/shop/cart\" aria-current=\"page\">SDCart (0)</a>"))
        #expect(page.contains("<a class=\"button secondary\" href=\"/shop/cart\">Go to the cart</a>"))
        #expect(!page.contains("Back to the shop"))
    }

    @Test("Title and message are escaped")
    func escaped() {
        let page = ErrorPage.render(title: "<b>x</b>", message: "\"><script>alert(1)</script>")
        #expect(!page.contains("<script>"))
        #expect(page.contains("<h1>&lt;b&gt;x&lt;/b&gt;</h1>"))
        #expect(page.contains("<p>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>"))
    }

    @Test("Catalog unavailable: names the catalog, says what happened in words, and sends the reader to the cart")
    func catalogUnavailable() {
        let page = ErrorPage.renderCatalogUnavailable(
            catalogURL: "http://127.0.0.1:9", reason: "could not be reached", cartCount: 3)
        #expect(page.contains("<title>Catalog unavailable · Shop</title>"))
        #expect(page.contains("<h1>Catalog unavailable</h1>"))
        #expect(
            page.contains(
                "<p>The product catalog at <code>http://127.0.0.1:9</code> could not be reached, so no product can be shown right now. Try again in a moment.</p>"
            ))
        #expect(page.contains("<p>Your cart is kept on this server and still works.</p>"))
        #expect(page.contains("<a class=\"button\" href=\"/shop/cart\">Go to the cart</a>"))
        #expect(!page.contains("Back to the shop"))
        #expect(page.contains("<a href=\"/shop/cart\">SDCart (3)</a>"))

        let bundled = ErrorPage.renderCatalogUnavailable(catalogURL: nil, reason: "has no products", cartCount: nil)
        #expect(bundled.contains("<p>The product catalog has no products, so no product can be shown right now."))
        let hostile = ErrorPage.renderCatalogUnavailable(
            catalogURL: "http://x/<script>", reason: "could not be reached", cartCount: nil)
        #expect(hostile.contains("<code>http://x/&lt;script&gt;</code>"))
    }
}
