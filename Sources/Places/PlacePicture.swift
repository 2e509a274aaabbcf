import Foundation
import HTML

/// A picture of a place, drawn as SVG from its name and coordinates: there are no photos offline, so each place
/// gets an illustration instead — a glass pyramid for a name like Luxor, a tower for Paris or the Stratosphere, a
/// castle, a pirate ship, fountains before a lake, or else a skyline.
///
/// The same name and coordinates always give the same picture (the variations — time of day, stars, lit windows,
/// building heights — come from a hash of them, never from a random source). The picture needs nothing from the
/// network, has no script and no `<style>` (colours are presentation attributes), and is 320 × 240.
public struct PlacePicture: Sendable, Hashable {
    /// What the picture shows.
    public enum Scene: String, Sendable, CaseIterable {
        /// A black glass pyramid with a beam of light and a sphinx (Luxor).
        case pyramid
        /// An iron lattice tower and a striped balloon (Paris).
        case latticeTower
        /// A slender tower with a pod at the top (Stratosphere).
        case needleTower
        /// A castle with coloured turrets (Excalibur).
        case castle
        /// A pirate ship by a palm tree (Treasure Island).
        case pirateShip
        /// Fountains leaping before a curved hotel on a lake (Bellagio).
        case fountains
        /// A city skyline with lit windows (any other place).
        case skyline
    }

    /// What the picture shows.
    public let scene: Scene
    /// The place's name (for the SVG's title).
    public let name: String
    private let seed: UInt64

    /// The width and height of every picture, in CSS pixels.
    public static let width = 320, height = 240

    /// The picture for a place.
    public init(name: String, latitude: Double, longitude: Double) {
        self.name = name
        scene = Self.scene(for: name)
        seed = Self.fnv1a(
            "\(name.precomposedStringWithCanonicalMapping)|\(PlaceFormat.coordinate(latitude))|\(PlaceFormat.coordinate(longitude))"
        )
    }

    /// The picture for a place.
    public init(_ line: PlaceLine) {
        self.init(name: line.name, latitude: line.latitude, longitude: line.longitude)
    }

    /// Words in a name that choose a scene (compared without case and accents, so "LÚXOR" is Luxor).
    static let keywords: [(Scene, [String])] = [
        (.pyramid, ["luxor", "pyramid", "sphinx", "egypt", "룩소르", "피라미드"]),
        (.latticeTower, ["paris", "eiffel", "파리", "에펠"]),
        (.needleTower, ["stratosphere", "strat", "tower", "needle", "타워", "스트라토스피어"]),
        (.castle, ["excalibur", "castle", "camelot", "palace", "엑스칼리버", "성채", "궁전"]),
        (.pirateShip, ["treasure", "island", "pirate", "ship", "harbor", "harbour", "보물섬", "해적"]),
        (.fountains, ["bellagio", "fountain", "lake", "벨라지오", "분수", "호수"]),
    ]

    /// The scene a name calls for: the first keyword it contains, else ``Scene/skyline``.
    public static func scene(for name: String) -> Scene {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        for (scene, words) in keywords where words.contains(where: { folded.contains($0) }) {
            return scene
        }
        return .skyline
    }

    /// A sentence describing the picture, for `alt` text: "A black glass pyramid with a beam of light, at night."
    public var description: String {
        let what: String =
            switch scene {
            case .pyramid: "A black glass pyramid sending a beam of light into the sky, with a sphinx"
            case .latticeTower: "An iron lattice tower beside a striped hot-air balloon"
            case .needleTower: "A slender tower with an observation pod at its top"
            case .castle: "A castle with red, blue and gold turrets"
            case .pirateShip: "A pirate ship with full sails by a palm tree"
            case .fountains: "Fountains leaping from a lake before a curved hotel"
            case .skyline: "A city skyline with lit windows"
            }
        return "\(what), \(palette.phrase)."
    }

