// To-many relationships: EXISTS / NOT EXISTS / count subqueries over the related table — through the foreign key the
// destination holds, or the join table — correlated with the owner's key; a closure's test is built on a row of the
// subquery.

extension SQLExpressionBuilder {
    /// Whether the relationship holds no row.
    package func relatedIsEmpty(_ collection: SQLExpression, _ mapping: RelationshipMapping) -> SQLExpression {
        computed("(NOT EXISTS (SELECT 1 " + source(of: mapping, ownerKey: collection.fragment, alias: uniqueAlias("c")) + "))")
    }

    /// The number of rows the relationship holds.
    package func relatedCount(_ collection: SQLExpression, _ mapping: RelationshipMapping) -> SQLExpression {
        computed("(SELECT count(*) " + source(of: mapping, ownerKey: collection.fragment, alias: uniqueAlias("c")) + ")")
    }

    /// Whether the relationship holds the row whose key `row` is.
    package func relatedContains(_ collection: SQLExpression, _ mapping: RelationshipMapping, _ row: SQLExpression) -> SQLExpression {
        let alias = uniqueAlias("r")
        return computed(
            "(EXISTS (SELECT 1 " + source(of: mapping, ownerKey: collection.fragment, alias: alias)
                + " AND \(alias).\(mapping.destination.quotedPrimaryKey) = " + row.fragment + "))"
        )
    }

    /// Whether some row the relationship holds passes `test`, built on that row (columns read directly).
    package func relatedAny<Failure: Error>(
        _ collection: SQLExpression, _ mapping: RelationshipMapping, where test: (SQLExpression) throws(Failure) -> SQLExpression
    ) throws(Failure) -> SQLExpression {
        let (alias, body) = try relatedTest(mapping, test)
        return computed("(EXISTS (SELECT 1 " + source(of: mapping, ownerKey: collection.fragment, alias: alias) + " AND " + nonNull(body) + "))")
    }

    /// Whether every row the relationship holds passes `test` (true for none).
    package func relatedAll<Failure: Error>(
        _ collection: SQLExpression, _ mapping: RelationshipMapping, satisfy test: (SQLExpression) throws(Failure) -> SQLExpression
    ) throws(Failure) -> SQLExpression {
        let (alias, body) = try relatedTest(mapping, test)
        return computed(
            "(NOT EXISTS (SELECT 1 " + source(of: mapping, ownerKey: collection.fragment, alias: alias) + " AND NOT " + nonNull(body) + "))"
        )
    }

    private func relatedTest<Failure: Error>(
        _ mapping: RelationshipMapping, _ test: (SQLExpression) throws(Failure) -> SQLExpression
    ) throws(Failure) -> (String, SQLExpression) {
        let alias = uniqueAlias("r")
        let row = SQLExpression(
            SQLFragment("\(alias).\(mapping.destination.quotedPrimaryKey)"), isNullable: false,
            kind: .reference(mapping.destination, alias: alias)
        )
        return (alias, try test(row))
    }

    /// `FROM <destination> AS <alias> … WHERE <it belongs to the owner>` for a relationship (a to-one one seen as a
    /// collection of at most one). Every table here is aliased, so `ownerKey` — which may name the statement's own
    /// table — is never shadowed.
    func source(of mapping: RelationshipMapping, ownerKey: SQLFragment, alias: String) -> SQLFragment {
        let destination = mapping.destination
        let key = "\(alias).\(destination.quotedPrimaryKey)"
        switch mapping.storage {
        case .inverseForeignKey(let column):
            return "FROM \(destination.quotedName) AS \(alias) WHERE \(alias).\(dialect.quoted(destination.columns[column].name)) = " + ownerKey
        case .joinTable(let joinTable, let ownerColumn, let destinationColumn):
            return "FROM \(destination.quotedName) AS \(alias) JOIN \(joinTable.quotedName) AS \(alias)j "
                + "ON \(alias)j.\(dialect.quoted(destinationColumn)) = \(key) WHERE \(alias)j.\(dialect.quoted(ownerColumn)) = " + ownerKey
        case .foreignKey(let column):
            let owner = mapping.owner
            return "FROM \(destination.quotedName) AS \(alias) WHERE \(key) = (SELECT \(alias)o.\(dialect.quoted(owner.columns[column].name)) "
                + "FROM \(owner.quotedName) AS \(alias)o WHERE \(alias)o.\(owner.quotedPrimaryKey) = " + ownerKey + ")"
        }
    }
}
