import HTML

/// Static files the Test tab's page refers to; ``TestTabRoutes`` serves them at their paths.
public enum TestTabAssets {
    /// Every file ``TestTabRoutes`` serves for the page: ``stylesheet``.
    public static var all: [StaticAsset] { [stylesheet] }

    /// `/static/shop-test.css`, linked after the Shop's stylesheet (the showcase allows no inline styles): the panels
    /// side by side where there is room, one above the other on a phone, where the result table's cells also get
    /// narrower so it fits without scrolling. It builds on the layout's colour variables, so it follows the light and
    /// dark schemes.
    public static let stylesheet = StaticAsset(
        path: "/static/shop-test.css",
        contentType: "text/css; charset=utf-8",
        content: """
            main h1,main h2,main p,main li,main figcaption{overflow-wrap:anywhere}
            .panels{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,16rem),1fr));gap:1rem;margin:1rem 0}
            .panels .card{margin:0}
            .panel h2 code,.result code,h1 code{font-size:1em;overflow-wrap:normal;white-space:nowrap}
            .hint{font-size:.9rem}
            .wish-list,.cart-lines{list-style:none;margin:.5rem 0;padding:0}
            .wish-list li,.cart-lines li{padding:.5rem 0;border-bottom:1px solid var(--line);overflow-wrap:anywhere}
            .wish-list li{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .5rem}
            .wish-list .title{flex:1 1 8rem;min-width:0}
            .wish-list form{margin:0}
            .wish-list button{padding:.25rem .75rem}
            .panel form,.cart form{margin:.75rem 0 0}
            .table-scroll{overflow-x:auto}
            table.result th[scope=row]{font-weight:500}
            table.result td{white-space:nowrap}
            @media (max-width:30rem){table.result th,table.result td{padding:.4rem .25rem}\
            table.result thead code{font-size:.8em}table.result td{white-space:normal}}

            """
    )
}
