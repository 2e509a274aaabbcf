import Foundation
import OpenSwiftData

/// A predicate expression with its output type known and its node type erased.
typealias Expr<Output> = any StandardPredicateExpression<Output>

/// A generated expression and Swift source a reader can paste into `#Predicate<Sample> { … }` to reproduce it.
struct Node<Output> {
    var expression: Expr<Output>
    var source: String
}

/// Builds Foundation's expression nodes from type-erased operands. Each function is generic over the operands'
/// node types, so an `any StandardPredicateExpression<T>` passed in is opened (SE-0352) and the resulting tree has
/// the very concrete types `#Predicate` would have produced.
enum Build {
    typealias P = PredicateExpressions

    static func and<L: StandardPredicateExpression<Bool>, R: StandardPredicateExpression<Bool>>(_ lhs: L, _ rhs: R)
        -> Expr<Bool>
    {
        P.Conjunction(lhs: lhs, rhs: rhs)
    }

    static func or<L: StandardPredicateExpression<Bool>, R: StandardPredicateExpression<Bool>>(_ lhs: L, _ rhs: R)
        -> Expr<Bool>
    {
        P.Disjunction(lhs: lhs, rhs: rhs)
    }

    static func not<W: StandardPredicateExpression<Bool>>(_ wrapped: W) -> Expr<Bool> {
        P.Negation(wrapped)
    }

    static func equal<T: Equatable, L: StandardPredicateExpression<T>, R: StandardPredicateExpression<T>>(
        _ lhs: L, _ rhs: R, negated: Bool = false
    ) -> Expr<Bool> {
        negated ? P.NotEqual(lhs: lhs, rhs: rhs) : P.Equal(lhs: lhs, rhs: rhs)
    }

    static func compare<T: Comparable, L: StandardPredicateExpression<T>, R: StandardPredicateExpression<T>>(
        _ lhs: L, _ rhs: R, _ op: P.ComparisonOperator
    ) -> Expr<Bool> {
        P.Comparison(lhs: lhs, rhs: rhs, op: op)
    }

    static func conditional<
        T, C: StandardPredicateExpression<Bool>, A: StandardPredicateExpression<T>, B: StandardPredicateExpression<T>
    >(
        _ test: C, _ whenTrue: A, _ whenFalse: B
    ) -> Expr<T> {
        P.Conditional(test: test, trueBranch: whenTrue, falseBranch: whenFalse)
    }

    static func coalesce<T, L: StandardPredicateExpression<T?>, R: StandardPredicateExpression<T>>(_ lhs: L, _ rhs: R)
        -> Expr<T>
    {
        P.NilCoalesce(lhs: lhs, rhs: rhs)
    }

    static func arithmetic<T: Numeric, L: StandardPredicateExpression<T>, R: StandardPredicateExpression<T>>(
        _ lhs: L, _ rhs: R, _ op: P.ArithmeticOperator
    ) -> Expr<T> {
        P.Arithmetic(lhs: lhs, rhs: rhs, op: op)
    }

    static func divide<T: BinaryInteger, L: StandardPredicateExpression<T>, R: StandardPredicateExpression<T>>(
        _ lhs: L, _ rhs: R
    ) -> Expr<T> {
        P.IntDivision(lhs: lhs, rhs: rhs)
    }

    static func remainder<T: BinaryInteger, L: StandardPredicateExpression<T>, R: StandardPredicateExpression<T>>(
        _ lhs: L, _ rhs: R
    ) -> Expr<T> {
        P.IntRemainder(lhs: lhs, rhs: rhs)
    }

    static func floatDivide<T: FloatingPoint, L: StandardPredicateExpression<T>, R: StandardPredicateExpression<T>>(
        _ lhs: L, _ rhs: R
    ) -> Expr<T> {
        P.FloatDivision(lhs: lhs, rhs: rhs)
    }

    static func negate<T: SignedNumeric, W: StandardPredicateExpression<T>>(_ wrapped: W) -> Expr<T> {
        P.UnaryMinus(wrapped)
    }

    static func keyPath<R, V, Root: StandardPredicateExpression<R>>(_ root: Root, _ keyPath: KeyPath<R, V> & Sendable)
        -> Expr<V>
    {
        P.KeyPath(root: root, keyPath: keyPath)
    }

