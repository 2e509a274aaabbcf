import HTML

/// Progressive enhancement: with JavaScript, the list and a Find's results follow changes made elsewhere — another
/// tab, the JSON API — through the server-sent events of `/api/inventory/events`, in place: the page is read again
/// (the Results page re-runs its query that way) and only its live regions (``liveRegion(id:)``) are swapped, so
/// the fields as typed, a notice, the scroll position and focus stay. Without JavaScript every page still works.
///
/// As in the Shop, a browser holds one stream for all its Inventory tabs (HTTP/1.1 allows six connections to a
/// host, and a stream holds one while it is open): ``page`` connects to the `SharedWorker` ``worker``, which keeps
/// one `EventSource` open while a page listens; without `SharedWorker`, the tab holding a Web Lock opens the stream
/// and passes its events to the others on a `BroadcastChannel`; only a browser with neither opens one per page. A
/// page stops listening on `pagehide` and listens again on `pageshow`.
enum InventoryLiveScript {
    /// `/static/inventory-live.js`, loaded by the list and Results pages.
    ///
    /// Each page carries the inventory version it was rendered from (``marker(version:)``) and each event its own
    /// (`id:`, see ``InventoryController/event()``), so an event the page already reflects changes nothing.
    static let page = StaticAsset(
        path: "/static/inventory-live.js",
        contentType: "text/javascript; charset=utf-8",
        content: """
            // The Inventory's live list: one event stream per browser, shared by its tabs (see inventory-worker.js).
            (function () {
              "use strict";
              var marker = document.getElementById("inventory-state");
              if (!marker) return;
              var shownVersion = marker.getAttribute("data-version");

              // "<server run>-<revision>": another run is newer; in one run a higher revision is.
              function isNewer(version, shown) {
                if (!shown || !version) return true;
                var was = shown.split("-"), seen = version.split("-");
                if (was[0] !== seen[0]) return true;
                return Number(seen[1]) > Number(was[1]);
              }

              function show(message) {
                if (!message || !isNewer(message.id, shownVersion)) return;
                shownVersion = message.id;
                refreshRegions();
              }

              // The page's live regions ([data-live]) as the server renders them now: the page is read again and
              // each region swapped for its new self. One read at a time; a change during it reads once more.
              var refreshing = false, again = false;
              function refreshRegions() {
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
                  var port = new SharedWorker("\(worker.url)", { name: "inventory" }).port;
                  port.onmessage = function (event) { show(event.data); };
                  port.start();
                  port.postMessage("listen");
                  stopListening = function () { port.postMessage("stop"); port.close(); };
                } else if (window.BroadcastChannel && navigator.locks && window.EventSource) {
                  listenThroughLeader();
                } else if (window.EventSource) {
                  var source = new EventSource("\(InventoryPaths.events)");
                  source.addEventListener("inventory", function (event) {
                    show({ id: event.lastEventId, data: event.data });
                  });
                  stopListening = function () { source.close(); };
                }
              }

              // Without SharedWorker: the tab holding the "inventory-events" lock opens the stream and passes its
              // events to the other tabs on a BroadcastChannel; when it goes, the next tab waiting takes over.
              function listenThroughLeader() {
                var channel = new BroadcastChannel("inventory");
                var waiting = new AbortController();
                var source = null, latest = null, resign = null;
                channel.onmessage = function (event) {
                  if (event.data === "hello") { if (latest) channel.postMessage(latest); }
                  else show(event.data);
                };
                navigator.locks.request("inventory-events", { signal: waiting.signal }, function () {
                  source = new EventSource("\(InventoryPaths.events)");
                  source.addEventListener("inventory", function (event) {
                    latest = { id: event.lastEventId, data: event.data };
                    show(latest);
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

    /// The hidden element ``page`` reads: the inventory version the page shows.
    /// - Parameter version: ``InventoryController/version`` when the page was rendered (read before its products).
    static func marker(version: String) -> HTMLFragment {
        "<div id=\"inventory-state\" hidden data-version=\"\(version)\"></div>"
    }

    /// The attributes that make an element a live region of ``page``: ` id="…" data-live`, so the page swaps it
    /// for the same element of the page read again after a change.
    /// - Parameter id: The element's id, unique on the page.
    static func liveRegion(id: String) -> HTMLFragment {
        " id=\"\(id)\" data-live"
    }

    /// `/static/inventory-worker.js`, the `SharedWorker` that holds the browser's one inventory event stream.
    ///
    /// Pages send `"listen"` and `"stop"`; the worker sends each event as `{id, data}` to the pages that listen,
    /// and the latest to a page as soon as it listens.
    static let worker = StaticAsset(
        path: "/static/inventory-worker.js",
        contentType: "text/javascript; charset=utf-8",
        content: """
            // One inventory event stream for every Inventory tab of this browser (see inventory-live.js).
            "use strict";
            var listeners = [];
            var source = null;
            var latest = null;

            function open() {
              if (source) return;
              source = new EventSource("\(InventoryPaths.events)");
              source.addEventListener("inventory", function (event) {
                latest = { id: event.lastEventId, data: event.data };
                listeners.forEach(function (port) { port.postMessage(latest); });
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
