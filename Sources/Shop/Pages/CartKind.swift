/// Which of the tutorial's two carts a page shows: the Core Data cart (the `CoreCart` tab) or the SwiftData cart
/// (the `SDCart` tab). Both have the same pages, notices and API; they differ in URLs and labels.
public enum CartKind: Sendable, Hashable, CaseIterable {
    /// The Core Data cart, `Cart.sqlite` (`/shop/corecart`, `/api/shop/corecart`).
    case coreData
    /// The SwiftData cart, `shop.store` (`/shop/cart`, `/api/shop/cart`).
    case swiftData

    /// The tab's name, as in the tutorial: `"CoreCart"` or `"SDCart"`.
    public var tabTitle: String {
        switch self {
        case .coreData: "CoreCart"
        case .swiftData: "SDCart"
        }
    }

    /// The Display tab's button that adds to this cart, as in the tutorial: `"Add"` or `"SD Add"`.
    public var addTitle: String {
        switch self {
        case .coreData: "Add"
        case .swiftData: "SD Add"
        }
    }

    /// The tab the cart's pages belong to.
    public var tab: ShopTab {
        switch self {
        case .coreData: .coreCart
        case .swiftData: .cart
        }
    }

    /// `GET`: the cart's page. `POST` with form field ``ShopPaths/productIDField``: add that product.
    public var path: String {
        switch self {
        case .coreData: ShopPaths.coreCart
        case .swiftData: ShopPaths.cart
        }
    }

    /// `GET`: the "delete all" confirmation page. `POST`: delete every row.
    public var emptyPath: String { "\(path)/empty" }

    /// `GET`: the confirmation page for deleting one row. `POST`: delete it.
    /// - Parameter productID: The row's DummyJSON product ID.
    /// - Returns: `{path}/{productID}/delete`.
    public func deleteLinePath(productID: Int) -> String {
        "\(path)/\(productID)/delete"
    }
}
