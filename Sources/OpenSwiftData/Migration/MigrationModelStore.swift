import Foundation
import SQLStore

/// The store a custom stage's context works on: the executor the migrating store hands the stage (over the
/// migration's own connection, inside its transaction), seen through the stage's version of the models. Any
/// executor — SQLite's or PostgreSQL's — through the ``StoreExecutor`` protocol, so a stage runs the same on both.
/// It keeps no snapshots: its reads go to the migration's connection, which sees the migration's uncommitted work.
final class MigrationModelStore<Executor: StoreExecutor>: ExecutorModelStore {
    let store: Executor
    let mapping: ModelMapping

    init(store: Executor, mapping: ModelMapping) {
        self.store = store
        var mapping = mapping
        mapping.storeIdentifier = store.identifier
        self.mapping = mapping
    }

    var url: URL? { nil }

    /// Never throws: a stage writes as part of the migration, which has already checked that the store is writable.
    func checkWritable(_ operation: String) throws(SwiftDataError) {}

    func makeSnapshot() throws(SwiftDataError) -> (any StoreReadSnapshot)? { nil }

    /// Nothing: the connection is the migration's, which goes on after the stage.
    func close() {}
}
