import HTML

/// Progressive enhancement: with JavaScript, the Shop's pages follow cart changes made elsewhere — another tab,
/// another process writing the same store, the JSON API — through the server-sent events of
/// `/api/shop/cart/events`: the tabs' counts update, the SDCart page reloads when its rows are no longer the
/// cart's, and the CoreCart page replaces its rows in place. Without JavaScript nothing changes and every page
/// still works.
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
    /// Each page carries the cart versions it was rendered from (``marker(version:coreCartVersion:productIDs:)``),
    /// and the events carry theirs (`id:`, see ``ShopController/cartEvent()`` and
    /// ``ShopController/coreCartEvent()``), so an event the page already reflects (the one its own action caused,
    /// or one the worker replays) changes nothing. A newer `cart` event updates the SDCart tab's count; on the
    /// SDCart page, whose marker also lists its rows, a newer event with other rows reloads the page. A newer
    /// `corecart` event updates the CoreCart tab's count, and the CoreCart page replaces its rows in place: it
    /// reads the page again (without cookies, so no notice meant for another tab is taken) and swaps in its
    /// ``liveRegion(id:)``, so nothing else on the page — a notice, the scroll position, focus — changes.
    static let page = StaticAsset(
        path: "/static/shop-live.js",
        contentType: "text/javascript; charset=utf-8",
        content: """
            // The Shop's live carts: one event stream per browser, shared by its tabs (see shop-cart-worker.js).
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

              // "<server run>-<revision>": another run is newer; in one run a higher revision is.
              function isNewer(version, shown) {
                if (!shown || !version) return true;
                var was = shown.split("-"), seen = version.split("-");
                if (was[0] !== seen[0]) return true;
                return Number(seen[1]) > Number(was[1]);
              }

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
                if (!message || !isNewer(message.id, shownVersion)) return;
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
                if (!message || !isNewer(message.id, shownCoreVersion)) return;
                var cart = parseCart(message);
                if (!cart) return;
                shownCoreVersion = message.id;
                setTab(coreCartPath, "CoreCart", cart.items.length);
                refreshRegions();
              }

              function show(message) {
                if (message && message.event === "corecart") showCoreCart(message);
                else showCart(message);
              }

              // The page's live regions ([data-live]) as the server renders them now: the page is read again and
              // each region swapped for its new self. One read at a time; a change during it reads once more.
              var refreshing = false, again = false;
              function refreshRegions() {
                if (!document.querySelector("[data-live]")) return;
                if (refreshing) { again = true; return; }
                refreshing = true;
                // Without cookies: the page must not take a notice another tab's action left for its own page.
                fetch(location.pathname + location.search, { credentials: "omit", cache: "no-store" })
                  .then(function (response) { return response.ok ? response.text() : null; })
                  .then(function (html) {
                    if (html !== null) swapRegions(new DOMParser().parseFromString(html, "text/html"));
                  })
                  .catch(function () {})
                  .then(function () {
                    refreshing = false;
                    if (again) { again = false; refreshRegions(); }
                  });
              }

              function swapRegions(fresh) {
                Array.prototype.forEach.call(document.querySelectorAll("[data-live]"), function (region) {
                  var replacement = fresh.getElementById(region.id);
                  if (!replacement) return;
                  var focused = region.contains(document.activeElement) ? document.activeElement : null;
                  var label = focused ? focused.getAttribute("aria-label") || focused.textContent : null;
                  region.replaceWith(document.importNode(replacement, true));
                  if (focused) {
                    var same = Array.prototype.filter.call(
                      document.getElementById(region.id).querySelectorAll(focused.tagName),
                      function (element) { return (element.getAttribute("aria-label") || element.textContent) === label; });
                    if (same.length) same[0].focus();
                  }
                });
              }

              var stopListening = null;

              function listen() {
                if (stopListening) return;
                if (window.SharedWorker) {
                  var port = new SharedWorker("\(ShopPaths.cartWorkerURL)", { name: "shop-cart" }).port;
                  port.onmessage = function (event) { show(event.data); };
                  port.start();
                  port.postMessage("listen");
                  stopListening = function () { port.postMessage("stop"); port.close(); };
                } else if (window.BroadcastChannel && navigator.locks && window.EventSource) {
                  listenThroughLeader();
                } else if (window.EventSource) {
                  var source = new EventSource("\(ShopPaths.cartEvents)");
                  ["cart", "corecart"].forEach(function (type) {
                    source.addEventListener(type, function (event) {
                      show({ event: type, id: event.lastEventId, data: event.data });
                    });
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
                var source = null, latest = {}, resign = null;
                channel.onmessage = function (event) {
                  if (event.data === "hello") {
                    Object.keys(latest).forEach(function (type) { channel.postMessage(latest[type]); });
                  } else show(event.data);
                };
                navigator.locks.request("shop-cart-events", { signal: waiting.signal }, function () {
                  source = new EventSource("\(ShopPaths.cartEvents)");
                  ["cart", "corecart"].forEach(function (type) {
                    source.addEventListener(type, function (event) {
                      latest[type] = { event: type, id: event.lastEventId, data: event.data };
                      show(latest[type]);
                      channel.postMessage(latest[type]);
                    });
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

    /// The hidden elements ``page`` reads: the SwiftData cart's version the page shows (`#shop-cart-state`, with
    /// on the SDCart page its rows' product IDs in order), and the Core Data cart's (`#shop-corecart-state`).
    /// - Parameters:
    ///   - version: ``ShopController``'s cart version when the page was rendered; `nil` for no marker.
    ///   - coreCartVersion: Its Core Data cart version then; `nil` for none.
    ///   - productIDs: The rows shown, for the cart page; `nil` on pages that show only the count.
    static func marker(version: String?, coreCartVersion: String? = nil, productIDs: [Int]? = nil) -> HTMLFragment? {
        let core: HTMLFragment? = coreCartVersion.map { "<div id=\"shop-corecart-state\" hidden data-version=\"\($0)\"></div>" }
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
        " id=\"\(id)\" data-live"
    }

    /// `/static/shop-cart-worker.js`, the `SharedWorker` that holds the browser's one event stream.
    ///
    /// Pages send `"listen"` and `"stop"`; the worker sends each event as `{event, id, data}` (`cart` or
    /// `corecart`, that cart's version and JSON) to the pages that listen, and the latest of each to a page as soon
    /// as it listens.
    static let worker = StaticAsset(
        path: "/static/shop-cart-worker.js",
        contentType: "text/javascript; charset=utf-8",
        content: """
            // One cart event stream for every Shop tab of this browser (a SharedWorker; see shop-live.js).
            "use strict";
            var listeners = [];
            var source = null;
            var latest = {};

            function send(message) {
              latest[message.event] = message;
              listeners.forEach(function (port) { port.postMessage(message); });
            }

            function open() {
              if (source) return;
              source = new EventSource("\(ShopPaths.cartEvents)");
              ["cart", "corecart"].forEach(function (type) {
                source.addEventListener(type, function (event) {
                  send({ event: type, id: event.lastEventId, data: event.data });
                });
              });
            }

            function closeWhenUnused() {
              if (listeners.length > 0 || !source) return;
              source.close();
              source = null;
              latest = {};
            }

            self.onconnect = function (event) {
              var port = event.ports[0];
              port.onmessage = function (message) {
                if (message.data === "listen") {
                  if (listeners.indexOf(port) < 0) listeners.push(port);
                  Object.keys(latest).forEach(function (type) { port.postMessage(latest[type]); });
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