    static func value<T: Codable & Sendable>(_ value: T) -> Expr<T> {
        P.Value(value)
    }

    static func nilLiteral<T>(_ type: T.Type) -> Expr<T?> {
        P.NilLiteral<T>()
    }

    /// `sequence.contains(element)`.
    static func contains<S: Sequence, L: StandardPredicateExpression<S>, R: StandardPredicateExpression<S.Element>>(
        _ sequence: L, _ element: R
    ) -> Expr<Bool> where S.Element: Equatable {
        P.SequenceContains(sequence: sequence, element: element)
    }

    /// `base.contains(other)` for strings.
    static func stringContains<L: StandardPredicateExpression<String>, R: StandardPredicateExpression<String>>(
        _ base: L, _ other: R
    ) -> Expr<Bool> {
        P.CollectionContainsCollection(base: base, other: other)
    }

    static func startsWith<L: StandardPredicateExpression<String>, R: StandardPredicateExpression<String>>(
        _ base: L, _ prefix: R
    ) -> Expr<Bool> {
        P.SequenceStartsWith(base: base, prefix: prefix)
    }

    static func localizedStandardContains<
        L: StandardPredicateExpression<String>, R: StandardPredicateExpression<String>
    >(
        _ base: L, _ other: R
    ) -> Expr<Bool> {
        P.StringLocalizedStandardContains(root: base, other: other)
    }

    static func caseInsensitiveCompare<L: StandardPredicateExpression<String>, R: StandardPredicateExpression<String>>(
        _ base: L, _ other: R
    ) -> Expr<ComparisonResult> {
        P.StringCaseInsensitiveCompare(root: base, other: other)
    }

    static func localizedCompare<L: StandardPredicateExpression<String>, R: StandardPredicateExpression<String>>(
        _ base: L, _ other: R
    ) -> Expr<ComparisonResult> {
        P.StringLocalizedCompare(root: base, other: other)
    }

    static func max<S: Sequence, L: StandardPredicateExpression<S>>(_ sequence: L) -> Expr<S.Element?>
    where S.Element: Comparable {
        P.SequenceMaximum(elements: sequence)
    }

    static func min<S: Sequence, L: StandardPredicateExpression<S>>(_ sequence: L) -> Expr<S.Element?>
    where S.Element: Comparable {
        P.SequenceMinimum(elements: sequence)
    }

    /// `range.contains(element)` for a captured range (`let window = a..<b`), partial ranges included.
    static func capturedRangeContains<R: RangeExpression & Codable & Sendable, E: StandardPredicateExpression<R.Bound>>(
        _ range: R, _ element: E
    ) -> Expr<Bool> {
        P.RangeExpressionContains(range: P.Value(range), element: element)
    }

    static func conditionalCast<Desired, I: StandardPredicateExpression>(_ input: I, to type: Desired.Type) -> Expr<
        Desired?
    > {
        P.ConditionalCast<I, Desired>(input)
    }

    static func forceCast<Desired, I: StandardPredicateExpression>(_ input: I, to type: Desired.Type) -> Expr<Desired> {
        P.ForceCast<I, Desired>(input)
    }

    static func typeCheck<Desired, I: StandardPredicateExpression>(_ input: I, is type: Desired.Type) -> Expr<Bool> {
        P.TypeCheck<I, Desired>(input)
    }

    /// `collection[index]`.
    static func element<T, C: StandardPredicateExpression<[T]>, I: StandardPredicateExpression<Int>>(
        _ collection: C, _ index: I
    ) -> Expr<T> {
        P.CollectionIndexSubscript(wrapped: collection, index: index)
    }

    /// `collection[lower..<upper]`.
    static func slice<
        T, C: StandardPredicateExpression<[T]>, L: StandardPredicateExpression<Int>, U: StandardPredicateExpression<Int>
    >(
        _ collection: C, _ lower: L, _ upper: U
    ) -> Expr<ArraySlice<T>> {
        P.CollectionRangeSubscript(wrapped: collection, range: P.Range(lower: lower, upper: upper))
    }

    /// `dictionary[key]`.
    static func member<K: Hashable, V, D: StandardPredicateExpression<[K: V]>, Key: StandardPredicateExpression<K>>(
        _ dictionary: D, _ key: Key
    ) -> Expr<V?> {
        P.DictionaryKeySubscript<D, Key, V>(wrapped: dictionary, key: key)
    }

