/// Builds the SQL of predicates, for every front end: OpenSwiftData's `#Predicate` translator and OpenCoreData's
/// `NSPredicate` one ask it for each operation, so SQL's NULL handling, the string functions, JSON elements and
/// relationship subqueries are written once.
///
/// Every value is a bound argument, every identifier quoted by the dialect. Booleans it builds are never NULL (NULL
/// counts as false, as in a two-valued logic); ``condition(_:)`` makes any expression one. Each subquery gets an
/// alias no other part of the statement uses, so nothing shadows the statement's own table. One builder per
/// statement (it counts the aliases).
///
/// The operations, by family: leaves and rows (this file); logic and optionals (`+Logic`); comparisons
/// (`+Comparison`); arithmetic (`+Arithmetic`); strings (`+Strings`); IN and ranges (`+Membership`); JSON arrays,
/// some of their elements (``JSONElements``), objects and paths (`+JSON`); to-many relationships, filtered or not
/// (`+Relationships`); where the front end's own evaluation would fail (`+Failures`).
package struct SQLExpressionBuilder {
    package let dialect: any SQLDialect
    private let aliases = AliasCounter()

    package init(dialect: any SQLDialect = SQLiteDialect()) {
        self.dialect = dialect
    }

    /// A table alias no other part of this builder's statement uses: `prefix` and a number.
    package func uniqueAlias(_ prefix: String) -> String {
        aliases.next += 1
        return "\(prefix)\(aliases.next)"
    }

    // MARK: Leaves

    /// A value known now, bound as an argument. `.null` is the `nil` literal; NaN, which SQLite binds as NULL, is
    /// a value that may be NULL in SQL.
    package func value(_ value: StoredValue) -> SQLExpression {
        switch value {
        case .null: return nilLiteral
        case .real(let real) where real.isNaN:
            return SQLExpression(.value(value), isNullable: true, kind: .value(value))
        default: return SQLExpression(.value(value), isNullable: false, kind: .value(value))
        }
    }

    /// `NULL`: `nil`.
    package var nilLiteral: SQLExpression {
        SQLExpression(SQLFragment("NULL"), isNullable: true, kind: .nilLiteral)
    }

    /// A boolean known now (`1` or `0`).
    package func constant(_ value: Bool) -> SQLExpression {
        test(SQLFragment(dialect.booleanLiteral(value)))
    }

    /// `expression` as a condition: a boolean that is never NULL (NULL counts as false).
    package func condition(_ expression: SQLExpression) -> SQLExpression {
        test(nonNull(expression))
    }

    /// `expression` as a value: a condition as a `Bool` is stored (see ``SQLExpression/isCondition``); anything
    /// else as it is.
    package func booleanValue(_ expression: SQLExpression) -> SQLExpression {
        guard expression.isCondition else { return expression }
        var result = expression
        result.fragment = expression.fragment.wrapped(dialect.boolean(ofCondition:))
        result.isCondition = false
        return result
    }

    /// Two operands that meet (the sides of `==`, the branches of `? :`): both conditions, or both values.
    func alike(_ first: SQLExpression, _ second: SQLExpression) -> (SQLExpression, SQLExpression) {
        first.isCondition == second.isCondition ? (first, second) : (booleanValue(first), booleanValue(second))
    }

    // MARK: Rows

    /// The statement's own row of `table` (its primary key; its columns are read directly).
    package func row(of table: EntityTable) -> SQLExpression {
        SQLExpression(
            SQLFragment(table.primaryKeySQL), isNullable: false, kind: .reference(table, alias: table.quotedName))
    }

    /// The value of `column` of a row of `table`: read directly when the row is in the FROM clause (`alias`), else
    /// by its key (`row`) in a subquery. External bytes are read where they live. NULL when the row is.
    package func value(of column: EntityTable.Column, row: SQLExpression, table: EntityTable, alias: String?)
        -> SQLExpression
    {
        SQLExpression(
            columnFragment(column, row: row, table: table, alias: alias),
            isNullable: column.isNullable || row.isNullable,
            kind: alias == nil ? .computed : .column(column)
        )
    }

    /// The row a to-one relationship's foreign key `column` of a row of `table` refers to (its key, or NULL).
    package func reference(
        through column: EntityTable.Column, row: SQLExpression, table: EntityTable, alias: String?,
        to destination: EntityTable
    ) -> SQLExpression {
        SQLExpression(
            columnFragment(column, row: row, table: table, alias: alias), isNullable: true,
            kind: .reference(destination, alias: nil))
    }

    /// The rows of to-many relationship `mapping` of `row`.
    package func collection(_ mapping: RelationshipMapping, of row: SQLExpression) -> SQLExpression {
        SQLExpression(row.fragment, isNullable: false, kind: .collection(mapping))
    }

    /// The identity of a row of `table`: its primary key.
    package func identifier(of row: SQLExpression, table: EntityTable) -> SQLExpression {
        row.with(kind: .identifier(table))
    }

    private func columnFragment(_ column: EntityTable.Column, row: SQLExpression, table: EntityTable, alias: String?)
        -> SQLFragment
    {
        let name = dialect.quoted(column.name)
        if let alias {
            let direct = "\(alias).\(name)"
            return SQLFragment(column.isExternal ? ExternalData.bytesSQL(reference: direct, dialect: dialect) : direct)
        }
        let rowAlias = uniqueAlias("s")
        let reference = "\(rowAlias).\(name)"
        let value = column.isExternal ? ExternalData.bytesSQL(reference: reference, dialect: dialect) : reference
        return "(SELECT \(value) FROM \(table.quotedName) AS \(rowAlias) WHERE \(rowAlias).\(table.quotedPrimaryKey) = "
            + row.fragment + ")"
    }

    // MARK: Shared pieces

    /// The expression's SQL as a boolean operand that is never NULL.
    func nonNull(_ expression: SQLExpression) -> SQLFragment {
        let test =
            expression.isCondition ? expression.fragment : expression.fragment.wrapped(dialect.condition(ofBoolean:))
        return expression.isNullable ? "COALESCE(" + test + ", \(dialect.booleanLiteral(false)))" : test
    }

    /// A computed expression.
    func computed(_ fragment: SQLFragment, nullable: Bool = false) -> SQLExpression {
        SQLExpression(fragment, isNullable: nullable)
    }

    /// A computed condition (``SQLExpression/isCondition``).
    func test(_ fragment: SQLFragment, nullable: Bool = false) -> SQLExpression {
        var result = SQLExpression(fragment, isNullable: nullable)
        result.isCondition = true
        return result
    }
}

/// Counts the aliases a statement's SQL introduces (shared by the copies of a builder).
final class AliasCounter {
    var next = 0
}
