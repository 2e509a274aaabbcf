import HTML

/// A one-time message at the top of the Inventory page, after an action (kept on the server for the next page only).
public enum InventoryNotice: Sendable, Hashable {
    case added(ProductLine)
    case deleted(ProductLine)
    /// A delete of a product that was already gone.
    case alreadyGone

    /// The banner's text.
    public var message: String {
        switch self {
        case let .added(product): "“\(product.name)” was added."
        case let .deleted(product): "“\(product.name)” was deleted."
        case .alreadyGone: "That product was already deleted."
        }
    }

    var banner: HTMLFragment {
        if case .alreadyGone = self { return "<p class=\"notice warning\" role=\"alert\">\(message)</p>" }
        return "<p class=\"notice\" role=\"status\">\(message)</p>"
    }
}
