import HTML

/// A one-time message at the top of the Test tab after an action (kept on the server for the next page only).
public enum TestTabNotice: Sendable, Hashable {
    /// "API 조회" loaded a product into a panel.
    case fetched(panel: TestView.Panel, title: String)
    /// "담기" added a product to the cart.
    case added(title: String)
    /// "담기" for a product already in the cart.
    case alreadyInCart(title: String)
    /// "장바구니 초기화" ran.
    case emptied(count: Int)
    /// "담기" for a product the panel no longer lists: its view model was replaced since the page was shown.
    case noLongerListed(panel: TestView.Panel)
    /// A button pressed in a panel that is not on screen any more (the session expired): the page was rendered anew.
    case viewExpired
    /// The catalog could not be read, so "API 조회" loaded nothing.
    case catalogUnavailable

    /// The banner's text.
    public var message: String {
        switch self {
        case let .fetched(panel, title): "\(panel.label): “\(title)” was loaded."
        case let .added(title): "“\(title)” was added to the cart, so TestView rendered again."
        case let .alreadyInCart(title): "“\(title)” is already in the cart."
        case let .emptied(count):
            "The cart was emptied (\(count == 1 ? "1 item" : "\(count) items")), so TestView rendered again."
        case let .noLongerListed(panel):
            "That product is no longer in the \(panel.label) panel's list: its view model was made anew when TestView rendered again."
        case .viewExpired: "This page had expired, so it was rendered anew; press the button again."
        case .catalogUnavailable:
            "The product catalog could not be reached, so nothing was loaded. Try again in a moment."
        }
    }

    var isWarning: Bool {
        switch self {
        case .fetched, .added, .emptied: false
        case .alreadyInCart, .noLongerListed, .viewExpired, .catalogUnavailable: true
        }
    }

    var banner: HTMLFragment {
        isWarning
            ? "<p class=\"notice warning\" role=\"alert\">\(message)</p>"
            : "<p class=\"notice\" role=\"status\">\(message)</p>"
    }
}
