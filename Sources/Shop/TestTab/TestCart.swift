import Observation

/// The cart as the Test tab's TestView observes it: the Shop's cart (``CartViewModel``, the same store the Cart tab
/// shows), with the tutorial's `ObservableObject` rule that every call that sets the cart publishes a change.
///
/// Observation only reports a property whose value really changed, so emptying an already empty cart would not
/// re-render TestView; the tutorial's `CartViewModel` sets its `@Published` list on every call, and SwiftUI then
/// re-renders whatever observes it. ``publishes`` is that signal: ``cart`` reads it, so every ``addCart(_:)`` and
/// ``deleteAllData()`` re-renders the views that show the cart. Changes made elsewhere (the Cart tab, another tab,
/// another process) reach it through the Shop cart's own observation.
@MainActor
@Observable
public final class TestCart {
    @ObservationIgnored private let shop: CartViewModel
    /// Counts the calls that set the cart (the tutorial's `objectWillChange` sends).
    public private(set) var publishes = 0

    /// The Test tab's view of `shop`.
    public init(shop: CartViewModel) {
        self.shop = shop
    }

    /// The cart's rows, in the order added.
    public var cart: [CartLine] {
        _ = publishes
        return shop.lines
    }

    /// "담기": adds `product` unless it is in the cart already.
    public func addCart(_ product: Product) throws -> CartViewModel.AddResult {
        defer { publishes += 1 }
        return try shop.addCart(product)
    }

    /// "장바구니 초기화": removes every row; returns how many there were.
    @discardableResult
    public func deleteAllData() throws -> Int {
        defer { publishes += 1 }
        return try shop.deleteAllCart()
    }
}
