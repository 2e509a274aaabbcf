import Foundation
// Differential-test generator: seeded random NFC pairs plus hand-written cases, with Foundation's
// caseInsensitiveCompare answer. Output lines: a code points | b code points | expected (-1/0/1).
// Usage: ./gen SEED COUNT [hard|smp|chars] > pairs.txt  (reads ge_ranges.txt, CoreFoundation's grapheme-extend
// ranges as probed from Foundation, from the current folder)
struct SplitMix { var s: UInt64; mutating func next() -> UInt64 { s &+= 0x9E3779B97F4A7C15; var z = s; z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) &* 0x94D049BB133111EB; return z ^ (z >> 31) }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ a: [T]) -> T { a[int(a.count)] } }
let args = CommandLine.arguments
var rng = SplitMix(s: UInt64(args.count > 1 ? Int(args[1])! : 1))
let count = args.count > 2 ? Int(args[2])! : 20000
func u(_ v: Int) -> String { String(Character(Unicode.Scalar(UInt32(v))!)) }
let ascii = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.[]`{}~@^\\|'!").map { String($0) }
let latin = (0xC0...0xFF).filter { $0 != 0xD7 && $0 != 0xF7 }.map(u) + (0x100...0x17F).map(u) + ["ẞ", "ß", "ﬁ", "ﬀ", "ﬃ", "ŉ", "ſ", "µ", "ǰ", "İ", "ı", "ǅ", "Ǆ", "ǆ", "ẚ", "ẛ", "ẖ", "Ǖ", "ǖ", "ệ", "Ệ", "ḉ"]
let marks = (0x300...0x36F).map(u) + ["\u{323}", "\u{327}", "\u{345}", "\u{93C}", "\u{941}", "\u{20DD}", "\u{200C}", "\u{FE0F}", "\u{1F3FB}", "\u{1F3FF}", "\u{E0100}", "\u{5B0}", "\u{5C1}", "\u{64B}", "\u{1AB0}", "\u{1DC0}", "\u{11127}", "\u{1D165}", "\u{3099}", "\u{302A}", "\u{E01}"]
let bases = ["q", "x", "w", "Q", "X", "e", "E", "a", "A", "i", "I", "s", "S", "ø", "ŋ", "ə", "ʃ", "k", "K"]
let greek = (0x391...0x3A9).filter { $0 != 0x3A2 }.map(u) + (0x3B1...0x3C9).map(u) + ["ς", "ά", "ΐ", "ᾈ", "ᾳ", "ᾼ", "ϐ", "ϑ", "ϕ", "ϵ", "ͅ", "ΰ", "Ϊ́"]
let cyr = (0x410...0x44F).map(u) + ["Ё", "ё", "Й", "й", "ᲀ", "ᲈ", "Ѐ"]
let other = ["և", "ﬓ", "Ա", "ա", "Ꭰ", "ꭰ", "ᏸ", "Ᏸ", "Ꮿ", "ꮿ", "K", "Ω", "Å", "豈", "Ⅰ", "ⅰ", "Ⓐ", "ⓐ", "Ａ", "ａ", "ｶ", "ﾞ", "ǈ", "ῼ"]
let jamo = (0x1100...0x1112).map(u) + (0x1161...0x1175).map(u) + (0x11A8...0x11C2).map(u)
let deva = ["क", "\u{915}\u{93C}", "ख", "\u{941}", "\u{93F}", "\u{94D}", "ष", "\u{902}", "ि"]
let emoji = ["😀", "😁", "👍", "👍🏻", "👍🏿", "❤", "❤️", "👨‍👩‍👧", "🇫🇷", "🇩🇪", "\u{1F1E6}", "\u{200D}", "🙂", "🏳️‍🌈"]
let smp = ["𐐀", "𐐨", "𐐁", "𐐩", "𞤀", "𞤢", "𝐀", "𝐚", "\u{1109A}", "\u{11099}\u{110BA}", "𠀀", "\u{10FFFD}"]
var pools: [[String]] = [ascii, latin, marks, bases, greek, cyr, other, jamo, deva, emoji, smp]
func hangulPiece() -> String { u(0xAC00 + rng.int(11172)) }
func randomBMP() -> String { while true { let v = 0xA0 + rng.int(0xFFFD - 0xA0); if !(0xD800...0xDFFF).contains(v), Unicode.Scalar(UInt32(v))!.properties.generalCategory != .unassigned { return u(v) } } }
func piece() -> String {
    let r = rng.int(100)
    if r < 25 { return rng.pick(ascii) }
    if r < 40 { return rng.pick(latin) }
    if r < 52 { return rng.pick(bases) + rng.pick(marks) + (rng.int(3) == 0 ? rng.pick(marks) : "") }
    if r < 60 { return rng.pick(marks) }
    if r < 67 { return rng.pick(greek) }
    if r < 71 { return rng.pick(cyr) }
    if r < 76 { return rng.pick(other) }
    if r < 80 { return hangulPiece() }
    if r < 83 { return rng.pick(jamo) }
    if r < 86 { return rng.pick(deva) }
    if r < 91 { return rng.pick(emoji) }
    if r < 95 { return rng.pick(smp) }
    return randomBMP()
}
let hard = args.count > 3 && args[3] == "hard"
let smpMode = args.count > 3 && args[3] == "smp"
let smpBases = [0x1F44D, 0x1F1E6, 0x10400, 0x10428, 0x20000, 0x1D400, 0x1F600].map(u)
let bmpBases = ["x", "\u{E9}", "\u{C0}", "e", "a"]
let smpMarks = [0x1F3FB, 0x1F3FF, 0x1DA28, 0xE0100, 0xE0067, 0x11127, 0x1E000, 0x1D165].map(u)
let bmpMarks = ["\u{301}", "\u{326}", "\u{20DD}", "\u{FE0F}", "\u{93C}", "\u{300}"]
func smpPiece() -> String { rng.pick([smpBases, bmpBases, smpMarks, smpMarks, bmpMarks][rng.int(5)]) }
// CF's grapheme-extend characters (ge_ranges.txt, probed by probe_ge.swift), for the hard mode
let geChars: [String] = (try? String(contentsOfFile: "ge_ranges.txt", encoding: .utf8))?.split(separator: "\n").flatMap { l -> [String] in
    let p = l.split(separator: " ").map { Int($0, radix: 16)! }; return (p[0]...p[1]).map(u) } ?? []
func hardPiece() -> String {
    let r = rng.int(100)
    if r < 30 { return rng.pick(bases + latin + greek + deva) + (0..<rng.int(4)).map { _ in rng.pick(geChars) }.joined() }
    if r < 45 { return rng.pick(geChars) }
    if r < 55 { return rng.pick(ascii) }
    if r < 62 { return rng.pick(jamo) }
    if r < 66 { return hangulPiece() }
    if r < 75 { while true { let v = 0x10000 + rng.int(0x20000); let sc = Unicode.Scalar(UInt32(v))!; if sc.properties.generalCategory != .unassigned { return u(v) } } }
    if r < 85 { return rng.pick(emoji + smp) }
    return piece()
}
func randomString(_ maxLen: Int) -> String {
    if smpMode { var s = ""; for _ in 0..<(rng.int(maxLen) + 1) { s += smpPiece() }; return s }
    if hard { var s = ""; for _ in 0..<rng.int(maxLen + 1) { s += hardPiece() }; return s }
    var s = ""; for _ in 0..<rng.int(maxLen + 1) { s += piece() }; return s }
func mutate(_ s: String) -> String {
    var sc = Array(s.unicodeScalars).map { String(Character($0)) }
    switch rng.int(9) {
    case 0: return s.uppercased()
    case 1: return s.lowercased()
    case 2: if !sc.isEmpty { sc.removeLast(rng.int(min(3, sc.count)) + 1) }; return sc.joined()
    case 3: sc.insert(rng.pick(marks), at: rng.int(sc.count + 1)); return sc.joined()
    case 4: if !sc.isEmpty { sc[rng.int(sc.count)] = piece() }; return sc.joined()
    case 5: return s + piece()
    case 6: return s.decomposedStringWithCanonicalMapping
    case 7: let k = rng.int(sc.count + 1); return sc[..<k].joined() + randomString(3)
    default: return randomString(6)
    }
}
func cps(_ s: String) -> String { s.unicodeScalars.map { String($0.value) }.joined(separator: " ") }
let hand: [(String, String)] = [("cafeq\u{301}strasse", "café"), ("cafeq", "café"), ("cafeq", "cafe\u{301}"), ("aq\u{301}", "a\u{e1}"), ("aq\u{301}", "ab"), ("aq\u{301}", "ar"), ("aq\u{301}", "aq"), ("a\u{301}", "ab"), ("\u{e1}", "b"), ("\u{e1}", "a\u{300}"), ("é", "f"), ("Å", "c"), ("e\u{301}", "e\u{300}"), ("_", "a"), ("_", "B"), ("[", "a"), ("Straße", "STRASSE"), ("ﬁx", "FIX"), ("ΣΟΦΟΣ", "σοφος"), ("ς", "Σ"), ("𐐀", "𐐨"), ("𐐀", "a"), ("Ꭰ", "ꭰ"), ("\u{915}\u{93C}\u{941}", "\u{915}\u{941}"), ("\u{915}\u{93C}\u{941}", "\u{915}\u{93C}"), ("한국", "한글"), ("가", "\u{1100}\u{1161}"), ("👍🏻", "👍"), ("👍🏻", "👍🏿"), ("İ", "i\u{307}"), ("İ", "i"), ("K", "k"), ("", "a"), ("", ""), ("abc", ""), ("q\u{301}\u{323}", "q\u{323}\u{301}"), ("e\u{301}\u{20DD}", "e\u{20DD}"), ("e\u{301}\u{20DD}", "e\u{301}")]
var out = ""
if args.count > 3 && args[3] == "chars" {
    // every assigned code point c >= 0x80: against its lowercase, its uppercase, a random piece, and "e" + c vs "é"
    for v in 0x80...0x10FFFF {
        if (0xD800...0xDFFF).contains(v) { continue }
        let sc = Unicode.Scalar(UInt32(v))!
        if sc.properties.generalCategory == .unassigned || sc.properties.generalCategory == .privateUse { continue }
        let c = String(Character(sc))
        for (a0, b0) in [(c, c.lowercased()), (c.uppercased(), c + "x"), (c, piece()), ("e" + c, "\u{e9}"), (piece() + c, piece())] {
            let x = a0.precomposedStringWithCanonicalMapping, y = b0.precomposedStringWithCanonicalMapping
            out += "\(cps(x))|\(cps(y))|\(x.caseInsensitiveCompare(y).rawValue)\n"
        }
    }
    FileHandle.standardOutput.write(out.data(using: .utf8)!)
    exit(0)
}
for (a, b) in hand { let x = a.precomposedStringWithCanonicalMapping, y = b.precomposedStringWithCanonicalMapping; out += "\(cps(x))|\(cps(y))|\(x.caseInsensitiveCompare(y).rawValue)\n" }
for _ in 0..<count {
    let a = randomString(7)
    let b = rng.int(4) == 0 ? randomString(7) : mutate(a)
    let (x0, y0) = rng.int(2) == 0 ? (a, b) : (b, a)
    let x = x0.precomposedStringWithCanonicalMapping, y = y0.precomposedStringWithCanonicalMapping
    out += "\(cps(x))|\(cps(y))|\(x.caseInsensitiveCompare(y).rawValue)\n"
}
FileHandle.standardOutput.write(out.data(using: .utf8)!)
