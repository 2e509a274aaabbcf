import Foundation
import SQLStore

// ==, != and <, <=, >, >=. Equality of optionals uses IS / IS NOT when either side can be NULL, so that, as in
// Swift, `nil == nil` is true and `optional != value` is true for nil; a non-optional NULL is NaN (see the store
// layer's `SQLExpressionBuilder.equality`). Values stored as JSON are compared in canonical form (see
// SQL+JSON.swift); models' identifiers with their entities and store (see SQL+Identifiers.swift).

extension PredicateExpressions.Equal: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        try SQLComparison.equality(lhs, rhs, type: LHS.Output.self, negated: false, translator)
    }
}

extension PredicateExpressions.NotEqual: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        try SQLComparison.equality(lhs, rhs, type: LHS.Output.self, negated: true, translator)
    }
}

extension PredicateExpressions.Comparison: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        var left = try translator.translate(lhs)
        var right = try translator.translate(rhs)
        if SQLIdentifiers.isIdentifier(LHS.Output.self) {
            switch try SQLIdentifiers.ordering(lhs, left, rhs, right, op: op, translator) {
            case .constant(let result): return translator.sql.constant(result)
            case .operands(let newLeft, let newRight): (left, right) = (newLeft, newRight)
            }
        }
        let comparison: ComparisonOperator =
            switch op {
            case .lessThan: .lessThan
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThan: .greaterThan
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        // Swift cannot order optionals, so NULL only reaches here through other expressions (a division by zero);
        // it makes the comparison false.
        return translator.sql.comparison(left, comparison, right)
    }
}

enum SQLComparison {
    /// Throws when a side is a collection whose JSON text cannot be compared as text: one the database rebuilt
    /// (`filter`, a range subscript), or one in an order Swift does not share.
    static func requireComparableText(_ left: SQLExpression, _ right: SQLExpression, type: Any.Type)
        throws(SwiftDataError)
    {
        for side in [left, right] where side.isRebuiltJSON || side.hasUnknownOrder {
            throw .unsupportedPredicate(
                "== on \(side.described(as: type)) has no SQL translation: compare its count, or test its elements with contains"
            )
        }
    }

    /// `lhs == rhs` (or `!=` when `negated`) for values of `type`: identifiers by entity, store and key; sets stored
    /// as JSON whatever their order; other JSON values in canonical form; anything else as stored.
    static func equality(
        _ lhs: Any, _ rhs: Any, type: Any.Type, negated: Bool, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        let left = try translator.translate(lhs)
        let right = try translator.translate(rhs)
        let optional = type is any OptionalType.Type
        if let identifiers = try SQLIdentifiers.equality(
            lhs, left, rhs, right, type: type, negated: negated, optional: optional, translator
        ) {
            return identifiers
        }
        try requireComparableText(left, right, type: type)
        let sql = translator.sql
        if SQLJSON.isUnordered(type) {
            return sql.setEquality(sql.canonicalJSON(left), sql.canonicalJSON(right), negated: negated)
        }
        if SQLJSON.isStoredAsJSON(type) {
            return sql.equality(sql.canonicalJSON(left), sql.canonicalJSON(right), negated: negated, optional: optional)
        }
        return sql.equality(left, right, negated: negated, optional: optional)
    }
}
