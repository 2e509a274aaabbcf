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
        #expect(document.contains("<style>"))
        #expect(document.hasSuffix("</html>\n"))
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
}
