import Foundation
@testable import OpenSwiftData
import Testing

/// Every predicate shape of swift-foundation's own predicate tests — `PredicateTests`, `NSPredicateConversionTests`
/// (PredicateConversionTests.swift), `PredicateCodableTests` and the `#Predicate` macro tests
/// (`PredicateMacroBasicTests`, `…FunctionCallTests`, `…LanguageOperatorTests`, `…LanguageTokenTests`,
/// `…UsageTests`) — restated over `ShapeObject` rows and run through `fetch`, compared row for row with
/// `Predicate.evaluate` on the same rows (a row on which `evaluate` throws does not match).
///
/// Restated means: the test's input type is the model; a second or third predicate input (`Predicate<Object,
/// Object>`, `Predicate<Bool, String, String>`) becomes another property of the same row; a shape over a bare value
/// (`#Predicate<String> { $0.isEmpty }`) is asked of a property; a range built from properties is asked only where
/// it is well formed (`$0.a <= $0.d && …`), since `Predicate.evaluate` traps on `5...3`. Casts the compiler knows
/// the outcome of are built from the expression types directly (written in `#Predicate` they draw a warning). Not
/// restated, because Linux's `#Predicate` cannot write them: a nested `predicate.evaluate($0)` (the macro rejects
/// `evaluate(_:)`), and `#Expression`.
///
/// The shapes SQL cannot answer faithfully are refused with `unsupportedPredicate`; they are listed in
/// `expectedRefusals`, each with the reason, so that a shape which starts or stops throwing fails this test.
@Suite struct FoundationPredicateShapeTests {
    typealias P = PredicateExpressions

    struct Shape {
        let name: String
        let predicate: Predicate<ShapeObject>

        init(_ name: String, _ predicate: Predicate<ShapeObject>) {
            self.name = name
            self.predicate = predicate
        }
    }

    /// The shapes refused with `unsupportedPredicate`, and why SQL cannot answer them.
    static let expectedRefusals: [String: String] = [
        "NSPredicateConversionTests.testNonObjC": "a @Transient property has no column"
    ]

    // MARK: PredicateTests

