import HTML

/// The Shop's tabs, as in the seed tutorial's `TabView`.
public enum ShopTab: Sendable, Hashable, CaseIterable {
    /// One random product, with "Next" and "Add to cart" (`/shop`).
    case display
    /// The cart's rows and total (`/shop/cart`).
    case cart
    /// The tutorial's `@StateObject` versus `@ObservedObject` experiment (`/shop/test`).
    case test

    /// The header tabs for a Shop page.
    /// - Parameters:
    ///   - current: The tab the page belongs to.
    ///   - cartCount: Number of rows in the cart, shown as `Cart (2)`; `nil` shows just `Cart`.
    /// - Returns: Display, Cart, Test.
    public static func navigation(current: ShopTab, cartCount: Int?) -> [NavigationLink] {
        let cartTitle = cartCount.map { "Cart (\($0))" } ?? "Cart"
        return [
            NavigationLink(title: "Display", href: ShopPaths.display, isCurrent: current == .display),
            NavigationLink(title: cartTitle, href: ShopPaths.cart, isCurrent: current == .cart),
            NavigationLink(title: "Test", href: TestTabPaths.page, isCurrent: current == .test),
        ]
    }
}
