/// A `delete(model:where:)` waiting for its context's next save: which rows the save deletes, which stored rows the
/// context's fetches leave out until then, and what rollback and undo restore.
final class BatchDeletion {
    let modelType: any PersistentModel.Type
    let table: EntityTable
    /// The store's batch delete the save runs: every row, the rows a translated predicate matches then
    /// (`DELETE … WHERE … RETURNING "Z_PK"`), or rows chosen in memory (a predicate with no SQL translation) by key.
    let delete: SaveRequest.BatchDelete
    /// The stored rows that matched at the call; nil for every row. Fetches leave them out until the save.
    let matchedRowIDs: Set<Int64>?
    /// The registered instances of those rows it marked deleted (status `.deleted`, in no pending set).
    let instances: [any PersistentModel]
    /// The unsaved inserts that matched, which it dropped.
    let droppedInserts: [any PersistentModel]

    init(
        modelType: any PersistentModel.Type, table: EntityTable, delete: SaveRequest.BatchDelete,
        matchedRowIDs: Set<Int64>?,
        instances: [any PersistentModel], droppedInserts: [any PersistentModel]
    ) {
        self.modelType = modelType
        self.table = table
        self.delete = delete
        self.matchedRowIDs = matchedRowIDs
        self.instances = instances
        self.droppedInserts = droppedInserts
    }

    /// Whether fetches leave stored row `rowID` of this entity out.
    func excludes(_ rowID: Int64) -> Bool {
        matchedRowIDs?.contains(rowID) ?? true
    }
}
