import Foundation
import SQLite

// ==, != and <, <=, >, >=. Equality uses IS / IS NOT when either side can be NULL, so that, as in Swift,
// `nil == nil` is true and `optional != value` is true for nil. Values stored as JSON are compared in canonical
// form (see SQL+JSON.swift).

extension PredicateExpressions.Equal: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let left = try translator.translate(lhs)
        let right = try translator.translate(rhs)
        if SQLJSON.isStoredAsJSON(LHS.Output.self) {
            return SQLComparison.equality(SQLJSON.canonical(left), SQLJSON.canonical(right), negated: false)
        }
        return SQLComparison.equality(left, right, negated: false)
    }
}

extension PredicateExpressions.NotEqual: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let left = try translator.translate(lhs)
        let right = try translator.translate(rhs)
        if SQLJSON.isStoredAsJSON(LHS.Output.self) {
            return SQLComparison.equality(SQLJSON.canonical(left), SQLJSON.canonical(right), negated: true)
        }
        return SQLComparison.equality(left, right, negated: true)
    }
}

extension PredicateExpressions.Comparison: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let left = try translator.translate(lhs)
        let right = try translator.translate(rhs)
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
    static func equality(_ left: SQLExpression, _ right: SQLExpression, negated: Bool) -> SQLExpression {
        if right.isNilLiteral {
            return .computed("(\(left.sql) IS \(negated ? "NOT " : "")NULL)", left.arguments)
        }
        if left.isNilLiteral {
            return .computed("(\(right.sql) IS \(negated ? "NOT " : "")NULL)", right.arguments)
        }
        let sqlOperator = if left.isNullable || right.isNullable {
            negated ? "IS NOT" : "IS"
        } else {
            negated ? "<>" : "="
        }
        return .computed("(\(left.sql) \(sqlOperator) \(right.sql))", left.arguments + right.arguments)
    }
}
