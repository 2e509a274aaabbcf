// Collections and other structured values stored as JSON text: compared in canonical form, and read element by
// element through the dialect's JSON table source (SQLite's json_each).

extension SQLExpressionBuilder {
    /// `expression`, JSON text, in the one form equal values share (``CanonicalJSON``): bound values are made
    /// canonical now, stored ones by the `canonical_json` function (so rows written before, or by another writer, are
    /// covered too).
    package func canonicalJSON(_ expression: SQLExpression) -> SQLExpression {
        switch expression.kind {
        case .nilLiteral:
            return expression
        case .value(let value):
            return self.value(CanonicalJSON.canonical(value))
        case .column, .computed, .reference, .collection, .identifier:
            return computed(call(.canonicalJSON, [expression.fragment]), nullable: expression.isNullable)
        }
    }

    /// The number of elements of a JSON array; NULL when it is.
    package func jsonCount(_ array: SQLExpression) -> SQLExpression {
        computed(array.fragment.wrapped(dialect.jsonArrayLength), nullable: array.isNullable)
    }

    /// Whether a JSON array is empty.
    package func jsonIsEmpty(_ array: SQLExpression) -> SQLExpression {
        computed("(" + array.fragment.wrapped(dialect.jsonArrayLength) + " = 0)")
    }

    /// Whether a JSON array has an element that `IS` `element` (NULL-aware: a nil element is found).
    package func jsonContains(_ array: SQLExpression, _ element: SQLExpression) -> SQLExpression {
        let alias = uniqueAlias("e")
        return computed(
            "EXISTS (SELECT 1 FROM " + elements(of: array, alias) + " WHERE \(dialect.jsonElementValue(alias: alias)) IS "
                + element.fragment + ")"
        )
    }

    /// Whether some element of a JSON array passes `test` (built on the element it is given).
    package func jsonAny<Failure: Error>(
        _ array: SQLExpression, where test: (SQLExpression) throws(Failure) -> SQLExpression
    ) throws(Failure) -> SQLExpression {
        let alias = uniqueAlias("e")
        let body = try test(element(alias))
        return computed("EXISTS (SELECT 1 FROM " + elements(of: array, alias) + " WHERE " + nonNull(body) + ")")
    }

    /// Whether every element of a JSON array passes `test` (true for no element).
    package func jsonAll<Failure: Error>(
        _ array: SQLExpression, satisfy test: (SQLExpression) throws(Failure) -> SQLExpression
    ) throws(Failure) -> SQLExpression {
        let alias = uniqueAlias("e")
        let body = try test(element(alias))
        return computed("NOT EXISTS (SELECT 1 FROM " + elements(of: array, alias) + " WHERE NOT " + nonNull(body) + ")")
    }

    /// The largest element of a JSON array (SQL's order); NULL for none.
    package func jsonMaximum(_ array: SQLExpression) -> SQLExpression {
        let alias = uniqueAlias("e")
        return computed("(SELECT max(\(dialect.jsonElementValue(alias: alias))) FROM " + elements(of: array, alias) + ")", nullable: true)
    }

    /// The smallest element of a JSON array (SQL's order); NULL for none.
    package func jsonMinimum(_ array: SQLExpression) -> SQLExpression {
        let alias = uniqueAlias("e")
        return computed("(SELECT min(\(dialect.jsonElementValue(alias: alias))) FROM " + elements(of: array, alias) + ")", nullable: true)
    }

    private func elements(of array: SQLExpression, _ alias: String) -> SQLFragment {
        array.fragment.wrapped { dialect.jsonElements(of: $0, alias: alias) }
    }

    private func element(_ alias: String) -> SQLExpression {
        SQLExpression(SQLFragment(dialect.jsonElementValue(alias: alias)), isNullable: false)
    }
}
