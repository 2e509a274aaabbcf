import Foundation

// `??`, optional chaining and `flatMap` (`$0.note?.count`), and `!`. A NULL in SQL is `nil` in Swift. `??` and
// `flatMap` evaluate their second part only when Swift would (so only then can it throw); `!` throws on nil.

extension PredicateExpressions.NilCoalesce: SQLTranslatable, SQLShortCircuiting {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let optional = try translator.translate(lhs)
        let fallback = try translator.translate(rhs)
        var result = SQLExpression.computed(
            "COALESCE(\(optional.sql), \(fallback.sql))", optional.arguments + fallback.arguments, nullable: fallback.isNullable
        )
        // `($0.leader ?? $0).name`: a model (or a relationship) whichever side it comes from.
        result.kind = SQLRelationships.commonKind(optional, fallback)
        result.failure = SQLCondition.any([optional.failure, fallback.failure?.when("\(optional.sql) IS NULL", optional.arguments)])
        return result
    }
}

extension PredicateExpressions.OptionalFlatMap: SQLTranslatable, SQLShortCircuiting {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let optional = try translator.translate(wrapped)
        if case .reference(let table, _) = optional.kind, optional.isNullable {
            return try SQLOptionals.throughReference(optional, table: table, variable: variable.key, transform, translator)
        }
        var unwrapped = optional
        unwrapped.isNullable = false
        unwrapped.failure = nil
        var body = try translator.binding(variable.key, to: unwrapped).translate(transform)
        if !optional.isNullable {
            body.failure = SQLCondition.any([optional.failure, body.failure])
            return body
        }
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
        result.failure = SQLCondition.any([optional.failure, body.failure?.when("\(optional.sql) IS NOT NULL", optional.arguments)])
        return result
    }
}

extension PredicateExpressions.ForcedUnwrap: SQLTranslatable {
    /// `Predicate.evaluate` throws on a nil force-unwrap: the row does not match.
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        var value = try translator.translate(inner)
        guard value.isNullable else { return value }
        value.failure = SQLCondition("(\(value.sql) IS NULL)", value.arguments)
        value.isNullable = false
        return value
    }
}

enum SQLOptionals {
    /// `reference.flatMap { body }` through an optional model (`$0.leader?.name`, `$0.author.flatMap { … }`): the
    /// body over the referenced row, read in a scalar subquery that finds no row — so yields NULL, `nil` — when the
    /// reference is nil.
    ///
    /// The row is in the subquery's FROM clause, so the body reads its columns directly and the reference's SQL
    /// appears once. (Binding the variable to the reference's SQL instead repeats that SQL at every use, and
    /// `CASE WHEN ref IS NULL` once more: chains of optionals grew exponentially, beyond SQLite's parser stack.)
    static func throughReference(
        _ reference: SQLExpression, table: EntityTable, variable: PredicateExpressions.VariableID, _ transform: Any,
        _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        let alias = translator.uniqueAlias("o")
        let key = "\(alias).\(SQL.identifier(SQL.primaryKey))"
        let row = SQLExpression(sql: key, arguments: [], isNullable: false, kind: .reference(table, alias: alias))
        let body = try translator.binding(variable, to: row).translate(transform)
        let rowSQL = "FROM \(table.quotedName) AS \(alias) WHERE \(key) = \(reference.sql)"
        var result = SQLExpression.computed("(SELECT \(body.sql) \(rowSQL))", body.arguments + reference.arguments, nullable: true)
        // The body's failure reads the row's columns: it is asked of the row, and no row (nil) does not throw.
        result.failure = SQLCondition.any([
            reference.failure,
            body.failure.map { SQLCondition("COALESCE((SELECT \($0.sql) \(rowSQL)), 0)", $0.arguments + reference.arguments) },
        ])
        // A model reached through the chain stays a model (its key, or NULL): key paths can go on from it.
        switch body.kind {
        case .reference(let table, _): result.kind = .reference(table, alias: nil)
        case .collection, .identifier: result.kind = body.kind
        case .nilLiteral, .value, .column, .computed: break
        }
        return result
    }
}
