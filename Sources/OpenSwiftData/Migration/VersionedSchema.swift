/// One version of an app's models. Mirrors SwiftData's `VersionedSchema`.
///
/// ```swift
/// enum BooksV1: VersionedSchema {
///     static let versionIdentifier = Schema.Version(1, 0, 0)
///     static var models: [any PersistentModel.Type] { [Book.self] }
///     @Model final class Book { var authors: [String] = [] … }
/// }
/// ```
/// Models of different versions share a table when their class names are equal (`BooksV1.Book` and
/// `BooksV2.Book` are both the entity `Book`).
public protocol VersionedSchema {
    /// The version.
    static var versionIdentifier: Schema.Version { get }
    /// The model types of this version.
    static var models: [any PersistentModel.Type] { get }
}

extension Schema {
    /// The schema of a versioned schema's models, with its version. Mirrors SwiftData's `Schema(versionedSchema:)`.
    public convenience init(versionedSchema: any VersionedSchema.Type) {
        self.init(versionedSchema.models, version: versionedSchema.versionIdentifier)
    }
}

/// The versions of an app's schema and how to move between them. Mirrors SwiftData's `SchemaMigrationPlan`.
public protocol SchemaMigrationPlan {
    /// Every version, oldest first.
    static var schemas: [any VersionedSchema.Type] { get }
    /// The steps between consecutive versions.
    static var stages: [MigrationStage] { get }
}

/// One step of a migration plan. Mirrors SwiftData's `MigrationStage`.
public enum MigrationStage {
    /// Changes that need no code: see ``ModelContainer`` for what a lightweight migration does.
    case lightweight(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type)
    /// `willMigrate` runs with a context on the old models, then the store changes shape — allowing changes a
    /// lightweight stage refuses, such as a property's type: the changed column starts from the property's default
    /// value (or a zero value: 0, "", empty data) — then `didMigrate` runs with a context on the new models, to
    /// fill it in. Both contexts' saves belong to the migration's transaction.
    case custom(
        fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type,
        willMigrate: ((ModelContext) throws -> Void)?, didMigrate: ((ModelContext) throws -> Void)?
    )

    var from: any VersionedSchema.Type {
        switch self {
        case .lightweight(let from, _), .custom(let from, _, _, _): from
        }
    }

    var to: any VersionedSchema.Type {
        switch self {
        case .lightweight(_, let to), .custom(_, let to, _, _): to
        }
    }
}
