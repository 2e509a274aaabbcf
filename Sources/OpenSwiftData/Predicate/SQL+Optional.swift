import Foundation
import SQLStore

// `??`, optional chaining and `flatMap` (`$0.note?.count`), and `!`. A NULL in SQL is `nil` in Swift.

extension PredicateExpressions.NilCoalesce: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        // `($0.leader ?? $0).name`: a model (or a relationship) whichever side it comes from.
        translator.sql.coalesce(try translator.translate(lhs), try translator.translate(rhs))
    }
}

extension PredicateExpressions.OptionalFlatMap: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let optional = try translator.translate(wrapped)
        if case .reference(let table, _) = optional.kind, optional.isNullable {
            // `$0.leader?.name`, `$0.author.flatMap { … }`: the body over the referenced row, read in a scalar
            // subquery that finds no row — so yields nil — when the reference is nil.
            return try translator.sql.throughReference(optional, table: table) { row throws(SwiftDataError) in
                try translator.binding(variable.key, to: row).translate(transform)
            }
        }
        let body = try translator.binding(variable.key, to: optional.unwrapped).translate(transform)
        // A model reached through the chain stays a model (its key, or NULL): key paths can go on from it.
        return translator.sql.unlessNull(optional, then: body)
    }
}

extension PredicateExpressions.ForcedUnwrap: SQLTranslatable {
    /// `Predicate.evaluate` throws on a nil force-unwrap; in SQL the row simply does not match.
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        try translator.translate(inner)
    }
}
