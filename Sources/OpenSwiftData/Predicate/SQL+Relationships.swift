import Foundation
import SQLStore

// Predicates through to-many relationships: `$0.cast.contains { $0.name == x }`, `allSatisfy`, `count`,
// `isEmpty`, `filter { … }`. Each is a subquery over the related table (through the join table for many-to-many), correlated with
// the owner's key (the store layer's `SQLExpressionBuilder+Relationships`); the closure's variable is a row of
// that subquery.

enum SQLRelationships {
    /// Throws when `collection`, a collection of models (`elementType`), is not a relationship the SQL can follow —
    /// a choice between two different relationships, `c ? author.books : genre.books` — which would otherwise be
    /// taken for a JSON array.
    static func requireRelationship(_ collection: SQLExpression, elementType: Any.Type) throws(SwiftDataError) {
        guard elementType is any PersistentModel.Type else { return }
        if case .collection = collection.kind { return }
        throw .unsupportedPredicate(
            "a collection of \(elementType) that is not one relationship (a choice between different relationships) has no SQL translation"
        )
    }

    /// `collection.contains { test }` (or with `allSatisfy`, `collection.allSatisfy { test }`) over a relationship's
    /// rows, the closure's variable bound to each row.
    static func quantified(
        _ collection: SQLExpression, mapping: RelationshipMapping, variable: PredicateExpressions.VariableID, test: Any,
        allSatisfy: Bool, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        var canFail = false
        let body = { (row: SQLExpression) throws(SwiftDataError) -> SQLExpression in
            let body = try translator.binding(variable, to: row).translateApart(test)
            if body.failure != nil { canFail = true }
            return body
        }
        var result =
            allSatisfy
            ? try translator.sql.relatedAll(collection, mapping, satisfy: body)
            : try translator.sql.relatedAny(collection, mapping, where: body)
        if canFail {
            // Swift stops at the first model that decides the answer, so whether it throws depends on the order of
            // the relationship's array, which SQL does not know.
            throw .unsupportedPredicate(
                "\(allSatisfy ? "allSatisfy" : "contains(where:)") over the to-many relationship \(collection.name ?? mapping.owner.name) "
                    + "with a test that can throw (a force unwrap, a subscript, as!) has no SQL translation: whether it throws "
                    + "depends on the order of the related models"
            )
        }
        result.failure = translator.sql.anyFailure([collection.failure, result.failure])
        return result
    }

    /// `collection.filter { test }` for a to-many relationship: the same relationship, with one more filter, asked
    /// of the rows wherever they are read (so is its failure).
    static func filtered(
        _ collection: SQLExpression, mapping: RelationshipMapping, variable: PredicateExpressions.VariableID, test: Any,
        _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        let row = translator.sql.relatedRow(mapping, translator.sql.uniqueAlias("r"))
        let filter = try translator.filter(variable, test: test, firstElement: row)
        return translator.sql.relatedFilter(collection, by: filter)
    }
}