    /// A place's picture as a file: served at ``PlacesPaths/picture(_:)`` as `image/svg+xml`, linked by its
    /// ``HTML/StaticAsset/url``, whose fingerprint changes when the picture does (a rename, a move), so browsers may
    /// keep it for a year.
    public static func asset(for place: PlaceLine) -> StaticAsset {
        StaticAsset(path: PlacesPaths.picture(place.id), contentType: "image/svg+xml", content: PlacePicture(place).svg)
    }

    // MARK: Drawing

    /// The SVG document.
    public var svg: String {
        var random = SplitMix64(seed: seed)
        var svg = SVGWriter()
        let palette = self.palette
        svg.add(
            """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.width)" height="\(Self.height)" \
            viewBox="0 0 \(Self.width) \(Self.height)" role="img" aria-label="\(HTML.escape(description))">
            <title>\(HTML.escape(name))</title>
            <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">\
            <stop offset="0" stop-color="\(palette.skyTop)"/><stop offset="1" stop-color="\(palette.skyBottom)"/>\
            </linearGradient></defs>
            <rect width="320" height="240" fill="url(#sky)"/>
            """)
        if palette.isNight {
            for _ in 0..<24 {
                let x = random.double(in: 4...316), y = random.double(in: 4...120)
                svg.add(
                    ##"<circle cx="\##(f(x))" cy="\##(f(y))" r="\##(f(random.double(in: 0.5...1.4)))" fill="#fff" opacity="\##(f(random.double(in: 0.4...0.9)))"/>"##
                )
            }
            svg.add(
                ##"<circle cx="\##(f(sideX(&random)))" cy="\##(f(random.double(in: 24...56)))" r="13" fill="#f4f1de"/>"##
            )
        } else {
            svg.add(
                ##"<circle cx="\##(f(sideX(&random)))" cy="\##(f(random.double(in: 30...70)))" r="18" fill="\##(palette.sun)" opacity="0.9"/>"##
            )
        }
        // A far skyline behind every scene, so each reads as a place in a city.
        var x = 0.0
        while x < 320 {
            let width = random.double(in: 14...34), height = random.double(in: 20...70)
            svg.add(
                ##"<rect x="\##(f(x))" y="\##(f(190 - height))" width="\##(f(width + 1))" height="\##(f(height))" fill="\##(palette.far)"/>"##
            )
            x += width
        }
        switch scene {
        case .pyramid: drawPyramid(&svg, palette, &random)
        case .latticeTower: drawLatticeTower(&svg, palette, &random)
        case .needleTower: drawNeedleTower(&svg, palette, &random)
        case .castle: drawCastle(&svg, palette, &random)
        case .pirateShip: drawPirateShip(&svg, palette, &random)
        case .fountains: drawFountains(&svg, palette, &random)
        case .skyline: drawSkyline(&svg, palette, &random)
        }
        svg.add("</svg>\n")
        return svg.text
    }

