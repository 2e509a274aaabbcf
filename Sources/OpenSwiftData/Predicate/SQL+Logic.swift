import Foundation
import SQLStore

// &&, || and ! over operands made non-NULL, so SQL's three-valued logic agrees with Swift's two-valued one; and
// the conditional (`if`/`else`, `? :`) as CASE (a model when both branches are models of one entity). `&&`, `||`
// and `? :` evaluate an operand only when Swift would, so an operand that throws (see `SQLExpression.failure`)
// fails the predicate only on the rows where Swift reaches it.

extension PredicateExpressions.Conjunction: SQLTranslatable, SQLShortCircuiting {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let left = try translator.translate(lhs)
        let right = try translator.translate(rhs)
        let sql = translator.sql
        var result = sql.and(left, right)
        result.failure = sql.anyFailure([left.failure, sql.failure(right.failure, when: left)])
        return result
    }
}

extension PredicateExpressions.Disjunction: SQLTranslatable, SQLShortCircuiting {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let left = try translator.translate(lhs)
        let right = try translator.translate(rhs)
        let sql = translator.sql
        var result = sql.or(left, right)
        result.failure = sql.anyFailure([left.failure, sql.failure(right.failure, unless: left)])
        return result
    }
}

extension PredicateExpressions.Negation: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        translator.sql.not(try translator.translate(wrapped))
    }
}

extension PredicateExpressions.Conditional: SQLTranslatable, SQLShortCircuiting {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let condition = try translator.translate(test)
        let whenTrue = try translator.translate(trueBranch)
        let whenFalse = try translator.translate(falseBranch)
        let sql = translator.sql
        // `(c ? $0.leader : $0.follower)?.name`: a choice between models is a model, key paths go on from it.
        var result = sql.conditional(condition, then: whenTrue, else: whenFalse)
        result.failure = sql.anyFailure([
            condition.failure, sql.failure(whenTrue.failure, when: condition),
            sql.failure(whenFalse.failure, unless: condition),
        ])
        return result
    }
}
