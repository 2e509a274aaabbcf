/// One row of the Cart tab: what the cart page shows for a product in the cart.
///
/// Plain state handed to ``CartPage`` and ``ConfirmPage``; the cart store maps its items to these.
public struct CartLine: Sendable, Hashable, Codable {
    /// The DummyJSON ID of the product in the cart; used in the row's delete URL.
    public var productID: Int
    /// The product's title (plain text; escaped when rendered).
    public var title: String
    /// The product's price in US dollars.
    public var price: Double

    /// Creates a cart row; every parameter is the property of the same name.
    public init(productID: Int, title: String, price: Double) {
        self.productID = productID
        self.title = title
        self.price = price
    }
}
