/// Static files the Shop's pages refer to; the server serves them at the given paths.
public enum ShopAssets {
    /// Where pages expect ``placeholderSVG``: `/static/placeholder.svg`.
    public static let placeholderPath = "/static/placeholder.svg"
    /// The `Content-Type` to serve ``placeholderSVG`` with.
    public static let placeholderContentType = "image/svg+xml"
    /// A neutral 300 × 300 "no image" picture, shown instead of a product thumbnail that cannot load (offline).
    ///
    /// It follows the page's colour scheme with its own `prefers-color-scheme` rule: light grey in light mode, a
    /// dark grey close to the card's in dark mode. Its "No image" label reaches 4.5:1 on the box in both
    /// (`#636366` on `#e5e5ea`: 4.8:1; `#c7c7cc` on `#3a3a3c`: 6.7:1).
    public static let placeholderSVG = """
        <svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300" role="img" \
        aria-label="No image">
        <style>
        .box{fill:#e5e5ea}.art{fill:#8e8e93}.frame{fill:none;stroke:#8e8e93}.label{fill:#636366}
        @media (prefers-color-scheme:dark){.box{fill:#3a3a3c}.art{fill:#8e8e93}.frame{stroke:#8e8e93}\
        .label{fill:#c7c7cc}}
        </style>
        <rect class="box" width="300" height="300" rx="16"/>
        <rect class="frame" x="90" y="95" width="120" height="90" rx="8" stroke-width="6"/>
        <circle class="art" cx="122" cy="124" r="11"/>
        <path class="art" d="M96 179 L137 140 L160 162 L178 147 L204 179 Z"/>
        <text class="label" x="150" y="225" font-family="system-ui, sans-serif" font-size="20" \
        text-anchor="middle">No image</text>
        </svg>

        """
}
