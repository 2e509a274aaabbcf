import HTML

/// The showcase's front page: the five tutorial apps, one line each, linked when built.
public enum HomePage {
    /// One tutorial app the showcase serves, or will.
    public struct App: Sendable {
        /// The app's name, the card's heading: the name its own pages show in the header.
        public let name: String
        /// One sentence on what the app does.
        public let summary: String
        /// The persistence framework it runs on here (and what the seed tutorial used, where that differs).
        public let framework: String
        /// The app's path when it is built; nil while it is not.
        public let path: String?
    }

    /// The five seed tutorials' apps, in the order the issues build them.
    public static let apps: [App] = [
        App(
            name: "Shop",
            summary:
                "A random product from the 194-product DummyJSON catalog, two carts that refuse duplicates (Core Data's and SwiftData's), and the @StateObject versus @ObservedObject test.",
            framework: "OpenSwiftData and OpenCoreData", path: "/shop"
        ),
        App(
            name: "BookStore",
            summary: "Search Kakao's book API, save books, undo and redo.",
            framework: "OpenSwiftData", path: "/books"
        ),
        App(
            name: "Inventory",
            summary:
                "Products with a name and a quantity: add, find by substring (NSPredicate), delete; sorted by name.",
            framework: "OpenCoreData (Core Data's API)", path: "/inventory"
        ),
        App(
            name: "Places",
            summary: "Places in Las Vegas with unique names: search, an “interested” filter, pictures and a map.",
            framework: "OpenSwiftData", path: "/places"
        ),
        App(
            name: "People",
            summary: "Create, read, update and delete people (이름, 나이), each found by its identifier.",
            framework: "OpenSwiftData", path: "/people"
        ),
    ]

    /// The page listing ``apps``, each on a card: the name (a built app's links to it), then one line — what it does
    /// and what it runs on; under them, the link to the libraries' documentation (`/docs`).
    ///
    /// It belongs to no app, so the header shows only the "Showcase" home link and the document title is just
    /// "OpenSwiftData showcase". `store` names what the apps' data is in — "SQLite" (files in the data directory) or
    /// "PostgreSQL" (`--database`) — in the opening line ("… running on Linux over PostgreSQL.").
    public static func render(store: String = "SQLite") -> String {
        let items = apps.map { app -> HTMLFragment in
            let heading: HTMLFragment =
                if let path = app.path {
                    "<h2><a href=\"\(path)\">\(app.name)</a></h2>"
                } else {
                    "<h2>\(app.name) <small class=\"muted\">(not built yet)</small></h2>"
                }
            return """
                <li class="card">\(heading)<p>\(app.summary) <small class="muted">\(app.framework)</small></p></li>
                """
        }
        return Layout.page(
            title: "OpenSwiftData showcase",
            appName: nil,
            navigation: [],
            content: """
                <h1>OpenSwiftData showcase</h1>
                <p>Tutorial apps written for SwiftData and Core Data, running on Linux over \(store).</p>
                <ul class="apps">\(items.joined(separator: "\n"))</ul>
                <p class="muted"><a href="/docs">Documentation</a> of OpenSwiftData and OpenCoreData: the API and the guides.</p>
                """
        )
    }
}
