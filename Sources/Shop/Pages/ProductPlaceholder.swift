import HTML

/// The picture shown for a product whose image cannot be had (the bundled catalog, offline): an inline SVG with
/// the drawing of the product's category, its initials, and a tint picked from its ID, so that two products look
/// different even without their photos.
///
/// Deterministic (the same product always gets the same picture), drawn with classes that the Shop's stylesheet
/// colours for light and dark schemes (no `style` attributes, so it satisfies the showcase's
/// `Content-Security-Policy`), and labelled with the product's title for screen readers. Every value from the
/// product is escaped.
enum ProductPlaceholder {
    /// The number of tints (`tint-0` … `tint-5` in the Shop's stylesheet).
    static let tintCount = 6

    /// The `<svg>` for `product`, 300 × 300 user units, scaled by CSS.
    /// - Parameters:
    ///   - product: The product to draw.
    ///   - decorative: `true` when a real picture with its own text alternative covers it: the drawing is then
    ///     hidden from assistive technology instead of being an image labelled with the title.
    static func svg(for product: Product, decorative: Bool = false) -> HTMLFragment {
        let tint = ((product.id % tintCount) + tintCount) % tintCount
        let initials = initials(of: product.title)
        let role: HTMLFragment =
            decorative
            ? "aria-hidden=\"true\" focusable=\"false\""
            : "role=\"img\" aria-label=\"\(product.title)\""
        return """
            <svg class="placeholder tint-\(tint)" viewBox="0 0 300 300" width="300" height="300" \(role) \
            data-category="\(product.category)">\
            <rect class="ph-bg" width="300" height="300" rx="16"/>\
            <g class="ph-art" transform="translate(100 40)">\(drawing(for: product.category))</g>\
            <text class="ph-initials" x="150" y="232" text-anchor="middle">\(initials)</text>\
            <text class="ph-category" x="150" y="272" text-anchor="middle">\(categoryLabel(product.category))</text>\
            </svg>
            """
    }

    /// Up to two letters: the first letter or digit of the title's first two words, upper-cased
    /// (`"Essence Mascara Lash Princess"` → `"EM"`, `"Apple"` → `"A"`); `"?"` for a title without any.
    static func initials(of title: String) -> String {
        let words = title.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        let letters = words.prefix(2).compactMap { word in word.first(where: { $0.isLetter || $0.isNumber }) }
        guard !letters.isEmpty else { return "?" }
        return String(letters).uppercased()
    }

    /// `"kitchen-accessories"` → `"kitchen accessories"`.
    static func categoryLabel(_ category: String) -> String {
        category.replacingOccurrences(of: "-", with: " ")
    }

    /// The category's drawing, in a 100 × 100 box (stroked by the `ph-art` class); a price tag for a category
    /// the bundled catalog does not have.
    static func drawing(for category: String) -> HTMLFragment {
        HTMLFragment(unsafeRaw: drawings[category] ?? tag)
    }

    private static let tag =
        #"<path d="M10 50 L45 15 H85 V55 L50 90 Z"/><circle cx="68" cy="32" r="7"/>"#

