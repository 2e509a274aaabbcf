/// The HTML document every app page is wrapped in: one look for the whole showcase.
///
/// Pages carry no inline script or style (the showcase's `Content-Security-Policy` allows neither): the look is
/// ``stylesheetAsset``, served as a file of its own, and a page that needs more CSS or any JavaScript names its own
/// files (``StaticAsset/url``) in `stylesheets` and `scripts`. Every page works without JavaScript.
public enum Layout {
    /// Renders a complete HTML5 document.
    ///
    /// The document declares UTF-8, a mobile viewport and an empty icon (so browsers do not ask for
    /// `/favicon.ico`), links ``stylesheetAsset`` and then `stylesheets`, and has
    /// a header with a link to the Showcase home (`/`), the app's name, and the app's tabs; `scripts` are loaded
    /// with `defer` at the end of the head.
    /// - Parameters:
    ///   - title: The page's own title (plain text, escaped); the document title is `"<title> · <appName>"`, or just
    ///     `title` for a page that belongs to no app.
    ///   - appName: The app's name shown in the header next to the home link (plain text, escaped); `nil` for pages
    ///     of the Showcase itself (its home page, its error pages), which show only the home link.
    ///   - navigation: The app's tabs, in display order; may be empty.
    ///   - content: The page body, placed inside `<main>`.
    ///   - language: The document's language tag for `<html lang>`, `"en"` unless the content is in another one.
    ///   - stylesheets: URLs of further same-origin stylesheets (usually ``StaticAsset/url``), after the layout's.
    ///   - scripts: URLs of same-origin scripts, run after the document is parsed (`defer`), in order.
    /// - Returns: The document, starting with `<!DOCTYPE html>`.
    public static func page(
        title: String,
        appName: String?,
        navigation: [NavigationLink],
        content: HTMLFragment,
        language: String = "en",
        stylesheets: [String] = [],
        scripts: [String] = []
    ) -> String {
        let tabs = navigation.map { link -> HTMLFragment in
            link.isCurrent
                ? "<a href=\"\(link.href)\" aria-current=\"page\">\(link.title)</a>"
                : "<a href=\"\(link.href)\">\(link.title)</a>"
        }
        let nav: HTMLFragment? = tabs.isEmpty ? nil : "<nav aria-label=\"\(appName ?? "Sections")\">\(tabs)</nav>"
        let documentTitle = appName.map { "\(title) · \($0)" } ?? title
        let appLabel: HTMLFragment? = appName.map { "\n<span class=\"app-name\">\($0)</span>" }
        let links = ([stylesheetAsset.url] + stylesheets).map { url -> HTMLFragment in
            "<link rel=\"stylesheet\" href=\"\(url)\">"
        }
        let scriptTags = scripts.map { url -> HTMLFragment in "\n<script src=\"\(url)\" defer></script>" }
        let document: HTMLFragment = """
            <!DOCTYPE html>
            <html lang="\(language)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(documentTitle)</title>
            <link rel="icon" href="data:,">
            \(links.joined(separator: "\n"))\(scriptTags)
            </head>
            <body>
            <header>
            <a class="home" href="/">Showcase</a>\(appLabel)
            \(nav)
            </header>
            <main>
            \(content)
            </main>
            </body>
            </html>

            """
        return document.markup
    }

    /// ``stylesheet`` as the file every page links: `/static/showcase.css` (served by the showcase with a long
    /// cache lifetime; pages link its fingerprinted ``StaticAsset/url``).
    public static let stylesheetAsset = StaticAsset(
        path: "/static/showcase.css",
        contentType: "text/css; charset=utf-8",
        content: stylesheet
    )

