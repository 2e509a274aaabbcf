import HTML

/// Progressive enhancement: with JavaScript, the list and a Find's results follow changes made elsewhere — another
/// tab, the JSON API — through the server-sent events of `/api/inventory/events`, in place: the page is read again
/// (the Results page re-runs its query that way) and only its live regions (``liveRegion(id:)``) are swapped, so
/// the fields as typed, a notice, the scroll position and focus stay. Find sends only the name. Without JavaScript
/// every page still works (Find then sends the Quantity field too, which the Results page ignores).
///
/// As in the Shop, a browser holds one stream for all its Inventory tabs, through the showcase's shared
/// ``HTML/LivePageScript`` (loaded before ``page``): a `SharedWorker`, else a leader tab, else one stream per page.
enum InventoryLiveScript {
    /// `/static/inventory-live.js`, loaded by the list and Results pages after ``HTML/LivePageScript/page``.
    ///
    /// Each page carries the inventory version it was rendered from (``marker(version:)``) and each event its own
    /// (`id:`, see ``InventoryController/event()``), so an event the page already reflects changes nothing.
    static let page = StaticAsset(
        path: "/static/inventory-live.js",
        contentType: "text/javascript; charset=utf-8",
        content: """
            // The Inventory's live list (the stream is shared by the browser's tabs: see live-page.js).
            (function () {
              "use strict";
              // Find asks for the name alone: a GET of the whole form would also carry the Quantity field.
              var find = document.getElementById("find");
              if (find && find.form && find.hasAttribute("formaction")) {
                find.form.addEventListener("submit", function (event) {
                  if (event.submitter !== find) return;
                  event.preventDefault();
                  var name = find.form.elements.namedItem("name");
                  location.assign(find.formAction + "?" + new URLSearchParams({ name: name ? name.value : "" }));
                });
              }
              var marker = document.getElementById("inventory-state");
              if (!marker || !window.LivePage) return;
              var shownVersion = marker.getAttribute("data-version");

              LivePage.listen({ name: "inventory", stream: "\(InventoryPaths.events)", events: ["inventory"] }, function (message) {
                if (!message || !LivePage.isNewer(message.id, shownVersion)) return;
                shownVersion = message.id;
                LivePage.refreshRegions();
              });
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
        LivePageScript.liveRegion(id: id)
    }
}
