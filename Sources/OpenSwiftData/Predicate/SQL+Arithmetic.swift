import Foundation
import SQLStore

// +, -, *, /, % and unary minus, as the store layer's builder writes them: integer division and remainder truncate
// toward zero, as Swift's do; where Swift would trap (integer overflow, integer division by zero) SQL yields REAL or
// NULL instead, and a NULL makes the enclosing comparison false. Floating-point division is Swift's own: ±infinity
// for a zero divisor, by the signs (0/0, NaN, is NULL: as in Swift, no ordering of it is true and it equals nothing,
// itself included — but an optional holding NaN is nil in SQL).

extension PredicateExpressions.Arithmetic: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let operation: ArithmeticOperator =
            switch op {
            case .add: .add
            case .subtract: .subtract
            case .multiply: .multiply
            }
        return translator.sql.arithmetic(
            try translator.translate(lhs), operation, try translator.translate(rhs),
            floatingPoint: Output.self is any FloatingPoint.Type)
    }
}

extension PredicateExpressions.IntDivision: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        translator.sql.integerDivision(try translator.translate(lhs), try translator.translate(rhs))
    }
}

extension PredicateExpressions.IntRemainder: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        translator.sql.remainder(try translator.translate(lhs), try translator.translate(rhs))
    }
}

extension PredicateExpressions.FloatDivision: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        translator.sql.floatDivision(try translator.translate(lhs), try translator.translate(rhs))
    }
}

extension PredicateExpressions.UnaryMinus: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        translator.sql.negation(
            try translator.translate(wrapped), floatingPoint: Wrapped.Output.self is any FloatingPoint.Type)
    }
}
