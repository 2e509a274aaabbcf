import Foundation
import SQLite

// +, -, *, /, % and unary minus. SQLite's integer division and remainder truncate toward zero, as Swift's do.
// Where Swift would trap (integer overflow, integer division by zero) SQLite yields REAL or NULL instead; a NULL
// makes the enclosing comparison false. Floating-point division is Swift's own, in an SQL function: ±infinity for
// a zero divisor, by the signs (0/0, NaN, is NULL: as in Swift, no ordering of it is true and it equals nothing,
// itself included — see SQLComparison — but an optional holding NaN is nil in SQL).

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
        // SQLite answers x / 0.0 with NULL and cannot tell -0.0 from 0.0; Swift's own division gives ±infinity by
        // the sign of both (1 / -0.0 is -infinity), and NaN, which SQL spells NULL.
        return .computed("\(StringFunctions.floatDivide)(\(left.sql), \(right.sql))", left.arguments + right.arguments, nullable: true)
    }
}

extension PredicateExpressions.UnaryMinus: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let operand = try translator.translate(wrapped)
        // SQLite computes -x as 0 - x, which is +0.0 for x = 0.0, where Swift's -0.0 matters to a later division.
        // Multiplying a floating-point value by -1 negates it exactly, zero's sign included.
        let sql = Wrapped.Output.self is any FloatingPoint.Type ? "(\(operand.sql) * -1)" : "(- \(operand.sql))"
        return .computed(sql, operand.arguments, nullable: operand.isNullable)
    }
}
