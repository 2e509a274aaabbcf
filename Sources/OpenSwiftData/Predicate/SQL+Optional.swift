import Foundation
import SQLStore

// `??`, optional chaining and `flatMap` (`$0.note?.count`), and `!`. A NULL in SQL is `nil` in Swift. `??` and
// `flatMap` evaluate their second part only when Swift would (so only then can it throw); `!` throws on nil.

extension PredicateExpressions.NilCoalesce: SQLTranslatable, SQLShortCircuiting {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let optional = try translator.translate(lhs)
        let fallback = try translator.translate(rhs)
        let sql = translator.sql
        // `($0.leader ?? $0).name`: a model (or a relationship) whichever side it comes from.
        var result = sql.coalesce(optional, fallback)
        result.failure = sql.anyFailure([optional.failure, sql.failure(fallback.failure, whenNull: optional)])
        return result
    }
}

extension PredicateExpressions.OptionalFlatMap: SQLTranslatable, SQLShortCircuiting {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let optional = try translator.translate(wrapped)
        let sql = translator.sql
        if case .reference(let table, _) = optional.kind, optional.isNullable {
            // `$0.leader?.name`, `$0.author.flatMap { … }`: the body over the referenced row, read in a scalar
            // subquery that finds no row — so yields nil — when the reference is nil.
            return try sql.throughReference(optional, table: table) { row throws(SwiftDataError) in
                try translator.binding(variable.key, to: row).translate(transform)
            }
        }
        var unwrapped = optional.unwrapped
        unwrapped.failure = nil
        var body = try translator.binding(variable.key, to: unwrapped).translate(transform)
        if !optional.isNullable {
            body.failure = sql.anyFailure([optional.failure, body.failure])
            return body
        }
        // A model reached through the chain stays a model (its key, or NULL): key paths can go on from it.
        var result = sql.unlessNull(optional, then: body)
        result.failure = sql.anyFailure([optional.failure, sql.failure(body.failure, whenNotNull: optional)])
        return result
    }
}

extension PredicateExpressions.ForcedUnwrap: SQLTranslatable {
    /// `Predicate.evaluate` throws on a nil force-unwrap: the row does not match.
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        var value = try translator.translate(inner)
        guard value.isNullable else { return value }
        value.failure = translator.sql.failsIfNull(value)
        value.isNullable = false
        return value
    }
}