    static func predicateTests() -> [Shape] {
        let compareTo = 2, toMatch = 4, date = Date.distantPast, same = ComparisonResult.orderedSame
        return [
            Shape("PredicateTests.testBasic", #Predicate { $0.a == compareTo }),
            Shape("PredicateTests.testVariadic", #Predicate { $0.a == $0.d + 1 }),
            Shape("PredicateTests.testArithmetic", #Predicate { $0.a + 2 == 4 }),
            Shape("PredicateTests.testDivision", #Predicate { $0.a / 2 == 3 }),
            Shape("PredicateTests.testDivision (Double)", #Predicate { $0.c / 2.1 <= 3.0 }),
            Shape("PredicateTests.testBuildDivision", #Predicate { $0.a / 2 == 3 }),
            Shape("PredicateTests.testUnaryMinus", #Predicate { -$0.a == 17 }),
            Shape("PredicateTests.testCount", #Predicate { $0.g.count == 5 }),
            Shape("PredicateTests.testFilter", #Predicate { object in object.g.filter { $0 == object.d }.count > 0 }),
            Shape("PredicateTests.testContains", #Predicate { $0.g.contains($0.a) }),
            Shape(
                "PredicateTests.testContainsWhere", #Predicate { object in object.g.contains { $0 % object.a == 0 } }),
            Shape("PredicateTests.testAllSatisfy", #Predicate { object in object.g.allSatisfy { $0 % object.d != 0 } }),
            Shape(
                "PredicateTests.testOptional (flatMap ??)", #Predicate { ($0.wrapped.flatMap { $0 + 1 } ?? 7) % 2 == 1 }
            ),
            Shape("PredicateTests.testOptional (force unwrap)", #Predicate { $0.wrapped! == 19 }),
            Shape("PredicateTests.testOptional (== nil)", #Predicate { $0.wrapped == nil }),
            Shape("PredicateTests.testConditional", #Predicate { ($0.f ? $0.b : $0.e) == "if branch" }),
            Shape("PredicateTests.testClosedRange (captured bounds)", #Predicate { (3...5).contains($0.a) }),
            Shape(
                "PredicateTests.testClosedRange (property bounds)",
                #Predicate { $0.a <= $0.d && ($0.a...$0.d).contains(4) }),
            Shape("PredicateTests.testRange (captured bounds)", #Predicate { (3..<5).contains($0.a) }),
            Shape(
                "PredicateTests.testRange (property bounds)",
                #Predicate { $0.a <= $0.d && ($0.a..<$0.d).contains(toMatch) }),
            Shape("PredicateTests.testRangeContains", #Predicate { (date..<date).contains($0.h) }),
            Shape(
                "PredicateTests.testTypes (as? flatMap ??)",
                Predicate {
                    P.build_NilCoalesce(
                        lhs: P.build_flatMap(P.ConditionalCast<_, Int>(P.build_KeyPath(root: $0, keyPath: \.a))) {
                            P.build_Equal(lhs: $0, rhs: P.build_Arg(3))
                        },
                        rhs: P.build_Arg(false)
                    )
                }),
            Shape(
                "PredicateTests.testTypes (is BinaryInteger)",
                Predicate { P.TypeCheck<_, any BinaryInteger>(P.build_KeyPath(root: $0, keyPath: \.a)) }),
            Shape("PredicateTests.testSubscripts (index)", #Predicate { $0.g[0] == 0 }),
            Shape("PredicateTests.testSubscripts (range)", #Predicate { $0.g[0..<2].isEmpty }),
            Shape("PredicateTests.testStaticValues (true)", .true),
            Shape("PredicateTests.testStaticValues (false)", .false),
            Shape("PredicateTests.testMaxMin (max)", #Predicate { $0.g.max() == 2 }),
            Shape("PredicateTests.testMaxMin (min)", #Predicate { $0.g.min() == 2 }),
            Shape(
                "PredicateTests.testCaseInsensitiveCompare", #Predicate { $0.b.caseInsensitiveCompare("ABC") == same }),
            Shape("PredicateTests.testBuildDynamically (equal)", build(true)),
            Shape("PredicateTests.testBuildDynamically (not equal)", build(false)),
            Shape("PredicateTests.testRegex (literal)", #Predicate { $0.b.contains(/[e-f][l-m]/) }),
            Shape("PredicateTests.testRegex (captured)", regexPredicate()),
        ]
    }

    private static func build(_ equal: Bool) -> Predicate<ShapeObject> {
        Predicate {
            if equal {
                P.Equal(lhs: P.KeyPath(root: $0, keyPath: \ShapeObject.a), rhs: P.Value(1))
            } else {
                P.NotEqual(lhs: P.KeyPath(root: $0, keyPath: \ShapeObject.a), rhs: P.Value(1))
            }
        }
    }

    private static func regexPredicate() -> Predicate<ShapeObject> {
        let regex = /^(?i)hello/
        return #Predicate { $0.b.contains(regex) }
    }

    // MARK: NSPredicateConversionTests

    struct NonObjCStruct: Codable, Sendable {
        var a: Int
        var b: [Int]
    }

    static func conversionTests() -> [Shape] {
        let compareTo = 2, nonObjC = NonObjCStruct(a: 1, b: [1, 2, 3]), uuid = ShapeObject.uuids[1]
        let now = Date(timeIntervalSinceReferenceDate: 1.5e9), data = Data([1, 2, 3])
        let same = ComparisonResult.orderedSame, descending = ComparisonResult.orderedDescending
        return [
            Shape("NSPredicateConversionTests.testBasics (==)", #Predicate { $0.a == compareTo }),
            Shape("NSPredicateConversionTests.testBasics (+)", #Predicate { $0.a + 2 == 4 }),
            Shape("NSPredicateConversionTests.testBasics (String.count)", #Predicate { $0.b.count == 5 }),
            Shape("NSPredicateConversionTests.testBasics (Array.count)", #Predicate { $0.g.count == 5 }),
            Shape(
                "NSPredicateConversionTests.testBasics (filter)",
                #Predicate { object in object.g.filter { $0 == object.d }.count > 0 }),
            Shape("NSPredicateConversionTests.testEquality (==)", #Predicate { $0.a == 0 }),
            Shape("NSPredicateConversionTests.testEquality (!=)", #Predicate { $0.a != 0 }),
            Shape("NSPredicateConversionTests.testNonObjC", #Predicate { $0.nonObjCKeypath == 2 }),
            Shape("NSPredicateConversionTests.testNonObjCConstantKeyPath (key path)", #Predicate { $0.a == nonObjC.a }),
            Shape(
                "NSPredicateConversionTests.testNonObjCConstantKeyPath (contains)",
                #Predicate { $0.f == nonObjC.b.contains([1, 2]) }),
            Shape("NSPredicateConversionTests.testSubscripts (array)", #Predicate { $0.g[0] == 2 }),
            Shape("NSPredicateConversionTests.testSubscripts (dictionary)", #Predicate { $0.dict["A"] == 1 }),
            Shape("NSPredicateConversionTests.testStringSearching (contains)", #Predicate { $0.b.contains("foo") }),
            Shape(
                "NSPredicateConversionTests.testStringSearching (starts(with:))",
                #Predicate { $0.b.starts(with: "foo") }),
            Shape("NSPredicateConversionTests.testExpressionEnforcement (true)", #Predicate { _ in true }),
            Shape("NSPredicateConversionTests.testExpressionEnforcement (false)", #Predicate { _ in false }),
            Shape(
                "NSPredicateConversionTests.testExpressionEnforcement (true && false)",
                #Predicate { _ in true && false }),
            Shape("NSPredicateConversionTests.testExpressionEnforcement (Bool key path)", #Predicate { $0.f }),
            Shape(
                "NSPredicateConversionTests.testExpressionEnforcement (== of &&)",
                #Predicate { ($0.f && true) == false }),
            Shape("NSPredicateConversionTests.testConditional", #Predicate { $0.f ? true : false }),
            Shape("NSPredicateConversionTests.testOptionals (?? isEmpty)", #Predicate { ($0.j ?? "").isEmpty }),
            Shape("NSPredicateConversionTests.testOptionals (?.count ??)", #Predicate { ($0.j?.count ?? -1) > 1 }),
            Shape("NSPredicateConversionTests.testUUID", #Predicate { $0.k == uuid }),
            Shape("NSPredicateConversionTests.testDate", #Predicate { $0.h > now }),
            Shape("NSPredicateConversionTests.testData", #Predicate { $0.l == data }),
            Shape("NSPredicateConversionTests.testSequenceContainsWhere", #Predicate { $0.g.contains { $0 == 2 } }),
            Shape("NSPredicateConversionTests.testSequenceAllSatisfy", #Predicate { $0.g.allSatisfy { $0 == 2 } }),
            Shape(
                "NSPredicateConversionTests.testRangeOperations (ClosedRange)", #Predicate { (3...5).contains($0.a) }),
            Shape("NSPredicateConversionTests.testRangeOperations (Range)", #Predicate { (3..<5).contains($0.a) }),
            Shape("NSPredicateConversionTests.testMaxMin (max)", #Predicate { $0.g.max() == 9 }),
            Shape("NSPredicateConversionTests.testMaxMin (min)", #Predicate { $0.g.min() == 2 }),
            Shape(
                "NSPredicateConversionTests.testStringComparison (caseInsensitiveCompare)",
                #Predicate {
                    $0.b.caseInsensitiveCompare("abc") == same
                }),
            Shape(
                "NSPredicateConversionTests.testStringComparison (localizedCompare)",
                #Predicate {
                    $0.b.localizedCompare("ABC") == descending
                }),
            Shape(
                "NSPredicateConversionTests.testStringComparison (localizedStandardContains)",
                #Predicate {
                    $0.b.localizedStandardContains("cafe")
                }),
        ]
    }

    // MARK: PredicateCodableTests

    struct Marker: Equatable, Codable, Sendable {}

    static func codableTests() -> [Shape] {
        let uuid = ShapeObject.uuids[0], marker = Marker()
        return [
            Shape("PredicateCodableTests.testBasicEncodeDecode", #Predicate { $0.a == 2 }),
            Shape("PredicateCodableTests.testDisallowedKeyPath (Bool)", #Predicate { $0.f }),
            Shape("PredicateCodableTests.testDisallowedKeyPath (==)", #Predicate { $0.a == 1 }),
            Shape("PredicateCodableTests.testKeyPathTypeMismatch", #Predicate { $0.a == 2 }),
            Shape("PredicateCodableTests.testDisallowedType", #Predicate { _ in uuid == uuid }),
            Shape("PredicateCodableTests.testProvidedProperties (Bool ==)", #Predicate { $0.f == false }),
            Shape("PredicateCodableTests.testProvidedProperties (nested key path)", #Predicate { $0.pair.a == 1 }),
            Shape("PredicateCodableTests.testDefaultAllowlist (String.isEmpty)", #Predicate { $0.b.isEmpty }),
            Shape("PredicateCodableTests.testDefaultAllowlist (String.count)", #Predicate { $0.b.count > 2 }),
            Shape("PredicateCodableTests.testDefaultAllowlist (model ==)", #Predicate { $0 == $0 }),
            Shape("PredicateCodableTests.testDefaultAllowlist (Array.isEmpty)", #Predicate { $0.strings.isEmpty }),
            Shape("PredicateCodableTests.testDefaultAllowlist (Array.count)", #Predicate { $0.strings.count == 2 }),
            Shape("PredicateCodableTests.testDefaultAllowlist (Dictionary.isEmpty)", #Predicate { $0.dict.isEmpty }),
            Shape("PredicateCodableTests.testDefaultAllowlist (Dictionary.count)", #Predicate { $0.dict.count == 2 }),
            Shape("PredicateCodableTests.testDefaultAllowlist (Range)", #Predicate { (0..<4).contains($0.a) }),
            Shape("PredicateCodableTests.testBasicVariadic", #Predicate { $0.a == 2 && $0.d == 3 }),
            Shape("PredicateCodableTests.testCapturedVariadicTypes", #Predicate { _ in marker == marker }),
            Shape(
                "PredicateCodableTests.testNestedPredicates (the inner predicate, inlined)",
                #Predicate { $0.a == 3 && $0.a > 2 }),
        ]
    }

    // MARK: The macro tests

    static func macroFunctionCallTests() -> [Shape] {
        let ascending = ComparisonResult.orderedAscending, descending = ComparisonResult.orderedDescending
        return [
            Shape("PredicateMacroFunctionCallTests.testSubscript (index)", #Predicate { $0.g[1] == 3 }),
            Shape(
                "PredicateMacroFunctionCallTests.testSubscript (default)", #Predicate { $0.dict["C", default: 7] == 7 }),
            Shape(
                "PredicateMacroFunctionCallTests.testSubscript (computed key, default)",
                #Predicate {
                    $0.bits[$0.a + 1, default: $0.d == $0.a] == false
                }),
            Shape("PredicateMacroFunctionCallTests.testContains (element)", #Predicate { $0.g.contains($0.d) }),
            Shape("PredicateMacroFunctionCallTests.testContains (String)", #Predicate { $0.b.contains("foo") }),
            Shape(
                "PredicateMacroFunctionCallTests.testContainsWhere (where:)",
                #Predicate { $0.strings.contains(where: { $0.isEmpty }) }),
            Shape(
                "PredicateMacroFunctionCallTests.testContainsWhere (trailing)",
                #Predicate { $0.strings.contains { $0 == "B" } }),
            Shape(
                "PredicateMacroFunctionCallTests.testAllSatisfy (argument)",
                #Predicate { $0.strings.allSatisfy({ $0.isEmpty }) }),
            Shape(
                "PredicateMacroFunctionCallTests.testAllSatisfy (trailing)",
                #Predicate { $0.strings.allSatisfy { $0.count == 1 } }),
            Shape(
                "PredicateMacroFunctionCallTests.testFilter (argument)",
                #Predicate { $0.strings.filter({ $0.isEmpty }).count == 1 }),
            Shape(
                "PredicateMacroFunctionCallTests.testFilter (trailing)",
                #Predicate { !$0.strings.filter { $0 == "B" }.isEmpty }),
            Shape(
                "PredicateMacroFunctionCallTests.testFilter (key path)",
                #Predicate { $0.strings.filter(\.isEmpty).isEmpty }),
            Shape(
                "PredicateMacroFunctionCallTests.testFilter (key path through !)",
                #Predicate { $0.names.filter(\.!.isEmpty).isEmpty }),
            Shape("PredicateMacroFunctionCallTests.testStartsWith", #Predicate { $0.b.starts(with: "foo") }),
            Shape("PredicateMacroFunctionCallTests.testMin", #Predicate { $0.g.min() == 0 }),
            Shape("PredicateMacroFunctionCallTests.testMax", #Predicate { $0.g.max() == 0 }),
            Shape(
                "PredicateMacroFunctionCallTests.testLocalizedStandardContains",
                #Predicate { $0.b.localizedStandardContains("foo") }),
            Shape(
                "PredicateMacroFunctionCallTests.testLocalizedStandardCompare",
                #Predicate { $0.b.localizedCompare("foo") == ascending }),
            Shape(
                "PredicateMacroFunctionCallTests.testCaseInsensitiveCompare",
                #Predicate {
                    $0.b.caseInsensitiveCompare("foo") == descending
                }),
        ]
    }

    static func macroOperatorTests() -> [Shape] {
        [
            Shape("PredicateMacroLanguageOperatorTests.equal", #Predicate { $0.a == $0.d }),
            Shape("PredicateMacroLanguageOperatorTests.equalExplicitReturn", #Predicate { return $0.a == $0.d }),
            Shape("PredicateMacroLanguageOperatorTests.notEqual", #Predicate { $0.a != $0.d }),
            Shape("PredicateMacroLanguageOperatorTests.comparison (<)", #Predicate { $0.a < $0.d }),
            Shape("PredicateMacroLanguageOperatorTests.comparison (<=)", #Predicate { $0.a <= $0.d }),
            Shape("PredicateMacroLanguageOperatorTests.comparison (>)", #Predicate { $0.a > $0.d }),
            Shape("PredicateMacroLanguageOperatorTests.comparison (>=)", #Predicate { $0.a >= $0.d }),
            Shape("PredicateMacroLanguageOperatorTests.conjunction", #Predicate { $0.f && $0.a > 1 }),
            Shape("PredicateMacroLanguageOperatorTests.disjunction", #Predicate { $0.f || $0.a > 1 }),
            Shape("PredicateMacroLanguageOperatorTests.arithmetic (+)", #Predicate { $0.a + $0.d == 7 }),
            Shape("PredicateMacroLanguageOperatorTests.arithmetic (-)", #Predicate { $0.a - $0.d == -1 }),
            Shape("PredicateMacroLanguageOperatorTests.arithmetic (*)", #Predicate { $0.a * $0.d == 2 * $0.a }),
            Shape("PredicateMacroLanguageOperatorTests.division (Int)", #Predicate { $0.a / $0.d == 0 }),
            Shape("PredicateMacroLanguageOperatorTests.division (Double)", #Predicate { $0.c / 2.5 > 1 }),
            Shape("PredicateMacroLanguageOperatorTests.remainder", #Predicate { $0.a % $0.d == 1 }),
            Shape("PredicateMacroLanguageOperatorTests.negation", #Predicate { !$0.f }),
            Shape("PredicateMacroLanguageOperatorTests.unaryMinus", #Predicate { -$0.c < 0 }),
            Shape("PredicateMacroLanguageOperatorTests.nilCoalesce", #Predicate { ($0.wrapped ?? $0.d) > 3 }),
            Shape(
                "PredicateMacroLanguageOperatorTests.ranges (..<)",
                #Predicate { $0.a < $0.d && ($0.a..<$0.d).contains(2) }),
            Shape(
                "PredicateMacroLanguageOperatorTests.ranges (...)",
                #Predicate { $0.a <= $0.d && ($0.a...$0.d).contains(2) }),
            Shape("PredicateMacroLanguageOperatorTests.optionalChaining (?.)", #Predicate { $0.j?.isEmpty == true }),
            Shape(
                "PredicateMacroLanguageOperatorTests.optionalChaining (flatMap)",
                #Predicate { $0.j.flatMap { $0.count } == 2 }),
            Shape(
                "PredicateMacroLanguageOperatorTests.optionalChaining (member ?.)",
                #Predicate { $0.maybePair?.b == "Foo" }),
            Shape(
                "PredicateMacroLanguageOperatorTests.optionalChaining (?. ?.)",
                #Predicate { $0.maybePair?.b.count == 1 }),
            Shape(
                "PredicateMacroLanguageOperatorTests.optionalChaining (?.contains)",
                #Predicate { $0.maybeNumbers?.contains(0) == true }),
            Shape(
                "PredicateMacroLanguageOperatorTests.optionalChaining (?.contains { } ??)",
                #Predicate {
                    $0.maybeStrings?.contains { $0 == "Test" } ?? true
                }),
            Shape(
                "PredicateMacroLanguageOperatorTests.optionalChaining (allSatisfy of optionals)",
                #Predicate {
                    $0.pairs.allSatisfy { $0?.a == 2 }
                }),
            Shape("PredicateMacroLanguageOperatorTests.forceUnwrap (!.)", #Predicate { $0.maybePair!.a == 1 }),
            Shape("PredicateMacroLanguageOperatorTests.forceUnwrap (member !.)", #Predicate { $0.j!.count == 2 }),
            Shape("PredicateMacroLanguageOperatorTests.forceUnwrap (!. !.)", #Predicate { $0.maybePair!.b.count > 2 }),
            Shape(
                "PredicateMacroLanguageOperatorTests.forceUnwrap (!.contains)",
                #Predicate { $0.maybeNumbers!.contains(0) }),
            Shape(
                "PredicateMacroLanguageOperatorTests.forceUnwrap (!. ?.)",
                #Predicate { $0.maybeStrings!.first?.isEmpty == false }),
            Shape(
                "PredicateMacroLanguageOperatorTests.forceUnwrap (?. !.)",
                #Predicate { $0.maybePair?.b.isEmpty != true }),
        ]
    }

    static func macroTokenTests() -> [Shape] {
        let two = 2
        return [
            Shape("PredicateMacroLanguageTokenTests.conditional", #Predicate { $0.f ? $0.a > 1 : $0.d > 1 }),
            Shape(
                "PredicateMacroLanguageTokenTests.typeCheck",
                Predicate { P.TypeCheck<_, Int>(P.KeyPath(root: $0, keyPath: \ShapeObject.wrapped)) }),
            Shape(
                "PredicateMacroLanguageTokenTests.conditionalCast (as?)",
                Predicate {
                    P.Equal(
                        lhs: P.ConditionalCast<_, Bool>(P.KeyPath(root: $0, keyPath: \ShapeObject.f)),
                        rhs: P.Value<Bool?>(true))
                }),
            Shape("PredicateMacroLanguageTokenTests.conditionalCast (as)", #Predicate { ($0.f as Bool) == true }),
            Shape(
                "PredicateMacroLanguageTokenTests.conditionalCast (as!)",
                Predicate {
                    P.Equal(
                        lhs: P.ForceCast<_, Int>(P.KeyPath(root: $0, keyPath: \ShapeObject.wrapped)), rhs: P.Value(19))
                }),
            Shape(
                "PredicateMacroLanguageTokenTests.ifExpressions (if else)",
                #Predicate {
                    if $0.f {
                        return $0.f
                    } else {
                        return $0.a > 1
                    }
                }),
            Shape(
                "PredicateMacroLanguageTokenTests.ifExpressions (conditions)",
                #Predicate {
                    if $0.f, $0.a > 1 && $0.d > 1 {
                        $0.c > 1 && $0.b.isEmpty == false
                    } else {
                        $0.strings.isEmpty
                    }
                }),
            Shape(
                "PredicateMacroLanguageTokenTests.ifExpressions (nested)",
                #Predicate {
                    if $0.f {
                        if $0.a > two { $0.d > two } else { $0.b.isEmpty }
                    } else {
                        if $0.a > two { $0.strings.isEmpty } else { $0.d > two }
                    }
                }),
            Shape(
                "PredicateMacroLanguageTokenTests.ifExpressions (if let)",
                #Predicate {
                    if let nonOpt = $0.maybePair {
                        nonOpt.a == 2
                    } else {
                        true
                    }
                }),
            Shape(
                "PredicateMacroLanguageTokenTests.ifExpressions (if let, let)",
                #Predicate {
                    if let nonOpt = $0.maybeStrings, let first = nonOpt.first {
                        first == "Test"
                    } else {
                        true
                    }
                }),
            Shape(
                "PredicateMacroLanguageTokenTests.ifExpressions (if let ?.)",
                #Predicate {
                    if let nonOpt = $0.maybePair?.b {
                        nonOpt.isEmpty
                    } else {
                        true
                    }
                }),
            Shape("PredicateMacroLanguageTokenTests.nilLiterals (== nil)", #Predicate { $0.j == nil }),
            Shape("PredicateMacroLanguageTokenTests.nilLiterals (nil ==)", #Predicate { nil == $0.j }),
            Shape("PredicateMacroLanguageTokenTests.nilLiterals (!= nil)", #Predicate { $0.j != nil }),
            Shape("PredicateMacroLanguageTokenTests.nilLiterals (nil !=)", #Predicate { nil != $0.j }),
            Shape(
                "PredicateMacroLanguageTokenTests.nilLiterals (nil == nil)",
                Predicate { _ in P.Equal(lhs: P.NilLiteral<Bool>(), rhs: P.NilLiteral<Bool>()) }),
            Shape(
                "PredicateMacroLanguageTokenTests.nilLiterals (nil != nil)",
                Predicate { _ in P.NotEqual(lhs: P.NilLiteral<Bool>(), rhs: P.NilLiteral<Bool>()) }),
            Shape(
                "PredicateMacroLanguageTokenTests.diagnoseMiscellaneousStatements (do)",
                #Predicate {
                    do {
                        return $0.f
                    }
                }),
        ]
    }

    static func macroBasicAndUsageTests() -> [Shape] {
        [
            Shape("PredicateMacroBasicTests.testSimple", #Predicate { _ in return true }),
            Shape("PredicateMacroBasicTests.testImplicitReturn", #Predicate { _ in true }),
            Shape("PredicateMacroBasicTests.testInferredGenerics", #Predicate<ShapeObject> { _ in true }),
            Shape("PredicateMacroBasicTests.testShorthandArgumentNames", #Predicate { $0.f }),
            Shape(
                "PredicateMacroBasicTests.testExplicitClosureArgumentTypes",
                #Predicate { (object: ShapeObject) -> Bool in object.f }),
            Shape("PredicateMacroBasicTests.testKeyPath ($0.foo)", #Predicate { $0.f }),
            Shape("PredicateMacroBasicTests.testKeyPath (input.foo)", #Predicate { input in input.f }),
            Shape("PredicateMacroBasicTests.testKeyPath ($0.foo.bar)", #Predicate { $0.pair.b.isEmpty }),
            Shape(
                "PredicateMacroBasicTests.testComments",
                #Predicate { _ in  // comment
                    return true  // comment
                }),
            Shape("PredicateMacroUsageTests.testUsage (return $0)", #Predicate { return $0.f }),
            Shape(
                "PredicateMacroUsageTests.testUsage (input && input)", #Predicate { input in return input.f && input.f }
            ),
        ]
    }

    static var all: [Shape] {
        predicateTests() + conversionTests() + codableTests() + macroFunctionCallTests() + macroOperatorTests()
            + macroTokenTests()
            + macroBasicAndUsageTests()
    }

    enum Outcome {
        case matches(Int)
        case refused(String)
        case mismatch(String)
    }

    static func check(_ shape: Shape, rows: [ShapeObject], context: ModelContext) -> Outcome {
        let expected = rows.filter { (try? shape.predicate.evaluate($0)) ?? false }.map(\.persistentModelID)
        do {
            let fetched = try context.fetch(FetchDescriptor(predicate: shape.predicate)).map(\.persistentModelID)
            let counted = try context.fetchCount(FetchDescriptor(predicate: shape.predicate))
            guard fetched == expected, counted == expected.count else {
                return .mismatch(
                    "evaluate accepts \(expected.count) rows, SQL returns \(fetched.count), fetchCount says \(counted)")
            }
            return .matches(expected.count)
        } catch SwiftDataError.unsupportedPredicate(let message) {
            return .refused(message)
        } catch {
            return .mismatch("the fetch threw \(error)")
        }
    }

    @Test func everyFoundationShapeMatchesEvaluateOrIsRefused() throws {
        let context = ModelContext(try inMemoryContainer(ShapeObject.self))
        for row in ShapeObject.corpus() { context.insert(row) }
        try context.save()
        let rows = try context.fetch(FetchDescriptor<ShapeObject>())
        var matching = 0, refused: [String: String] = [:], mismatches: [String] = []
        var counts: Set<Int> = []
        for shape in Self.all {
            switch Self.check(shape, rows: rows, context: context) {
            case .matches(let count):
                matching += 1
                counts.insert(count)
            case .refused(let message): refused[shape.name] = message
            case .mismatch(let report): mismatches.append("\(shape.name): \(report)")
            }
        }
        print(
            """
            Foundation's predicate shapes: \(Self.all.count) over \(rows.count) rows: \(matching) match Predicate.evaluate, \
            \(refused.count) refused (unsupportedPredicate), \(mismatches.count) mismatch
            """)
        for (name, message) in refused.sorted(by: { $0.key < $1.key }) { print("  refused: \(name): \(message)") }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        #expect(Set(refused.keys) == Set(Self.expectedRefusals.keys), "refused: \(refused)")
        #expect(Set(Self.all.map(\.name)).count == Self.all.count, "shape names are unique")
        // The corpus tells shapes apart: they match different numbers of rows, none, and all.
        #expect(counts.contains(0) && counts.contains(rows.count) && counts.count > 4)
    }
}
