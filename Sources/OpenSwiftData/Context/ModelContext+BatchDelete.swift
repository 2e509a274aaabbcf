import Foundation
import SQLite

extension ModelContext {
    /// Deletes every `T` matching `predicate` (all of them when nil) at once. Mirrors SwiftData's
    /// `delete(model:where:includeSubclasses:)`.
    ///
    /// Runs `DELETE FROM <table> WHERE <predicate> RETURNING "Z_PK"` (without a predicate, `DELETE FROM <table>`)
    /// in the store immediately, like SwiftData's batch delete: the rows are gone from every fetch from then on, saved or not, and ``rollback()`` does not bring
    /// them back. Registered instances of those rows are marked deleted (``PersistentModel/isDeleted`` is true,
    /// `modelContext` nil) and dropped from the pending changes. Unsaved inserted `T`s that match are dropped too;
    /// models inserted after the call are not affected. Being a statement on rows, it applies no delete rule:
    /// join-table rows go with the deleted rows, and references to them read as nil afterwards; delete models one
    /// by one with ``delete(_:)`` for `.cascade` and `.deny`.
    /// - Throws: ``SwiftDataError/unsupportedPredicate(_:)`` when the predicate cannot be translated (nothing is
    ///   deleted then); store errors.
    public func delete<T: PersistentModel>(
        model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true
    ) throws(SwiftDataError) {
        let table = try store.table(for: T.self)
        let plan = try FetchPlan(
            table: table, schema: store.mapping, descriptor: FetchDescriptor(predicate: predicate), inMemoryFallback: evaluatesUnsupportedPredicatesInMemory
        )
        var pendingMatches: [T] = []
        for inserted in insertedModels.models(of: T.self) {
            if try predicate.map({ p throws(SwiftDataError) in try Self.evaluate(p, on: inserted) }) ?? true {
                pendingMatches.append(inserted)
            }
        }
        var matchingRowIDs: [Int64]?
        if plan.filtersInMemory, let predicate {
            var descriptor = FetchDescriptor<T>()
            descriptor.includePendingChanges = false
            let stored = try fetch(descriptor)
            var rowIDs: [Int64] = []
            for model in stored where try Self.evaluate(predicate, on: model) { rowIDs.append(model._$persistentState.rowID) }
            matchingRowIDs = rowIDs
        }
        let deletedRowIDs: [Int64] = try store.withConnection { connection in
            try connection.transaction {
                var rowIDs: [Int64] = []
                func run(_ sql: String, _ arguments: [SQLiteValue]) throws {
                    let statement = try connection.cachedStatement(sql)
                    defer { statement.reset() }
                    try statement.bind(arguments)
                    while try statement.step() { rowIDs.append(statement.int64(at: 0)) }
                }
                let returning = " RETURNING \(SQL.identifier(SQL.primaryKey))"
                if let matchingRowIDs {
                    // SQLite allows 32,766 parameters per statement; delete in chunks well under that.
                    for start in stride(from: 0, to: matchingRowIDs.count, by: 500) {
                        let chunk = matchingRowIDs[start..<min(start + 500, matchingRowIDs.count)]
                        try run(
                            "DELETE FROM \(table.quotedName) WHERE \(SQL.identifier(SQL.primaryKey)) IN (\(SQL.placeholders(chunk.count)))\(returning)",
                            chunk.map { .integer($0) }
                        )
                    }
                } else if predicate == nil {
                    // Every row: no RETURNING, so SQLite can empty the table at once (its truncate optimisation).
                    try connection.execute("DELETE FROM \(table.quotedName)")
                } else {
                    try run("DELETE FROM \(table.quotedName)\(plan.query.whereClause)\(returning)", plan.query.arguments)
                }
                return rowIDs
            }
        }
        let deletedInstances: [T] = predicate == nil && matchingRowIDs == nil
            ? registeredInstances(T.self)
            : deletedRowIDs.compactMap { registeredInstance(T.self, rowID: $0) }
        for instance in deletedInstances {
            changedModels.remove(instance)
            deletedModels.remove(instance)
            instance._$persistentState.markRemoved()
            unregister(instance)
        }
        for inserted in pendingMatches {
            insertedModels.remove(inserted)
            inserted._$persistentState.markRemoved()
        }
    }
}