    /// `dictionary[key, default: value]`.
    static func member<
        K: Hashable, V, D: StandardPredicateExpression<[K: V]>, Key: StandardPredicateExpression<K>,
        F: StandardPredicateExpression<V>
    >(
        _ dictionary: D, _ key: Key, default value: F
    ) -> Expr<V> {
        P.DictionaryKeyDefaultValueSubscript(wrapped: dictionary, key: key, default: value)
    }

    /// `text.contains(regex)`, the regex from its pattern as `#Predicate` captures one.
    static func contains<S: StandardPredicateExpression<String>>(_ text: S, regex pattern: String) -> Expr<Bool>? {
        guard let regex = try? Regex(pattern), let captured = P.PredicateRegex(regex) else { return nil }
        return P.StringContainsRegex(subject: text, regex: P.Value(captured))
    }

    /// `lower...upper` (or `lower..<upper`) `.contains(element)`.
    static func rangeContains<
        T: Comparable, Lo: StandardPredicateExpression<T>, Hi: StandardPredicateExpression<T>,
        E: StandardPredicateExpression<T>
    >(_ lower: Lo, _ upper: Hi, _ element: E, closed: Bool) -> Expr<Bool> {
        closed
            ? P.RangeExpressionContains(range: P.ClosedRange(lower: lower, upper: upper), element: element)
            : P.RangeExpressionContains(range: P.Range(lower: lower, upper: upper), element: element)
    }

    // MARK: Closures
    //
    // A closure node (`flatMap`, `contains(where:)`, `allSatisfy`) makes its own variable and hands it to a builder
    // that must return one concrete node type. The generator produces the body as an existential, so it builds the
    // body twice from the same random state: once with a stand-in variable, to learn the body's concrete type `B`,
    // then inside the node's initializer with the real variable, where the (identical) body is cast back to `B`.
    // Should the cast ever fail, the stand-in body is used; the generator counts a rebuilt body that differs from
    // the stand-in (`replayMismatches`), and the test fails on it.

    static func flatMap<W, R, L: StandardPredicateExpression<W?>, B: StandardPredicateExpression<R>>(
        _ wrapped: L, trial: B, _ body: (P.Variable<W>) -> Expr<R>
    ) -> Expr<R?> {
        P.OptionalFlatMap<L, W, B, R>(wrapped) { variable in (body(variable) as? B) ?? trial }
    }

    static func containsWhere<S: Sequence, L: StandardPredicateExpression<S>, B: StandardPredicateExpression<Bool>>(
        _ sequence: L, trial: B, _ body: (P.Variable<S.Element>) -> Expr<Bool>
    ) -> Expr<Bool> {
        P.SequenceContainsWhere(sequence) { variable in (body(variable) as? B) ?? trial }
    }

    static func allSatisfy<S: Sequence, L: StandardPredicateExpression<S>, B: StandardPredicateExpression<Bool>>(
        _ sequence: L, trial: B, _ body: (P.Variable<S.Element>) -> Expr<Bool>
    ) -> Expr<Bool> {
        P.SequenceAllSatisfy(sequence) { variable in (body(variable) as? B) ?? trial }
    }
}

extension Build {
    /// `sequence.filter { body }`.
    static func filter<S: Sequence, L: StandardPredicateExpression<S>, B: StandardPredicateExpression<Bool>>(
        _ sequence: L, trial: B, _ body: (P.Variable<S.Element>) -> Expr<Bool>
    ) -> Expr<[S.Element]> {
        P.Filter(sequence) { variable in (body(variable) as? B) ?? trial }
    }

    /// `flatMap` whose body is itself optional, flattened (`a?.b?.c`: the second init of `OptionalFlatMap`).
    static func flatMapFlattening<W, R, L: StandardPredicateExpression<W?>, B: StandardPredicateExpression<R?>>(
        _ wrapped: L, trial: B, _ body: (P.Variable<W>) -> Expr<R?>
    ) -> Expr<R?> {
        P.OptionalFlatMap<L, W, B, R>(wrapped) { variable in (body(variable) as? B) ?? trial }
    }
}
