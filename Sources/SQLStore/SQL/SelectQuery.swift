/// The `SELECT` of a ``FetchRequest``.
///
/// ```sql
/// SELECT "Z_PK", "Item"."title", … FROM "Item" WHERE (<condition>) ORDER BY "Item"."price" ASC, "Item"."Z_PK" LIMIT ? OFFSET ?
/// SELECT "Item"."Z_PK" FROM "Item" WHERE (<condition>) ORDER BY "Item"."Z_PK"                 -- primary keys only
/// SELECT "Z_PK", … FROM "Item" WHERE (<condition>) AND "Item"."Z_PK" > ? ORDER BY "Item"."Z_PK" LIMIT ?   -- a batch
/// SELECT "Z_PK", … FROM "Item" WHERE "Z_PK" IN (?, ?, ?)
/// SELECT "Z_PK", … FROM "Book" WHERE "Book"."author" = ? ORDER BY "Book"."Z_PK"              -- a to-many relationship
/// ```
package struct SelectQuery {
    package let request: FetchRequest

    package init(_ request: FetchRequest) {
        self.request = request
    }

    /// The statement and its arguments.
    package func sql(_ dialect: any SQLDialect) -> SQLFragment {
        let table = request.table
        let key = table.primaryKeySQL
        let columns = request.columns == .primaryKey ? key : table.selectList
        switch request.rows {
        case .keys(let keys):
            let list = request.columns == .primaryKey ? table.quotedPrimaryKey : table.selectList
            return SQLFragment(
                "SELECT \(list) FROM \(table.quotedName) WHERE \(table.quotedPrimaryKey) IN (\(dialect.placeholders(keys.count)))",
                keys.map { .integer($0) }
            )
        case .key(let rowKey):
            return SQLFragment(
                "SELECT \(table.selectList) FROM \(table.quotedName) WHERE \(table.quotedPrimaryKey) = ?",
                [.integer(rowKey)])
        case .unique(let group, let values):
            let conditions =
                table.uniqueGroups.indices.contains(group)
                ? table.uniqueGroups[group].map { "\(dialect.quoted(table.columns[$0].name)) = ?" }.joined(
                    separator: " AND ")
                : dialect.booleanLiteral(false)
            return SQLFragment("SELECT \(table.quotedPrimaryKey) FROM \(table.quotedName) WHERE \(conditions)", values)
        case .related(let mapping, let owner):
            return related(mapping, ownerKey: owner, dialect)
        case .all, .matching:
            var sql = SQLFragment("SELECT \(columns) FROM \(table.quotedName)") + whereClause
            if let afterKey = request.afterKey {
                sql += (whereClause.text.isEmpty ? " WHERE " : " AND ") + "\(key) > ?"
                sql.arguments.append(.integer(afterKey))
                sql += " ORDER BY \(key) LIMIT ?"
                sql.arguments.append(
                    request.limit.map { $0 >= 0 ? .integer(Int64($0)) : dialect.unlimitedRowCount }
                        ?? dialect.unlimitedRowCount)
                return sql
            }
            sql += orderByClause(dialect)
            if request.limit != nil || (request.offset ?? 0) > 0 {
                sql += SQLFragment(
                    " LIMIT ? OFFSET ?",
                    [
                        request.limit.map { $0 >= 0 ? .integer(Int64($0)) : dialect.unlimitedRowCount }
                            ?? dialect.unlimitedRowCount,
                        .integer(Int64(max(request.offset ?? 0, 0))),
                    ])
            }
            return sql
        }
    }

    /// ` WHERE (<condition>)`, or nothing.
    package var whereClause: SQLFragment {
        guard case .matching(let condition) = request.rows else { return SQLFragment("") }
        return " WHERE (" + condition.fragment + ")"
    }

    /// ` ORDER BY <terms>, "T"."Z_PK"`: always ends with the primary key, so the order is total and stable.
    package func orderByClause(_ dialect: any SQLDialect) -> String {
        var terms = request.sort.map { term in
            dialect.orderTerm(term.column.valueSQL, collation: term.collation, ascending: term.ascending)
        }
        terms.append(request.table.primaryKeySQL)
        return " ORDER BY " + terms.joined(separator: ", ")
    }

    private func related(_ mapping: RelationshipMapping, ownerKey: Int64, _ dialect: any SQLDialect) -> SQLFragment {
        let destination = mapping.destination
        let list = request.columns == .primaryKey ? destination.primaryKeySQL : destination.selectList
        switch mapping.storage {
        case .inverseForeignKey(let column):
            return SQLFragment(
                "SELECT \(list) FROM \(destination.quotedName) WHERE \(destination.quotedName).\(dialect.quoted(destination.columns[column].name)) = ? "
                    + "ORDER BY \(destination.primaryKeySQL)",
                [.integer(ownerKey)]
            )
        case .joinTable(let joinTable, let ownerColumn, let destinationColumn):
            return SQLFragment(
                "SELECT \(list) FROM \(destination.quotedName) JOIN \(joinTable.quotedName) "
                    + "ON \(joinTable.quotedName).\(dialect.quoted(destinationColumn)) = \(destination.primaryKeySQL) "
                    + "WHERE \(joinTable.quotedName).\(dialect.quoted(ownerColumn)) = ? "
                    + "ORDER BY \(joinTable.quotedName).\(dialect.quoted(JoinTable.orderColumn)), \(destination.primaryKeySQL)",
                [.integer(ownerKey)]
            )
        case .foreignKey(let column):
            // A to-one relationship as a list of at most one.
            let owner = mapping.owner
            return SQLFragment(
                "SELECT \(list) FROM \(destination.quotedName) WHERE \(destination.primaryKeySQL) = "
                    + "(SELECT \(dialect.quoted(owner.columns[column].name)) FROM \(owner.quotedName) WHERE \(owner.quotedPrimaryKey) = ?)",
                [.integer(ownerKey)]
            )
        }
    }
}

