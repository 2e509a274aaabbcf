/// What the pages and the JSON API need of a cart, so that the SwiftData cart (``CartViewModel``) and the Core Data
/// cart (``CoreCartViewModel``) answer the SDCart and CoreCart tabs, `/api/shop/cart` and `/api/shop/corecart` with
/// one set of handlers.
@MainActor protocol ShopCart {
    /// Which cart this is: its tab, URLs and labels.
    var kind: CartKind { get }
    /// The rows in the order added.
    func cartLines() throws -> [CartLine]
    /// The number of rows.
    func count() throws -> Int
    /// Adds `product` unless a row with its ID is there already.
    func addCart(_ product: Product) throws -> CartViewModel.AddResult
    /// Deletes the row of `productID`; nil when there was none.
    func deleteCart(productID: Int) throws -> CartLine?
    /// Deletes every row; the number deleted.
    func deleteAllCart() throws -> Int
}

extension CartViewModel: ShopCart {
    var kind: CartKind { .swiftData }
    func cartLines() -> [CartLine] { lines }
    func count() -> Int { items.count }
}

extension CoreCartViewModel: ShopCart {
    var kind: CartKind { .coreData }
    func cartLines() throws -> [CartLine] { try lines() }
}
