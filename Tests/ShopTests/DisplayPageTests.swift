import Foundation
import HTML
import Testing
@testable import Shop

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("DisplayPage")
struct DisplayPageTests {
    @Test("Shows the product's title, category, brand, description, price and rating")
    func productFields() async throws {
        let product = try await Fixtures.productOne()
        let page = DisplayPage.render(product: product, notice: nil)
        #expect(page.contains("<title>Essence Mascara Lash Princess · Shop</title>"))
        #expect(page.contains("<h1>Essence Mascara Lash Princess</h1>"))
        #expect(page.contains("<p class=\"category muted\">beauty</p>"))
        #expect(page.contains("<span class=\"muted\">Brand:</span> Essence</p>"))
        #expect(page.contains("<p class=\"description\">The Essence Mascara Lash Princess is a popular mascara"))
        #expect(page.contains("<p class=\"price\">$9.99</p>"))
        #expect(page.contains("title=\"Rated 2.56 out of 5\">★ 2.56</p>"))
    }

    @Test("Offline, the product's own drawing: its category's picture, its initials, a tint from its ID")
    func placeholder() async throws {
        let product = try await Fixtures.productOne()
        let page = DisplayPage.render(product: product, notice: nil)
        #expect(
            page.contains(
                "<figure class=\"product-image\"><svg class=\"placeholder tint-1\" viewBox=\"0 0 300 300\" width=\"300\" "
                    + "height=\"300\" role=\"img\" aria-label=\"Essence Mascara Lash Princess\" data-category=\"beauty\">"
            ))
        #expect(page.contains(">EM</text>"))
        #expect(page.contains(ProductPlaceholder.drawing(for: "beauty").markup))
        #expect(!page.contains("cdn.dummyjson.com"))  // the bundled catalog may be offline: no remote picture
        #expect(!withoutLiveScript(page).lowercased().contains("<script"))
        #expect(!page.contains("<object") && !page.contains("onerror") && !page.contains("style="))
    }

    @Test("With the live catalog the remote picture covers the drawing, which is then hidden from screen readers")
    func remoteImage() async throws {
        let product = try await Fixtures.productOne()
        let page = DisplayPage.render(product: product, notice: nil, imageURL: product.thumbnail)
        #expect(
            page.contains(
                "aria-hidden=\"true\" focusable=\"false\" data-category=\"beauty\">"
            ))
        #expect(
            page.contains(
                "<img class=\"remote\" src=\"https://cdn.dummyjson.com/product-images/beauty/essence-mascara-lash-princess/"
                    + "thumbnail.webp\" alt=\"Essence Mascara Lash Princess\" width=\"300\" height=\"300\"></div></figure>"
            ))
    }

    @Test("A thumbnail URL that is not http(s) is not used; only the drawing shows")
    func unsafeThumbnail() async throws {
        var product = try await Fixtures.productOne()
        product.thumbnail = "javascript:alert(1)"
        let page = DisplayPage.render(product: product, notice: nil, imageURL: product.thumbnail)
        #expect(!page.contains("<img"))
        #expect(!page.contains("javascript:"))
        #expect(page.contains("<figure class=\"product-image\"><svg class=\"placeholder"))
    }

    @Test("Placeholders are deterministic, tell products apart, and draw every bundled category")
    func placeholdersDiffer() throws {
        let catalog = try BundledCatalog()
        var drawings = Set<String>()
        for product in catalog.products {
            let svg = ProductPlaceholder.svg(for: product).markup
            #expect(svg == ProductPlaceholder.svg(for: product).markup)
            #expect(ProductPlaceholder.drawings[product.category] != nil, "\(product.category) has no drawing")
            drawings.insert(svg)
        }
        #expect(drawings.count == catalog.products.count)
        #expect(Set(catalog.products.map(\.category)).count == 24)
        #expect(Set(ProductPlaceholder.drawings.values).count == ProductPlaceholder.drawings.count)
        #expect(ProductPlaceholder.initials(of: "Essence Mascara Lash Princess") == "EM")
        #expect(ProductPlaceholder.initials(of: "Apple") == "A")
        #expect(ProductPlaceholder.initials(of: "iPhone 13 Pro") == "I1")
        #expect(ProductPlaceholder.initials(of: "— ! —") == "?")
        #expect(ProductPlaceholder.drawing(for: "spaceships").markup.contains("<path"))
    }

    @Test("The drawing escapes the title, the category and the initials")
    func placeholderEscaping() async throws {
        var product = try await Fixtures.productOne()
        product.title = "<b>&x\" y"
        product.category = "\"><script>"
        let svg = ProductPlaceholder.svg(for: product).markup
        #expect(svg.contains("aria-label=\"&lt;b&gt;&amp;x&quot; y\""))
        #expect(svg.contains("data-category=\"&quot;&gt;&lt;script&gt;\""))
        #expect(svg.contains(">BX</text>"))
        #expect(!svg.contains("<script") && !svg.contains("<b>"))
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse())
    }

    @Test("The tutorial's composition: image, then title and description with the price to the right; the cart menu")
    func composition() async throws {
        let product = try await Fixtures.productOne()
        let page = DisplayPage.render(product: product, notice: nil)
        let image = try #require(page.range(of: "<figure class=\"product-image\">"))
        let summary = try #require(
            page.range(
                of: "<div class=\"summary\">\n<div>\n<h1>Essence Mascara Lash Princess</h1>\n<p class=\"description\">")
        )
        let price = try #require(page.range(of: "</div>\n<p class=\"price\">$9.99</p>\n</div>"))
        #expect(image.upperBound < summary.lowerBound && summary.upperBound < price.lowerBound)
        #expect(ShopAssets.stylesheet.content.contains(".product .product-image{display:flex;justify-content:center"))
        #expect(
            ShopAssets.stylesheet.content.contains(
                ".product .summary{display:flex;gap:1rem;align-items:flex-start;justify-content:space-between}"))
        #expect(
            page.contains(
                """
                <details class="menu">
                <summary>\(DisplayPage.cartIcon)Cart menu</summary>
                <div class="menu-items">
                <form method="post" action="/shop/corecart">
                <input type="hidden" name="productID" value="1">
                <button type="submit">Add</button>
                </form>
                <form method="post" action="/shop/cart">
                <input type="hidden" name="productID" value="1">
                <button type="submit">SD Add</button>
                </form>
                <a class="button danger" href="/shop/corecart/empty">Empty CoreCart</a>
                <a class="button danger" href="/shop/cart/empty">Empty SDCart</a>
                </div>
                </details>
                <a class="button secondary" href="/shop?after=1">Next</a>
                """))
    }

    @Test("A product without a brand shows no brand line")
    func noBrand() async throws {
        let catalog = try BundledCatalog()
        let apple = try #require(try await catalog.product(id: 16))
        let page = DisplayPage.render(product: apple, notice: nil)
        #expect(page.contains("<h1>Apple</h1>"))
        #expect(page.contains("$1.99"))
        #expect(!page.contains("Brand:"))
        #expect(!page.contains("nil"))
    }

    @Test("Hostile title, brand and description are escaped everywhere")
    func escaping() async throws {
        var product = try await Fixtures.productOne()
        product.title = "<script>alert(1)</script>"
        product.brand = #""><img src=x>"#
        product.description = "Tom & Jerry's <b>best</b>"
        product.category = "</p><p onclick=x>"
        let page = DisplayPage.render(product: product, notice: .alreadyInCart(title: product.title))
        #expect(!withoutLiveScript(page).contains("<script"))
        #expect(!page.contains("<img src=x>"))
        #expect(!page.contains("<b>best"))
        #expect(!page.contains("<p onclick"))
        #expect(page.contains("<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>"))
        #expect(page.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt; · Shop</title>"))
        #expect(page.contains("aria-label=\"&lt;script&gt;alert(1)&lt;/script&gt;\""))
        #expect(page.contains("Brand:</span> &quot;&gt;&lt;img src=x&gt;</p>"))
        #expect(page.contains("Tom &amp; Jerry&#39;s &lt;b&gt;best&lt;/b&gt;"))
        #expect(page.contains("“&lt;script&gt;alert(1)&lt;/script&gt;” is already in the cart."))
    }

    @Test("The duplicate notice is a warning banner with the tutorial's text")
    func duplicateNotice() async throws {
        let product = try await Fixtures.productOne()
        let page = DisplayPage.render(product: product, notice: .alreadyInCart(title: product.title))
        #expect(
            page.contains(
                "<p class=\"notice warning\" role=\"alert\">“Essence Mascara Lash Princess” is already in the cart.</p>"
            ))
        let added = DisplayPage.render(product: product, notice: .added(title: product.title))
        #expect(
            added.contains(
                "<p class=\"notice\" role=\"status\">“Essence Mascara Lash Princess” was added to the cart.</p>"
            ))
        #expect(!DisplayPage.render(product: product, notice: nil).contains("class=\"notice"))
    }

    @Test("Tabs: Display is current; the cart count shows when given")
    func tabs() async throws {
        let product = try await Fixtures.productOne()
        let page = DisplayPage.render(product: product, notice: nil, cartCount: 2)
        #expect(page.contains("<a href=\"/shop\" aria-current=\"page\">Display</a>"))
        #expect(page.contains("<a href=\"/shop/cart\">SDCart (2)</a>"))
        let withoutCount = DisplayPage.render(product: product, notice: nil)
        #expect(withoutCount.contains("<a href=\"/shop/cart\">SDCart</a>"))
        #expect(withoutCount.contains("<a href=\"/shop/corecart\">CoreCart</a>"))
        let both = DisplayPage.render(product: product, notice: nil, cartCount: 2, coreCartCount: 3)
        // The tutorial's tabs, in its order.
        let labels = ["aria-current=\"page\">Display</a>", ">CoreCart (3)</a>", ">SDCart (2)</a>", ">Test</a>"]
        let positions = labels.compactMap { both.range(of: $0)?.lowerBound }
        #expect(positions.count == 4 && positions == positions.sorted())
    }

    @Test("Every bundled product renders with its escaped title, its price, and a brand line only if it has a brand")
    func allProducts() throws {
        let catalog = try BundledCatalog()
        for product in catalog.products {
            let page = DisplayPage.render(product: product, notice: nil)
            #expect(page.contains("<h1>\(HTML.escape(product.title))</h1>"), "product \(product.id)")
            #expect(page.contains(">\(PriceFormat.price(product.price))</p>"), "product \(product.id)")
            #expect(page.contains("Brand:") == (product.brand != nil), "product \(product.id)")
            #expect(page.contains("value=\"\(product.id)\""), "product \(product.id)")
            #expect(page.contains("<svg class=\"placeholder"), "product \(product.id)")
        }
    }
}
