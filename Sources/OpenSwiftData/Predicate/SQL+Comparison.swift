import Foundation
import SQLite

// ==, != and <, <=, >, >=. Equality of optionals uses IS / IS NOT when either side can be NULL, so that, as in
// Swift, `nil == nil` is true and `optional != value` is true for nil; a non-optional NULL is NaN. Values stored
// as JSON are compared in canonical form (see SQL+JSON.swift); models' identifiers with their entities and store
// (see SQL+Identifiers.swift).

extension PredicateExpressions.Equal: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let left = try translator.translate(lhs)
        let right = try translator.translate(rhs)
        let optional = LHS.Output.self is any OptionalType.Type
        if let identifiers = try SQLIdentifiers.equality(
            lhs, left, rhs, right, type: LHS.Output.self, negated: false, optional: optional, translator
        ) {
            return identifiers
        }
        try SQLComparison.requireComparableText(left, right, type: LHS.Output.self)
        if SQLJSON.isUnordered(LHS.Output.self) {
            let alias = "s\(translator.depth)"
            return SQLComparison.setEquality(SQLJSON.canonical(left), SQLJSON.canonical(right), negated: false, alias: alias)
        }
        if SQLJSON.isStoredAsJSON(LHS.Output.self) {
            return SQLComparison.equality(SQLJSON.canonical(left), SQLJSON.canonical(right), negated: false, optional: optional)
        }
        return SQLComparison.equality(left, right, negated: false, optional: optional)
    }
}

extension PredicateExpressions.NotEqual: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let left = try translator.translate(lhs)
        let right = try translator.translate(rhs)
        let optional = LHS.Output.self is any OptionalType.Type
        if let identifiers = try SQLIdentifiers.equality(
            lhs, left, rhs, right, type: LHS.Output.self, negated: true, optional: optional, translator
        ) {
            return identifiers
        }
        try SQLComparison.requireComparableText(left, right, type: LHS.Output.self)
        if SQLJSON.isUnordered(LHS.Output.self) {
            let alias = "s\(translator.depth)"
            return SQLComparison.setEquality(SQLJSON.canonical(left), SQLJSON.canonical(right), negated: true, alias: alias)
        }
        if SQLJSON.isStoredAsJSON(LHS.Output.self) {
            return SQLComparison.equality(SQLJSON.canonical(left), SQLJSON.canonical(right), negated: true, optional: optional)
        }
        return SQLComparison.equality(left, right, negated: true, optional: optional)
    }
}

extension PredicateExpressions.Comparison: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        var left = try translator.translate(lhs)
        var right = try translator.translate(rhs)
        if SQLIdentifiers.isIdentifier(LHS.Output.self) {
            switch try SQLIdentifiers.ordering(lhs, left, rhs, right, op: op, translator) {
            case .constant(let result): return .computed(result ? "1" : "0", [])
            case .operands(let newLeft, let newRight): (left, right) = (newLeft, newRight)
            }
        }
        let sqlOperator = switch op {
        case .lessThan: "<"
        case .lessThanOrEqual: "<="
        case .greaterThan: ">"
        case .greaterThanOrEqual: ">="
        }
        // Swift cannot order optionals, so NULL only reaches here through other expressions (a division by zero);
        // it makes the comparison false.
        let comparison = SQLExpression.computed(
            "(\(left.sql) \(sqlOperator) \(right.sql))", left.arguments + right.arguments,
            nullable: left.isNullable || right.isNullable
        )
        return .computed(comparison.nonNullBoolean, comparison.arguments)
    }
}

enum SQLComparison {
    /// Throws when a side is a collection whose JSON text cannot be compared as text: one SQLite rebuilt (`filter`, a
    /// range subscript), or one in an order Swift does not share.
    static func requireComparableText(_ left: SQLExpression, _ right: SQLExpression, type: Any.Type) throws(SwiftDataError) {
        for side in [left, right] where side.isRebuiltJSON || side.hasUnknownOrder {
            throw .unsupportedPredicate(
                "== on \(side.described(as: type)) has no SQL translation: compare its count, or test its elements with contains"
            )
        }
    }

    /// `left == right` (or `!=`) for sets stored as JSON arrays, whose elements come in hash order: the same number
    /// of elements (a set has no duplicates), each of one found in the other. NULL is nil.
    static func setEquality(_ left: SQLExpression, _ right: SQLExpression, negated: Bool, alias: String) -> SQLExpression {
        if left.isNilLiteral || right.isNilLiteral {
            return equality(left, right, negated: negated, optional: true)
        }
        let (l, r) = (left.sql, right.sql)
        var sql = "(json_array_length(\(l)) = json_array_length(\(r)) AND NOT EXISTS (SELECT 1 FROM json_each(\(l)) AS \(alias)a "
            + "WHERE NOT EXISTS (SELECT 1 FROM json_each(\(r)) AS \(alias)b WHERE \(alias)b.value IS \(alias)a.value)))"
        var arguments = left.arguments + right.arguments + left.arguments + right.arguments
        if left.isNullable || right.isNullable {
            sql = "(CASE WHEN \(l) IS NULL OR \(r) IS NULL THEN (\(l) IS NULL AND \(r) IS NULL) ELSE \(sql) END)"
            arguments = left.arguments + right.arguments + left.arguments + right.arguments + arguments
        }
        return .computed(negated ? "(NOT \(sql))" : sql, arguments)
    }

    /// `left == right` (or `!=` when `negated`) for values of an `optional` type or not.
    ///
    /// For an optional type NULL is `nil`, and `IS` gives Swift's `nil == nil`. A value of a non-optional type is
    /// NULL only when it is NaN (SQLite has no NaN: `0.0 / 0.0` is NULL), which is equal to nothing, itself
    /// included: there `NULL = x` counts as false and `NULL <> x` as true.
    static func equality(_ left: SQLExpression, _ right: SQLExpression, negated: Bool, optional: Bool) -> SQLExpression {
        if right.isNilLiteral {
            return .computed("(\(left.sql) IS \(negated ? "NOT " : "")NULL)", left.arguments)
        }
        if left.isNilLiteral {
            return .computed("(\(right.sql) IS \(negated ? "NOT " : "")NULL)", right.arguments)
        }
        let arguments = left.arguments + right.arguments
        guard left.isNullable || right.isNullable else {
            return .computed("(\(left.sql) \(negated ? "<>" : "=") \(right.sql))", arguments)
        }
        if optional {
            return .computed("(\(left.sql) \(negated ? "IS NOT" : "IS") \(right.sql))", arguments)
        }
        return .computed("COALESCE(\(left.sql) \(negated ? "<>" : "=") \(right.sql), \(negated ? 1 : 0))", arguments)
    }
}
