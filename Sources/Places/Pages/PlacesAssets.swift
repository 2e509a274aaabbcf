import HTML

/// Static files the Places pages refer to; ``PlacesRoutes`` serves them at their paths (the pictures, made per
/// place, are served by the controller: ``PlacePicture/asset(for:)``).
public enum PlacesAssets {
    /// Every file ``PlacesRoutes`` serves for the pages: ``stylesheet``.
    public static var all: [StaticAsset] { [stylesheet] }

    /// `/static/places.css`, linked by every Places page after the showcase's stylesheet (the showcase allows no
    /// inline styles).
    ///
    /// It builds on the showcase layout's colour variables, so it follows the light and dark schemes. Its own colours
    /// reach WCAG's contrast ratios: the star (`--star`) is 3.6:1 on the light card and 12:1 on the dark one (a
    /// graphic: 3:1 needed); error text uses the layout's `--danger` (4.5:1 or more in both schemes).
    public static let stylesheet = StaticAsset(
        path: "/static/places.css",
        contentType: "text/css; charset=utf-8",
        content: """
            :root{--star:#a86b00;--map-land:#eef3e8}
            @media (prefers-color-scheme:dark){:root{--star:#ffd60a;--map-land:#23282a}}
            .visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;\
            clip:rect(0,0,0,0);white-space:nowrap;border:0}
            main h1,main h2,main p,main li,main figcaption{overflow-wrap:anywhere}
            .page-head{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem}
            .toolbar{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.75rem;margin:1rem 0}
            .toolbar form{margin:0}
            .toolbar .search{flex:1 1 15rem;min-width:0}
            .search label,.field label{display:block;font-weight:600;margin-bottom:.25rem}
            .search-row{display:flex;gap:.5rem}
            .search-row input{flex:1;min-width:0}
            input[type=search],input[type=text]{font:inherit;padding:.5rem .75rem;border:1px solid var(--muted);\
            border-radius:8px;background:var(--card);color:var(--fg);width:100%;max-width:100%}
            button.toggle{background:transparent;color:var(--accent)}
            button.toggle[aria-pressed=true]{background:var(--accent);color:var(--on-accent)}
            .star,.star-glyph{color:var(--star)}
            button.toggle[aria-pressed=true] .star-glyph{color:inherit}
            .summary{margin:.5rem 0}
            ul.places{list-style:none;margin:0;padding:0}
            ul.places li+li{border-top:1px solid var(--line)}
            ul.places a{display:flex;align-items:center;gap:1rem;padding:.5rem 0;text-decoration:none;color:var(--fg)}
            ul.places a:hover .name{text-decoration:underline}
            ul.places img{flex:none;width:96px;height:72px;border-radius:8px}
            ul.places .name{flex:1;min-width:0;overflow-wrap:anywhere;font-weight:500}
            ul.places .star{font-size:1.4rem;padding-right:.5rem}
            .gallery{list-style:none;margin:1rem 0;padding:0;display:grid;\
            grid-template-columns:repeat(auto-fill,minmax(min(100%,15rem),1fr));gap:1rem}
            .gallery figure{margin:0;background:var(--card);border:1px solid var(--line);border-radius:12px;padding:.5rem}
            .gallery img{display:block;width:100%;height:auto}
            .gallery figcaption{padding:.5rem .25rem 0;font-weight:500;overflow-wrap:anywhere}
            .place .picture{display:block;width:100%;max-width:320px;height:auto}
            .place h1,.place .position{overflow-wrap:anywhere}
            .fields .field{margin:0 0 1rem}
            .field .hint{margin:0 0 .25rem;font-size:.9rem}
            .field-error{color:var(--danger);margin:.25rem 0 0;font-weight:600}
            input[aria-invalid=true]{border:2px solid var(--danger)}
            .field.checkbox{display:flex;align-items:center;gap:.5rem}
            .field.checkbox label{margin:0;font-weight:500}
            .field.checkbox input{width:1.25rem;height:1.25rem;margin:0}
            .map{margin:1rem 0;padding:.5rem}
            .map-canvas{display:block;width:100%;height:auto;border-radius:8px}
            .map .land{fill:var(--map-land)}
            .map .grid{stroke:var(--line);stroke-width:1}
            .map .grid-label{fill:var(--muted);font-size:11px}
            .map .label{fill:var(--fg);font-size:13px;font-weight:600;paint-order:stroke;stroke:var(--map-land);\
            stroke-width:3px;stroke-linejoin:round}
            .map .marker,.legend .marker{fill:var(--accent);stroke:var(--card);stroke-width:1.5}
            .map .marker.interested,.legend .marker.interested{fill:var(--star)}
            .map a{cursor:pointer}
            .map a:hover .label,.map a:focus .label{text-decoration:underline}
            .map a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
            .map a:focus-visible .marker{stroke:var(--fg);stroke-width:3}
            .scale-bar path{fill:none;stroke:var(--fg);stroke-width:2}
            .scale-bar text,.north text{fill:var(--fg);font-size:12px}
            .north path{fill:var(--fg)}
            .legend{display:flex;gap:1rem;flex-wrap:wrap;font-size:.9rem;color:var(--muted);padding:.5rem .25rem 0}
            .legend svg{vertical-align:middle}
            ul.plain{list-style:none;padding:0;margin:0}
            ul.plain li{padding:.25rem 0;overflow-wrap:anywhere}

            """
    )
}
