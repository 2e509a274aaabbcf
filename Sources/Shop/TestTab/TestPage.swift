import HTML

/// The Test tab: the tutorial's `@StateObject` versus `@ObservedObject` experiment — two panels, each with "API 조회"
/// and a list with "담기", the shared cart with "장바구니 초기화", the results as a table and why.
public enum TestPage {
    /// Renders the page from the view tree's state.
    /// - Parameters:
    ///   - state: What the last render left (``TestView/render(in:)``).
    ///   - notice: A banner at the top; nil for none.
    /// - Returns: A complete HTML document.
    public static func render(state: TestTabState, notice: TestTabNotice?) -> String {
        let panels = state.panels.map { panel(for: $0) }
        let cartRows = state.cart.map { line -> HTMLFragment in
            "<li><span class=\"title\">\(line.title)</span> <span class=\"muted\">\(PriceFormat.price(line.price))</span></li>"
        }
        let cart: HTMLFragment =
            state.cart.isEmpty
            ? "<p class=\"empty muted\">The cart is empty.</p>"
            : "<ul class=\"cart-lines\">\(cartRows.joined(separator: "\n"))</ul>"
        let resultRows: HTMLFragment = """
            <tr><th scope="row">Products in its list</th>\(state.panels.map { "<td>\($0.products.count)</td>" as HTMLFragment })</tr>
            <tr><th scope="row">Its view model was made at TestView render</th>\
            \(state.panels.map { "<td>#\($0.modelCreatedAtRender)</td>" as HTMLFragment })</tr>
            <tr><th scope="row">The tutorial's result after 장바구니 초기화</th><td>keeps its list</td><td>starts empty</td></tr>
            """
        let content: HTMLFragment = """
            \(notice?.banner)
            <h1>Test: <code>@StateObject</code> and <code>@ObservedObject</code></h1>
            <p class="muted">The tutorial's TestView: two sub-views fetch a product each; the cart below belongs to \
            their parent, TestView. Emptying the cart re-renders TestView. TestView has rendered \
            <strong class="render-count">\(state.parentRenders)</strong> \(state.parentRenders == 1 ? "time" : "times") \
            in this browser session.</p>
            <div class="panels">
            \(panels.joined(separator: "\n"))
            </div>
            <section class="card cart" aria-labelledby="cart-heading">
            <h2 id="cart-heading"><span lang="ko">장바구니 내용</span> <span class="muted">(cart)</span></h2>
            \(cart)
            <form method="post" action="\(TestTabPaths.emptyCart)">
            <button class="danger" type="submit" lang="ko">장바구니 초기화</button>
            </form>
            <p class="muted hint">This is the Shop's cart: emptying it here empties the Cart tab too, as in the tutorial.</p>
            </section>
            <section class="card" aria-labelledby="result-heading">
            <h2 id="result-heading">Result</h2>
            <div class="table-scroll"><table class="lines result">
            <thead><tr><td></td><th scope="col"><code>@StateObject</code></th><th scope="col"><code>@ObservedObject</code></th></tr></thead>
            <tbody>
            \(resultRows)
            </tbody>
            </table></div>
            </section>
            <section class="card explanation" aria-labelledby="why-heading">
            <h2 id="why-heading">Why</h2>
            <p>SwiftUI runs a view's body again when something it reads changes. TestView shows the cart, so \
            “장바구니 초기화” (and “담기”) runs TestView's body again, and that body creates both sub-views anew.</p>
            <p>A <code>@StateObject</code> belongs to the sub-view's identity: SwiftUI makes it the first time the \
            view appears and hands the same object back at every later render, so its list survives.</p>
            <p>An <code>@ObservedObject</code> created in the view (<code>ObservedObject(wrappedValue: \
            TestWishViewModel())</code>) is made by whoever creates the view — here TestView's body — so every \
            render of TestView makes a new, empty one. Use <code>@ObservedObject</code> only for objects someone \
            else owns. “API 조회” itself changes only the sub-view's model, so it re-renders only the sub-view.</p>
            </section>
            """
        return ShopLayout.page(
            title: "Test", tab: .test, cartCount: state.cart.count, content: content,
            stylesheets: [TestTabAssets.stylesheet]
        )
    }

    static func panel(for panel: TestTabState.Panel) -> HTMLFragment {
        let id = "panel-\(panel.kind.slug)"
        let items = panel.products.map { product -> HTMLFragment in
            """
            <li><span class="title">\(product.title)</span> <span class="muted">\(PriceFormat.price(product.price))</span>
            <form method="post" action="\(TestTabPaths.add(panel.kind))">\
            <input type="hidden" name="\(TestTabPaths.productIDField)" value="\(product.productID)">\
            <button type="submit" lang="ko" aria-label="담기: \(product.title)">담기</button></form></li>
            """
        }
        let list: HTMLFragment =
            panel.products.isEmpty
            ? "<p class=\"empty muted\">No products: press API 조회.</p>"
            : "<ul class=\"wish-list\">\(items.joined(separator: "\n"))</ul>"
        let summary: String =
            switch panel.kind {
            case .stateObject: "Owned by the sub-view: made once, kept while the sub-view is on screen."
            case .observedObject: "Made by TestView's body: a new one at every TestView render."
            }
        return """
            <section class="card panel \(panel.kind.slug)" id="\(id)" aria-labelledby="\(id)-heading">
            <h2 id="\(id)-heading"><code>\(panel.kind.label)</code></h2>
            <p class="muted hint">\(summary)</p>
            \(list)
            <form method="post" action="\(TestTabPaths.fetch(panel.kind))">\
            <button type="submit" class="secondary" lang="ko">API 조회</button></form>
            <p class="muted hint">View model made at TestView render #\(panel.modelCreatedAtRender).</p>
            </section>
            """
    }
}
