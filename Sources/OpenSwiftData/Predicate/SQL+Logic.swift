import Foundation

// &&, || and ! over operands made non-NULL, so SQL's three-valued logic agrees with Swift's two-valued one; and
// the conditional (`if`/`else`, `? :`) as CASE (a model when both branches are models of one entity). `&&`, `||`
// and `? :` evaluate an operand only when Swift would, so an operand that throws (see `SQLExpression.failure`)
// fails the predicate only on the rows where Swift reaches it.

extension PredicateExpressions.Conjunction: SQLTranslatable, SQLShortCircuiting {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let left = try translator.translate(lhs)
        let right = try translator.translate(rhs)
        var result = SQLExpression.computed("(\(left.nonNullBoolean) AND \(right.nonNullBoolean))", left.arguments + right.arguments)
        result.failure = SQLCondition.any([left.failure, right.failure?.when(left.nonNullBoolean, left.arguments)])
        return result
    }
}

extension PredicateExpressions.Disjunction: SQLTranslatable, SQLShortCircuiting {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let left = try translator.translate(lhs)
        let right = try translator.translate(rhs)
        var result = SQLExpression.computed("(\(left.nonNullBoolean) OR \(right.nonNullBoolean))", left.arguments + right.arguments)
        result.failure = SQLCondition.any([left.failure, right.failure?.when("NOT \(left.nonNullBoolean)", left.arguments)])
        return result
    }
}

extension PredicateExpressions.Negation: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let operand = try translator.translate(wrapped)
        return .computed("(NOT \(operand.nonNullBoolean))", operand.arguments)
    }
}

extension PredicateExpressions.Conditional: SQLTranslatable, SQLShortCircuiting {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let condition = try translator.translate(test)
        let whenTrue = try translator.translate(trueBranch)
        let whenFalse = try translator.translate(falseBranch)
        var result = SQLExpression.computed(
            "(CASE WHEN \(condition.nonNullBoolean) THEN \(whenTrue.sql) ELSE \(whenFalse.sql) END)",
            condition.arguments + whenTrue.arguments + whenFalse.arguments,
            nullable: whenTrue.isNullable || whenFalse.isNullable
        )
        // `(c ? $0.leader : $0.follower)?.name`: a choice between models is a model, key paths go on from it.
        result.kind = SQLRelationships.commonKind(whenTrue, whenFalse)
        result.failure = SQLCondition.any([
            condition.failure,
            whenTrue.failure?.when(condition.nonNullBoolean, condition.arguments),
            whenFalse.failure?.when("NOT \(condition.nonNullBoolean)", condition.arguments),
        ])
        return result
    }
}
