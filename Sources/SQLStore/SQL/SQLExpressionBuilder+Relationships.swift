// To-many relationships: EXISTS / NOT EXISTS / count subqueries over the related table — through the foreign key the
// destination holds, or the join table — correlated with the owner's key; a closure's test is built on a row of the
// subquery.

extension SQLExpressionBuilder {
    /// Whether the relationship holds no row (that passes its ``SQLExpression/rowFilters``).
    package func relatedIsEmpty(_ collection: SQLExpression, _ mapping: RelationshipMapping) -> SQLExpression {
        let rows = rows(of: collection, mapping, alias: uniqueAlias("c"))
        var result = test("(NOT EXISTS (SELECT 1 " + rows.source + "))")
        result.failure = rows.failure
        return result
    }

    /// The number of rows the relationship holds.
    package func relatedCount(_ collection: SQLExpression, _ mapping: RelationshipMapping) -> SQLExpression {
        let rows = rows(of: collection, mapping, alias: uniqueAlias("c"))
        var result = computed("(SELECT count(*) " + rows.source + ")")
        result.failure = rows.failure
        return result
    }

    /// Whether the relationship holds the row whose key `row` is.
    package func relatedContains(_ collection: SQLExpression, _ mapping: RelationshipMapping, _ row: SQLExpression)
        -> SQLExpression
    {
        let alias = uniqueAlias("r")
        let rows = rows(of: collection, mapping, alias: alias)
        var result = test(
            "(EXISTS (SELECT 1 " + rows.source + " AND \(alias).\(mapping.destination.quotedPrimaryKey) = "
                + row.fragment + "))")
        result.failure = rows.failure
        return result
    }

    /// Whether some row the relationship holds passes `test`, built on that row (columns read directly). Fails where
    /// a filter of the relationship does; the test's own failure is the front end's to judge (the rows come in no
    /// order SQL knows).
    package func relatedAny<Failure: Error>(
        _ collection: SQLExpression, _ mapping: RelationshipMapping,
        where test: (SQLExpression) throws(Failure) -> SQLExpression
    ) throws(Failure) -> SQLExpression {
        let (alias, body) = try relatedTest(mapping, test)
        let rows = rows(of: collection, mapping, alias: alias)
        var result = self.test("(EXISTS (SELECT 1 " + rows.source + " AND " + nonNull(body) + "))")
        result.failure = rows.failure
        return result
    }

    /// Whether every row the relationship holds passes `test` (true for none).
    package func relatedAll<Failure: Error>(
        _ collection: SQLExpression, _ mapping: RelationshipMapping,
        satisfy test: (SQLExpression) throws(Failure) -> SQLExpression
    ) throws(Failure) -> SQLExpression {
        let (alias, body) = try relatedTest(mapping, test)
        let rows = rows(of: collection, mapping, alias: alias)
        var result = self.test("(NOT EXISTS (SELECT 1 " + rows.source + " AND NOT " + nonNull(body) + "))")
        result.failure = rows.failure
        return result
    }

    /// The relationship's rows with one more filter, `test`, built on each row where the rows are read.
    package func relatedFilter(_ collection: SQLExpression, by test: @escaping SQLFilter) -> SQLExpression {
        var result = collection
        result.rowFilters.append(test)
        return result
    }

    private func relatedTest<Failure: Error>(
        _ mapping: RelationshipMapping, _ test: (SQLExpression) throws(Failure) -> SQLExpression
    ) throws(Failure) -> (String, SQLExpression) {
        let alias = uniqueAlias("r")
        return (alias, try test(relatedRow(mapping, alias)))
    }

    /// A row of the relationship's destination named `alias`, its columns read directly.
    package func relatedRow(_ mapping: RelationshipMapping, _ alias: String) -> SQLExpression {
        SQLExpression(
            SQLFragment("\(alias).\(mapping.destination.quotedPrimaryKey)"), isNullable: false,
            kind: .reference(mapping.destination, alias: alias)
        )
    }

    /// ``source(of:ownerKey:alias:)`` narrowed by the collection's filters, and where a filter fails on one of the
    /// rows (a filter tests them all).
    private func rows(of collection: SQLExpression, _ mapping: RelationshipMapping, alias: String) -> (
        source: SQLFragment, failure: SQLFragment?
    ) {
        var source = source(of: mapping, ownerKey: collection.fragment, alias: alias)
        guard !collection.rowFilters.isEmpty else { return (source, nil) }
        let row = relatedRow(mapping, alias)
        var failures: [SQLFragment] = []
        for filter in collection.rowFilters {
            let test = filter(row)
            if let failure = test.failure { failures.append("EXISTS (SELECT 1 " + source + " AND " + failure + ")") }
            source += " AND " + nonNull(test)
        }
        return (source, anyFailure(failures))
    }

    /// `FROM <destination> AS <alias> … WHERE <it belongs to the owner>` for a relationship (a to-one one seen as a
    /// collection of at most one). Every table here is aliased, so `ownerKey` — which may name the statement's own
    /// table — is never shadowed.
    func source(of mapping: RelationshipMapping, ownerKey: SQLFragment, alias: String) -> SQLFragment {
        let destination = mapping.destination
        let key = "\(alias).\(destination.quotedPrimaryKey)"
        switch mapping.storage {
        case .inverseForeignKey(let column):
            return
                "FROM \(destination.quotedName) AS \(alias) WHERE \(alias).\(dialect.quoted(destination.columns[column].name)) = "
                + ownerKey
        case .joinTable(let joinTable, let ownerColumn, let destinationColumn):
            return "FROM \(destination.quotedName) AS \(alias) JOIN \(joinTable.quotedName) AS \(alias)j "
                + "ON \(alias)j.\(dialect.quoted(destinationColumn)) = \(key) WHERE \(alias)j.\(dialect.quoted(ownerColumn)) = "
                + ownerKey
        case .foreignKey(let column):
            let owner = mapping.owner
            return
                "FROM \(destination.quotedName) AS \(alias) WHERE \(key) = (SELECT \(alias)o.\(dialect.quoted(owner.columns[column].name)) "
                + "FROM \(owner.quotedName) AS \(alias)o WHERE \(alias)o.\(owner.quotedPrimaryKey) = " + ownerKey + ")"
        }
    }
}
