import HTML
import Testing
@testable import Shop

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
        #expect(page.contains("<strong class=\"price\">$9.99</strong>"))
        #expect(page.contains("title=\"Rated 2.56 out of 5\">★ 2.56</span>"))
    }

    @Test("The thumbnail falls back to the placeholder without JavaScript")
    func placeholderFallback() async throws {
        let product = try await Fixtures.productOne()
        let page = DisplayPage.render(product: product, notice: nil)
        let object = "<object data=\"https://cdn.dummyjson.com/product-images/beauty/essence-mascara-lash-princess/"
            + "thumbnail.webp\" type=\"image/webp\" width=\"300\" height=\"300\" "
            + "aria-label=\"Essence Mascara Lash Princess\">"
            + "<img src=\"/static/placeholder.svg\" alt=\"Essence Mascara Lash Princess\" width=\"300\" height=\"300\">"
            + "</object>"
        #expect(page.contains(object))
        #expect(!withoutLiveScript(page).lowercased().contains("<script"))
        #expect(!page.contains("onerror"))
    }

    @Test("A thumbnail URL that is not http(s) is not used; only the placeholder shows")
    func unsafeThumbnail() async throws {
        var product = try await Fixtures.productOne()
        product.thumbnail = "javascript:alert(1)"
        let page = DisplayPage.render(product: product, notice: nil)
        #expect(!page.contains("<object"))
        #expect(!page.contains("javascript:"))
        #expect(page.contains("<div class=\"thumbnail\"><img src=\"/static/placeholder.svg\""))
    }

    @Test("Next links to /shop?after=<this product>; Add to cart posts the product ID to /shop/cart")
    func actions() async throws {
        let product = try await Fixtures.productOne()
        let page = DisplayPage.render(product: product, notice: nil)
        #expect(page.contains("<a class=\"button secondary\" href=\"/shop?after=1\">Next</a>"))
        #expect(page.contains("""
            <form method="post" action="/shop/cart">
            <input type="hidden" name="productID" value="1">
            <button type="submit">Add to cart</button>
            </form>
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
        #expect(page.contains("alt=\"&lt;script&gt;alert(1)&lt;/script&gt;\""))
        #expect(page.contains("Brand:</span> &quot;&gt;&lt;img src=x&gt;</p>"))
        #expect(page.contains("Tom &amp; Jerry&#39;s &lt;b&gt;best&lt;/b&gt;"))
        #expect(page.contains("“&lt;script&gt;alert(1)&lt;/script&gt;” is already in the cart."))
    }

    @Test("The duplicate notice is a warning banner with the tutorial's text")
    func duplicateNotice() async throws {
        let product = try await Fixtures.productOne()
        let page = DisplayPage.render(product: product, notice: .alreadyInCart(title: product.title))
        #expect(page.contains(
            "<p class=\"notice warning\" role=\"alert\">“Essence Mascara Lash Princess” is already in the cart.</p>"
        ))
        let added = DisplayPage.render(product: product, notice: .added(title: product.title))
        #expect(added.contains(
            "<p class=\"notice\" role=\"status\">“Essence Mascara Lash Princess” was added to the cart.</p>"
        ))
        #expect(!DisplayPage.render(product: product, notice: nil).contains("class=\"notice"))
    }

    @Test("Tabs: Display is current; the cart count shows when given")
    func tabs() async throws {
        let product = try await Fixtures.productOne()
        let page = DisplayPage.render(product: product, notice: nil, cartCount: 2)
        #expect(page.contains("<a href=\"/shop\" aria-current=\"page\">Display</a>"))
        #expect(page.contains("<a href=\"/shop/cart\">Cart (2)</a>"))
        let withoutCount = DisplayPage.render(product: product, notice: nil)
        #expect(withoutCount.contains("<a href=\"/shop/cart\">Cart</a>"))
    }

    @Test("Every bundled product renders with its escaped title, its price, and a brand line only if it has a brand")
    func allProducts() throws {
        let catalog = try BundledCatalog()
        for product in catalog.products {
            let page = DisplayPage.render(product: product, notice: nil)
            #expect(page.contains("<h1>\(HTML.escape(product.title))</h1>"), "product \(product.id)")
            #expect(page.contains(">\(PriceFormat.price(product.price))</strong>"), "product \(product.id)")
            #expect(page.contains("Brand:") == (product.brand != nil), "product \(product.id)")
            #expect(page.contains("value=\"\(product.id)\""), "product \(product.id)")
            #expect(page.contains("<img src=\"/static/placeholder.svg\""), "product \(product.id)")
        }
    }

    @Test("Image types follow the URL's extension")
    func imageTypes() {
        #expect(DisplayPage.imageType(of: "https://x.example/a/thumbnail.webp") == "image/webp")
        #expect(DisplayPage.imageType(of: "https://x.example/a.PNG?size=2") == "image/png")
        #expect(DisplayPage.imageType(of: "https://x.example/a.jpeg") == "image/jpeg")
        #expect(DisplayPage.imageType(of: "https://x.example/image") == nil)
    }
}
