import HTML

/// Progressive enhancement: with JavaScript, the Shop's pages follow cart changes made elsewhere — another tab,
/// another process writing the same store, the JSON API — through the server-sent events of
/// `/api/shop/cart/events`: the tabs' counts update, the SDCart page reloads when its rows are no longer the
/// cart's, and the CoreCart page replaces its rows in place. Without JavaScript nothing changes and every page
/// still works.
///
/// A browser holds one stream for all its Shop tabs, through the showcase's shared ``HTML/LivePageScript`` (loaded
/// before ``page``): a `SharedWorker`, else a leader tab, else one stream per page; see there why.
enum LiveCartScript {
    /// `/static/shop-live.js`, loaded by every Shop page after ``HTML/LivePageScript/page``.
    ///
    /// Each page carries the cart versions it was rendered from (``marker(version:coreCartVersion:productIDs:)``),
    /// and the events carry theirs (`id:`, see ``ShopController/cartEvent()`` and
    /// ``ShopController/coreCartEvent()``), so an event the page already reflects (the one its own action caused,
    /// or one the worker replays) changes nothing. A newer `cart` event updates the SDCart tab's count; on the
    /// SDCart page, whose marker also lists its rows, a newer event with other rows reloads the page. A newer
    /// `corecart` event updates the CoreCart tab's count, and the CoreCart page replaces its rows in place
    /// (`LivePage.refreshRegions`, on its ``liveRegion(id:)``), so nothing else on the page — a notice, the scroll
    /// position, focus — changes.
    static let page = StaticAsset(
        path: "/static/shop-live.js",
        contentType: "text/javascript; charset=utf-8",
        content: """
            // The Shop's live carts (the stream is shared by the browser's tabs: see live-page.js).
            (function () {
              "use strict";
              var cartPath = "\(ShopPaths.cart)";
              var coreCartPath = "\(ShopPaths.coreCart)";
              var marker = document.getElementById("shop-cart-state");
              var coreMarker = document.getElementById("shop-corecart-state");
              var shownVersion = marker ? marker.getAttribute("data-version") : null;
              var shownCoreVersion = coreMarker ? coreMarker.getAttribute("data-version") : null;
              var shownItems = marker ? marker.getAttribute("data-items") : null;
              var reloading = false;

              // A remote product picture that cannot load gives way to the product's drawing under it.
              Array.prototype.forEach.call(document.querySelectorAll("img.remote"), function (image) {
                function hide() { image.hidden = true; }
                if (image.complete && image.naturalWidth === 0) hide();
                else image.addEventListener("error", hide);
              });
              if (!window.LivePage) return;

              function parseCart(message) {
                var cart;
                try { cart = JSON.parse(message.data); } catch (error) { return null; }
                return cart && Array.isArray(cart.items) ? cart : null;
              }

              function setTab(path, title, count) {
                var tab = document.querySelector('header nav a[href="' + path + '"]');
                if (tab) tab.textContent = title + " (" + count + ")";
              }

              function showCart(message) {
                if (!message || !LivePage.isNewer(message.id, shownVersion)) return;
                var cart = parseCart(message);
                if (!cart) return;
                shownVersion = message.id;
                var items = cart.items.map(function (item) { return item.productID; }).join(",");
                if (shownItems !== null && items !== shownItems) {
                  if (!reloading) { reloading = true; location.reload(); }
                  return;
                }
                setTab(cartPath, "SDCart", cart.items.length);
              }

              function showCoreCart(message) {
                if (!message || !LivePage.isNewer(message.id, shownCoreVersion)) return;
                var cart = parseCart(message);
                if (!cart) return;
                shownCoreVersion = message.id;
                setTab(coreCartPath, "CoreCart", cart.items.length);
                LivePage.refreshRegions();
              }

              LivePage.listen({ name: "shop-cart", stream: "\(ShopPaths.cartEvents)", events: ["cart", "corecart"] }, function (message) {
                if (message && message.event === "corecart") showCoreCart(message);
                else showCart(message);
              });
            })();

            """
    )

    /// The hidden elements ``page`` reads: the SwiftData cart's version the page shows (`#shop-cart-state`, with
    /// on the SDCart page its rows' product IDs in order), and the Core Data cart's (`#shop-corecart-state`).
    /// - Parameters:
    ///   - version: ``ShopController``'s cart version when the page was rendered; `nil` for no marker.
    ///   - coreCartVersion: Its Core Data cart version then; `nil` for none.
    ///   - productIDs: The rows shown, for the cart page; `nil` on pages that show only the count.
    static func marker(version: String?, coreCartVersion: String? = nil, productIDs: [Int]? = nil) -> HTMLFragment? {
        let core: HTMLFragment? = coreCartVersion.map {
            "<div id=\"shop-corecart-state\" hidden data-version=\"\($0)\"></div>"
        }
        guard let version else { return core }
        let items: HTMLFragment? = productIDs.map { ids in
            " data-items=\"\(ids.map(String.init).joined(separator: ","))\""
        }
        return "<div id=\"shop-cart-state\" hidden data-version=\"\(version)\"\(items)></div>\(core)"
    }

    /// The attributes that make an element a live region of ``page``: ` id="…" data-live`, so the page swaps it
    /// for the same element of the page read again after a change.
    /// - Parameter id: The element's id, unique on the page.
    static func liveRegion(id: String) -> HTMLFragment {
        LivePageScript.liveRegion(id: id)
    }
}
