// AND, OR and NOT over operands made non-NULL, so SQL's three-valued logic agrees with a two-valued one; CASE;
// COALESCE; and the optionals: a value unless another is NULL, and a body evaluated on the row a reference points to.

extension SQLExpressionBuilder {
    /// `left AND right`.
    package func and(_ left: SQLExpression, _ right: SQLExpression) -> SQLExpression {
        test("(" + nonNull(left) + " AND " + nonNull(right) + ")")
    }

    /// `left OR right`.
    package func or(_ left: SQLExpression, _ right: SQLExpression) -> SQLExpression {
        test("(" + nonNull(left) + " OR " + nonNull(right) + ")")
    }

    /// `NOT operand`.
    package func not(_ operand: SQLExpression) -> SQLExpression {
        test("(NOT " + nonNull(operand) + ")")
    }

    /// `CASE WHEN test THEN whenTrue ELSE whenFalse END`; a row (or rows) when both branches are the same kind of
    /// one, so columns can be read on from it.
    package func conditional(_ test: SQLExpression, then whenTrue: SQLExpression, else whenFalse: SQLExpression)
        -> SQLExpression
    {
        let (whenTrue, whenFalse) = alike(whenTrue, whenFalse)
        var result = SQLExpression(
            "(CASE WHEN " + nonNull(test) + " THEN " + whenTrue.fragment + " ELSE " + whenFalse.fragment + " END)",
            isNullable: whenTrue.isNullable || whenFalse.isNullable, kind: Self.commonKind(whenTrue, whenFalse)
        )
        result.isCondition = whenTrue.isCondition
        return result
    }

    /// `COALESCE(optional, fallback)`; a row when both are rows of one table.
    package func coalesce(_ optional: SQLExpression, _ fallback: SQLExpression) -> SQLExpression {
        let (optional, fallback) = alike(optional, fallback)
        var result = SQLExpression(
            "COALESCE(" + optional.fragment + ", " + fallback.fragment + ")", isNullable: fallback.isNullable,
            kind: Self.commonKind(optional, fallback)
        )
        result.isCondition = optional.isCondition
        return result
    }

    /// `body` unless `optional` is NULL, then NULL: `optional.flatMap { body }` where `body` was built on
    /// ``SQLExpression/unwrapped`` `optional`. A row reached through it stays a row (its key, or NULL).
    package func unlessNull(_ optional: SQLExpression, then body: SQLExpression) -> SQLExpression {
        guard optional.isNullable else { return body }
        var result = SQLExpression(
            "(CASE WHEN " + optional.fragment + " IS NULL THEN NULL ELSE " + body.fragment + " END)", isNullable: true,
            kind: Self.kindThroughOptional(body.kind)
        )
        result.isCondition = body.isCondition
        result.rowFilters = body.rowFilters
        return result
    }

    /// `body` evaluated on the row of `table` that `reference` points to, in a scalar subquery — which finds no row,
    /// so yields NULL, when the reference is NULL. The row is in the subquery's FROM clause, so `body` reads its
    /// columns directly and the reference's SQL appears once. (Evaluating `body` on the reference's SQL instead
    /// repeats that SQL at every use: chains of optionals grew exponentially, beyond SQLite's parser stack.)
    package func throughReference<Failure: Error>(
        _ reference: SQLExpression, table: EntityTable, _ body: (SQLExpression) throws(Failure) -> SQLExpression
    ) throws(Failure) -> SQLExpression {
        let alias = uniqueAlias("o")
        let key = "\(alias).\(table.quotedPrimaryKey)"
        let row = SQLExpression(SQLFragment(key), isNullable: false, kind: .reference(table, alias: alias))
        let value = try body(row)
        let rowSource = " FROM \(table.quotedName) AS \(alias) WHERE \(key) = " + reference.fragment
        var result = SQLExpression(
            "(SELECT " + value.fragment + rowSource + ")", isNullable: true, kind: Self.kindThroughOptional(value.kind))
        result.isCondition = value.isCondition
        result.rowFilters = value.rowFilters
        // The body's failure reads the row's columns: it is asked of the row, and no row (nil) does not fail.
        result.failure = anyFailure([
            reference.failure,
            value.failure.map { "COALESCE((SELECT " + $0 + rowSource + "), \(dialect.booleanLiteral(false)))" },
        ])
        return result
    }

    /// A row reached through an optional stays a row (read by its key): columns can be read on from it.
    private static func kindThroughOptional(_ kind: SQLExpression.Kind) -> SQLExpression.Kind {
        switch kind {
        case .reference(let table, _): .reference(table, alias: nil)
        case .collection, .identifier: kind
        case .nilLiteral, .value, .column, .computed: .computed
        }
    }

    /// The kind of an expression that is one of two others (CASE, COALESCE): a row of a table when both are rows of
    /// that table (or one is `nil`), read by its key as its SQL computes it; a relationship's rows when both are the
    /// same relationship (of owners the SQL computes); an identifier of a table's rows when both are; else computed.
    package static func commonKind(_ first: SQLExpression, _ second: SQLExpression) -> SQLExpression.Kind {
        switch (first.kind, second.kind) {
        case (.reference(let table, _), .reference(let other, _)) where table === other:
            return .reference(table, alias: nil)
        case (.reference(let table, _), .nilLiteral), (.nilLiteral, .reference(let table, _)):
            return .reference(table, alias: nil)
        case (.collection(let mapping), .collection(let other))
        where mapping.owner === other.owner && mapping.propertyIndex == other.propertyIndex && first.rowFilters.isEmpty
            && second.rowFilters.isEmpty:
            return .collection(mapping)
        case (.identifier(let table), .identifier(let other)) where table === other:
            return .identifier(table)
        case (.identifier(let table), .nilLiteral), (.nilLiteral, .identifier(let table)):
            return .identifier(table)
        default:
            return .computed
        }
    }
}
