/// Progressive enhancement shared by the apps' live pages: one server-sent event stream per browser, whatever
/// number of tabs listen, and the in-place refresh of a page's live regions. An app's own script (loaded after
/// ``page``) says only what differs: its stream, its events, and what an event changes.
///
/// A browser allows only six connections to one host over HTTP/1.1, and an event stream holds one for as long as it
/// is open, so every tab opening its own would soon leave none for loading pages. So `LivePage.listen` connects to
/// the `SharedWorker` ``worker``, which keeps a single `EventSource` open while any page listens and passes each
/// event to all of them, the latest of each event type at once to a page that joins. A page stops listening on
/// `pagehide` (so a page kept in the back/forward cache holds nothing) and listens again on `pageshow`; the worker
/// closes the stream when no page listens. A browser without `SharedWorker` (Chrome on Android) elects one tab with
/// the Web Locks API: the tab holding the lock opens the stream and passes its events to the others on a
/// `BroadcastChannel`, and the next tab takes over when it goes. Only a browser with neither falls back to one
/// `EventSource` per page, closed and reopened the same way.
public enum LivePageScript {
    /// `/static/live-page.js`: defines `window.LivePage`, which app scripts use —
    /// - `LivePage.listen({name, stream, events}, show)`: calls `show({event, id, data})` for each event of the
    ///   types `events` (an array) on the same-origin stream path `stream`; `name` names the worker, the lock
    ///   (`name + "-events"`) and the channel, one per app.
    /// - `LivePage.isNewer(version, shown)`: whether version `"<server run>-<revision>"` is newer than `shown`.
    /// - `LivePage.refreshRegions()`: reads the page again (without cookies, so no notice meant for another tab is
    ///   taken) and swaps each live region (`[data-live]`, see ``liveRegion(id:)``) for its new self, keeping focus.
    public static let page = StaticAsset(
        path: "/static/live-page.js",
        contentType: "text/javascript; charset=utf-8",
        content: """
            // Live pages: one event stream per browser, shared by its tabs (see live-worker.js).
            (function () {
              "use strict";

              // "<server run>-<revision>": another run is newer; in one run a higher revision is.
              function isNewer(version, shown) {
                if (!shown || !version) return true;
                var was = shown.split("-"), seen = version.split("-");
                if (was[0] !== seen[0]) return true;
                return Number(seen[1]) > Number(was[1]);
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

              // An EventSource on the stream that hands each event of the listed types to `receive`.
              function open(options, receive) {
                var source = new EventSource(options.stream);
                options.events.forEach(function (type) {
                  source.addEventListener(type, function (event) {
                    receive({ event: type, id: event.lastEventId, data: event.data });
                  });
                });
                return source;
              }

              // Without SharedWorker: the tab holding the lock opens the stream and passes its events to the other
              // tabs on a BroadcastChannel; when it goes, the next tab waiting for the lock takes over.
              function listenThroughLeader(options, show) {
                var channel = new BroadcastChannel(options.name);
                var waiting = new AbortController();
                var source = null, latest = {}, resign = null;
                channel.onmessage = function (event) {
                  if (event.data === "hello") {
                    Object.keys(latest).forEach(function (type) { channel.postMessage(latest[type]); });
                  } else show(event.data);
                };
                navigator.locks.request(options.name + "-events", { signal: waiting.signal }, function () {
                  source = open(options, function (message) {
                    latest[message.event] = message;
                    show(message);
                    channel.postMessage(message);
                  });
                  return new Promise(function (resolve) { resign = resolve; });
                }).catch(function () {});
                channel.postMessage("hello");
                return function () {
                  waiting.abort();
                  if (source) source.close();
                  if (resign) resign();
                  channel.close();
                };
              }

              function listen(options, show) {
                var stopListening = null;
                function start() {
                  if (stopListening) return;
                  if (window.SharedWorker) {
                    var url = "\(worker.url)&stream=" + encodeURIComponent(options.stream)
                      + "&events=" + encodeURIComponent(options.events.join(","));
                    var port = new SharedWorker(url, { name: options.name }).port;
                    port.onmessage = function (event) { show(event.data); };
                    port.start();
                    port.postMessage("listen");
                    stopListening = function () { port.postMessage("stop"); port.close(); };
                  } else if (window.BroadcastChannel && navigator.locks && window.EventSource) {
                    stopListening = listenThroughLeader(options, show);
                  } else if (window.EventSource) {
                    var source = open(options, show);
                    stopListening = function () { source.close(); };
                  }
                }
                function stop() {
                  if (!stopListening) return;
                  stopListening();
                  stopListening = null;
                }
                window.addEventListener("pagehide", stop);
                window.addEventListener("pageshow", start);
                start();
              }

              window.LivePage = { isNewer: isNewer, refreshRegions: refreshRegions, listen: listen };
            })();

            """
    )

    /// `/static/live-worker.js`, the `SharedWorker` that holds a browser's one event stream of an app. Its URL's
    /// query names the stream (`stream`, a same-origin path) and the event types (`events`, comma-separated), as
    /// ``page`` builds it.
    ///
    /// Pages send `"listen"` and `"stop"`; the worker sends each event as `{event, id, data}` (its type, `id:` and
    /// `data:`) to the pages that listen, and the latest of each type to a page as soon as it listens.
    public static let worker = StaticAsset(
        path: "/static/live-worker.js",
        contentType: "text/javascript; charset=utf-8",
        content: """
            // One event stream for every tab of an app in this browser (a SharedWorker; see live-page.js).
            "use strict";
            var query = new URLSearchParams(self.location.search);
            var stream = query.get("stream") || "";
            var events = (query.get("events") || "").split(",").filter(Boolean);
            var listeners = [];
            var source = null;
            var latest = {};

            function send(message) {
              latest[message.event] = message;
              listeners.forEach(function (port) { port.postMessage(message); });
            }

            function open() {
              // Only a path of this origin: the query is the page's to set, not another site's.
              if (source || stream.charAt(0) !== "/" || stream.charAt(1) === "/") return;
              source = new EventSource(stream);
              events.forEach(function (type) {
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

    /// The attributes that make an element a live region of ``page``: ` id="…" data-live`, so the page swaps it
    /// for the same element of the page read again after a change.
    /// - Parameter id: The element's id, unique on the page.
    public static func liveRegion(id: String) -> HTMLFragment {
        " id=\"\(id)\" data-live"
    }
}
