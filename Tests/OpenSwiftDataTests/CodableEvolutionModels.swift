import Foundation
import OpenSwiftData

// A profile whose Codable structs gain fields with default values from one version to the next. `settings` has a
// default in the model (`= Settings()`); `window` and the elements of `history` have none there, so their type
// offers one (`DefaultInitializable`).

enum ProfilesV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Profile.self] }

    struct Settings: Codable {
        var theme = "light"
    }

    struct Window: Codable {
        var width = 800
    }

    @Model final class Profile {
        var name: String
        var settings = Settings()
        var window: Window
        var history: [Window] = []

        init(name: String, settings: Settings, window: Window) {
            self.name = name
            self.settings = settings
            self.window = window
        }
    }
}

enum ProfilesV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Profile.self] }

    struct Settings: Codable, Equatable {
        struct Font: Codable, Equatable {
            var size = 12
            var name = "Menlo"
        }

        var theme = "light"
        var showsHints = true
        var font = Font()
    }

    struct Window: Codable, Equatable, DefaultInitializable {
        var width = 800
        var height = 600
    }

    @Model final class Profile {
        var name: String
        var settings = Settings()
        var window: Window
        var history: [Window] = []

        init(name: String, settings: Settings = Settings(), window: Window = Window()) {
            self.name = name
            self.settings = settings
            self.window = window
        }
    }
}

/// `theme` changed type: the stored JSON no longer decodes.
enum ProfilesV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Profile.self] }

    struct Settings: Codable {
        var theme = 0
    }

    struct Window: Codable {
        var width = 800
    }

    @Model final class Profile {
        var name: String
        var settings = Settings()
        var window: Window
        var history: [Window] = []

        init(name: String, window: Window) {
            self.name = name
            self.window = window
        }
    }
}

enum ProfilesPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ProfilesV1.self, ProfilesV2.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: ProfilesV1.self, toVersion: ProfilesV2.self)] }
}
