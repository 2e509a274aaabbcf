import Foundation
import HTML

/// The Display tab: one product with "Next" and "Add to cart" (the seed tutorial's `DisplayView`).
public enum DisplayPage {
    /// Renders the Display tab for `product`.
    ///
    /// Shows the thumbnail, title, category, brand (only when the product has one), description, price
    /// (`$9.99`), and rating. The thumbnail is an `<object>` whose fallback content is ``ShopAssets/placeholderPath``,
    /// so when the image cannot load (offline) the browser shows the placeholder without any JavaScript; a thumbnail
    /// URL that is not `http(s)` is not used at all. "Next" is a link to ``ShopPaths/next(after:)`` (so the next
    /// product differs from this one); "Add to cart" is a form posting ``ShopPaths/productIDField`` to
    /// ``ShopPaths/cart``.
    /// - Parameters:
    ///   - product: The product to show.
    ///   - notice: A banner above the product, for example ``ShopNotice/alreadyInCart(title:)``; `nil` for none.
    ///   - cartCount: Rows in the cart for the Cart tab's label; `nil` to leave it out.
    /// - Returns: A complete HTML document.
    public static func render(product: Product, notice: ShopNotice?, cartCount: Int? = nil) -> String {
        let brand: HTMLFragment? = product.brand.map { brand in
            "<p class=\"brand\"><span class=\"muted\">Brand:</span> \(brand)</p>"
        }
        let content: HTMLFragment = """
            \(notice?.banner)
            <article class="card product">
            \(thumbnail(of: product))
            <h1>\(product.title)</h1>
            <p class="category muted">\(product.category)</p>
            \(brand)
            <p class="description">\(product.description)</p>
            <p><strong class="price">\(PriceFormat.price(product.price))</strong>
            <span class="rating" title="Rated \(ratingValue(product.rating)) out of 5">\
            \(PriceFormat.rating(product.rating))</span></p>
            <div class="actions">
            <form method="post" action="\(ShopPaths.cart)">
            <input type="hidden" name="\(ShopPaths.productIDField)" value="\(product.id)">
            <button type="submit">Add to cart</button>
            </form>
            <a class="button secondary" href="\(ShopPaths.next(after: product.id))">Next</a>
            </div>
            </article>
            \(LiveCartScript.fragment)
            """
        return Layout.page(
            title: product.title,
            appName: "Shop",
            navigation: ShopTab.navigation(current: .display, cartCount: cartCount),
            content: content
        )
    }

    /// The thumbnail with the placeholder as no-JavaScript fallback content.
    static func thumbnail(of product: Product) -> HTMLFragment {
        let placeholder: HTMLFragment =
            "<img src=\"\(ShopAssets.placeholderPath)\" alt=\"\(product.title)\" width=\"300\" height=\"300\">"
        guard let url = HTML.safeURL(product.thumbnail) else {
            return "<div class=\"thumbnail\">\(placeholder)</div>"
        }
        let type: HTMLFragment? = imageType(of: url).map { " type=\"\($0)\"" }
        return """
            <div class="thumbnail"><object data="\(url)"\(type) width="300" height="300" \
            aria-label="\(product.title)">\(placeholder)</object></div>
            """
    }

    /// The MIME type implied by an image URL's extension, or `nil` when unknown (the browser then sniffs it).
    static func imageType(of url: String) -> String? {
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        let fileExtension = path.split(separator: ".").last?.lowercased() ?? ""
        switch fileExtension {
        case "webp": return "image/webp"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "svg": return "image/svg+xml"
        default: return nil
        }
    }

    /// The rating's number alone, `"4.94"`, for the tooltip.
    static func ratingValue(_ rating: Double) -> String {
        String(format: "%.2f", locale: nil, rating)
    }
}
