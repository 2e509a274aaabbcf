/// The Shop's URLs, shared by the pages (which link and post to them) and the server (which routes them).
public enum ShopPaths {
    /// `GET`: the Display tab with a new random product. `?id=N` shows product `N`; `?after=N` picks a random
    /// product other than `N` (see ``next(after:)``).
    public static let display = "/shop"
    /// `GET`: the Cart tab. `POST` with form field ``productIDField``: add that product to the cart.
    public static let cart = "/shop/cart"
    /// `GET`: the "delete all" confirmation page. `POST`: delete every row.
    public static let emptyCart = "/shop/cart/empty"
    /// `GET`: the CoreCart tab (the Core Data cart). `POST` with form field ``productIDField``: add that product to
    /// it. Its other pages are ``CartKind/coreData``'s paths.
    public static let coreCart = "/shop/corecart"
    /// The server-sent events of cart changes (`event: cart`, `data:` the cart's JSON).
    public static let cartEvents = "/api/shop/cart/events"
    /// The form field naming the product to add, a decimal DummyJSON product ID.
    public static let productIDField = "productID"

    /// The Display tab's "Next" link: a random product that is not the one being shown (unless the catalog has only
    /// that one).
    /// - Parameter productID: The DummyJSON ID of the product being shown.
    /// - Returns: `/shop?after={productID}`.
    public static func next(after productID: Int) -> String {
        "\(display)?after=\(productID)"
    }

    /// `GET`: the confirmation page for deleting one row. `POST`: delete it.
    /// - Parameter productID: The row's DummyJSON product ID.
    /// - Returns: `/shop/cart/{productID}/delete`.
    public static func deleteLine(productID: Int) -> String {
        "/shop/cart/\(productID)/delete"
    }
}
