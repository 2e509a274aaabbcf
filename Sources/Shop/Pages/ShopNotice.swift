import HTML

/// A one-time message shown as a banner at the top of a Shop page: the seed tutorial's alerts.
public enum ShopNotice: Sendable, Hashable {
    /// The product was added to the cart.
    case added(title: String)
    /// "Add to cart" for a product that is already in the cart (the tutorial's duplicate alert).
    case alreadyInCart(title: String)
    /// One row was deleted from the cart; `title` is the product's title, or `nil` when it is not known (the page
    /// then says "The item was removed from the cart.").
    case removed(title: String?)
    /// "Empty cart" deleted every row.
    case cartEmptied
    /// "Empty cart" on an empty cart (the tutorial's "already empty" alert).
    case cartAlreadyEmpty
    /// A request named a product ID the catalog or the cart does not have.
    case productNotFound(id: Int)
    /// "Delete" for a row that was already gone (a form posted twice, or again after the back button).
    case noLongerInCart

    /// The banner's text, for example `“Apple” is already in the cart.`
    public var message: String {
        switch self {
        case let .added(title): return "“\(title)” was added to the cart."
        case let .alreadyInCart(title): return "“\(title)” is already in the cart."
        case let .removed(title?): return "“\(title)” was removed from the cart."
        case .removed(nil): return "The item was removed from the cart."
        case .cartEmptied: return "All items were deleted from the cart."
        case .cartAlreadyEmpty: return "The cart is already empty."
        case let .productNotFound(id): return "There is no product with ID \(id)."
        case .noLongerInCart: return "That item was no longer in the cart."
        }
    }

    /// Whether the notice reports something that did not happen (shown as a warning rather than a confirmation).
    public var isWarning: Bool {
        switch self {
        case .alreadyInCart, .cartAlreadyEmpty, .productNotFound, .noLongerInCart: return true
        case .added, .removed, .cartEmptied: return false
        }
    }

    /// The banner markup: warnings are announced as alerts, confirmations as status messages.
    var banner: HTMLFragment {
        isWarning
            ? "<p class=\"notice warning\" role=\"alert\">\(message)</p>"
            : "<p class=\"notice\" role=\"status\">\(message)</p>"
    }
}
