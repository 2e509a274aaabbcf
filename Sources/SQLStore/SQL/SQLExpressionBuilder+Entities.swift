// Model inheritance: which entity a row of a hierarchy's table is (its entity column, EntityTable.entityColumn).

extension SQLExpressionBuilder {
    /// Whether `row` (a row of `table`, read directly when it is in the FROM clause as `alias`) is of one of the
    /// entities `names`: `"T"."Z_ENT" IN (?, …)`, false for a NULL row. `true` when the table has no entity column
    /// and `names` holds its own entity (every row is one); `false` when it has none and does not.
    package func entity(of row: SQLExpression, table: EntityTable, alias: String?, isOneOf names: [String])
        -> SQLExpression
    {
        guard let index = table.entityColumnIndex else { return constant(names.contains(table.name)) }
        let code = value(of: table.columns[index], row: row, table: table, alias: alias)
        guard !names.isEmpty else { return constant(false) }
        let values = names.map { StoredValue.text($0) }
        let test = code.fragment + " IN (" + SQLFragment(dialect.placeholders(values.count), values) + ")"
        return condition(self.test(test, nullable: code.isNullable))
    }
}

extension SQLExpressionBuilder {
    /// `row` (a row of `table`) when `test` holds for it, else NULL: `CASE WHEN test THEN key END`. Its columns are
    /// read by key in a subquery (NULL for NULL).
    package func reference(to table: EntityTable, ifItIs test: SQLExpression, row: SQLExpression) -> SQLExpression {
        SQLExpression(
            "CASE WHEN " + nonNull(test) + " THEN " + row.fragment + " END", isNullable: true,
            kind: .reference(table, alias: nil))
    }
}
