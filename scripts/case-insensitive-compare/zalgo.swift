import Foundation
// Long combining sequences (more than CoreFoundation's 64-scalar fold buffer), with Foundation's answer.
// Usage: ./zalgo COUNT > pairs.txt
struct SplitMix { var s: UInt64; mutating func next() -> UInt64 { s &+= 0x9E3779B97F4A7C15; var z = s; z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) &* 0x94D049BB133111EB; return z ^ (z >> 31) }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) } }
var rng = SplitMix(s: 99)
func u(_ v: Int) -> String { String(Character(Unicode.Scalar(UInt32(v))!)) }
func cps(_ s: String) -> String { s.unicodeScalars.map { String($0.value) }.joined(separator: " ") }
var out = ""
let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1])! : 400
let pool = (0x300...0x36F).map(u) + (0x591...0x5BD).map(u) + (0x1AB0...0x1ABD).map(u) + (0x20D0...0x20DC).map(u) + [0xE0100, 0xE0101, 0x1DA28, 0x1F3FB, 0x93C, 0x941, 0x200C].map(u)
for _ in 0..<count {
    let n = 20 + rng.int(120)
    var a = "x" + (0..<rng.int(3)).map { _ in "ab" }.joined()
    var marks: [String] = (0..<n).map { _ in pool[rng.int(pool.count)] }
    a += marks.joined()
    switch rng.int(4) { case 0: marks[rng.int(n)] = pool[rng.int(pool.count)]; case 1: marks.removeLast(rng.int(5)); case 2: marks.insert(pool[rng.int(pool.count)], at: rng.int(n)); default: marks.remove(at: rng.int(n)) }
    var b = (rng.int(2) == 0 ? "x" : "X") + (a.hasPrefix("xab") ? "ab" : "") + marks.joined()
    if rng.int(3) == 0 { b = b.uppercased() }
    b += rng.int(2) == 0 ? "q" : ""
    let x = a.precomposedStringWithCanonicalMapping, y = b.precomposedStringWithCanonicalMapping
    out += "\(cps(x))|\(cps(y))|\(x.caseInsensitiveCompare(y).rawValue)\n"
}
FileHandle.standardOutput.write(out.data(using: .utf8)!)
