import SQLite

extension SQLiteStore {
    /// The rows related through the to-many relationship `mapping` to each of `owners`, in one statement per 500
    /// owners (``RelatedRowsQuery``): `body` gets each owner's key and a cursor on a related row (every column of
    /// the destination's table, valid only during the call), each owner's rows in the relationship's order. A to-one
    /// relationship hands nothing (its key is in the owner's row). Mirrors what Core Data's
    /// `relationshipKeyPathsForPrefetching` reads.
    /// - Throws: ``StoreError``, or what `body` throws.
    package func fetchRelated(
        _ mapping: RelationshipMapping, owners: [Int64], from source: ReadSource,
        _ body: (_ owner: Int64, StoreRow) throws -> Void
    ) throws {
        for start in stride(from: 0, to: owners.count, by: 500) {
            guard
                let query = RelatedRowsQuery(
                    mapping, owners: Array(owners[start..<min(start + 500, owners.count)]), dialect)
            else { return }
            let sql = query.sql(dialect)
            let ownerColumn = query.ownerColumn
            readStatementCount.add(1, ordering: .relaxed)
            try withReader(source) { connection in
                let statement = try Self.statement(sql.text, on: connection)
                defer { statement.reset() }
                try Self.bind(sql.arguments, to: statement)
                while try statement.step() { try body(statement.int64(at: ownerColumn), StoreRow(statement)) }
            }
        }
    }
}
