import Foundation
import HTML
import Testing
@testable import Shop

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("ConfirmPage")
struct ConfirmPageTests {
    @Test("Deleting one row posts to that row's delete action, with a cancel link")
    func deleteLine() {
        let line = CartLine(productID: 7, title: "Chanel Coco Noir Eau De", price: 129.99)
        let page = ConfirmPage.renderDelete(line: line, cartCount: 2)
        #expect(page.contains("<p>Delete “Chanel Coco Noir Eau De” ($129.99) from the cart?</p>"))
        #expect(
            page.contains(
                """
                <form method="post" action="/shop/cart/7/delete">
                <button class="danger" type="submit">Delete</button>
                </form>
                """))
        #expect(page.contains("<a class=\"button secondary\" href=\"/shop/cart\">Cancel</a>"))
        #expect(page.contains("aria-current=\"page\">SDCart (2)</a>"))
    }

    @Test("The empty-cart confirmation shows the cart count in the tab")
    func emptyCartCount() {
        #expect(ConfirmPage.renderEmptyCart(itemCount: 3).contains("aria-current=\"page\">SDCart (3)</a>"))
        #expect(ConfirmPage.renderEmptyCart(itemCount: 0).contains("aria-current=\"page\">SDCart (0)</a>"))
    }

    @Test("The row's title is escaped")
    func deleteEscaped() {
        let page = ConfirmPage.renderDelete(line: CartLine(productID: 1, title: "<script>x</script>", price: 1))
        #expect(!withoutLiveScript(page).contains("<script"))
        #expect(page.contains("“&lt;script&gt;x&lt;/script&gt;”"))
    }

    @Test("Emptying a non-empty cart posts to /shop/cart/empty, with a cancel link")
    func emptyCart() {
        let page = ConfirmPage.renderEmptyCart(itemCount: 3)
        #expect(page.contains("<p>Delete all 3 items from the cart?</p>"))
        #expect(
            page.contains(
                """
                <form method="post" action="/shop/cart/empty">
                <button class="danger" type="submit">Delete all</button>
                </form>
                """))
        #expect(page.contains("<a class=\"button secondary\" href=\"/shop/cart\">Cancel</a>"))
        #expect(ConfirmPage.renderEmptyCart(itemCount: 1).contains("<p>Delete the 1 item from the cart?</p>"))
    }

    @Test("Emptying an empty cart says it is already empty and offers no form")
    func alreadyEmpty() {
        let page = ConfirmPage.renderEmptyCart(itemCount: 0)
        #expect(page.contains("<p>The cart is already empty.</p>"))
        #expect(!page.contains("<form"))
        #expect(page.contains("<a class=\"button secondary\" href=\"/shop/cart\">Back to the cart</a>"))
    }
}

@Suite("ShopAssets")
struct ShopAssetsTests {
    @Test("The placeholder is a well-formed SVG served as image/svg+xml at /static/placeholder.svg")
    func placeholder() {
        #expect(ShopAssets.placeholderPath == "/static/placeholder.svg")
        #expect(ShopAssets.placeholderContentType == "image/svg+xml")
        #expect(ShopAssets.placeholderSVG.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        let parser = XMLParser(data: Data(ShopAssets.placeholderSVG.utf8))
        #expect(parser.parse())
    }

    @Test("The generic placeholder and every Shop file satisfy the CSP: no <style>, no inline event handlers")
    func cspClean() {
        #expect(!ShopAssets.placeholderSVG.contains("<style"))
        #expect(
            ShopAssets.all.map(\.path) == [
                "/static/shop.css", "/static/shop-live.js", "/static/live-page.js", "/static/live-worker.js",
            ])
        for asset in ShopAssets.all {
            #expect(asset.url == "\(asset.path)?v=\(asset.fingerprint)")
            #expect(asset.fingerprint.count == 16)
        }
        #expect(LivePageScript.page.content.contains(LivePageScript.worker.url))
        #expect(
            LiveCartScript.page.content.contains(
                "stream: \"\(ShopPaths.cartEvents)\", events: [\"cart\", \"corecart\"]"))
        #expect(
            LivePageScript.page.content.contains("addEventListener(\"pagehide\"")
                && LivePageScript.page.content.contains("addEventListener(\"pageshow\""))
    }
}

@Suite("ShopPaths")
struct ShopPathsTests {
    @Test("Routes match what the pages link to")
    func paths() {
        #expect(ShopPaths.display == "/shop")
        #expect(ShopPaths.cart == "/shop/cart")
        #expect(ShopPaths.emptyCart == "/shop/cart/empty")
        #expect(ShopPaths.deleteLine(productID: 42) == "/shop/cart/42/delete")
        #expect(ShopPaths.next(after: 7) == "/shop?after=7")
        #expect(ShopPaths.productIDField == "productID")
    }
}
