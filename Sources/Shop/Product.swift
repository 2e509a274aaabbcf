/// One product as DummyJSON serves it (`GET https://dummyjson.com/products/{id}`), the seed tutorial's `Product`.
///
/// Decodes every key of the DummyJSON product object and encodes back to the same keys, so it can be served again
/// as the product's JSON. ``brand`` is the only key that may be absent (92 of the 194 bundled products have no
/// brand); it is encoded only when present. Dates are kept as the ISO-8601 strings DummyJSON sends
/// (`"2025-04-30T09:41:02.053Z"`), so a plain `JSONDecoder`/`JSONEncoder` round-trips them unchanged.
public struct Product: Codable, Sendable, Hashable, Identifiable {
    /// DummyJSON's product ID, `1...194` in the bundled catalog.
    public var id: Int
    /// The product's name, for example `"Essence Mascara Lash Princess"`. Not unique.
    public var title: String
    /// A sentence or two of marketing text.
    public var description: String
    /// DummyJSON's category slug, for example `"beauty"` or `"kitchen-accessories"`.
    public var category: String
    /// Price in US dollars, for example `9.99`. Show it with ``PriceFormat/price(_:)``.
    public var price: Double
    /// Discount in percent (`7.17` means 7.17 % off). DummyJSON sometimes writes a whole number (`1`).
    public var discountPercentage: Double
    /// Average review rating from 0 to 5 stars, for example `4.94`. Show it with ``PriceFormat/rating(_:)``.
    public var rating: Double
    /// Units in stock; `0` when ``availabilityStatus`` is `"Out of Stock"`.
    public var stock: Int
    /// Free-form tags, for example `["beauty", "mascara"]`.
    public var tags: [String]
    /// The brand, or `nil` when DummyJSON has none (the key is absent, for groceries and others).
    public var brand: String?
    /// Stock-keeping unit, for example `"BEA-ESS-ESS-001"`.
    public var sku: String
    /// Shipping weight as DummyJSON gives it: a whole number, unit unspecified by the API.
    public var weight: Int
    /// Package dimensions.
    public var dimensions: Dimensions
    /// Warranty text, for example `"1 month warranty"`.
    public var warrantyInformation: String
    /// Shipping text, for example `"Ships in 1 month"`.
    public var shippingInformation: String
    /// `"In Stock"`, `"Low Stock"` or `"Out of Stock"` in the bundled data.
    public var availabilityStatus: String
    /// Customer reviews (three per product in the bundled data).
    public var reviews: [Review]
    /// Return policy text, for example `"No return policy"`.
    public var returnPolicy: String
    /// The fewest units one order may contain.
    public var minimumOrderQuantity: Int
    /// Record timestamps, barcode and QR code.
    public var meta: Meta
    /// Full-size image URLs (`https://cdn.dummyjson.com/…`), one or more.
    public var images: [String]
    /// Thumbnail image URL (`https://cdn.dummyjson.com/…/thumbnail.webp`). Loading it needs the network.
    public var thumbnail: String

    /// Creates a product; every parameter is the property of the same name.
    public init(
        id: Int,
        title: String,
        description: String,
        category: String,
        price: Double,
        discountPercentage: Double,
        rating: Double,
        stock: Int,
        tags: [String],
        brand: String?,
        sku: String,
        weight: Int,
        dimensions: Dimensions,
        warrantyInformation: String,
        shippingInformation: String,
        availabilityStatus: String,
        reviews: [Review],
        returnPolicy: String,
        minimumOrderQuantity: Int,
        meta: Meta,
        images: [String],
        thumbnail: String
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.category = category
        self.price = price
        self.discountPercentage = discountPercentage
        self.rating = rating
        self.stock = stock
        self.tags = tags
        self.brand = brand
        self.sku = sku
        self.weight = weight
        self.dimensions = dimensions
        self.warrantyInformation = warrantyInformation
        self.shippingInformation = shippingInformation
        self.availabilityStatus = availabilityStatus
        self.reviews = reviews
        self.returnPolicy = returnPolicy
        self.minimumOrderQuantity = minimumOrderQuantity
        self.meta = meta
        self.images = images
        self.thumbnail = thumbnail
    }
}
