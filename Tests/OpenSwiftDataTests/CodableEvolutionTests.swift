import Foundation
import OpenSwiftData
import SQLite
import Testing

/// Codable struct attributes whose types gain fields with default values keep their rows readable.
@Suite(.serialized) struct CodableEvolutionTests {
    /// A store of two V1 profiles (closed again, so the file is complete).
    private func v1Store(_ folder: TemporaryDirectory) throws -> URL {
        let url = folder.file("profiles.store")
        let context = ModelContext(
            try ModelContainer(for: ProfilesV1.Profile.self, configurations: ModelConfiguration(url: url)))
        let dark = ProfilesV1.Profile(
            name: "dark", settings: ProfilesV1.Settings(theme: "dark"), window: ProfilesV1.Window(width: 1024))
        dark.history = [ProfilesV1.Window(width: 640)]
        context.insert(dark)
        context.insert(ProfilesV1.Profile(name: "plain", settings: ProfilesV1.Settings(), window: ProfilesV1.Window()))
        try context.save()
        return url
    }

    private func check(_ profiles: [ProfilesV2.Profile]) {
        #expect(profiles.map(\.name) == ["dark", "plain"])
        #expect(
            profiles.map(\.settings) == [
                ProfilesV2.Settings(theme: "dark", showsHints: true, font: .init(size: 12, name: "Menlo")),
                ProfilesV2.Settings(theme: "light", showsHints: true, font: .init(size: 12, name: "Menlo")),
            ])
        #expect(
            profiles.map(\.window) == [
                ProfilesV2.Window(width: 1024, height: 600), ProfilesV2.Window(width: 800, height: 600),
            ])
        #expect(profiles.map(\.history) == [[ProfilesV2.Window(width: 640, height: 600)], []])
    }

    @Test func oldRowsLoadWithTheNewFieldsAtTheirDefaults() throws {
        let folder = try TemporaryDirectory()
        let url = try v1Store(folder)
        let container = try ModelContainer(for: ProfilesV2.Profile.self, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let profiles = try context.fetch(FetchDescriptor<ProfilesV2.Profile>(sortBy: [SortDescriptor(\.name)]))
        check(profiles)
        // The new shape is stored when the property is next saved.
        profiles[0].settings.showsHints = false
        try context.save()
        let reread = try ModelContext(container).fetch(
            FetchDescriptor<ProfilesV2.Profile>(sortBy: [SortDescriptor(\.name)]))
        #expect(reread[0].settings.showsHints == false && reread[0].settings.theme == "dark")
    }

    @Test func aPlanWhoseStructIsTheSameTypeInAnotherNamespaceMigratesLightweight() throws {
        let folder = try TemporaryDirectory()
        let url = try v1Store(folder)
        let container = try ModelContainer(
            for: ProfilesV2.Profile.self, migrationPlan: ProfilesPlan.self, configurations: ModelConfiguration(url: url)
        )
        check(try ModelContext(container).fetch(FetchDescriptor<ProfilesV2.Profile>(sortBy: [SortDescriptor(\.name)])))
    }

    @Test func aRowWrittenBeforeTheStructGainedAFieldIsReadable() throws {
        // The same type throughout: the row holds JSON of the struct as it was before `height` was added.
        let folder = try TemporaryDirectory()
        let url = folder.file("profiles.store")
        do {
            let context = ModelContext(
                try ModelContainer(for: ProfilesV2.Profile.self, configurations: ModelConfiguration(url: url)))
            context.insert(ProfilesV2.Profile(name: "old"))
            try context.save()
        }
        let raw = try SQLiteConnection(location: .file(url.path))
        try raw.execute(#"UPDATE "Profile" SET "settings" = '{"theme":"dark"}', "window" = '{"width":1280}'"#)
        raw.close()
        let context = ModelContext(
            try ModelContainer(for: ProfilesV2.Profile.self, configurations: ModelConfiguration(url: url)))
        let profile = try #require(try context.fetch(FetchDescriptor<ProfilesV2.Profile>()).first)
        #expect(profile.settings == ProfilesV2.Settings(theme: "dark", showsHints: true, font: .init()))
        #expect(profile.window == ProfilesV2.Window(width: 1280, height: 600))
    }

    @Test func aValueThatDoesNotDecodeEvenWithDefaultsNamesTheProperty() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("profiles.store")
        do {
            let context = ModelContext(
                try ModelContainer(for: ProfilesV2.Profile.self, configurations: ModelConfiguration(url: url)))
            context.insert(ProfilesV2.Profile(name: "old"))
            try context.save()
        }
        let raw = try SQLiteConnection(location: .file(url.path))
        try raw.execute(#"UPDATE "Profile" SET "settings" = '{"theme":7}'"#)
        raw.close()
        let context = ModelContext(
            try ModelContainer(for: ProfilesV2.Profile.self, configurations: ModelConfiguration(url: url)))
        #expect {
            try context.fetch(FetchDescriptor<ProfilesV2.Profile>())
        } throws: { error in
            "\(error)".contains(#"Profile.settings: the store holds text '{"theme":7}'"#)
        }
    }

    @Test func anIncompatibleShapeIsStillRefusedAsATypeChange() throws {
        let folder = try TemporaryDirectory()
        let url = try v1Store(folder)
        let before = try Data(contentsOf: url)
        #expect {
            _ = try ModelContainer(for: ProfilesV3.Profile.self, configurations: ModelConfiguration(url: url))
        } throws: { error in
            let message = "\(error)"
            return message.contains("Profile.settings") && message.contains("2 stored value(s)")
        }
        #expect(try Data(contentsOf: url) == before)
    }
}
