import HTML

/// Static files the People pages refer to; ``PeopleRoutes`` serves them at their paths.
public enum PeopleAssets {
    /// Every file ``PeopleRoutes`` serves for the pages: ``stylesheet``.
    public static var all: [StaticAsset] { [stylesheet] }

    /// `/static/people.css`, linked by every People page after the showcase's stylesheet (the showcase allows no
    /// inline styles). It builds on the layout's colour variables, so it follows the light and dark schemes.
    public static let stylesheet = StaticAsset(
        path: "/static/people.css",
        contentType: "text/css; charset=utf-8",
        content: """
            .visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;\
            clip:rect(0,0,0,0);white-space:nowrap;border:0}
            main h1,main h2,main p,main li,main figcaption{overflow-wrap:anywhere}
            .fields .field{margin:0 0 1rem}
            .field label{display:block;font-weight:600;margin-bottom:.25rem}
            .field label .muted{font-weight:400}
            input[type=text]{font:inherit;padding:.5rem .75rem;border:1px solid var(--muted);border-radius:8px;\
            background:var(--card);color:var(--fg);width:100%;max-width:100%}
            input[aria-invalid=true]{border:2px solid var(--danger)}
            .field-error{color:var(--danger);margin:.25rem 0 0;font-weight:600}
            .hint{font-size:.9rem;margin:.5rem 0 0}
            table.people td.name{overflow-wrap:anywhere;min-width:8rem}
            table.people .row-actions{text-align:right;white-space:nowrap}
            table.people .row-actions a{display:inline-block;padding:.25rem .4rem}
            table.people .row-actions a.delete{color:var(--danger)}
            table.people th .muted{font-weight:400}

            """
    )
}
