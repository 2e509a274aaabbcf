/// What the JSON API needs of a cart, so that the SwiftData cart (``CartViewModel``) and the Core Data cart
/// (``CoreCartViewModel``) answer `/api/shop/cart` and `/api/shop/corecart` with one set of handlers.
@MainActor protocol ShopCart {
    /// Adds `product` unless a row with its ID is there already.
    func addCart(_ product: Product) throws -> CartViewModel.AddResult
    /// Deletes the row of `productID`; nil when there was none.
    func deleteCart(productID: Int) throws -> CartLine?
    /// Deletes every row; the number deleted.
    func deleteAllCart() throws -> Int
}

extension CartViewModel: ShopCart {}
extension CoreCartViewModel: ShopCart {}
