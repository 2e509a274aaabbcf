import Foundation
import SQLite

// +, -, *, /, % and unary minus. SQLite's integer division and remainder truncate toward zero, as Swift's do.
// Where Swift would trap (integer overflow, integer division by zero) SQLite yields REAL or NULL instead; a NULL
// makes the enclosing comparison false. Floating-point division by zero gives ±infinity as in Swift (0/0, NaN,
// is NULL: as in Swift, no ordering of it is true and it equals nothing, itself included — see SQLComparison — but
// an optional holding NaN is nil in SQL).

extension PredicateExpressions.Arithmetic: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let left = try translator.translate(lhs)
        let right = try translator.translate(rhs)
        let sqlOperator = switch op {
        case .add: "+"
        case .subtract: "-"
        case .multiply: "*"
        }
        return .computed(
            "(\(left.sql) \(sqlOperator) \(right.sql))", left.arguments + right.arguments,
            nullable: left.isNullable || right.isNullable
        )
    }
}

extension PredicateExpressions.IntDivision: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let left = try translator.translate(lhs)
        let right = try translator.translate(rhs)
        return .computed("(\(left.sql) / \(right.sql))", left.arguments + right.arguments, nullable: true)
    }
}

extension PredicateExpressions.IntRemainder: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let left = try translator.translate(lhs)
        let right = try translator.translate(rhs)
        return .computed("(\(left.sql) % \(right.sql))", left.arguments + right.arguments, nullable: true)
    }
}

extension PredicateExpressions.FloatDivision: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let left = try translator.translate(lhs)
        let right = try translator.translate(rhs)
        // SQLite answers x / 0.0 with NULL; Swift with ±infinity (9e999 is how SQLite spells infinity).
        let sql = "(CASE WHEN \(right.sql) = 0 THEN (CASE WHEN \(left.sql) > 0 THEN 9e999 WHEN \(left.sql) < 0 THEN -9e999 END) "
            + "ELSE (\(left.sql) * 1.0) / \(right.sql) END)"
        return .computed(sql, right.arguments + left.arguments + left.arguments + left.arguments + right.arguments, nullable: true)
    }
}

extension PredicateExpressions.UnaryMinus: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let operand = try translator.translate(wrapped)
        return .computed("(- \(operand.sql))", operand.arguments, nullable: operand.isNullable)
    }
}
