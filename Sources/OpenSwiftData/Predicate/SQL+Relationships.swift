import Foundation
import SQLite

// Predicates through to-many relationships: `$0.cast.contains { $0.name == x }`, `allSatisfy`, `count`,
// `isEmpty`, `filter { … }`. Each is a subquery over the related table (through the join table for many-to-many),
// correlated with the owner's key; the closure's variable is a row of that subquery.

/// `filter { test }` applied to a to-many relationship: translated against each subquery that reads the
/// relationship's rows, with `variable` bound to the row.
struct RelationshipFilter {
    let variable: PredicateExpressions.VariableID
    let test: Any
    /// The translator in scope where the filter was written (its bindings of enclosing closures' variables).
    let translator: PredicateTranslator
}

/// The rows a to-many relationship (and its filters) holds, as the tail of a subquery.
struct RelatedRows {
    /// `FROM <destination> AS <alias> … WHERE <it belongs to the owner> AND <each filter>`.
    let clause: String
    let arguments: [SQLiteValue]
    /// When a filter's test throws on one of the rows (a filter tests them all).
    let failure: SQLCondition?
}

enum SQLRelationships {
    /// The rows `collection` (a to-many relationship, perhaps filtered) holds, aliased `alias`.
    static func rows(of collection: SQLExpression, alias: String) throws(SwiftDataError) -> RelatedRows {
        guard case .collection(let mapping, let filters) = collection.kind else {
            throw .unsupportedPredicate("\(collection.name ?? "a collection") is not a to-many relationship")
        }
        var clause = source(of: mapping, ownerKey: collection.sql, alias: alias)
        var arguments = collection.arguments
        var failures: [SQLCondition] = []
        let row = SQLExpression(
            sql: "\(alias).\(SQL.identifier(SQL.primaryKey))", arguments: [], isNullable: false,
            kind: .reference(mapping.destination, alias: alias)
        )
        for filter in filters {
            let test = try filter.translator.binding(filter.variable, to: row).translateApart(filter.test)
            if let failure = test.failure {
                failures.append(SQLCondition("EXISTS (SELECT 1 \(clause) AND \(failure.sql))", arguments + failure.arguments))
            }
            clause += " AND \(test.nonNullBoolean)"
            arguments += test.arguments
        }
        return RelatedRows(clause: clause, arguments: arguments, failure: SQLCondition.any(failures))
    }

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
        case (.collection(let mapping, let filters), .collection(let other, let otherFilters))
            where mapping.owner === other.owner && mapping.propertyIndex == other.propertyIndex && filters.isEmpty
                && otherFilters.isEmpty:
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
        of model: SQLExpression, in collection: SQLExpression, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        let alias = translator.uniqueAlias("r")
        let rows = try rows(of: collection, alias: alias)
        var result = SQLExpression.computed(
            "(EXISTS (SELECT 1 \(rows.clause) AND \(alias).\(SQL.identifier(SQL.primaryKey)) = \(model.sql)))",
            rows.arguments + model.arguments
        )
        result.failure = rows.failure
        return result
    }

    /// `EXISTS (SELECT 1 FROM … WHERE … AND <test>)`, or with `negated` the `allSatisfy` form.
    static func quantified(
        _ collection: SQLExpression, variable: PredicateExpressions.VariableID, test: Any, allSatisfy: Bool,
        _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        let alias = translator.uniqueAlias("r")
        guard case .collection(let mapping, _) = collection.kind else {
            throw .unsupportedPredicate("\(collection.name ?? "a collection") is not a to-many relationship")
        }
        let element = SQLExpression(
            sql: "\(alias).\(SQL.identifier(SQL.primaryKey))", arguments: [], isNullable: false,
            kind: .reference(mapping.destination, alias: alias)
        )
        let body = try translator.binding(variable, to: element).translateApart(test)
        if body.failure != nil {
            // Swift stops at the first model that decides the answer, so whether it throws depends on the order of
            // the relationship's array, which SQL does not know.
            throw .unsupportedPredicate(
                "\(allSatisfy ? "allSatisfy" : "contains(where:)") over the to-many relationship \(collection.name ?? mapping.owner.name) "
                    + "with a test that can throw (a force unwrap, a subscript, as!) has no SQL translation: whether it throws "
                    + "depends on the order of the related models"
            )
        }
        let rows = try rows(of: collection, alias: alias)
        var result: SQLExpression
        if allSatisfy {
            result = .computed("(NOT EXISTS (SELECT 1 \(rows.clause) AND NOT \(body.nonNullBoolean)))", rows.arguments + body.arguments)
        } else {
            result = .computed("(EXISTS (SELECT 1 \(rows.clause) AND \(body.nonNullBoolean)))", rows.arguments + body.arguments)
        }
        result.failure = rows.failure
        return result
    }

    /// `collection.filter { test }` for a to-many relationship: the same relationship, with one more filter.
    static func filtered(
        _ collection: SQLExpression, variable: PredicateExpressions.VariableID, test: Any, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        guard case .collection(let mapping, let filters) = collection.kind else {
            throw .unsupportedPredicate("\(collection.name ?? "a collection") is not a to-many relationship")
        }
        let filter = RelationshipFilter(variable: variable, test: test, translator: translator)
        var result = collection
        result.kind = .collection(mapping, filters: filters + [filter])
        // The filter's test is asked of the rows where the filtered relationship is used: so is its failure.
        result.failure = collection.failure
        return result
    }
}
