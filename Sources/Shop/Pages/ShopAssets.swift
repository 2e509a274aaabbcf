/// Static files the Shop's pages refer to; the server serves them at the given paths.
public enum ShopAssets {
    /// Where pages expect ``placeholderSVG``: `/static/placeholder.svg`.
    public static let placeholderPath = "/static/placeholder.svg"
    /// The `Content-Type` to serve ``placeholderSVG`` with.
    public static let placeholderContentType = "image/svg+xml"
    /// A neutral 300 × 300 "no image" picture, shown instead of a product thumbnail that cannot load (offline).
    public static let placeholderSVG = """
        <svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300" role="img" \
        aria-label="No image">
        <rect width="300" height="300" rx="16" fill="#e5e5ea"/>
        <rect x="90" y="95" width="120" height="90" rx="8" fill="none" stroke="#8e8e93" stroke-width="6"/>
        <circle cx="122" cy="124" r="11" fill="#8e8e93"/>
        <path d="M96 179 L137 140 L160 162 L178 147 L204 179 Z" fill="#8e8e93"/>
        <text x="150" y="225" font-family="system-ui, sans-serif" font-size="20" fill="#636366" \
        text-anchor="middle">No image</text>
        </svg>

        """
}
