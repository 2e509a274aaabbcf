import Foundation
import SQLStore

/// The SQLite store behind a container: the store layer's ``SQLiteStore`` executor, seen through the model layer's
/// mapping, with every error as a ``SwiftDataError``.
final class SQLiteModelStore: ModelStore {
    let store: SQLiteStore
    let mapping: ModelMapping

    init(store: SQLiteStore, mapping: ModelMapping) {
        self.store = store
        var mapping = mapping
        mapping.storeIdentifier = store.identifier
        self.mapping = mapping
    }

    /// Opens, creates or migrates the store at `url` (in memory when nil) for `schema`, following `migrationPlan`'s
    /// stages from the version the store records (see ``StoreMigration``).
    /// - Throws: ``SwiftDataError/invalidSchema(_:)`` for a model that cannot be stored;
    ///   ``SwiftDataError/storeNotADatabase(url:reason:)`` for a file that is not SQLite (left untouched);
    ///   ``SwiftDataError/storeOpenFailed(url:reason:)``; ``SwiftDataError/migrationRequired(_:)`` (nothing written);
    ///   ``SwiftDataError/migrationFailed(_:)`` (rolled back).
    static func open(url: URL?, schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?) throws(SwiftDataError) -> SQLiteModelStore {
        let mapping = try ModelMapping(schema: schema)
        let migration = StoreMigration(schema: schema, mapping: mapping, plan: migrationPlan)
        do {
            let store = try SQLiteStore.open(
                url: url, mapping: mapping.tables, version: migration.targetVersion.storeVersion,
                knownEntities: migration.knownEntities, stages: migration.steps(from:),
                log: { line in OpenSwiftDataDiagnostics.report(.migration, line) }
            )
            return SQLiteModelStore(store: store, mapping: mapping)
        } catch let error as StoreError {
            switch error.kind {
            case .cannotOpen: throw .storeOpenFailed(url: url, reason: error.message)
            case .notADatabase, .corrupt:
                if let url { throw .storeNotADatabase(url: url, reason: error.message) }
                throw .storeOpenFailed(url: url, reason: error.message)
            default: throw .storeFailed(error)
            }
        } catch {
            throw .wrapping(error, url: url)
        }
    }

    var identifier: String { store.identifier }
    var url: URL? { store.url }

    func dataVersion() -> Int64 { store.dataVersion() }

    func fetch(_ request: FetchRequest, from source: StoreReadSource, _ body: (StoreRow) throws -> Void) throws(SwiftDataError) {
        do {
            try store.fetch(request, from: readSource(source), body)
        } catch {
            throw .wrapping(error, url: url)
        }
    }

    func fetchKeys(_ request: FetchRequest, from source: StoreReadSource) throws(SwiftDataError) -> [Int64] {
        do {
            return try store.fetchKeys(request, from: readSource(source))
        } catch {
            throw .wrapping(error, url: url)
        }
    }

    func fetchCount(_ request: FetchRequest) throws(SwiftDataError) -> Int {
        do {
            return try store.count(request)
        } catch {
            throw .wrapping(error, url: url)
        }
    }

    func save(_ request: SaveRequest) throws(SwiftDataError) -> SaveResult {
        do {
            return try store.save(request)
        } catch {
            switch error {
            case .store(let error):
                throw .storeFailed(error)
            case .uniqueConflict(let entity, let columns, let values):
                throw .uniqueConstraintViolation(entityName: entity, attributes: columns, values: values.map(\.description).joined(separator: ", "))
            case .inconsistent(let message):
                throw .invalidStoredValue(message)
            }
        }
    }

    func erase() throws(SwiftDataError) {
        do {
            try store.erase()
        } catch {
            throw .wrapping(error, url: url)
        }
    }

    func makeSnapshot() throws(SwiftDataError) -> (any StoreReadSnapshot)? {
        do {
            return try store.makeSnapshot()
        } catch {
            throw .storeOpenFailed(url: url, reason: error.message)
        }
    }

    func close() { store.close() }

    private func readSource(_ source: StoreReadSource) -> SQLiteStore.ReadSource {
        switch source {
        case .current: .pooled
        case .writer: .writer
        case .snapshot(let snapshot): (snapshot as? StoreSnapshot).map { .snapshot($0) } ?? .pooled
        }
    }
}

extension StoreSnapshot: StoreReadSnapshot {}
