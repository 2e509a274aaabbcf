// Where a front end's own evaluation would fail: Swift's `Predicate.evaluate` throws on a nil force-unwrap, an index
// out of range or a failed `as!`, and a row on which it throws does not match. Each such expression carries its
// failure (``SQLExpression/failure``): a condition, never NULL, true on exactly the rows where evaluating it fails.
// Operands that are evaluated only sometimes (the right side of `&&`, a branch of `? :`) count their failure only
// where they are evaluated (`failure(_:when:)` and its siblings); the whole predicate is then
// `NOT <failure> AND <test>` (``excludingFailures(_:)``).

extension SQLExpressionBuilder {
    /// A failure on every row (a cast that never succeeds).
    package var alwaysFails: SQLFragment { SQLFragment(dialect.booleanLiteral(true)) }

    /// Fails where `expression` is NULL (a force unwrap of nil).
    package func failsIfNull(_ expression: SQLExpression) -> SQLFragment {
        "(" + expression.fragment + " IS NULL)"
    }

    /// Fails unless `index` is an index of the JSON array `array` (`0 ..< count`).
    package func failsOutsideIndices(_ index: SQLExpression, of array: SQLExpression) -> SQLFragment {
        "COALESCE(NOT (" + index.fragment + " >= 0 AND " + index.fragment + " < "
            + array.fragment.wrapped(dialect.jsonArrayLength)
            + "), \(dialect.booleanLiteral(true)))"
    }

    /// Fails unless `lower ..< upper` lies within the JSON array `array` (both bounds in `0 ... count`).
    package func failsOutsideBounds(_ lower: SQLExpression, _ upper: SQLExpression, of array: SQLExpression)
        -> SQLFragment
    {
        let length = array.fragment.wrapped(dialect.jsonArrayLength)
        return "COALESCE(NOT (" + lower.fragment + " >= 0 AND " + lower.fragment + " <= " + length + " AND "
            + upper.fragment
            + " >= 0 AND " + upper.fragment + " <= " + length + "), \(dialect.booleanLiteral(true)))"
    }

    /// Whichever of the failures holds; nil when there are none.
    package func anyFailure(_ failures: [SQLFragment?]) -> SQLFragment? {
        let present = failures.compactMap { $0 }
        guard let first = present.first else { return nil }
        if present.count == 1 { return first }
        return "(" + SQLFragment.joined(present, separator: " OR ") + ")"
    }

    /// `failure`, counted only where `test` holds (the right side of `&&`, the true branch of `? :`).
    package func failure(_ failure: SQLFragment?, when test: SQLExpression) -> SQLFragment? {
        failure.map { "(" + nonNull(test) + " AND " + $0 + ")" }
    }

    /// `failure`, counted only where `test` does not hold (the right side of `||`, the false branch of `? :`).
    package func failure(_ failure: SQLFragment?, unless test: SQLExpression) -> SQLFragment? {
        failure.map { "(NOT " + nonNull(test) + " AND " + $0 + ")" }
    }

    /// `failure`, counted only where `optional` is NULL (the fallback of `??`, a dictionary's default).
    package func failure(_ failure: SQLFragment?, whenNull optional: SQLExpression) -> SQLFragment? {
        failure.map { "(" + optional.fragment + " IS NULL AND " + $0 + ")" }
    }

    /// `failure`, counted only where `optional` is not NULL (the body of `flatMap`).
    package func failure(_ failure: SQLFragment?, whenNotNull optional: SQLExpression) -> SQLFragment? {
        failure.map { "(" + optional.fragment + " IS NOT NULL AND " + $0 + ")" }
    }

    /// `condition`, false on the rows where evaluating it fails: `NOT <failure> AND <condition>`.
    package func excludingFailures(_ condition: SQLExpression) -> SQLExpression {
        guard let failure = condition.failure else { return self.condition(condition) }
        return test("(NOT " + failure + " AND " + nonNull(condition) + ")")
    }
}
