import Foundation
import SQLStore

/// Plans the steps that bring a store from the schema it records to the container's: the stages of a migration plan
/// (if any) from the recorded version on. The store layer appends a lightweight step to the container's exact schema,
/// and runs everything in one write transaction (SQLite's `BEGIN IMMEDIATE`, or PostgreSQL's under the schema's
/// migration lock); a custom stage's `willMigrate` and `didMigrate` run there, each with a context of its own over
/// the executor the store hands the step (on the migration's connection), so their saves commit or roll back with
/// the migration. The stages' tables are mapped in the container's dialect.
struct StoreMigration {
    let schema: Schema
    let mapping: ModelMapping
    let plan: (any SchemaMigrationPlan.Type)?

    /// The version the container's schema stands for: the plan's version whose models it has, or its own.
    var targetVersion: Schema.Version {
        guard let plan, schema.version == Schema.Version(1, 0, 0) else { return schema.version }
        let types = Set(schema.entities.map { ObjectIdentifier($0.modelType) })
        for versioned in plan.schemas.reversed() {
            var matches = true
            for model in versioned.models where !types.contains(ObjectIdentifier(model)) { matches = false }
            if matches { return versioned.versionIdentifier }
        }
        return schema.version
    }

    /// Every entity of the container and of the plan's versions: the tables a store that records no schema is read for.
    var knownEntities: [String] {
        var names = Set(mapping.tables.tables.map(\.name))
        for versioned in plan?.schemas ?? [] {
            for model in versioned.models { names.insert(model.entityName) }
        }
        return names.sorted()
    }

    /// The plan's stages from the version `stored` records on, as store steps.
    func steps(from stored: StoredSchema?) throws -> [MigrationStep] {
        guard let stored, let plan else { return [] }
        let targetVersion = targetVersion
        try Self.checkProvenance(of: stored, in: plan, targetVersion: targetVersion)
        var steps: [MigrationStep] = []
        var current = Schema.Version(stored.version)
        while current != targetVersion, let stage = plan.stages.first(where: { $0.from.versionIdentifier == current }) {
            let to = Schema(versionedSchema: stage.to)
            let from = Schema(versionedSchema: stage.from)
            let toMapping = try ModelMapping(schema: to, dialect: mapping.tables.dialect)
            let fromMapping = try ModelMapping(schema: from, dialect: mapping.tables.dialect)
            let label = "\(stage.from.versionIdentifier) → \(stage.to.versionIdentifier)"
            var willMigrate: ((any StoreExecutor) throws -> Void)?
            var didMigrate: ((any StoreExecutor) throws -> Void)?
            if case .custom(_, _, let will, let did) = stage {
                willMigrate = will.map { code in
                    { executor in
                        try Self.run(code, "willMigrate", label, Self.stageStore(executor, fromMapping), from)
                    }
                }
                didMigrate = did.map { code in
                    { executor in
                        try Self.run(code, "didMigrate", label, Self.stageStore(executor, toMapping), to)
                    }
                }
            }
            steps.append(
                MigrationStep(
                    target: toMapping.tables, version: to.version.storeVersion, label: label,
                    source: fromMapping.tables,
                    willMigrate: willMigrate, didMigrate: didMigrate
                ))
            current = stage.to.versionIdentifier
        }
        return steps
    }

    /// Refuses to run the plan's stages on a store whose recorded schema is not the schema of the version it records
    /// (written by models that were never that version — an unversioned model records 1.0.0): a stage would take it
    /// for that version and drop or convert what does not fit. Runs before anything is written.
    /// - Throws: ``SwiftDataError/migrationRequired(_:)`` naming each entity, attribute and relationship that differs.
    private static func checkProvenance(
        of stored: StoredSchema, in plan: any SchemaMigrationPlan.Type, targetVersion: Schema.Version
    ) throws {
        let recorded = Schema.Version(stored.version)
        guard recorded != targetVersion,
            plan.stages.contains(where: { $0.from.versionIdentifier == recorded }),
            let claimed = plan.schemas.first(where: { $0.versionIdentifier == recorded })
        else { return }
        let expected = StoredSchema(
            mapping: try ModelMapping(schema: Schema(versionedSchema: claimed)).tables, version: stored.version)
        let differences = stored.differences(from: expected, otherName: "\(claimed)")
        guard !differences.isEmpty else { return }
        throw SwiftDataError.migrationRequired(
            "the store records version \(recorded), but its schema is not \(claimed)'s: "
                + differences.joined(separator: "; ")
                + ". It was not written by \(claimed), so the plan's stages from that version cannot run on it; the store was "
                + "left as it was — open it with the models that wrote it, or add their schema to the plan as a version of its own"
        )
    }

    /// A store over whichever executor the migrating store hands a stage (the existential opened once per stage).
    private static func stageStore(_ executor: any StoreExecutor, _ mapping: ModelMapping) -> any ModelStore {
        func open<Executor: StoreExecutor>(_ executor: Executor) -> any ModelStore {
            MigrationModelStore(store: executor, mapping: mapping)
        }
        return open(executor)
    }

    /// Runs a stage's code with a context on `store`, then saves it (inside the migration's transaction).
    private static func run(
        _ code: (ModelContext) throws -> Void, _ name: String, _ label: String, _ store: any ModelStore,
        _ schema: Schema
    ) throws {
        let context = ModelContext(ModelContainer(schema: schema, configurations: [], store: store))
        do {
            try code(context)
            try context.save()
        } catch {
            throw SwiftDataError.migrationFailed("\(name) of the stage \(label) threw: \(error)")
        }
    }
}
