import Foundation
import OpenSwiftData

enum GardenV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Plant.self] }

    @Model final class Plant {
        var name: String
        init(name: String) { self.name = name }
    }
}

enum GardenV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Plant.self] }

    @Model final class Plant {
        var name: String
        /// New in version 2, filled in by the migration from `name`.
        var slug: String = ""
        /// New in version 2, optional: a lightweight change on its own.
        var note: String?
        init(name: String, slug: String) {
            self.name = name
            self.slug = slug
        }
    }
}

enum GardenMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [GardenV1.self, GardenV2.self] }

    static var stages: [MigrationStage] {
        [
            .custom(
                fromVersion: GardenV1.self, toVersion: GardenV2.self, willMigrate: nil,
                didMigrate: { context in
                    for plant in try context.fetch(FetchDescriptor<GardenV2.Plant>()) {
                        plant.slug = plant.name.lowercased().replacingOccurrences(of: " ", with: "-")
                    }
                    try context.save()
                })
        ]
    }
}

/// A store written by version 1 of the models, opened by version 2 with a migration plan: the new column is filled
/// in by the custom stage, in the same transaction as the change of shape.
func migrationExample() throws {
    try withTemporaryFolder { folder in
        let url = folder.appendingPathComponent("garden.store")
        do {
            let container = try ModelContainer(
                for: GardenV1.Plant.self, migrationPlan: GardenMigrationPlan.self,
                configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            context.insert(GardenV1.Plant(name: "Sweet Basil"))
            context.insert(GardenV1.Plant(name: "Lemon Thyme"))
            try context.save()
        }

        let container = try ModelContainer(
            for: GardenV2.Plant.self, migrationPlan: GardenMigrationPlan.self,
            configurations: ModelConfiguration(url: url))
        let plants = try ModelContext(container).fetch(
            FetchDescriptor<GardenV2.Plant>(sortBy: [SortDescriptor(\.name)]))
        let slugs = plants.map(\.slug)
        try check(slugs == ["lemon-thyme", "sweet-basil"], "slugs after the migration: \(slugs)")
        try check(plants.allSatisfy { $0.note == nil }, "the new optional property has a value")
    }
}
