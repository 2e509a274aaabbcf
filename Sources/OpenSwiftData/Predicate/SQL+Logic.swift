import Foundation
import SQLStore

// &&, || and ! over operands made non-NULL, so SQL's three-valued logic agrees with Swift's two-valued one; and
// the conditional (`if`/`else`, `? :`) as CASE (a model when both branches are models of one entity).

extension PredicateExpressions.Conjunction: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        translator.sql.and(try translator.translate(lhs), try translator.translate(rhs))
    }
}

extension PredicateExpressions.Disjunction: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        translator.sql.or(try translator.translate(lhs), try translator.translate(rhs))
    }
}

extension PredicateExpressions.Negation: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        translator.sql.not(try translator.translate(wrapped))
    }
}

extension PredicateExpressions.Conditional: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let condition = try translator.translate(test)
        let whenTrue = try translator.translate(trueBranch)
        let whenFalse = try translator.translate(falseBranch)
        // `(c ? $0.leader : $0.follower)?.name`: a choice between models is a model, key paths go on from it.
        return translator.sql.conditional(condition, then: whenTrue, else: whenFalse)
    }
}
