import HTML

/// Progressive enhancement: with JavaScript, the Shop's pages follow cart changes made elsewhere — another tab,
/// another process writing the same store — through the server-sent events of `/api/shop/cart/events`: the Cart
/// tab's count updates, and the cart page reloads when its rows are no longer the cart's. Without JavaScript
/// nothing changes and every page still works.
///
/// A browser allows only six connections to one host over HTTP/1.1, and an event stream holds one for as long as
/// it is open, so every tab opening its own would soon leave none for loading pages. So there is one stream per
/// browser: ``page`` (loaded by each Shop page) connects to the `SharedWorker` ``worker``, which keeps a single
/// `EventSource` open while any page is listening and passes each event to all of them, the latest one at once
/// to a page that joins. A page stops listening on `pagehide` (so a page kept in the back/forward cache holds
/// nothing) and listens again on `pageshow`; the worker closes the stream when no page listens. A browser
/// without `SharedWorker` (Chrome on Android) elects one tab with the Web Locks API: the tab holding the lock opens
/// the stream and passes its events to the others on a `BroadcastChannel`, and the next tab takes over when it
/// goes. Only a browser with neither falls back to one `EventSource` per page, closed and reopened the same way.
enum LiveCartScript {
    /// `/static/shop-live.js`, loaded by every Shop page.
    ///
    /// Each page carries the cart version it was rendered from (``marker(version:productIDs:)``), and the events
    /// carry theirs (`id:`, see ``ShopController/cartEvent()``), so an event the page already reflects (the one its
    /// own action caused, or one the worker replays) changes nothing. A newer event updates the Cart tab's count;
    /// on the cart page, whose marker also lists its rows, a newer event with other rows reloads the page.
    static let page = StaticAsset(
        path: "/static/shop-live.js",
        contentType: "text/javascript; charset=utf-8",
        content: """
            // The Shop's live cart: one event stream per browser, shared by its tabs (see shop-cart-worker.js).
            (function () {
              "use strict";
              var cartPath = "\(ShopPaths.cart)";
              var marker = document.getElementById("shop-cart-state");
              var shownVersion = marker ? marker.getAttribute("data-version") : null;
              var shownItems = marker ? marker.getAttribute("data-items") : null;
              var reloading = false;

              // A remote product picture that cannot load gives way to the product's drawing under it.
              Array.prototype.forEach.call(document.querySelectorAll("img.remote"), function (image) {
                function hide() { image.hidden = true; }
                if (image.complete && image.naturalWidth === 0) hide();
                else image.addEventListener("error", hide);
              });

              // "<server run>-<revision>": another run is newer; in one run a higher revision is.
              function isNewer(version) {
                if (!shownVersion || !version) return true;
                var shown = shownVersion.split("-"), seen = version.split("-");
                if (shown[0] !== seen[0]) return true;
                return Number(seen[1]) > Number(shown[1]);
              }

              function showCart(message) {
                if (!message || !isNewer(message.id)) return;
                var cart;
                try { cart = JSON.parse(message.data); } catch (error) { return; }
                if (!cart || !Array.isArray(cart.items)) return;
                shownVersion = message.id;
                var items = cart.items.map(function (item) { return item.productID; }).join(",");
                if (shownItems !== null && items !== shownItems) {
                  if (!reloading) { reloading = true; location.reload(); }
                  return;
                }
                var tab = document.querySelector('header nav a[href="' + cartPath + '"]');
                if (tab) tab.textContent = "SDCart (" + cart.items.length + ")";
              }

              var stopListening = null;

              function listen() {
                if (stopListening) return;
                if (window.SharedWorker) {
                  var port = new SharedWorker("\(ShopPaths.cartWorkerURL)", { name: "shop-cart" }).port;
                  port.onmessage = function (event) { showCart(event.data); };
                  port.start();
                  port.postMessage("listen");
                  stopListening = function () { port.postMessage("stop"); port.close(); };
                } else if (window.BroadcastChannel && navigator.locks && window.EventSource) {
                  listenThroughLeader();
                } else if (window.EventSource) {
                  var source = new EventSource("\(ShopPaths.cartEvents)");
                  source.addEventListener("cart", function (event) {
                    showCart({ id: event.lastEventId, data: event.data });
                  });
                  stopListening = function () { source.close(); };
                }
              }

              // Without SharedWorker: the tab holding the "shop-cart-events" lock opens the stream and passes its
              // events to the other tabs on a BroadcastChannel; when it goes, the next tab waiting for the lock
              // takes over.
              function listenThroughLeader() {
                var channel = new BroadcastChannel("shop-cart");
                var waiting = new AbortController();
                var source = null, latest = null, resign = null;
                channel.onmessage = function (event) {
                  if (event.data === "hello") { if (latest) channel.postMessage(latest); }
                  else showCart(event.data);
                };
                navigator.locks.request("shop-cart-events", { signal: waiting.signal }, function () {
                  source = new EventSource("\(ShopPaths.cartEvents)");
                  source.addEventListener("cart", function (event) {
                    latest = { id: event.lastEventId, data: event.data };
                    showCart(latest);
                    channel.postMessage(latest);
                  });
                  return new Promise(function (resolve) { resign = resolve; });
                }).catch(function () {});
                channel.postMessage("hello");
                stopListening = function () {
                  waiting.abort();
                  if (source) source.close();
                  if (resign) resign();
                  channel.close();
                };
              }

              function stop() {
                if (!stopListening) return;
                stopListening();
                stopListening = null;
              }

              window.addEventListener("pagehide", stop);
              window.addEventListener("pageshow", listen);
              listen();
            })();

            """
    )

