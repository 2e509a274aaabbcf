import Foundation

// &&, || and !. Operands are never NULL (see SQLExpression.isNullable), so SQL's three-valued logic agrees with
// Swift's two-valued one.

extension PredicateExpressions.Conjunction: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let left = try translator.translate(lhs)
        let right = try translator.translate(rhs)
        return .computed("(\(SQLLogic.boolean(left)) AND \(SQLLogic.boolean(right)))", left.arguments + right.arguments)
    }
}

extension PredicateExpressions.Disjunction: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let left = try translator.translate(lhs)
        let right = try translator.translate(rhs)
        return .computed("(\(SQLLogic.boolean(left)) OR \(SQLLogic.boolean(right)))", left.arguments + right.arguments)
    }
}

extension PredicateExpressions.Negation: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let operand = try translator.translate(wrapped)
        return .computed("(NOT \(SQLLogic.boolean(operand)))", operand.arguments)
    }
}

enum SQLLogic {
    /// A boolean operand, made non-NULL if it could be NULL.
    static func boolean(_ expression: SQLExpression) -> String {
        expression.isNullable ? "COALESCE(\(expression.sql), 0)" : expression.sql
    }
}
