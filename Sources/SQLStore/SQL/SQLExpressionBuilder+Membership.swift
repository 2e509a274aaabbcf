// IN lists of values known when the SQL is built, and ranges (BETWEEN for a closed one).

extension SQLExpressionBuilder {
    /// Whether `element` is one of `values`: `element IN (…)`, with NULL among the values matching NULL (nil is a
    /// member of `[nil, 1]`). False for no values.
    package func isIn(_ element: SQLExpression, _ values: [StoredValue]) -> SQLExpression {
        let element = booleanValue(element)
        let nonNull = values.filter { !$0.isNull }
        var terms: [SQLFragment] = []
        if !nonNull.isEmpty {
            terms.append(element.fragment + " IN (" + SQLFragment(dialect.placeholders(nonNull.count), nonNull) + ")")
        }
        if nonNull.count != values.count {
            terms.append(element.fragment + " IS NULL")
        }
        guard !terms.isEmpty else { return constant(false) }
        return self.test(
            "COALESCE(" + SQLFragment.joined(terms, separator: " OR ") + ", \(dialect.booleanLiteral(false)))")
    }

    /// Whether `value` is in the range from `lower` to `upper` (`upper` included when `closed`): `BETWEEN`, or
    /// `>= … AND <`. NULL anywhere (NaN) makes it false.
    package func isInRange(_ value: SQLExpression, from lower: SQLExpression, to upper: SQLExpression, closed: Bool)
        -> SQLExpression
    {
        let test =
            closed
            ? "(" + value.fragment + " BETWEEN " + lower.fragment + " AND " + upper.fragment + ")"
            : "(" + value.fragment + " >= " + lower.fragment + " AND " + value.fragment + " < " + upper.fragment + ")"
        return condition(self.test(test, nullable: value.isNullable || lower.isNullable || upper.isNullable))
    }
}

extension SQLExpressionBuilder {
    /// Whether `value` is in a range that may be open on one side (a partial range: `lower...`, `...upper`,
    /// `..<upper`): `>= lower` and `<= upper` (`< upper` unless `closed`), each present bound. NULL anywhere (NaN)
    /// makes it false; no bound at all, true.
    package func isInRange(_ value: SQLExpression, from lower: SQLExpression?, to upper: SQLExpression?, closed: Bool)
        -> SQLExpression
    {
        if let lower, let upper { return isInRange(value, from: lower, to: upper, closed: closed) }
        var terms: [SQLFragment] = []
        var nullable = value.isNullable
        if let lower {
            terms.append(value.fragment + " >= " + lower.fragment)
            nullable = nullable || lower.isNullable
        }
        if let upper {
            terms.append(value.fragment + (closed ? " <= " : " < ") + upper.fragment)
            nullable = nullable || upper.isNullable
        }
        guard !terms.isEmpty else { return constant(true) }
        return condition(test("(" + SQLFragment.joined(terms, separator: " AND ") + ")", nullable: nullable))
    }
}
