import HTML

/// Static files the Inventory pages refer to; ``InventoryRoutes`` serves them at their paths.
public enum InventoryAssets {
    /// Every file ``InventoryRoutes`` serves for the pages: ``stylesheet``, the live list's page script, and the
    /// showcase's shared live-page script and its `SharedWorker` (``HTML/LivePageScript``).
    public static var all: [StaticAsset] {
        [stylesheet, InventoryLiveScript.page, LivePageScript.page, LivePageScript.worker]
    }

    /// `/static/inventory.css`, linked by every Inventory page after the showcase's stylesheet (the showcase allows
    /// no inline styles), on the layout's colour variables.
    public static let stylesheet = StaticAsset(
        path: InventoryPaths.stylesheet,
        contentType: "text/css; charset=utf-8",
        content: """
            .visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;\
            clip:rect(0,0,0,0);white-space:nowrap;border:0}
            main h1,main h2,main p,main td{overflow-wrap:anywhere}
            .fields .field{margin:0 0 1rem}
            .field label{display:block;font-weight:600;margin-bottom:.25rem}
            input[type=text]{font:inherit;padding:.5rem .75rem;border:1px solid var(--muted);border-radius:8px;\
            background:var(--card);color:var(--fg);width:100%;max-width:100%}
            input[aria-invalid=true]{border:2px solid var(--danger)}
            .field-error{color:var(--danger);margin:.25rem 0 0;font-weight:600}
            .actions{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center}
            table.products td.name{min-width:8rem}
            table.products .row-actions{text-align:right;white-space:nowrap}
            table.products .row-actions form{display:inline}
            .hint{font-size:.9rem;margin:.5rem 0 0}

            """
    )
}
