import Foundation
import OpenSwiftData

/// `PredicateCodableTests.Object2` restated: a `Codable` struct stored as JSON.
struct ShapePair: Codable, Equatable, Hashable {
    var a: Int
    var b: String
}

/// The objects of swift-foundation's predicate tests restated as one model: `PredicateTests.Object` (`a`…`h`; `e`,
/// a `Character` there, is a `String`, which can be stored), `NSPredicateConversionTests.ObjCObject` (`dict`, `j`,
/// `k`, `l`, `nonObjCKeypath`), `PredicateCodableTests.Object` (`pair`), the `Wrapper` of `testOptional`
/// (`wrapped`), and the `Object`s of the macro tests (`bits` for `dictionary`, the optional and nested members).
@Model
final class ShapeObject {
    var a: Int
    var b: String
    var c: Double
    var d: Int
    var e: String
    var f: Bool
    var g: [Int]
    var h: Date
    var dict: [String: Int]
    var bits: [Int: Bool]
    var j: String?
    var k: UUID
    var l: Data
    var wrapped: Int?
    var pair: ShapePair
    var maybePair: ShapePair?
    var strings: [String]
    var maybeStrings: [String]?
    var maybeNumbers: [Int]?
    var optionals: [Int?]
    var names: [String?]
    var pairs: [ShapePair?]
    /// `NSPredicateConversionTests.ObjCObject.nonObjCKeypath`: a property with no column.
    @Transient var nonObjCKeypath = 8

    init(
        a: Int, b: String, c: Double, d: Int, e: String = "c", f: Bool, g: [Int],
        h: Date = Date(timeIntervalSinceReferenceDate: 0),
        dict: [String: Int] = [:], bits: [Int: Bool] = [:], j: String? = nil, k: UUID = ShapeObject.uuids[0],
        l: Data = Data(),
        wrapped: Int? = nil, pair: ShapePair = ShapePair(a: 1, b: "Foo"), maybePair: ShapePair? = nil,
        strings: [String] = [],
        maybeStrings: [String]? = nil, maybeNumbers: [Int]? = nil, optionals: [Int?] = [], names: [String?] = [],
        pairs: [ShapePair?] = []
    ) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.e = e
        self.f = f
        self.g = g
        self.h = h
        self.dict = dict
        self.bits = bits
        self.j = j
        self.k = k
        self.l = l
        self.wrapped = wrapped
        self.pair = pair
        self.maybePair = maybePair
        self.strings = strings
        self.maybeStrings = maybeStrings
        self.maybeNumbers = maybeNumbers
        self.optionals = optionals
        self.names = names
        self.pairs = pairs
    }

    static let uuids: [UUID] = [
        UUID(uuid: (1, 2, 3, 4, 5, 6, 0x47, 8, 0x89, 10, 11, 12, 13, 14, 15, 16)),
        UUID(uuid: (9, 9, 9, 9, 9, 9, 0x49, 9, 0x89, 9, 9, 9, 9, 9, 9, 9)),
    ]

    /// Rows the shapes run against: the objects the Foundation tests evaluate, and others around them. `a` and `d`
    /// are never 0 (`%` by them would trap), and `g` holds small numbers.
    static func corpus() -> [ShapeObject] {
        [
            ShapeObject(
                a: 1, b: "Hello", c: 2.3, d: 4, f: true, g: [5, 6, 7, 8, 9],
                h: Date(timeIntervalSinceReferenceDate: 1e9),
                dict: ["A": 1, "B": 2], bits: [2: true, 3: false], k: uuids[1], l: Data([1, 2, 3]),
                strings: ["A", "B", "C"]
            ),
            ShapeObject(
                a: 2, b: "abc", c: 0, d: 2, f: false, g: [], dict: [:], j: "", wrapped: 4,
                pair: ShapePair(a: 2, b: "Bar"),
                maybePair: ShapePair(a: 2, b: "x"), maybeStrings: ["Test"], maybeNumbers: [0], optionals: [2, nil],
                names: ["a", nil], pairs: [nil]
            ),
            ShapeObject(
                a: 6, b: "foobar", c: 6.0, d: 17, e: "x", f: true, g: [3, 5, 7, 11, 13, 17, 19],
                h: Date(timeIntervalSinceReferenceDate: -1e6), dict: ["A": 0], bits: [7: true], j: "hi",
                l: Data([1, 2, 3]),
                wrapped: 19, maybePair: ShapePair(a: 1, b: "Foo"), strings: ["", "B"], maybeStrings: [],
                maybeNumbers: [1, 2],
                optionals: [2], names: ["ab"], pairs: [ShapePair(a: 2, b: "")]
            ),
            ShapeObject(
                a: -17, b: "ABC", c: -2.5, d: 5, f: false, g: [2, 3, 5, 7, 11],
                h: Date(timeIntervalSinceReferenceDate: 2e9),
                dict: ["B": 1, "A": 1], bits: [1: false], k: uuids[1], wrapped: nil, strings: ["A", "B"],
                maybeStrings: ["a", "Test"], optionals: [nil], names: [nil], pairs: [ShapePair(a: 2, b: "y"), nil]
            ),
            ShapeObject(
                a: 13, b: "Hello world", c: 0.5, d: 2, f: true, g: [2, 3, 5, 11, 13, 17], j: "Hello", wrapped: 0,
                pair: ShapePair(a: 3, b: "Foo"), strings: ["x"], maybeNumbers: []
            ),
            ShapeObject(
                a: 3, b: "if branch", c: 1e300, d: 5, e: "else branch", f: false, g: [0], j: "if branch", wrapped: 2,
                maybePair: ShapePair(a: 3, b: "if branch"), names: ["", ""]
            ),
            ShapeObject(
                a: 4, b: "cafe\u{301}", c: 2.1 * 3, d: 1, e: "café", f: true, g: [1, 3],
                h: Date(timeIntervalSinceReferenceDate: 1),
                dict: ["A": 2], bits: [5: true, 4: true], j: "café", wrapped: 20, pairs: [ShapePair(a: 1, b: "Foo")]
            ),
            ShapeObject(
                a: 2, b: "", c: 6.3, d: 3, e: "", f: false, g: [3, 5, 7, 2, 11, 13], strings: ["A", "B", "C", "D"],
                maybeStrings: ["Test", "Test"], maybeNumbers: [0, 0], optionals: [1, 2, 3], names: ["ab", "cd"]
            ),
        ]
    }
}
