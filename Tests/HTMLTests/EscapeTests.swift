import HTML
import Testing

@Suite("HTML.escape")
struct EscapeTests {
    @Test("A script tag becomes inert text")
    func scriptTag() {
        #expect(HTML.escape("<script>alert(1)</script>") == "&lt;script&gt;alert(1)&lt;/script&gt;")
    }

    @Test("All five special characters are replaced")
    func allSpecialCharacters() {
        #expect(HTML.escape(#"a & b < c > d " e ' f"#) == "a &amp; b &lt; c &gt; d &quot; e &#39; f")
    }

    @Test("An existing entity is escaped again, not trusted")
    func ampersandFirst() {
        #expect(HTML.escape("&lt;") == "&amp;lt;")
    }

    @Test("Quotes cannot close an attribute")
    func quotesInAttribute() {
        let value = #""><img src=x onerror='alert(1)'>"#
        let fragment: HTMLFragment = "<input value=\"\(value)\">"
        #expect(fragment.markup == "<input value=\"&quot;&gt;&lt;img src=x onerror=&#39;alert(1)&#39;&gt;\">")
    }

    @Test("Korean and other non-ASCII text is untouched")
    func koreanUntouched() {
        #expect(HTML.escape("미움받을 용기") == "미움받을 용기")
        #expect(HTML.escape("Crème brûlée — ★ 4.5") == "Crème brûlée — ★ 4.5")
        #expect(HTML.escape("우주 <과학>") == "우주 &lt;과학&gt;")
    }

    @Test("Empty text stays empty")
    func empty() {
        #expect(HTML.escape("") == "")
    }
}

@Suite("HTML.safeURL")
struct SafeURLTests {
    @Test(
        "HTTP(S) URLs and root-relative paths pass",
        arguments: [
            "https://cdn.dummyjson.com/product-images/beauty/essence-mascara-lash-princess/thumbnail.webp",
            "http://example.com/a.png",
            "HTTPS://EXAMPLE.COM/",
            "/static/placeholder.svg",
        ])
    func accepted(url: String) {
        #expect(HTML.safeURL(url) == url)
    }

    @Test(
        "Script, data, empty, relative and protocol-relative URLs are refused",
        arguments: [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            "data:image/svg+xml,<svg onload=alert(1)>",
            "",
            "thumbnail.webp",
            "//evil.example/x.png",
            "https:///nohost",
            " https://example.com/",
            "https://example.com/a b",
        ])
    func refused(url: String) {
        #expect(HTML.safeURL(url) == nil)
    }
}
