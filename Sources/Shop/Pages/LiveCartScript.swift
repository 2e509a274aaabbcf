import HTML

/// Progressive enhancement: with JavaScript, the Shop's pages follow cart changes made elsewhere — another tab,
/// another process writing the same store — through the server-sent events of `/api/shop/cart/events`: the Cart
/// tab's count updates, and the cart page reloads. Without JavaScript nothing changes and every page still works.
enum LiveCartScript {
    /// A fixed script (nothing interpolated into it).
    static let fragment = HTMLFragment(unsafeRaw: """
        <script>
        (function () {
          if (!window.EventSource) return;
          var source = new EventSource("\(ShopPaths.cartEvents)");
          var onCartPage = location.pathname === "\(ShopPaths.cart)";
          var first = true;
          source.addEventListener("cart", function (event) {
            var cart;
            try { cart = JSON.parse(event.data); } catch (error) { return; }
            if (!first && onCartPage) { location.reload(); return; }
            first = false;
            var tab = document.querySelector('nav a[href="\(ShopPaths.cart)"]');
            if (tab) tab.textContent = "Cart (" + cart.items.length + ")";
          });
        })();
        </script>
        """)
}
