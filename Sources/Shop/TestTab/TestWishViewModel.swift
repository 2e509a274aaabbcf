import Observation

/// The view model of one panel of the Test tab: the tutorial's `TestWishViewModel`, whose "API 조회" loads a
/// random product from the catalog.
///
/// The tutorial's `ObservableObject` with a `@Published` list becomes an `@Observable` class here (Combine does not
/// exist on Linux); the view-state mechanism (``ViewState/ViewGraph``) tracks its ``wishList`` the way SwiftUI
/// tracks a published property.
@MainActor
@Observable
public final class TestWishViewModel {
    /// The products fetched so far, newest first (at most ``capacity``).
    public private(set) var wishList: [Product] = []
    /// The TestView render during which this object was made (1 for the first), shown on the page so a reader
    /// sees when a panel got a new view model.
    @ObservationIgnored public let createdAtRender: Int

    /// How many products the list keeps; the tutorial shows one, the list keeps a few to show it is a list.
    public static let capacity = 3

    /// A view model with an empty list, made during TestView's render number `createdAtRender`.
    public init(createdAtRender: Int) {
        self.createdAtRender = createdAtRender
    }

    /// "API 조회": fetches a random product not already in the list and puts it first.
    /// - Throws: When the catalog cannot be read.
    public func fetchWishList(from catalog: any ProductCatalog) async throws {
        var product = try await catalog.randomProduct()
        for _ in 0..<4 where wishList.contains(where: { $0.id == product.id }) {
            product = try await catalog.randomProduct()
        }
        wishList = Array(([product] + wishList.filter { $0.id != product.id }).prefix(Self.capacity))
    }
}
