import Foundation
import SQLite

extension ModelContext {
    /// Deletes every `T` matching `predicate` (all of them when nil) at once. Mirrors SwiftData's
    /// `delete(model:where:includeSubclasses:)`.
    ///
    /// Runs `DELETE FROM <table> WHERE <predicate> RETURNING "Z_PK"` in the store immediately, like SwiftData's
    /// batch delete: the rows are gone from every fetch from then on, saved or not, and ``rollback()`` does not bring
    /// them back. Registered instances of those rows are marked deleted (``PersistentModel/isDeleted`` is true,
    /// `modelContext` nil) and dropped from the pending changes. Unsaved inserted `T`s that match are dropped too;
    /// models inserted after the call are not affected.
    /// - Throws: ``SwiftDataError/unsupportedPredicate(_:)`` when the predicate cannot be translated (nothing is
    ///   deleted then); store errors.
    public func delete<T: PersistentModel>(
        model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true
    ) throws(SwiftDataError) {
        let table = try store.table(for: T.self)
        let query = try SelectQuery(table: table, predicate: predicate, sortBy: [])
        var pendingMatches: [T] = []
        for inserted in insertedModels.models(of: T.self) {
            do {
                if try predicate?.evaluate(inserted) ?? true { pendingMatches.append(inserted) }
            } catch {
                throw .unsupportedPredicate("evaluating the predicate on an unsaved \(T.entityName) failed: \(error)")
            }
        }
        let deletedRowIDs: [Int64] = try store.withConnection { connection in
            try connection.transaction {
                let statement = try connection.cachedStatement(
                    "DELETE FROM \(table.quotedName)\(query.whereClause) RETURNING \(SQL.identifier(SQL.primaryKey))"
                )
                defer { statement.reset() }
                try statement.bind(query.arguments)
                var rowIDs: [Int64] = []
                while try statement.step() { rowIDs.append(statement.int64(at: 0)) }
                return rowIDs
            }
        }
        for rowID in deletedRowIDs {
            guard let instance = registeredInstance(T.self, rowID: rowID) else { continue }
            changedModels.remove(instance)
            deletedModels.remove(instance)
            instance._$persistentState.status = .removed
            instance._$persistentState.hasChanges = false
            unregister(instance)
        }
        for inserted in pendingMatches {
            insertedModels.remove(inserted)
            inserted._$persistentState.status = .removed
        }
    }
}