    /// One drawing per DummyJSON category: fixed markup written here, nothing from data.
    static let drawings: [String: String] = [
        "beauty":  // a lipstick
            #"<rect x="35" y="50" width="30" height="45" rx="3"/><path d="M40 50 V25 L60 12 V50"/>"#,
        "fragrances":  // a perfume bottle
            #"<rect x="22" y="38" width="56" height="58" rx="10"/><rect x="40" y="20" width="20" height="18"/>"#
            + #"<path d="M60 26 H78 M70 18 L80 12 M70 34 L80 40"/>"#,
        "furniture":  // a sofa
            #"<path d="M12 50 V80 H88 V50 M12 50 H24 V66 H76 V50 H88"/><path d="M24 50 V32 H76 V50"/>"#
            + #"<path d="M18 80 V92 M82 80 V92"/>"#,
        "groceries":  // an apple
            #"<path d="M50 30 C30 15 8 35 18 65 C25 88 42 95 50 88 C58 95 75 88 82 65 C92 35 70 15 50 30 Z"/>"#
            + #"<path d="M50 30 C50 20 55 10 64 6"/>"#,
        "home-decoration":  // a vase with a flower
            #"<path d="M38 55 C25 70 30 95 50 95 C70 95 75 70 62 55 Z"/><path d="M50 55 V25"/>"#
            + #"<circle cx="50" cy="18" r="9"/>"#,
        "kitchen-accessories":  // a cooking pot
            #"<path d="M18 45 H82 V80 C82 90 75 94 68 94 H32 C25 94 18 90 18 80 Z"/>"#
            + #"<path d="M6 50 H18 M82 50 H94 M40 45 V36 H60 V45"/>"#,
        "laptops":  // a laptop
            #"<rect x="18" y="22" width="64" height="46" rx="4"/><path d="M6 78 H94 L88 86 H12 Z"/>"#,
        "mens-shirts":  // a collared shirt
            #"<path d="M35 12 L50 26 L65 12 L90 26 L80 44 L70 40 V92 H30 V40 L20 44 L10 26 Z"/>"#
            + #"<path d="M50 26 V92"/>"#,
        "mens-shoes":  // a lace-up shoe
            #"<path d="M8 70 V40 H36 C40 52 58 58 80 60 C90 62 94 68 94 76 H8 Z"/><path d="M40 48 L48 44 M46 54 L54 50"/>"#,
        "mens-watches":  // a round watch
            #"<circle cx="50" cy="50" r="26"/><path d="M38 24 L40 6 H60 L62 24 M38 76 L40 94 H60 L62 76"/>"#
            + #"<path d="M50 36 V50 L60 58"/>"#,
        "mobile-accessories":  // headphones
            #"<path d="M18 64 V50 C18 25 82 25 82 50 V64"/><rect x="12" y="60" width="16" height="28" rx="5"/>"#
            + #"<rect x="72" y="60" width="16" height="28" rx="5"/>"#,
        "motorcycle":  // a motorcycle
            #"<circle cx="20" cy="70" r="14"/><circle cx="80" cy="70" r="14"/><path d="M20 70 L40 46 H62 L80 70"/>"#
            + #"<path d="M40 46 L34 36 M62 46 L70 32 H80"/>"#,
        "skin-care":  // a pump bottle
            #"<rect x="28" y="40" width="44" height="56" rx="8"/><path d="M44 40 V26 H56 V40 M50 26 V14 H70"/>"#,
        "smartphones":  // a phone
            #"<rect x="28" y="6" width="44" height="88" rx="8"/><path d="M44 84 H56 M42 14 H58"/>"#,
        "sports-accessories":  // a ball
            #"<circle cx="50" cy="50" r="40"/><path d="M10 50 H90 M50 10 C30 30 30 70 50 90 M50 10 C70 30 70 70 50 90"/>"#,
        "sunglasses":  // sunglasses
            #"<path d="M8 42 H92"/><path d="M12 42 C12 70 42 70 42 42 M58 42 C58 70 88 70 88 42"/>"#
            + #"<path d="M42 46 C46 40 54 40 58 46"/>"#,
        "tablets":  // a tablet
            #"<rect x="14" y="10" width="72" height="82" rx="8"/><circle cx="50" cy="84" r="3"/>"#,
        "tops":  // a T-shirt
            #"<path d="M36 12 C40 22 60 22 64 12 L90 26 L80 44 L70 40 V92 H30 V40 L20 44 L10 26 Z"/>"#,
        "vehicle":  // a car
            #"<path d="M8 66 V52 L22 48 L34 30 H66 L80 48 L92 52 V66 Z"/><circle cx="28" cy="68" r="10"/>"#
            + #"<circle cx="72" cy="68" r="10"/><path d="M34 48 H80"/>"#,
        "womens-bags":  // a handbag
            #"<path d="M14 40 H86 L80 92 H20 Z"/><path d="M34 40 C34 12 66 12 66 40"/>"#,
        "womens-dresses":  // a dress
            #"<path d="M38 8 V28 L30 44 L14 92 H86 L70 44 L62 28 V8"/><path d="M38 28 H62 M30 44 H70"/>"#,
        "womens-jewellery":  // a ring with a stone
            #"<circle cx="50" cy="62" r="28"/><path d="M38 30 L44 18 H56 L62 30 L50 40 Z"/>"#,
        "womens-shoes":  // a high heel
            #"<path d="M10 52 C30 56 50 70 62 82 H92 V70 C80 70 70 60 60 44 L50 40 C40 48 24 50 10 52 Z"/>"#
            + #"<path d="M10 52 L16 92"/>"#,
        "womens-watches":  // a slim square watch
            #"<rect x="30" y="28" width="40" height="44" rx="8"/><path d="M40 28 V6 H60 V28 M40 72 V94 H60 V72"/>"#
            + #"<path d="M50 40 V50 L58 56"/>"#,
    ]
}
