import Foundation
import HTML
import Testing

/// WCAG 2 contrast of the stylesheet's colour pairs, computed from the colours in ``Layout/stylesheet`` itself.
@Suite("Stylesheet contrast")
struct ContrastTests {
    /// The text/background pairs the pages use: (text variable, background variable).
    static let pairs: [(text: String, background: String)] = [
        ("fg", "bg"), ("fg", "card"),  // body text, headings, table cells
        ("muted", "bg"), ("muted", "card"),  // app name, categories, small print
        ("accent", "bg"), ("accent", "card"),  // links, secondary buttons, tabs, home link
        ("on-accent", "accent"),  // primary buttons, the current tab
        ("on-danger", "danger"),  // "Empty cart", "Delete", "Delete all"
        ("ok-fg", "ok-bg"), ("warn-fg", "warn-bg"),  // notice banners
    ]

    /// The custom properties of the `:root` rule at `range` of the stylesheet.
    static func variables(in css: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = css
        while let dashes = rest.range(of: "--") {
            rest = rest[dashes.upperBound...]
            guard let colon = rest.firstIndex(of: ":") else { break }
            let name = String(rest[..<colon])
            let valueStart = rest.index(after: colon)
            let valueEnd = rest[valueStart...].firstIndex(where: { $0 == ";" || $0 == "}" }) ?? rest.endIndex
            result[name] = String(rest[valueStart..<valueEnd])
            rest = rest[valueEnd...]
        }
        return result
    }

    /// Light and dark palettes: dark starts from light and overrides what its media query sets.
    static func palettes() throws -> (light: [String: String], dark: [String: String]) {
        let css = Layout.stylesheet
        let lightStart = try #require(css.range(of: ":root{"))
        let lightEnd = try #require(css[lightStart.upperBound...].firstIndex(of: "}"))
        let light = variables(in: css[lightStart.upperBound..<lightEnd])
        let darkStart = try #require(css.range(of: "@media (prefers-color-scheme:dark){:root{"))
        let darkEnd = try #require(css[darkStart.upperBound...].firstIndex(of: "}"))
        let dark = light.merging(variables(in: css[darkStart.upperBound..<darkEnd])) { $1 }
        return (light, dark)
    }

    /// Relative luminance of `#rgb` or `#rrggbb`.
    static func luminance(_ hex: String) throws -> Double {
        var digits = String(try #require(hex.hasPrefix("#") ? hex.dropFirst() : nil))
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        let value = try #require(UInt32(digits, radix: 16))
        func channel(_ shift: UInt32) -> Double {
            let c = Double((value >> shift) & 0xFF) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }

    static func contrast(_ a: String, _ b: String) throws -> Double {
        let (la, lb) = (try luminance(a), try luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    @Test("The contrast formula matches known values")
    func formula() throws {
        #expect(abs(try Self.contrast("#000", "#fff") - 21) < 0.001)
        #expect(abs(try Self.contrast("#fff", "#4da3ff") - 2.63) < 0.01)  // the old dark-mode button
    }

    @Test("Every text/background pair reaches WCAG AA (4.5:1) in light and dark mode")
    func everyPairPassesAA() throws {
        let (light, dark) = try Self.palettes()
        for (scheme, palette) in [("light", light), ("dark", dark)] {
            for pair in Self.pairs {
                let text = try #require(palette[pair.text], "--\(pair.text) in \(scheme)")
                let background = try #require(palette[pair.background], "--\(pair.background) in \(scheme)")
                let ratio = try Self.contrast(text, background)
                #expect(
                    ratio >= 4.5, "\(scheme): --\(pair.text) \(text) on --\(pair.background) \(background) is \(ratio)")
            }
        }
    }

    @Test("Dark mode puts dark text on its light accent and danger colours")
    func darkButtons() throws {
        let dark = try Self.palettes().dark
        #expect(dark["accent"] == "#4da3ff")
        #expect(dark["on-accent"] == "#1c1c1e")
        #expect(dark["on-danger"] == "#1c1c1e")
        #expect(try Self.contrast("#1c1c1e", "#4da3ff") > 6.4)
        #expect(try Self.contrast("#1c1c1e", "#ff6961") > 6.0)
    }

    @Test("Buttons and the current tab take their text colour from the variables, never a fixed white")
    func noFixedWhiteText() {
        let css = Layout.stylesheet
        #expect(!css.contains("color:#fff"))
        #expect(css.contains("header nav a[aria-current=page]{background:var(--accent);color:var(--on-accent)}"))
        #expect(css.contains("background:var(--danger);border-color:var(--danger);color:var(--on-danger)}"))
    }
}
