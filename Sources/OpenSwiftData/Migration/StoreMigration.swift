import Foundation
import SQLite

/// Brings a store from the schema it records to the container's: the stages of a migration plan (if any) from the
/// recorded version on, then a lightweight step to the container's exact schema. Everything — reading the record,
/// planning, checking, changing — runs in one write transaction (`BEGIN IMMEDIATE`), so two processes opening one
/// store at once migrate it once; a failure rolls all of it back. Without custom stages, every check runs before
/// anything is written, so a refused migration leaves the file byte-identical.
struct StoreMigration {
    /// One step: to `mapping`, with the custom stage's closures if it is one.
    struct Step {
        let target: SchemaMapping
        let schema: Schema
        let version: Schema.Version
        let willMigrate: ((ModelContext) throws -> Void)?
        let didMigrate: ((ModelContext) throws -> Void)?
        let source: (mapping: SchemaMapping, schema: Schema)?
        let label: String
        var isCustom: Bool { willMigrate != nil || didMigrate != nil }
    }

    private let connection: SQLiteConnection
    private let url: URL?
    private let schema: Schema
    private let target: SchemaMapping
    private let plan: (any SchemaMigrationPlan.Type)?

    init(
        connection: SQLiteConnection, url: URL?, schema: Schema, mapping: SchemaMapping, plan: (any SchemaMigrationPlan.Type)?
    ) throws {
        self.connection = connection
        self.url = url
        self.schema = schema
        self.target = mapping
        self.plan = plan
    }

    /// What the store records, and the steps from it to the container's schema (with the changes of each, checked,
    /// when no step runs code).
    private func planSteps() throws -> (stored: StoredSchema?, steps: [Step], precomputed: [SchemaChanges]?) {
        var entityNames = Set(target.tables.map(\.name))
        for versioned in plan?.schemas ?? [] {
            for model in versioned.models { entityNames.insert(model.entityName) }
        }
        let stored = try StoredSchema.read(from: connection)
            ?? StoredSchema.introspect(connection, entities: entityNames.sorted())
        let targetVersion = Self.version(of: schema, in: plan)

        var steps: [Step] = []
        if let stored, let plan {
            try Self.checkProvenance(of: stored, in: plan, targetVersion: targetVersion)
            var current = stored.version
            while current != targetVersion,
                  let stage = plan.stages.first(where: { $0.from.versionIdentifier == current }) {
                let to = Schema(versionedSchema: stage.to)
                let from = Schema(versionedSchema: stage.from)
                var willMigrate: ((ModelContext) throws -> Void)?
                var didMigrate: ((ModelContext) throws -> Void)?
                if case .custom(_, _, let will, let did) = stage {
                    willMigrate = will
                    didMigrate = did
                }
                steps.append(Step(
                    target: try SchemaMapping(schema: to), schema: to, version: to.version, willMigrate: willMigrate,
                    didMigrate: didMigrate, source: (try SchemaMapping(schema: from), from),
                    label: "\(stage.from.versionIdentifier) → \(stage.to.versionIdentifier)"
                ))
                current = stage.to.versionIdentifier
            }
        }
        // Last, straight to the container's own schema (a lightweight step; nothing when it already matches).
        steps.append(Step(
            target: target, schema: schema, version: targetVersion, willMigrate: nil, didMigrate: nil, source: nil,
            label: "to \(targetVersion)"
        ))

        guard !steps.contains(where: \.isCustom) else { return (stored, steps, nil) }
        var record = stored ?? .empty
        var changes: [SchemaChanges] = []
        for step in steps {
            changes.append(try SchemaChanges(from: record, to: step.target, allowsTypeChanges: false, connection: connection))
            record = StoredSchema(mapping: step.target, version: step.version)
        }
        return (stored, steps, changes)
    }

