import Foundation
import SQLite

// Predicates through to-many relationships: `$0.cast.contains { $0.name == x }`, `allSatisfy`, `count`,
// `isEmpty`. Each is a subquery over the related table (through the join table for many-to-many), correlated with
// the owner's key; the closure's variable is a row of that subquery.

enum SQLRelationships {
    /// `FROM <destination> AS <alias> … WHERE <it belongs to the owner>` for a to-many relationship.
    static func source(of mapping: RelationshipMapping, ownerKey: String, alias: String) -> String {
        // Every table here is aliased, so `ownerKey` — which may name the statement's own table — is never shadowed.
        let destination = mapping.destination
        let key = "\(alias).\(SQL.identifier(SQL.primaryKey))"
        switch mapping.storage {
        case .inverseForeignKey(let column):
            return "FROM \(destination.quotedName) AS \(alias) WHERE \(alias).\(SQL.identifier(destination.columns[column].name)) = \(ownerKey)"
        case .joinTable(let joinTable, let ownerColumn, let destinationColumn):
            return "FROM \(destination.quotedName) AS \(alias) JOIN \(joinTable.quotedName) AS \(alias)j "
                + "ON \(alias)j.\(SQL.identifier(destinationColumn)) = \(key) WHERE \(alias)j.\(SQL.identifier(ownerColumn)) = \(ownerKey)"
        case .foreignKey(let column):
            // A to-one relationship seen as a collection of at most one.
            let owner = mapping.owner
            return "FROM \(destination.quotedName) AS \(alias) WHERE \(key) = (SELECT \(alias)o.\(SQL.identifier(owner.columns[column].name)) "
                + "FROM \(owner.quotedName) AS \(alias)o WHERE \(alias)o.\(SQL.identifier(SQL.primaryKey)) = \(ownerKey))"
        }
    }

    /// The kind of an expression that is one of two others (`? :`, `??`): a model of an entity when both are models
    /// of that entity (or one is `nil`), read by its key as its SQL computes it; a relationship when both are the same
    /// relationship (of owners the SQL computes); an identifier of an entity when both are; otherwise computed.
    static func commonKind(_ first: SQLExpression, _ second: SQLExpression) -> SQLExpression.Kind {
        switch (first.kind, second.kind) {
        case (.reference(let table, _), .reference(let other, _)) where table === other:
            return .reference(table, alias: nil)
        case (.reference(let table, _), .nilLiteral), (.nilLiteral, .reference(let table, _)):
            return .reference(table, alias: nil)
        case (.collection(let mapping), .collection(let other))
            where mapping.owner === other.owner && mapping.propertyIndex == other.propertyIndex:
            return .collection(mapping)
        case (.identifier(let table), .identifier(let other)) where table === other:
            return .identifier(table)
        case (.identifier(let table), .nilLiteral), (.nilLiteral, .identifier(let table)):
            return .identifier(table)
        default:
            return .computed
        }
    }

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

    /// `collection.contains(model)`: whether the model's key is among the related rows' keys.
    static func membership(
        of model: SQLExpression, in collection: SQLExpression, mapping: RelationshipMapping, _ translator: PredicateTranslator
    ) -> SQLExpression {
        let alias = translator.uniqueAlias("r")
        let source = source(of: mapping, ownerKey: collection.sql, alias: alias)
        return .computed(
            "(EXISTS (SELECT 1 \(source) AND \(alias).\(SQL.identifier(SQL.primaryKey)) = \(model.sql)))",
            collection.arguments + model.arguments
        )
    }

    /// `EXISTS (SELECT 1 FROM … WHERE … AND <test>)`, or with `negated` the `allSatisfy` form.
    static func quantified(
        _ collection: SQLExpression, mapping: RelationshipMapping, variable: PredicateExpressions.VariableID, test: Any,
        allSatisfy: Bool, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        let alias = translator.uniqueAlias("r")
        let element = SQLExpression(
            sql: "\(alias).\(SQL.identifier(SQL.primaryKey))", arguments: [], isNullable: false,
            kind: .reference(mapping.destination, alias: alias)
        )
        let body = try translator.binding(variable, to: element).translate(test)
        let source = source(of: mapping, ownerKey: collection.sql, alias: alias)
        if allSatisfy {
            return .computed("(NOT EXISTS (SELECT 1 \(source) AND NOT \(body.nonNullBoolean)))", collection.arguments + body.arguments)
        }
        return .computed("(EXISTS (SELECT 1 \(source) AND \(body.nonNullBoolean)))", collection.arguments + body.arguments)
    }
}
