import Foundation
import SQLStore

// Predicates through to-many relationships: `$0.cast.contains { $0.name == x }`, `allSatisfy`, `count`,
// `isEmpty`. Each is a subquery over the related table (through the join table for many-to-many), correlated with
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
        let body = { (row: SQLExpression) throws(SwiftDataError) -> SQLExpression in
            try translator.binding(variable, to: row).translate(test)
        }
        return allSatisfy
            ? try translator.sql.relatedAll(collection, mapping, satisfy: body)
            : try translator.sql.relatedAny(collection, mapping, where: body)
    }
}
