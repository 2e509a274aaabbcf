// =, <> and <, <=, >, >=, with NULL given a meaning. For values that may be nil, NULL is nil and IS / IS NOT give
// `nil == nil` and `optional != value` their two-valued answers; a NULL where no nil can be is NaN (SQLite has no
// NaN: `0.0 / 0.0` is NULL), which equals nothing, itself included, and is in no order.

/// An ordering comparison.
package enum ComparisonOperator: Sendable {
    case lessThan, lessThanOrEqual, greaterThan, greaterThanOrEqual

    var sql: String {
        switch self {
        case .lessThan: "<"
        case .lessThanOrEqual: "<="
        case .greaterThan: ">"
        case .greaterThanOrEqual: ">="
        }
    }
}

extension SQLExpressionBuilder {
    /// `left == right` (or `!=` when `negated`) for values of a type that can be nil (`optional`) or not.
    ///
    /// With `optional`, NULL is nil, and `IS` gives `nil == nil`. Otherwise a NULL is NaN, equal to nothing: there
    /// `NULL = x` counts as false and `NULL <> x` as true. Comparing with the `nil` literal is `IS [NOT] NULL`.
    package func equality(_ left: SQLExpression, _ right: SQLExpression, negated: Bool, optional: Bool) -> SQLExpression
    {
        if right.isNilLiteral {
            return test("(" + left.fragment + " IS \(negated ? "NOT " : "")NULL)")
        }
        if left.isNilLiteral {
            return test("(" + right.fragment + " IS \(negated ? "NOT " : "")NULL)")
        }
        let (left, right) = alike(left, right)
        guard left.isNullable || right.isNullable else {
            return test("(" + left.fragment + " \(negated ? "<>" : "=") " + right.fragment + ")")
        }
        if optional {
            return test(
                "(" + left.fragment + " \(dialect.nullSafeEquality(negated: negated)) " + right.fragment + ")")
        }
        return test(
            "COALESCE(" + left.fragment + " \(negated ? "<>" : "=") " + right.fragment
                + ", \(dialect.booleanLiteral(negated)))"
        )
    }

    /// `left == right` (or `!=`) for sets stored as JSON arrays, whose elements come in any order: the same number of
    /// elements (a set has no duplicates), each of one found in the other. NULL is nil.
    package func setEquality(_ left: SQLExpression, _ right: SQLExpression, negated: Bool) -> SQLExpression {
        if left.isNilLiteral || right.isNilLiteral {
            return equality(left, right, negated: negated, optional: true)
        }
        let alias = uniqueAlias("s")
        let (l, r) = (left.fragment, right.fragment)
        let leftElements = "\(alias)a", rightElements = "\(alias)b"
        var sql =
            "(" + l.wrapped(dialect.jsonArrayLength) + " = " + r.wrapped(dialect.jsonArrayLength)
            + " AND NOT EXISTS (SELECT 1 FROM " + l.wrapped { dialect.jsonElements(of: $0, alias: leftElements) }
            + " WHERE NOT EXISTS (SELECT 1 FROM " + r.wrapped { dialect.jsonElements(of: $0, alias: rightElements) }
            + " WHERE \(dialect.jsonElementValue(alias: rightElements)) \(dialect.nullSafeEquality(negated: false)) \(dialect.jsonElementValue(alias: leftElements)))))"
        if left.isNullable || right.isNullable {
            sql =
                "(CASE WHEN " + l + " IS NULL OR " + r + " IS NULL THEN (" + l + " IS NULL AND " + r + " IS NULL) ELSE "
                + sql + " END)"
        }
        return test(negated ? "(NOT " + sql + ")" : sql)
    }

    /// `left op right`; NULL on either side (NaN, or a division by zero) makes it false.
    package func comparison(_ left: SQLExpression, _ op: ComparisonOperator, _ right: SQLExpression) -> SQLExpression {
        let comparison = test(
            "(" + left.fragment + " \(op.sql) " + right.fragment + ")", nullable: left.isNullable || right.isNullable)
        return condition(comparison)
    }

    /// `expression IS NOT NULL`.
    package func isNotNull(_ expression: SQLExpression) -> SQLExpression {
        test("(" + expression.fragment + " IS NOT NULL)")
    }

    /// `left IS NULL AND right IS NULL`: both nil.
    package func bothNull(_ left: SQLExpression, _ right: SQLExpression) -> SQLExpression {
        test("(" + left.fragment + " IS NULL AND " + right.fragment + " IS NULL)")
    }
}

extension SQLFragment {
    /// This fragment inside SQL that `template` writes around its text once (a dialect's `json_array_length(…)`).
    func wrapped(_ template: (String) -> String) -> SQLFragment {
        SQLFragment(template(text), arguments)
    }
}
