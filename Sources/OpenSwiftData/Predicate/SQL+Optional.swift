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
        if case .reference(let table, _) = optional.kind, optional.isNullable {
            return try SQLOptionals.throughReference(optional, table: table, variable: variable.key, transform, translator)
        }
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
        var result = SQLExpression.computed(
            "(SELECT \(body.sql) FROM \(table.quotedName) AS \(alias) WHERE \(key) = \(reference.sql))",
            body.arguments + reference.arguments, nullable: true
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
