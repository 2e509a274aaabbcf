import HTML

/// The Shop's tabs, as in the seed tutorial's `TabView`.
public enum ShopTab: Sendable, Hashable, CaseIterable {
    /// One random product, with "Next" and the cart menu's "Add" and "SD Add" (`/shop`).
    case display
    /// The Core Data cart's rows and total (`/shop/corecart`), the tutorial's `CoreCart` tab.
    case coreCart
    /// The SwiftData cart's rows and total (`/shop/cart`), the tutorial's `SDCart` tab.
    case cart
    /// The tutorial's `@StateObject` versus `@ObservedObject` experiment (`/shop/test`).
    case test

    /// The header tabs for a Shop page.
    /// - Parameters:
    ///   - current: The tab the page belongs to.
    ///   - cartCount: Number of rows in the SwiftData cart, shown as `SDCart (2)`; `nil` shows just `SDCart`.
    ///   - coreCartCount: Number of rows in the Core Data cart, shown as `CoreCart (2)`; `nil` shows just
    ///     `CoreCart`.
    /// - Returns: Display, CoreCart, SDCart, Test (the tutorial's tabs).
    public static func navigation(current: ShopTab, cartCount: Int?, coreCartCount: Int? = nil) -> [NavigationLink] {
        func title(_ kind: CartKind, _ count: Int?) -> String {
            count.map { "\(kind.tabTitle) (\($0))" } ?? kind.tabTitle
        }
        return [
            NavigationLink(title: "Display", href: ShopPaths.display, isCurrent: current == .display),
            NavigationLink(
                title: title(.coreData, coreCartCount), href: ShopPaths.coreCart, isCurrent: current == .coreCart),
            NavigationLink(title: title(.swiftData, cartCount), href: ShopPaths.cart, isCurrent: current == .cart),
            NavigationLink(title: "Test", href: TestTabPaths.page, isCurrent: current == .test),
        ]
    }
}
