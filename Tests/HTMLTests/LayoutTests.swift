import HTML
import Testing

@Suite("Layout.page")
struct LayoutTests {
    let document = Layout.page(
        title: "Cart <2>",
        appName: "Shop & Co",
        navigation: [
            NavigationLink(title: "Display", href: "/shop"),
            NavigationLink(title: "Cart (2)", href: "/shop/cart", isCurrent: true),
        ],
        content: "<p>Hello</p>"
    )

    @Test("A complete HTML5 document with UTF-8 and a viewport")
    func documentHead() {
        #expect(document.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(document.contains("<meta charset=\"utf-8\">"))
        #expect(document.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(
            document.contains(
                "<link rel=\"stylesheet\" href=\"/static/showcase.css?v=\(Layout.stylesheetAsset.fingerprint)\">"))
        #expect(document.hasSuffix("</html>\n"))
    }

    @Test("Nothing inline that the Content-Security-Policy refuses: no <style>, no style=, no inline <script>")
    func satisfiesTheContentSecurityPolicy() {
        let page = Layout.page(
            title: "T", appName: "A", navigation: [], content: "<p>x</p>",
            stylesheets: ["/static/a.css?v=1"], scripts: ["/static/a.js?v=2", "/static/b.js"]
        )
        #expect(!page.contains("<style") && !page.contains("style="))
        #expect(
            page.contains(
                "<link rel=\"stylesheet\" href=\"/static/showcase.css?v=\(Layout.stylesheetAsset.fingerprint)\">\n"
                    + "<link rel=\"stylesheet\" href=\"/static/a.css?v=1\">\n<script src=\"/static/a.js?v=2\" defer></script>\n"
                    + "<script src=\"/static/b.js\" defer></script>\n</head>"))
        #expect(
            page.components(separatedBy: "<script").count - 1 == page.components(separatedBy: "<script src=").count - 1)
    }

    @Test("The stylesheet is served as a file whose URL changes with its content")
    func stylesheetAsset() {
        let asset = Layout.stylesheetAsset
        #expect(asset.path == "/static/showcase.css")
        #expect(asset.contentType == "text/css; charset=utf-8")
        #expect(asset.content == Layout.stylesheet)
        #expect(asset.url == "/static/showcase.css?v=\(asset.fingerprint)")
        let other = StaticAsset(path: asset.path, contentType: asset.contentType, content: asset.content + " ")
        #expect(other.fingerprint != asset.fingerprint && other.fingerprint.count == 16)
        // FNV-1a 64 of "a" (a published test vector).
        #expect(StaticAsset(path: "/a", contentType: "text/plain", content: "a").fingerprint == "af63dc4c8601ec8c")
    }

    @Test("Title and app name are escaped")
    func titleEscaped() {
        #expect(document.contains("<title>Cart &lt;2&gt; · Shop &amp; Co</title>"))
        #expect(document.contains("<span class=\"app-name\">Shop &amp; Co</span>"))
    }

    @Test("Header links to the Showcase home and the app's tabs, marking the current one")
    func navigation() {
        #expect(document.contains("<a class=\"home\" href=\"/\">Showcase</a>"))
        #expect(document.contains("<a href=\"/shop\">Display</a>"))
        #expect(document.contains("<a href=\"/shop/cart\" aria-current=\"page\">Cart (2)</a>"))
    }

    @Test("Content goes inside main, and there is no script")
    func contentAndNoScript() {
        #expect(document.contains("<main>\n<p>Hello</p>\n</main>"))
        #expect(!document.lowercased().contains("<script"))
    }

    @Test("No nav element without tabs; language is configurable")
    func noTabs() {
        let page = Layout.page(title: "책", appName: "Books", navigation: [], content: "<p>우주</p>", language: "ko")
        #expect(!page.contains("<nav"))
        #expect(page.contains("<html lang=\"ko\">"))
        #expect(page.contains("<title>책 · Books</title>"))
        #expect(page.contains("<p>우주</p>"))
    }

    @Test("A page of no app: the title is the page's own, and the header shows only the home link")
    func withoutAppName() {
        let page = Layout.page(title: "OpenSwiftData showcase", appName: nil, navigation: [], content: "<p>Apps</p>")
        #expect(page.contains("<title>OpenSwiftData showcase</title>"))
        #expect(page.contains("<header>\n<a class=\"home\" href=\"/\">Showcase</a>\n\n</header>"))
        #expect(!page.contains("app-name\">"))
        #expect(page.components(separatedBy: "Showcase").count == 2)  // the home link only
    }

    @Test("Cards drop the outer margins of their first and last children")
    func cardSpacing() {
        #expect(Layout.stylesheet.contains(".card>:first-child{margin-top:0}"))
        #expect(Layout.stylesheet.contains(".card>:last-child{margin-bottom:0}"))
    }
}
