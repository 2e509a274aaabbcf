/// One tab in an app's header navigation, as drawn by ``Layout/page(title:appName:navigation:content:language:)``.
public struct NavigationLink: Sendable, Hashable {
    /// The visible label, for example `"Cart (2)"`. Plain text; escaped when rendered.
    public var title: String
    /// Where the tab leads: a root-relative path such as `"/shop/cart"`. Escaped when rendered.
    public var href: String
    /// Whether this tab is the page being shown (rendered with `aria-current="page"` and highlighted).
    public var isCurrent: Bool

    /// Creates a tab.
    /// - Parameters:
    ///   - title: Visible label (plain text).
    ///   - href: Target path.
    ///   - isCurrent: `true` for the tab of the page being shown.
    public init(title: String, href: String, isCurrent: Bool = false) {
        self.title = title
        self.href = href
        self.isCurrent = isCurrent
    }
}