    private func drawPyramid(_ svg: inout SVGWriter, _ palette: Palette, _ random: inout SplitMix64) {
        svg.add(##"<rect y="190" width="320" height="50" fill="#c8a165"/>"##)
        svg.add(##"<path d="M0 200 Q80 192 160 200 T320 198 V240 H0 Z" fill="#b08850"/>"##)
        // The Luxor's sky beam, brightest at night.
        svg.add(
            ##"<path d="M156 70 L164 70 L190 0 L130 0 Z" fill="#fffbe6" opacity="\##(palette.isNight ? "0.55" : "0.3")"/>"##
        )
        svg.add(##"<path d="M64 192 L160 70 L256 192 Z" fill="#1d1f2b"/>"##)
        svg.add(##"<path d="M160 70 L256 192 L184 192 Z" fill="#3a3f58"/>"##)
        for row in 1..<6 {
            let y = 70 + Double(row) * 20.3
            let half = Double(row) * 16
            svg.add(
                ##"<path d="M\##(f(160 - half)) \##(f(y)) H\##(f(160 + half))" stroke="#565d80" stroke-width="1" opacity="0.6"/>"##
            )
        }
        svg.add(##"<circle cx="160" cy="70" r="3" fill="#fffbe6"/>"##)
        // The sphinx: body, paws, head and headdress.
        svg.add(##"<path d="M22 192 V176 Q22 168 32 168 H58 Q64 156 72 156 Q82 156 82 168 V192 Z" fill="#a67c45"/>"##)
        svg.add(##"<path d="M66 156 L84 156 L86 174 L64 174 Z" fill="#8c6536"/>"##)
        svg.add(##"<rect x="78" y="186" width="22" height="6" rx="2" fill="#a67c45"/>"##)
    }

    private func drawLatticeTower(_ svg: inout SVGWriter, _ palette: Palette, _ random: inout SplitMix64) {
        svg.add(##"<rect y="190" width="320" height="50" fill="#4a4e69"/>"##)
        svg.add(
            ##"<rect x="20" y="120" width="90" height="70" fill="#d8c3a5"/><rect x="20" y="114" width="90" height="8" fill="#8e8d8a"/>"##
        )
        for row in 0..<3 {
            for column in 0..<6 {
                let lit = random.next() % 3 != 0
                svg.add(
                    ##"<rect x="\##(28 + column * 13)" y="\##(128 + row * 18)" width="7" height="10" fill="\##(lit ? palette.window : "#6b6a67")"/>"##
                )
            }
        }
        let iron = "#7a4b2a"
        svg.add(
            ##"<path d="M130 190 L152 120 L156 74 L159 34 L161 34 L164 74 L168 120 L190 190 L176 190 Q160 152 144 190 Z" fill="\##(iron)"/>"##
        )
        svg.add(
            ##"<rect x="141" y="116" width="38" height="6" fill="\##(iron)"/><rect x="150" y="72" width="20" height="5" fill="\##(iron)"/>"##
        )
        svg.add(##"<path d="M158 34 L160 20 L162 34 Z" fill="\##(iron)"/>"##)
        for step in stride(from: 126.0, to: 186, by: 12) {
            let half = (step - 120) * 0.31 + 8
            svg.add(
                ##"<path d="M\##(f(160 - half)) \##(f(step)) L\##(f(160 + half)) \##(f(step + 10)) M\##(f(160 + half)) \##(f(step)) L\##(f(160 - half)) \##(f(step + 10))" stroke="#a0704a" stroke-width="1"/>"##
            )
        }
        if palette.isNight {
            svg.add(##"<circle cx="160" cy="30" r="4" fill="#ffd166" opacity="0.9"/>"##)
        }
        // The balloon: envelope, stripes, basket.
        let bx = 252.0, by = random.double(in: 70...96)
        svg.add(##"<circle cx="\##(f(bx))" cy="\##(f(by))" r="26" fill="#d62828"/>"##)
        svg.add(
            ##"<path d="M\##(f(bx - 9)) \##(f(by - 25)) Q\##(f(bx - 16)) \##(f(by)) \##(f(bx - 7)) \##(f(by + 24)) H\##(f(bx + 7)) Q\##(f(bx + 16)) \##(f(by)) \##(f(bx + 9)) \##(f(by - 25)) Z" fill="#fcbf49"/>"##
        )
        svg.add(
            ##"<path d="M\##(f(bx - 8)) \##(f(by + 25)) L\##(f(bx - 5)) \##(f(by + 36)) M\##(f(bx + 8)) \##(f(by + 25)) L\##(f(bx + 5)) \##(f(by + 36))" stroke="#333" stroke-width="1"/>"##
        )
        svg.add(##"<rect x="\##(f(bx - 6))" y="\##(f(by + 36))" width="12" height="8" fill="#8d5524"/>"##)
    }

    private func drawNeedleTower(_ svg: inout SVGWriter, _ palette: Palette, _ random: inout SplitMix64) {
        svg.add(##"<rect y="190" width="320" height="50" fill="#3d405b"/>"##)
        svg.add(##"<path d="M120 190 L146 150 H174 L200 190 Z" fill="#81b29a"/>"##)
        svg.add(##"<path d="M152 190 L155 64 H165 L168 190 Z" fill="#e0e1dd"/>"##)
        svg.add(##"<path d="M157 190 L158 64 H160 L159 190 Z" fill="#b8bcc6"/>"##)
        svg.add(##"<path d="M132 62 Q160 46 188 62 L180 72 H140 Z" fill="#e0e1dd"/>"##)
        svg.add(##"<rect x="138" y="60" width="44" height="6" fill="\##(palette.window)"/>"##)
        svg.add(##"<path d="M142 72 H178 L172 80 H148 Z" fill="#b8bcc6"/>"##)
        svg.add(##"<path d="M159 50 V14" stroke="#e0e1dd" stroke-width="3"/>"##)
        svg.add(##"<circle cx="159" cy="13" r="3" fill="#e63946"/>"##)
        for _ in 0..<5 {
            let x = random.double(in: 10...300)
            guard !(110...210).contains(x) else { continue }
            let height = random.double(in: 30...60)
            svg.add(
                ##"<rect x="\##(f(x))" y="\##(f(190 - height))" width="18" height="\##(f(height))" fill="\##(palette.near)"/>"##
            )
        }
    }

    private func drawCastle(_ svg: inout SVGWriter, _ palette: Palette, _ random: inout SplitMix64) {
        svg.add(##"<rect y="190" width="320" height="50" fill="#6a994e"/>"##)
        svg.add(##"<rect x="72" y="128" width="176" height="62" fill="#f2e8cf"/>"##)
        for merlon in 0..<11 {
            svg.add(##"<rect x="\##(74 + merlon * 16)" y="120" width="9" height="9" fill="#f2e8cf"/>"##)
        }
        svg.add(##"<path d="M144 190 V160 Q160 140 176 160 V190 Z" fill="#5e503f"/>"##)
        let roofs = ["#d62828", "#1d4e89", "#fcbf49", "#1d4e89", "#d62828"]
        let towers: [(x: Double, top: Double)] = [(60, 104), (108, 92), (150, 70), (194, 92), (240, 104)]
        for (index, tower) in towers.enumerated() {
            let width = index == 2 ? 20.0 : 24.0
            svg.add(
                ##"<rect x="\##(f(tower.x))" y="\##(f(tower.top))" width="\##(f(width))" height="\##(f(190 - tower.top))" fill="#e9dcc1"/>"##
            )
            svg.add(
                ##"<path d="M\##(f(tower.x - 4)) \##(f(tower.top)) L\##(f(tower.x + width / 2)) \##(f(tower.top - 34)) L\##(f(tower.x + width + 4)) \##(f(tower.top)) Z" fill="\##(roofs[index])"/>"##
            )
            svg.add(
                ##"<rect x="\##(f(tower.x + width / 2 - 3))" y="\##(f(tower.top + 12))" width="6" height="10" rx="3" fill="\##(palette.isNight ? palette.window : "#5e503f")"/>"##
            )
        }
        svg.add(##"<path d="M160 36 V20 L172 25 L160 30" stroke="#5e503f" stroke-width="1.5" fill="#d62828"/>"##)
        for _ in 0..<3 {
            svg.add(
                ##"<circle cx="\##(f(random.double(in: 12...50)))" cy="\##(f(random.double(in: 180...190)))" r="\##(f(random.double(in: 8...14)))" fill="#386641"/>"##
            )
        }
    }

    private func drawPirateShip(_ svg: inout SVGWriter, _ palette: Palette, _ random: inout SplitMix64) {
        svg.add(##"<rect y="178" width="320" height="62" fill="#1d6fa3"/>"##)
        for row in 0..<4 {
            let y = 188 + row * 13
            svg.add(
                ##"<path d="M0 \##(y) Q20 \##(y - 5) 40 \##(y) T80 \##(y) T120 \##(y) T160 \##(y) T200 \##(y) T240 \##(y) T280 \##(y) T320 \##(y)" stroke="#8ecae6" stroke-width="1.5" fill="none" opacity="0.7"/>"##
            )
        }
        // The island and its palm.
        svg.add(##"<path d="M0 182 Q40 160 86 182 Z" fill="#e9c46a"/>"##)
        svg.add(##"<path d="M40 174 Q36 140 50 112" stroke="#7f5539" stroke-width="5" fill="none"/>"##)
        for leaf in [
            "M50 112 Q70 100 86 114", "M50 112 Q30 98 16 112", "M50 112 Q62 92 78 92", "M50 112 Q38 90 24 94",
            "M50 112 Q52 96 48 84",
        ] {
            svg.add(##"<path d="\##(leaf)" stroke="#2a9d8f" stroke-width="5" fill="none" stroke-linecap="round"/>"##)
        }
        // The ship: hull, masts, sails, flag.
        svg.add(##"<path d="M120 170 H292 L278 196 H138 Z" fill="#6d3b1f"/>"##)
        svg.add(##"<rect x="120" y="166" width="172" height="6" fill="#9c6644"/>"##)
        for port in 0..<5 {
            svg.add(##"<circle cx="\##(150 + port * 28)" cy="182" r="3.5" fill="#2b1a0e"/>"##)
        }
        svg.add(##"<path d="M176 166 V56 M240 166 V72" stroke="#4a2c17" stroke-width="4"/>"##)
        let sail = palette.isNight ? "#d9d2c0" : "#fefae0"
        svg.add(
            ##"<path d="M150 68 Q176 78 202 68 L206 104 Q176 114 146 104 Z M146 112 Q176 122 206 112 L210 152 Q176 162 142 152 Z" fill="\##(sail)"/>"##
        )
        svg.add(
            ##"<path d="M218 84 Q240 92 262 84 L264 114 Q240 122 216 114 Z M214 120 Q240 128 266 120 L268 154 Q240 162 212 154 Z" fill="\##(sail)"/>"##
        )
        svg.add(##"<path d="M176 56 H198 V68 H176 Z" fill="#111"/><circle cx="187" cy="62" r="3" fill="#fff"/>"##)
        let gulls = Int(random.next() % 3) + 1
        for _ in 0..<gulls {
            let x = random.double(in: 90...300), y = random.double(in: 30...60)
            svg.add(
                ##"<path d="M\##(f(x)) \##(f(y)) q5 -5 10 0 q5 -5 10 0" stroke="#fff" stroke-width="1.5" fill="none"/>"##
            )
        }
    }

    private func drawFountains(_ svg: inout SVGWriter, _ palette: Palette, _ random: inout SplitMix64) {
        svg.add(##"<path d="M40 150 Q160 96 280 150 V186 H40 Z" fill="#e8dcc4"/>"##)
        for floor in 0..<5 {
            let y = 134 + floor * 10
            svg.add(
                ##"<path d="M\##(52 + floor * 2) \##(y) Q160 \##(86 + floor * 10) \##(268 - floor * 2) \##(y)" stroke="\##(palette.window)" stroke-width="2" fill="none" opacity="0.8"/>"##
            )
        }
        svg.add(##"<rect y="186" width="320" height="54" fill="#2a6f97"/>"##)
        svg.add(##"<rect y="183" width="320" height="5" fill="#8d99ae"/>"##)
        let jets = 7 + Int(random.next() % 4)
        for jet in 0..<jets {
            let x = 30 + Double(jet) * (260 / Double(jets - 1))
            let height = random.double(in: 60...120)
            svg.add(
                ##"<path d="M\##(f(x)) 200 Q\##(f(x - 4)) \##(f(200 - height)) \##(f(x)) \##(f(200 - height)) Q\##(f(x + 4)) \##(f(200 - height)) \##(f(x)) 200" stroke="#e0fbfc" stroke-width="3" fill="none" opacity="0.85"/>"##
            )
            svg.add(##"<ellipse cx="\##(f(x))" cy="202" rx="9" ry="3" fill="#e0fbfc" opacity="0.6"/>"##)
        }
        for lamp in stride(from: 12, to: 320, by: 44) {
            svg.add(
                ##"<path d="M\##(lamp) 184 V166" stroke="#2b2d42" stroke-width="2"/><circle cx="\##(lamp)" cy="164" r="3" fill="\##(palette.window)"/>"##
            )
        }
    }

    private func drawSkyline(_ svg: inout SVGWriter, _ palette: Palette, _ random: inout SplitMix64) {
        svg.add(##"<rect y="190" width="320" height="50" fill="#2b2d42"/>"##)
        svg.add(##"<path d="M0 214 H320" stroke="#edf2f4" stroke-width="2" stroke-dasharray="12 10"/>"##)
        var x = 6.0
        while x < 300 {
            let width = random.double(in: 26...48), height = random.double(in: 50...150)
            let top = 190 - height
            svg.add(
                ##"<rect x="\##(f(x))" y="\##(f(top))" width="\##(f(width))" height="\##(f(height))" fill="\##(palette.near)"/>"##
            )
            if random.next() % 3 == 0 {
                svg.add(
                    ##"<path d="M\##(f(x + width / 2)) \##(f(top)) V\##(f(top - 14))" stroke="\##(palette.near)" stroke-width="2"/>"##
                )
            }
            var y = top + 8
            while y < 180 {
                var column = x + 5
                while column + 5 < x + width {
                    if random.next() % 5 < 3 {
                        svg.add(
                            ##"<rect x="\##(f(column))" y="\##(f(y))" width="4" height="6" fill="\##(palette.window)"/>"##
                        )
                    }
                    column += 8
                }
                y += 12
            }
            x += width + random.double(in: 2...8)
        }
    }

    /// An x for the sun or moon, off to one side, clear of the scene's centrepiece.
    private func sideX(_ random: inout SplitMix64) -> Double {
        let x = random.double(in: 30...100)
        return random.next() % 2 == 0 ? x : 320 - x
    }

    // MARK: Colours

    struct Palette {
        var skyTop: String, skyBottom: String, far: String, near: String, window: String, sun: String
        var isNight: Bool
        var phrase: String
    }

    /// Night, dusk or day, chosen by the seed.
    var palette: Palette {
        switch seed % 3 {
        case 0:
            Palette(
                skyTop: "#0b1d3a", skyBottom: "#3a3f78", far: "#2a2d55", near: "#1b1d36", window: "#ffd166",
                sun: "#f4f1de", isNight: true, phrase: "at night")
        case 1:
            Palette(
                skyTop: "#3d2c8d", skyBottom: "#f28f6b", far: "#8f5d8a", near: "#4b3a6b", window: "#ffe29a",
                sun: "#ffb703", isNight: false, phrase: "at dusk")
        default:
            Palette(
                skyTop: "#4ea8de", skyBottom: "#caf0f8", far: "#a9c6de", near: "#5c677d", window: "#dbe9f6",
                sun: "#ffd60a", isNight: false, phrase: "by day")
        }
    }

    // MARK: Helpers

    /// FNV-1a, 64 bits: stable across runs and machines (Swift's `Hasher` is seeded per process).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// Collects SVG text, one element per line.
private struct SVGWriter {
    var text = ""
    mutating func add(_ element: String) {
        text += element
        if !element.hasSuffix("\n") { text += "\n" }
    }
}

/// A number for SVG: at most one decimal, no trailing `.0`.
private func f(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}

/// SplitMix64: a small seeded generator, so a picture's variations repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `range` (uniform, 53 bits).
    mutating func double(in range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) / Double(1 << 53)
        return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }
}
