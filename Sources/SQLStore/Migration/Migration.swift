import Foundation
import SQLite

/// Brings a store from the schema it records to the store's: the steps a front end plans from the record (its
/// versions' stages), then a lightweight step to the store's exact tables. A store that is up to date is only read
/// (``currentIdentifier(stages:)``). Otherwise everything — reading the record again, planning, checking,
/// changing — runs in one write transaction (`BEGIN IMMEDIATE`), so of several processes opening one store at once
/// one migrates and the others, reading the record after it, find nothing to do; a failure rolls all of it back. Without steps that run code, every check runs
/// before anything is written, so a refused migration leaves the file byte-identical.
struct Migration {
    let connection: SQLiteConnection
    let lock: NSRecursiveLock
    let url: URL?
    let target: SchemaMapping
    let version: SchemaVersion
    /// The entities to look for in a store written before schemas were recorded.
    let knownEntities: [String]
    let log: (String) -> Void

    /// The store's identifier when nothing needs writing — the store records exactly the target schema at `version`,
    /// `stages` asks for no step, and its tables and triggers are there — or nil when ``run(stages:)`` is needed.
    /// Reads only, outside any transaction (a later `run` reads again inside its own).
    func currentIdentifier(stages: (StoredSchema?) throws -> [MigrationStep]) throws -> String? {
        guard let stored = try StoredSchema.read(from: connection),
            stored.describes(target, version: version),
            try stages(stored).isEmpty,
            try StoredSchema.tableExists(ExternalData.table, connection),
            case .text(let identifier) = try connection.scalar(
                "SELECT \"value\" FROM \(target.dialect.quoted(StoredSchema.metadataTable)) WHERE \"key\" = ?",
                [.text(StoredSchema.identifierKey)]
            )
        else { return nil }
        let triggers = Set(
            try connection.rows("SELECT \"name\" FROM sqlite_master WHERE \"type\" = 'trigger'").compactMap { row in
                if case .text(let name) = row.first { name } else { nil }
            })
        for table in target.tables {
            for (_, relationship) in target.relationships(of: table) {
                guard case .foreignKey(let columnIndex) = relationship.storage else { continue }
                let name = "\(table.name)_\(table.columns[columnIndex].name)\(SchemaDefinition.referenceTriggerSuffix)"
                if !triggers.contains(name) { return nil }
            }
        }
        return identifier
    }

    /// Runs the migration; returns the store's identifier (recorded when the store is created).
    func run(stages: (StoredSchema?) throws -> [MigrationStep]) throws -> String {
        try connection.transaction {
            let stored =
                try StoredSchema.read(from: connection) ?? StoredSchema.introspect(connection, entities: knownEntities)
            var steps = try stages(stored)
            // Last, straight to the store's own tables (nothing when they already match), unless the last stage is
            // that very step already.
            let endsAtTarget =
                steps.last.map {
                    $0.version == version && !$0.isCustom
                        && StoredSchema(mapping: $0.target, version: version)
                            == StoredSchema(mapping: target, version: version)
                } ?? false
            if !endsAtTarget { steps.append(MigrationStep(target: target, version: version, label: "to \(version)")) }
            let precomputed = try precomputedChanges(steps, from: stored)
            let definition = SchemaDefinition(dialect: target.dialect)
            try connection.execute(definition.createMetadata)
            try connection.execute(definition.createExternalData)
            // Here rather than in the first save, which would pay for the schema change.
            for statement in SQLiteStore.createHistoryTables { try connection.execute(statement) }
            let identifier = try storeIdentifier()
            var record = stored ?? .empty
            for (index, step) in steps.enumerated() {
                if let willMigrate = step.willMigrate, let source = step.source {
                    try willMigrate(view(source, identifier))
                }
                let changes =
                    try precomputed?[index]
                    ?? SchemaChanges(
                        from: record, to: step.target, allowsTypeChanges: step.isCustom, connection: connection)
                if !changes.isEmpty && stored != nil {
                    log("migrating \(url?.lastPathComponent ?? "the store") \(step.label)")
                }
                try changes.apply(to: connection, log: log)
                let modelVersion = step.versionIdentifier ?? (changes.isEmpty ? record.versionIdentifier : nil)
                var next = StoredSchema(mapping: step.target, version: step.version)
                next.versionIdentifier = modelVersion
                // Another process may have migrated the store between this one's first look and its transaction.
                if next != record || stored == nil { try next.write(to: connection) }
                record = next
                if let didMigrate = step.didMigrate {
                    try didMigrate(view(step.target, identifier))
                }
            }
            // No-ops when present; a store made before these triggers existed gets them here.
            for statement in definition.referenceTriggers(target) { try connection.execute(statement) }
            return identifier
        }
    }

    /// The changes of every step, checked, when no step runs code (so a refusal comes before any write); nil otherwise.
    ///
    /// With several steps, each one's checks must see the tables the steps before it leave (a column renamed in one
    /// step is read under its new name by the next): they are applied inside a savepoint that is rolled back, so
    /// nothing reaches the file before every step is known to pass.
    private func precomputedChanges(_ steps: [MigrationStep], from stored: StoredSchema?) throws -> [SchemaChanges]? {
        guard !steps.contains(where: \.isCustom) else { return nil }
        var record = stored ?? .empty
        var changes: [SchemaChanges] = []
        let rehearses = steps.count > 1
        if rehearses { try connection.execute("SAVEPOINT \"precomputed_migration\"") }
        do {
            for step in steps {
                let stepChanges = try SchemaChanges(
                    from: record, to: step.target, allowsTypeChanges: false, connection: connection)
                changes.append(stepChanges)
                if rehearses {
                    try connection.execute(SchemaDefinition(dialect: target.dialect).createMetadata)
                    try connection.execute(SchemaDefinition(dialect: target.dialect).createExternalData)
                    try stepChanges.apply(to: connection, log: { _ in })
                }
                record = StoredSchema(mapping: step.target, version: step.version)
            }
        } catch {
            if rehearses {
                try? connection.execute("ROLLBACK TO \"precomputed_migration\"; RELEASE \"precomputed_migration\"")
            }
            throw error
        }
        if rehearses {
            try connection.execute("ROLLBACK TO \"precomputed_migration\"; RELEASE \"precomputed_migration\"")
        }
        return changes
    }

    /// A store over the migration's connection, seen through `mapping`, that reads through the writer only (it must
    /// see the migration's uncommitted work).
    private func view(_ mapping: SchemaMapping, _ identifier: String) -> SQLiteStore {
        SQLiteStore(
            connection: connection, lock: lock, url: url, mapping: mapping, identifier: identifier, usesReaders: false)
    }

    private func storeIdentifier() throws -> String {
        let table = target.dialect.quoted(StoredSchema.metadataTable)
        if case .text(let existing) = try connection.scalar(
            "SELECT \"value\" FROM \(table) WHERE \"key\" = ?", [.text(StoredSchema.identifierKey)]
        ) {
            return existing
        }
        let identifier = UUID().uuidString
        try connection.execute(
            "INSERT INTO \(table) (\"key\", \"value\") VALUES (?, ?)",
            [.text(StoredSchema.identifierKey), .text(identifier)]
        )
        return identifier
    }
}
