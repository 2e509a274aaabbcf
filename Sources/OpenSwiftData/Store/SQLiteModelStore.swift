import Foundation
import SQLStore

/// The SQLite store behind a container: the store layer's ``SQLiteStore`` executor, seen through the model layer's
/// mapping, with every error as a ``SwiftDataError``.
final class SQLiteModelStore: ExecutorModelStore {
    let store: SQLiteStore
    let mapping: ModelMapping

    /// Why writes are refused (the store is read-only, or the configuration does not allow saving), or nil.
    let writeRefusal: String?

    init(store: SQLiteStore, mapping: ModelMapping, allowsSave: Bool = true) {
        self.store = store
        // An in-memory store is opened read-write even when the configuration does not allow saving (there is
        // nothing to protect on disk), so the configuration's refusal is kept here.
        self.writeRefusal =
            store.readOnlyReason
            ?? (allowsSave ? nil : "the container's configuration does not allow saving (allowsSave is false)")
        var mapping = mapping
        mapping.storeIdentifier = store.identifier
        self.mapping = mapping
    }

    /// Opens, creates or migrates the store `configuration` names (in memory when its URL is nil) for `schema`,
    /// following `migrationPlan`'s stages from the version the store records (see ``StoreMigration``): read-only
    /// when `allowsSave` is false; refusing a damaged file and someone else's database (unless
    /// `adoptsExistingDatabase`); backing up before a migration when `backsUpBeforeMigration`.
    /// - Throws: ``SwiftDataError/invalidSchema(_:)`` for a model that cannot be stored;
    ///   ``SwiftDataError/storeNotADatabase(url:reason:)`` for a file that is not SQLite or is damaged (left
    ///   untouched); ``SwiftDataError/storeOpenFailed(url:reason:)`` (a missing store opened read-only, someone
    ///   else's database, permissions); ``SwiftDataError/writeNotAllowed(_:)`` for a read-only store that needs a
    ///   migration; ``SwiftDataError/migrationRequired(_:)`` (nothing written); ``SwiftDataError/migrationFailed(_:)``
    ///   (rolled back).
    static func open(
        _ configuration: ModelConfiguration, schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?
    ) throws(SwiftDataError) -> SQLiteModelStore {
        let url = configuration.url
        let mapping = try ModelMapping(schema: schema)
        let migration = StoreMigration(schema: schema, mapping: mapping, plan: migrationPlan)
        var options = StoreOpenOptions()
        options.readOnly = !configuration.allowsSave
        options.adoptsForeignDatabase = configuration.adoptsExistingDatabase
        options.backsUpBeforeMigration = configuration.backsUpBeforeMigration
        do {
            let store = try SQLiteStore.open(
                url: url, mapping: mapping.tables, version: migration.targetVersion.storeVersion,
                knownEntities: migration.knownEntities, options: options, stages: migration.steps(from:),
                log: { line in OpenSwiftDataDiagnostics.report(.migration, line) }
            )
            return SQLiteModelStore(store: store, mapping: mapping, allowsSave: configuration.allowsSave)
        } catch let error as StoreError {
            switch error.kind {
            case .cannotOpen, .foreignDatabase: throw .storeOpenFailed(url: url, reason: error.message)
            case .readOnly:
                throw .writeNotAllowed("cannot open the store\(url.map { " at \($0.path)" } ?? ""): \(error.message)")
            case .notADatabase, .corrupt:
                if let url { throw .storeNotADatabase(url: url, reason: error.message) }
                throw .storeOpenFailed(url: url, reason: error.message)
            default: throw .storeFailed(error)
            }
        } catch {
            throw .wrapping(error, url: url)
        }
    }

    var url: URL? { store.url }

    func fetch(_ request: FetchRequest, from source: StoreReadSource, _ body: (StoreRow) throws -> Void)
        throws(SwiftDataError)
    {
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

    /// Throws ``SwiftDataError/writeNotAllowed(_:)`` naming `operation` when the store was opened read-only.
    func checkWritable(_ operation: String) throws(SwiftDataError) {
        guard let reason = writeRefusal else { return }
        throw .writeNotAllowed(
            "\(operation) was refused: the store\(url.map { " at \($0.path)" } ?? "") is read-only (\(reason))")
    }

    func makeSnapshot() throws(SwiftDataError) -> (any StoreReadSnapshot)? {
        do {
            return try store.makeSnapshot()
        } catch {
            throw .storeOpenFailed(url: url, reason: error.message)
        }
    }

    private func readSource(_ source: StoreReadSource) -> SQLiteStore.ReadSource {
        switch source {
        case .current: .pooled
        case .writer: .writer
        case .snapshot(let snapshot): (snapshot as? StoreSnapshot).map { .snapshot($0) } ?? .pooled
        }
    }
}

extension StoreSnapshot: StoreReadSnapshot {}
