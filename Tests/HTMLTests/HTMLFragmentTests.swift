import HTML
import Testing

@Suite("HTMLFragment")
struct HTMLFragmentTests {
    @Test("Interpolated strings are escaped, literal markup is kept")
    func stringsEscaped() {
        let title = "<script>alert(1)</script>"
        let fragment: HTMLFragment = "<h1>\(title)</h1>"
        #expect(fragment.markup == "<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>")
    }

    @Test("Interpolated fragments pass through unescaped")
    func fragmentsPassThrough() {
        let bold: HTMLFragment = "<b>\("Tom & Jerry")</b>"
        let paragraph: HTMLFragment = "<p>\(bold) & co</p>"
        #expect(paragraph.markup == "<p><b>Tom &amp; Jerry</b> & co</p>")
    }

    @Test("Substrings are escaped like strings")
    func substrings() {
        let text = "a<b>c"
        let fragment: HTMLFragment = "<i>\(text.dropFirst())</i>"
        #expect(fragment.markup == "<i>&lt;b&gt;c</i>")
    }

    @Test("Integers are written as digits")
    func integers() {
        let count = 3
        let id: Int64 = -42
        let fragment: HTMLFragment = "<span data-id=\"\(id)\">\(count)</span>"
        #expect(fragment.markup == "<span data-id=\"-42\">3</span>")
    }

    @Test("An optional fragment renders nothing when nil")
    func optionalFragment() {
        let present: HTMLFragment? = "<em>x</em>"
        let absent: HTMLFragment? = nil
        let fragment: HTMLFragment = "[\(present)|\(absent)]"
        #expect(fragment.markup == "[<em>x</em>|]")
    }

    @Test("Arrays of fragments are concatenated in order")
    func arrays() {
        let items = ["1 < 2", "b"].map { item -> HTMLFragment in "<li>\(item)</li>" }
        let list: HTMLFragment = "<ul>\(items)</ul>"
        #expect(list.markup == "<ul><li>1 &lt; 2</li><li>b</li></ul>")
        #expect(items.joined(separator: "<hr>").markup == "<li>1 &lt; 2</li><hr><li>b</li>")
    }

    @Test("Raw markup only through unsafeRaw; text init escapes")
    func rawAndText() {
        #expect(HTMLFragment(unsafeRaw: "<svg/>").markup == "<svg/>")
        #expect(HTMLFragment(text: "<svg/>").markup == "&lt;svg/&gt;")
        #expect(HTMLFragment.empty.markup == "")
        #expect((HTMLFragment("<a>") + HTMLFragment(text: "&")).markup == "<a>&amp;")
        #expect(HTMLFragment("<br>").description == "<br>")
    }
}
