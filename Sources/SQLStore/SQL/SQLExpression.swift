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
    /// Whether the SQL is a condition (a comparison, `AND`, `EXISTS`, a string test) rather than a value. A stored or
    /// bound `Bool` is a value, the integer 0 or 1: SQLite takes either where the other is asked for, PostgreSQL
    /// does not, so the builder converts where a condition meets a value (``SQLDialect/condition(ofBoolean:)``,
    /// ``SQLDialect/boolean(ofCondition:)``).
    package var isCondition = false
    package var kind: Kind
    /// When the front end's own evaluation of the expression fails (Swift's `Predicate.evaluate` throws on a nil
    /// force-unwrap, an index out of range, a failed `as!`): a condition, never NULL, true on exactly the rows where
    /// it fails, provided the expression is evaluated at all. Nil when it never fails. See
    /// ``SQLExpressionBuilder/excludingFailures(_:)``.
    package var failure: SQLFragment? = nil
    /// The stored property the value is read from (`Ledger.lookup`), to name it in errors.
    package var name: String? = nil
    /// Some of the elements of a JSON array (a filter's, a range subscript's), which consumers read from the array
    /// where it is; ``fragment`` is then those elements as a JSON array the database rebuilt, for a consumer that
    /// needs the array itself.
    package var elements: JSONElements? = nil
    /// The filters of a to-many relationship's rows (``Kind/collection(_:)``), in order: only rows that pass them all
    /// are the collection's.
    package var rowFilters: [SQLFilter] = []

    package init(_ fragment: SQLFragment, isNullable: Bool, kind: Kind = .computed) {
        self.fragment = fragment
        self.isNullable = isNullable
        self.kind = kind
    }

    /// What this expression is, for an error message: the stored property it reads, or a value of `type`.
    package func described(as type: Any.Type) -> String { name ?? "a value of type \(type)" }

    /// A collection whose elements come in an order the front end does not share (a filter over a set, stored as
    /// an array in the order it was encoded): what depends on the order (`[0]`, `==`) has no translation.
    package var hasUnknownOrder: Bool { elements.map { !$0.isOrdered } ?? false }

    /// A JSON array the database rebuilt: its values are exact, but its text is not written as the JSON encoder
    /// writes it, so it cannot be compared as text.
    package var isRebuiltJSON: Bool { elements != nil }

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

/// A test a front end asks of each element of a collection — a related row, an element of a JSON array — built on
/// the element each time a subquery reads the collection (each subquery names its element with an alias of its own).
/// It cannot fail: a front end translates its test once where it is written, and refuses it there.
package typealias SQLFilter = (SQLExpression) -> SQLExpression

extension SQLExpression: CustomStringConvertible {
    /// The fragment's text and arguments, for messages and tests.
    package var description: String { fragment.description }
}
