/// One step of a migration: bring the store's tables to `target`'s, recording `version`.
///
/// A step with code (a custom stage) runs `willMigrate` before the tables change — with an executor over the
/// migration's own connection seen through `source` (a ``SQLiteStore`` or a `PostgreSQLStore`, whichever store
/// migrates) — and `didMigrate` after, seen through `target`; whatever those executors' saves write is part of the
/// migration's transaction, so a callback that throws leaves the store as it was. A custom step may change a column's type (the column
/// then starts from its default or a zero value); a lightweight one refuses that (``MigrationRefusal``).
package struct MigrationStep {
    package var target: SchemaMapping
    package var version: SchemaVersion
    /// How the step reads in the log (`1.0.0 → 2.0.0`).
    package var label: String
    package var source: SchemaMapping?
    package var willMigrate: ((any StoreExecutor) throws -> Void)?
    package var didMigrate: ((any StoreExecutor) throws -> Void)?
    /// Recorded as the store's ``StoredSchema/versionIdentifier`` after the step (nil: none; a later step that
    /// changes nothing keeps the one before).
    package var versionIdentifier: String?

    package init(
        target: SchemaMapping, version: SchemaVersion, label: String, source: SchemaMapping? = nil,
        willMigrate: ((any StoreExecutor) throws -> Void)? = nil,
        didMigrate: ((any StoreExecutor) throws -> Void)? = nil,
        versionIdentifier: String? = nil
    ) {
        self.versionIdentifier = versionIdentifier
        self.target = target
        self.version = version
        self.label = label
        self.source = source
        self.willMigrate = willMigrate
        self.didMigrate = didMigrate
    }

    /// Whether the step runs code (and so may change a column's type).
    package var isCustom: Bool { willMigrate != nil || didMigrate != nil }
}
