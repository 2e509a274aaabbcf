/// The Test tab's URLs.
public enum TestTabPaths {
    /// `GET`: the experiment.
    public static let page = "/shop/test"
    /// `POST`: "장바구니 초기화", empty the cart.
    public static let emptyCart = "/shop/test/cart/empty"
    /// The form field naming the product "담기" adds.
    public static let productIDField = "productID"

    /// `POST`: "API 조회" in a panel.
    public static func fetch(_ panel: TestView.Panel) -> String { "/shop/test/\(panel.slug)/fetch" }
    /// `POST` with ``productIDField``: "담기" in a panel.
    public static func add(_ panel: TestView.Panel) -> String { "/shop/test/\(panel.slug)/add" }
}