/// `SELECT count(*) FROM <table> [WHERE (<condition>)]` for a ``FetchRequest`` (its order, limit and offset are the
/// caller's to apply: a count is of every matching row).
package struct CountQuery {
    package let request: FetchRequest

    package init(_ request: FetchRequest) {
        self.request = request
    }

    package func sql(_ dialect: any SQLDialect) -> SQLFragment {
        "SELECT count(*) FROM \(request.table.quotedName)" + SelectQuery(request).whereClause
    }
}

/// The rows related through a to-many relationship to each of several owners, in one statement: the destination's
/// select list followed by the owner's key, in the relationship's order for each owner (as ``FetchRequest``'s
/// `.related` reads them one owner at a time).
///
/// ```sql
/// SELECT "Z_PK", "Book"."title", …, "Book"."author" FROM "Book" WHERE "Book"."author" IN (?, ?) ORDER BY "Book"."Z_PK"
/// SELECT "Z_PK", "Tag"."name", …, "Z_Item_tags"."Z_SOURCE" FROM "Tag" JOIN "Z_Item_tags" ON "Z_Item_tags"."Z_TARGET" = "Tag"."Z_PK"
///   WHERE "Z_Item_tags"."Z_SOURCE" IN (?, ?) ORDER BY "Z_Item_tags"."Z_ORDER", "Tag"."Z_PK"
/// ```
package struct RelatedRowsQuery {
    package let mapping: RelationshipMapping
    package let owners: [Int64]
    private let from: String
    private let ownerKey: String
    private let order: String

    /// Nil for a to-one relationship (its key is a column of the owner's own row).
    package init?(_ mapping: RelationshipMapping, owners: [Int64], _ dialect: any SQLDialect) {
        let destination = mapping.destination
        switch mapping.storage {
        case .inverseForeignKey(let column):
            ownerKey = "\(destination.quotedName).\(dialect.quoted(destination.columns[column].name))"
            from = destination.quotedName
            order = destination.primaryKeySQL
        case .joinTable(let joinTable, let ownerColumn, let destinationColumn):
            ownerKey = "\(joinTable.quotedName).\(dialect.quoted(ownerColumn))"
            from =
                "\(destination.quotedName) JOIN \(joinTable.quotedName) "
                + "ON \(joinTable.quotedName).\(dialect.quoted(destinationColumn)) = \(destination.primaryKeySQL)"
            order = "\(joinTable.quotedName).\(dialect.quoted(JoinTable.orderColumn)), \(destination.primaryKeySQL)"
        case .foreignKey:
            return nil
        }
        self.mapping = mapping
        self.owners = owners
    }

    /// The column (0-based) that holds the owner's key: the one after the destination's values.
    package var ownerColumn: Int32 { StoreRow.firstValueColumn + Int32(mapping.destination.columns.count) }

    /// The statement and its arguments.
    package func sql(_ dialect: any SQLDialect) -> SQLFragment {
        SQLFragment(
            "SELECT \(mapping.destination.selectList), \(ownerKey) FROM \(from) WHERE \(ownerKey) IN (\(dialect.placeholders(owners.count))) "
                + "ORDER BY \(order)",
            owners.map { .integer($0) }
        )
    }
}