    /// The CSS of every page (``stylesheetAsset``): a narrow centred column, system fonts, tab-style navigation,
    /// cards (`.card`, whose first and last children lose their outer margins), notice banners (`.notice`,
    /// `.notice.warning`), buttons (`button`, `a.button`, `.secondary`, `.danger`, and a `details.menu` whose
    /// `summary` looks like a button and opens a row of actions), `table.lines` for lists with prices, and
    /// `ul.apps` for the home page's list. Light and dark colour schemes; focus is always visible.
    ///
    /// Every text colour reaches WCAG AA (4.5:1) on the backgrounds it is used on, in both schemes; buttons and the
    /// current tab take their text colour from `--on-accent` and `--on-danger` (white in light mode, near-black in
    /// dark mode, where the accent and danger colours are light).
    public static let stylesheet = """
        :root{color-scheme:light dark;--fg:#1d1d1f;--muted:#6e6e73;--bg:#f5f5f7;--card:#fff;--line:#d2d2d7;\
        --accent:#0066cc;--on-accent:#fff;--danger:#c9302c;--on-danger:#fff;--ok-bg:#e6f4ea;--ok-fg:#1e4620;\
        --warn-bg:#fff4e5;--warn-fg:#663c00}
        @media (prefers-color-scheme:dark){:root{--fg:#f5f5f7;--muted:#a1a1a6;--bg:#1c1c1e;--card:#2c2c2e;\
        --line:#3a3a3c;--accent:#4da3ff;--on-accent:#1c1c1e;--danger:#ff6961;--on-danger:#1c1c1e;--ok-bg:#1e3a24;\
        --ok-fg:#c8f0d0;--warn-bg:#3d2e12;--warn-fg:#ffe2b3}}
        *{box-sizing:border-box}
        [hidden]{display:none!important}
        body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans KR",sans-serif;\
        color:var(--fg);background:var(--bg)}
        header{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;padding:.75rem 1rem;min-height:3.75rem;\
        background:var(--card);border-bottom:1px solid var(--line)}
        header .home{font-weight:600;text-decoration:none}
        header .app-name{color:var(--muted)}
        header nav{display:flex;gap:.25rem;margin-left:auto}
        header nav a{padding:.35rem .8rem;border-radius:999px;text-decoration:none;white-space:nowrap}
        header nav a[aria-current=page]{background:var(--accent);color:var(--on-accent)}
        @media (max-width:30rem){header{padding:.5rem .75rem}header nav{margin-left:0;gap:.125rem;font-size:.875rem}\
        header nav a{padding:.3rem .45rem}}
        main{max-width:40rem;margin:0 auto;padding:1rem}
        a{color:var(--accent)}
        :focus-visible{outline:2px solid var(--accent);outline-offset:2px}
        h1{font-size:1.5rem;margin:.5rem 0}
        h2{font-size:1.2rem;margin:.5rem 0}
        .card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1rem;margin:1rem 0}
        .card>:first-child{margin-top:0}
        .card>:last-child{margin-bottom:0}
        .muted{color:var(--muted)}
        .notice{padding:.75rem 1rem;border-radius:8px;margin:1rem 0;background:var(--ok-bg);color:var(--ok-fg)}
        .notice.warning{background:var(--warn-bg);color:var(--warn-fg)}
        .actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin-top:1rem}
        .actions form{margin:0}
        button,a.button{display:inline-block;font:inherit;padding:.5rem 1rem;border-radius:8px;cursor:pointer;\
        border:1px solid var(--accent);background:var(--accent);color:var(--on-accent);text-decoration:none}
        a.button.secondary,button.secondary{background:transparent;color:var(--accent)}
        button.danger,a.button.danger{background:var(--danger);border-color:var(--danger);color:var(--on-danger)}
        table.lines{width:100%;border-collapse:collapse}
        table.lines th,table.lines td{padding:.5rem;border-bottom:1px solid var(--line);text-align:left}
        table.lines .amount{text-align:right;white-space:nowrap}
        table.lines tfoot td{font-weight:600;border-bottom:0}
        ul.apps{list-style:none;margin:0;padding:0}
        ul.apps p{margin:.25rem 0}
        code{font-family:ui-monospace,"SF Mono",Menlo,Consolas,monospace;font-size:.9em;overflow-wrap:anywhere}
        img,object{max-width:100%;height:auto;border-radius:8px}
        details.menu{display:inline-block}
        details.menu>summary{list-style:none;display:inline-flex;align-items:center;gap:.4rem;font:inherit;\
        padding:.5rem 1rem;border-radius:8px;cursor:pointer;border:1px solid var(--accent);color:var(--accent)}
        details.menu>summary::-webkit-details-marker{display:none}
        details.menu>summary::after{content:"▾"}
        details.menu[open]>summary::after{content:"▴"}
        details.menu>summary svg{width:1.1em;height:1.1em;fill:none;stroke:currentColor;stroke-width:2}
        details.menu .menu-items{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.5rem}
        details.menu .menu-items form{margin:0}
        """
}
