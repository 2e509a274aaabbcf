import Foundation

// `??`, optional chaining and `flatMap` (`$0.note?.count`), and `!`. A NULL in SQL is `nil` in Swift.

extension PredicateExpressions.NilCoalesce: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let optional = try translator.translate(lhs)
        let fallback = try translator.translate(rhs)
        var result = SQLExpression.computed(
            "COALESCE(\(optional.sql), \(fallback.sql))", optional.arguments + fallback.arguments, nullable: fallback.isNullable
        )
        // `($0.leader ?? $0).name`: a model (or a relationship) whichever side it comes from.
        result.kind = SQLRelationships.commonKind(optional, fallback)
        return result
    }
}

extension PredicateExpressions.OptionalFlatMap: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let optional = try translator.translate(wrapped)
        var unwrapped = optional
        unwrapped.isNullable = false
        let body = try translator.binding(variable.key, to: unwrapped).translate(transform)
        if !optional.isNullable { return body }
        var result = SQLExpression.computed(
            "(CASE WHEN \(optional.sql) IS NULL THEN NULL ELSE \(body.sql) END)", optional.arguments + body.arguments,
            nullable: true
        )
        // A model reached through the chain stays a model (its key, or NULL): key paths can go on from it.
        switch body.kind {
        case .reference(let table, _): result.kind = .reference(table, alias: nil)
        case .collection, .identifier: result.kind = body.kind
        case .nilLiteral, .value, .column, .computed: break
        }
        return result
    }
}

extension PredicateExpressions.ForcedUnwrap: SQLTranslatable {
    /// `Predicate.evaluate` throws on a nil force-unwrap; in SQL the row simply does not match.
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        try translator.translate(inner)
    }
}