    /// Refuses to run the plan's stages on a store whose recorded schema is not the schema of the version it records
    /// (written by models that were never that version — an unversioned model records 1.0.0): a stage would take it
    /// for that version and drop or convert what does not fit. Runs before anything is written.
    /// - Throws: ``SwiftDataError/migrationRequired(_:)`` naming each entity, attribute and relationship that differs.
    private static func checkProvenance(
        of stored: StoredSchema, in plan: any SchemaMigrationPlan.Type, targetVersion: Schema.Version
    ) throws {
        guard stored.version != targetVersion,
              plan.stages.contains(where: { $0.from.versionIdentifier == stored.version }),
              let claimed = plan.schemas.first(where: { $0.versionIdentifier == stored.version })
        else { return }
        let expected = StoredSchema(mapping: try SchemaMapping(schema: Schema(versionedSchema: claimed)), version: stored.version)
        let differences = stored.differences(from: expected, otherName: "\(claimed)")
        guard !differences.isEmpty else { return }
        throw SwiftDataError.migrationRequired(
            "the store records version \(stored.version), but its schema is not \(claimed)'s: "
                + differences.joined(separator: "; ")
                + ". It was not written by \(claimed), so the plan's stages from that version cannot run on it; the store was "
                + "left as it was — open it with the models that wrote it, or add their schema to the plan as a version of its own"
        )
    }

    /// The version a schema stands for: the plan's version whose models it has, or its own.
    private static func version(of schema: Schema, in plan: (any SchemaMigrationPlan.Type)?) -> Schema.Version {
        guard let plan, schema.version == Schema.Version(1, 0, 0) else { return schema.version }
        let types = Set(schema.entities.map { ObjectIdentifier($0.modelType) })
        for versioned in plan.schemas.reversed() {
            var matches = true
            for model in versioned.models where !types.contains(ObjectIdentifier(model)) { matches = false }
            if matches { return versioned.versionIdentifier }
        }
        return schema.version
    }

    /// Runs the migration in one transaction and returns the store's identifier. `makeStore` builds a store over
    /// the connection for a stage's schema, for the contexts its closures get.
    func run(makeStore: (SchemaMapping, String) -> Store) throws -> String {
        try connection.transaction {
            let (stored, steps, precomputed) = try planSteps()
            try connection.execute(
                "CREATE TABLE IF NOT EXISTS \"\(StoredSchema.metadataTable)\" (\"key\" TEXT PRIMARY KEY, \"value\" TEXT NOT NULL)"
            )
            try connection.execute(ExternalData.creationSQL)
            let identifier = try storeIdentifier()
            var record = stored ?? .empty
            for (index, step) in steps.enumerated() {
                if let willMigrate = step.willMigrate, let source = step.source {
                    try runStageCode(willMigrate, "willMigrate", step, makeStore(source.mapping, identifier), source.schema)
                }
                let changes = try precomputed?[index]
                    ?? SchemaChanges(from: record, to: step.target, allowsTypeChanges: step.isCustom, connection: connection)
                if !changes.isEmpty && stored != nil {
                    log("migrating \(url?.lastPathComponent ?? "the store") \(step.label)")
                }
                try changes.apply(to: connection, log: log)
                record = StoredSchema(mapping: step.target, version: step.version)
                try record.write(to: connection)
                if let didMigrate = step.didMigrate {
                    try runStageCode(didMigrate, "didMigrate", step, makeStore(step.target, identifier), step.schema)
                }
            }
            // No-ops when present; a store made before these triggers existed gets them here.
            for statement in target.referenceTriggersSQL { try connection.execute(statement) }
            return identifier
        }
    }

    private func runStageCode(
        _ code: (ModelContext) throws -> Void, _ name: String, _ step: Step, _ store: Store, _ schema: Schema
    ) throws {
        let context = ModelContext(ModelContainer(schema: schema, configurations: [], store: store))
        do {
            try code(context)
            try context.save()
        } catch {
            throw SwiftDataError.migrationFailed("\(name) of the stage \(step.label) threw: \(error)")
        }
    }

    private func storeIdentifier() throws -> String {
        if case .text(let existing) = try connection.scalar(
            "SELECT \"value\" FROM \"\(StoredSchema.metadataTable)\" WHERE \"key\" = ?", [.text("storeIdentifier")]
        ) {
            return existing
        }
        let identifier = UUID().uuidString
        try connection.execute(
            "INSERT INTO \"\(StoredSchema.metadataTable)\" (\"key\", \"value\") VALUES (?, ?)", [.text("storeIdentifier"), .text(identifier)]
        )
        return identifier
    }

    private func log(_ line: String) {
        FileHandle.standardError.write(Data("OpenSwiftData: \(line)\n".utf8))
    }
}

extension StoredSchema {
    /// No entities: what a new store starts from.
    static let empty = StoredSchema(emptyWithVersion: Schema.Version(0, 0, 0))

    init(emptyWithVersion version: Schema.Version) {
        self.version = version
        self.entities = []
    }
}
