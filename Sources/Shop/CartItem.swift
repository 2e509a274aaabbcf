import Foundation
import OpenSwiftData

/// One product in the cart, stored with OpenSwiftData. The seed tutorial's SwiftData model (`SDCartModel`).
///
/// `productID` is unique: the store holds at most one row per product, whatever the pages or API do.
@Model
public final class CartItem {
    /// The DummyJSON product's ID.
    @Attribute(.unique) public var productID: Int
    /// The product's title when it was added.
    public var title: String
    /// The product's price in US dollars when it was added.
    public var price: Double
    /// The product's thumbnail URL when it was added.
    public var thumbnail: String
    /// When the product was added; the cart lists items in this order.
    public var addedAt: Date

    public init(productID: Int, title: String, price: Double, thumbnail: String = "", addedAt: Date = Date()) {
        self.productID = productID
        self.title = title
        self.price = price
        self.thumbnail = thumbnail
        self.addedAt = addedAt
    }

    /// The cart row the pages and the JSON API show.
    public var line: CartLine {
        CartLine(productID: productID, title: title, price: price)
    }
}
