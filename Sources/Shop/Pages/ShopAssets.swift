import HTML

/// Static files the Shop's pages refer to; ``ShopRoutes`` serves them at their paths.
public enum ShopAssets {
    /// Every file ``ShopRoutes`` serves for the pages: ``stylesheet``, the live cart's page script, and the
    /// showcase's shared live-page script and its `SharedWorker` (``HTML/LivePageScript``).
    public static var all: [StaticAsset] {
        [stylesheet, LiveCartScript.page, LivePageScript.page, LivePageScript.worker]
    }

    /// `/static/shop.css`: the Display tab's composition (the image centred, the title and description under it
    /// with the price to their right) and the product placeholders' colours, on top of the showcase's stylesheet.
    ///
    /// The placeholders' initials reach 4.5:1 on their tint in both schemes (the darkest light tint `#dbeafe`
    /// under `#1e3a5f`: 10:1; dark tints under `#f5f5f7`: above 9:1).
    public static let stylesheet = StaticAsset(
        path: "/static/shop.css",
        contentType: "text/css; charset=utf-8",
        content: """
            .product .product-image{display:flex;justify-content:center;margin:0 0 1rem}
            .product .product-image img,.product .product-image svg{display:block;width:100%;max-width:300px;\
            height:auto;aspect-ratio:1;border-radius:16px;object-fit:contain}
            .product .product-image .remote{grid-area:1/1;position:relative}
            .product .product-image .stack{display:grid;width:100%;max-width:300px}
            .product .product-image .stack>*{grid-area:1/1}
            .product .summary{display:flex;gap:1rem;align-items:flex-start;justify-content:space-between}
            .product .summary h1{margin-top:0;overflow-wrap:anywhere}
            .product .summary .price{font-size:1.4rem;font-weight:600;white-space:nowrap;margin:0}
            .product .details{display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:.5rem 0 0}
            .product .details p{margin:0}
            .placeholder .ph-art{fill:none;stroke-width:4;stroke-linecap:round;stroke-linejoin:round}
            .placeholder .ph-initials{font:600 64px system-ui,sans-serif}
            .placeholder .ph-category{font:18px system-ui,sans-serif}
            .tint-0{--ph-bg:#dbeafe;--ph-fg:#1e3a5f}
            .tint-1{--ph-bg:#dcfce7;--ph-fg:#14532d}
            .tint-2{--ph-bg:#fef3c7;--ph-fg:#713f12}
            .tint-3{--ph-bg:#fce7f3;--ph-fg:#831843}
            .tint-4{--ph-bg:#ede9fe;--ph-fg:#4c1d95}
            .tint-5{--ph-bg:#e0f2f1;--ph-fg:#134e4a}
            @media (prefers-color-scheme:dark){
            .tint-0{--ph-bg:#1e3a5f;--ph-fg:#f5f5f7}
            .tint-1{--ph-bg:#14532d;--ph-fg:#f5f5f7}
            .tint-2{--ph-bg:#713f12;--ph-fg:#f5f5f7}
            .tint-3{--ph-bg:#831843;--ph-fg:#f5f5f7}
            .tint-4{--ph-bg:#4c1d95;--ph-fg:#f5f5f7}
            .tint-5{--ph-bg:#134e4a;--ph-fg:#f5f5f7}}
            .placeholder .ph-bg{fill:var(--ph-bg)}
            .placeholder .ph-art{stroke:var(--ph-fg)}
            .placeholder text{fill:var(--ph-fg)}

            """
    )

    /// Where ``placeholderSVG`` is served: `/static/placeholder.svg`.
    public static let placeholderPath = "/static/placeholder.svg"
    /// The `Content-Type` to serve ``placeholderSVG`` with.
    public static let placeholderContentType = "image/svg+xml"
    /// A neutral 300 × 300 "no image" picture for pages that have no product to draw a placeholder for (the
    /// Display tab draws each product's own, see the `ProductPlaceholder`). Colours are attributes, not a
    /// `<style>` element, so the file satisfies the showcase's `Content-Security-Policy`; its "No image" label
    /// reaches 4.8:1 on the box (`#636366` on `#e5e5ea`).
    public static let placeholderSVG = """
        <svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300" role="img" \
        aria-label="No image">
        <rect fill="#e5e5ea" width="300" height="300" rx="16"/>
        <rect fill="none" stroke="#8e8e93" x="90" y="95" width="120" height="90" rx="8" stroke-width="6"/>
        <circle fill="#8e8e93" cx="122" cy="124" r="11"/>
        <path fill="#8e8e93" d="M96 179 L137 140 L160 162 L178 147 L204 179 Z"/>
        <text fill="#636366" x="150" y="225" font-family="system-ui, sans-serif" font-size="20" \
        text-anchor="middle">No image</text>
        </svg>

        """
}