    /// The hidden element ``page`` reads: the cart version the page shows, and on the cart page its rows'
    /// product IDs in order.
    /// - Parameters:
    ///   - version: ``ShopController``'s cart version when the page was rendered; `nil` for no marker.
    ///   - productIDs: The rows shown, for the cart page; `nil` on pages that show only the count.
    static func marker(version: String?, productIDs: [Int]? = nil) -> HTMLFragment? {
        guard let version else { return nil }
        let items: HTMLFragment? = productIDs.map { ids in
            " data-items=\"\(ids.map(String.init).joined(separator: ","))\""
        }
        return "<div id=\"shop-cart-state\" hidden data-version=\"\(version)\"\(items)></div>"
    }

    /// `/static/shop-cart-worker.js`, the `SharedWorker` that holds the browser's one event stream.
    ///
    /// Pages send `"listen"` and `"stop"`; the worker sends each event as `{id, data}` (the cart's version and
    /// JSON) to the pages that listen, and the latest to a page as soon as it listens.
    static let worker = StaticAsset(
        path: "/static/shop-cart-worker.js",
        contentType: "text/javascript; charset=utf-8",
        content: """
            // One cart event stream for every Shop tab of this browser (a SharedWorker; see shop-live.js).
            "use strict";
            var listeners = [];
            var source = null;
            var latest = null;

            function send(message) {
              latest = message;
              listeners.forEach(function (port) { port.postMessage(message); });
            }

            function open() {
              if (source) return;
              source = new EventSource("\(ShopPaths.cartEvents)");
              source.addEventListener("cart", function (event) {
                send({ id: event.lastEventId, data: event.data });
              });
            }

            function closeWhenUnused() {
              if (listeners.length > 0 || !source) return;
              source.close();
              source = null;
              latest = null;
            }

            self.onconnect = function (event) {
              var port = event.ports[0];
              port.onmessage = function (message) {
                if (message.data === "listen") {
                  if (listeners.indexOf(port) < 0) listeners.push(port);
                  if (latest !== null) port.postMessage(latest);
                  open();
                } else if (message.data === "stop") {
                  listeners = listeners.filter(function (other) { return other !== port; });
                  closeWhenUnused();
                }
              };
              port.start();
            };

            """
    )
}
