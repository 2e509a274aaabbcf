import Foundation
import HTML

/// The Display tab: one product with "Next" and the cart menu (the seed tutorial's `DisplayView`).
public enum DisplayPage {
    /// Renders the Display tab for `product`, composed as the tutorial's view: the product image centred, the
    /// title and description under it with the price to their right, then the category, brand (only when the
    /// product has one) and rating, and the actions — the cart menu (as in the tutorial's final version: "Add" for
    /// the Core Data cart and "SD Add" for the SwiftData cart, forms posting ``ShopPaths/productIDField`` to
    /// ``ShopPaths/coreCart`` and ``ShopPaths/cart``, and "Empty CoreCart" / "Empty SDCart", links to their
    /// confirmation pages) and
    /// "Next", a link to ``ShopPaths/next(after:)`` (so the next product differs from this one).
    ///
    /// The image is the product's own drawing (its category's picture, its initials, a tint from its ID; see
    /// `ProductPlaceholder`); with `imageURL` the remote picture is shown over it, and the drawing stays visible if
    /// the picture cannot load. A URL that is not `http(s)` is not used at all.
    /// - Parameters:
    ///   - product: The product to show.
    ///   - notice: A banner above the product, for example ``ShopNotice/alreadyInCart(title:)``; `nil` for none.
    ///   - cartCount: Rows in the SwiftData cart for the SDCart tab's label; `nil` to leave it out.
    ///   - coreCartCount: Rows in the Core Data cart for the CoreCart tab's label; `nil` to leave it out.
    ///   - imageURL: The product's picture to load (the live catalog's thumbnail); `nil` to draw it only (the
    ///     bundled catalog, which may be offline).
    ///   - cartVersion: The cart version the page shows, for the live updates; `nil` for none.
    ///   - coreCartVersion: The Core Data cart's version the page shows, for the live updates of its count.
    /// - Returns: A complete HTML document.
    public static func render(
        product: Product,
        notice: ShopNotice?,
        cartCount: Int? = nil,
        coreCartCount: Int? = nil,
        imageURL: String? = nil,
        cartVersion: String? = nil,
        coreCartVersion: String? = nil
    ) -> String {
        let brand: HTMLFragment? = product.brand.map { brand in
            "<p class=\"brand\"><span class=\"muted\">Brand:</span> \(brand)</p>"
        }
        let content: HTMLFragment = """
            \(notice?.banner)
            <article class="card product">
            \(image(of: product, url: imageURL))
            <div class="summary">
            <div>
            <h1>\(product.title)</h1>
            <p class="description">\(product.description)</p>
            </div>
            <p class="price">\(PriceFormat.price(product.price))</p>
            </div>
            <div class="details">
            <p class="category muted">\(product.category)</p>
            \(brand)
            <p class="rating" title="Rated \(ratingValue(product.rating)) out of 5">\(PriceFormat.rating(product.rating))</p>
            </div>
            <div class="actions">
            <details class="menu">
            <summary>\(cartIcon)Cart menu</summary>
            <div class="menu-items">
            \(addForm(.coreData, productID: product.id))
            \(addForm(.swiftData, productID: product.id))
            <a class="button danger" href="\(CartKind.coreData.emptyPath)">Empty CoreCart</a>
            <a class="button danger" href="\(CartKind.swiftData.emptyPath)">Empty SDCart</a>
            </div>
            </details>
            <a class="button secondary" href="\(ShopPaths.next(after: product.id))">Next</a>
            </div>
            </article>
            \(LiveCartScript.marker(version: cartVersion, coreCartVersion: coreCartVersion))
            """
        return ShopLayout.page(
            title: product.title, tab: .display, cartCount: cartCount, coreCartCount: coreCartCount, content: content
        )
    }

    /// The menu's form that adds the product to `kind`'s cart.
    static func addForm(_ kind: CartKind, productID: Int) -> HTMLFragment {
        """
        <form method="post" action="\(kind.path)">
        <input type="hidden" name="\(ShopPaths.productIDField)" value="\(productID)">
        <button type="submit">\(kind.addTitle)</button>
        </form>
        """
    }

    /// The product's drawing, and over it the remote picture when there is one to load.
    static func image(of product: Product, url: String?) -> HTMLFragment {
        guard let url = url.flatMap(HTML.safeURL) else {
            return "<figure class=\"product-image\">\(ProductPlaceholder.svg(for: product))</figure>"
        }
        return """
            <figure class="product-image"><div class="stack">\(ProductPlaceholder.svg(for: product, decorative: true))\
            <img class="remote" src="\(url)" alt="\(product.title)" width="300" height="300"></div></figure>
            """
    }

    /// A shopping-cart outline, decorative (the summary's text names the menu).
    static let cartIcon: HTMLFragment = """
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M3 4h2l2.4 11h10.2L20 7H6.2"/>\
        <circle cx="9" cy="19" r="1.5"/><circle cx="17" cy="19" r="1.5"/></svg>
        """

    /// The rating's number alone, `"4.94"`, for the tooltip.
    static func ratingValue(_ rating: Double) -> String {
        String(format: "%.2f", locale: nil, rating)
    }
}
