/// An SQL expression built by ``SQLExpressionBuilder``: its fragment (text and bound values), whether it can be NULL,
/// and what it stands for — which decides what can be built on it (a column of a row, the rows of a relationship).
///
/// Front ends never read or write the text: they ask the builder for each operation, so SQL's NULL handling, the
/// string functions, JSON and subqueries are spelt once.
package struct SQLExpression {
    /// What an expression stands for.
    package enum Kind {
        /// SQL's NULL as a literal: `nil`.
        case nilLiteral
        /// A value known when the SQL is built, bound as an argument.
        case value(StoredValue)
        /// A column of a row that is in the FROM clause.
        case column(EntityTable.Column)
        /// A row of a table, whose primary key the SQL computes (the statement's own row, or a to-one relationship's
        /// target); `alias` names the row when it is in the FROM clause, so its columns are read directly.
        case reference(EntityTable, alias: String?)
        /// The rows a to-many relationship of the row whose key the SQL computes holds.
        case collection(RelationshipMapping)
        /// The primary key of a row of a table, standing for the row's identity (which means nothing without the
        /// entity).
        case identifier(EntityTable)
        /// Anything else.
        case computed
    }

    /// The SQL and its bound values.
    package var fragment: SQLFragment
    /// Whether the SQL can yield NULL. Boolean expressions the builder makes never do, so `NOT` is safe on them.
    package var isNullable: Bool
    package var kind: Kind

    package init(_ fragment: SQLFragment, isNullable: Bool, kind: Kind = .computed) {
        self.fragment = fragment
        self.isNullable = isNullable
        self.kind = kind
    }

    /// Whether this is the `nil` literal.
    package var isNilLiteral: Bool {
        if case .nilLiteral = kind { return true }
        return false
    }

    /// The same SQL, standing for something else.
    package func with(kind: Kind) -> SQLExpression {
        var copy = self
        copy.kind = kind
        return copy
    }

    /// The same SQL, known (by the caller) never to be NULL — the value of an optional inside a check that it is
    /// not nil.
    package var unwrapped: SQLExpression {
        var copy = self
        copy.isNullable = false
        return copy
    }
}

extension SQLExpression: CustomStringConvertible {
    /// The fragment's text and arguments, for messages and tests.
    package var description: String { fragment.description }
}
