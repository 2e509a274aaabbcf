import Foundation
import OpenSwiftData
import SQLite
import Testing

/// Backyard Birds' two plant lists that name one inverse (`leadingPlants`, `trailingPlants`, both
/// `inverse: \Plant.backyard`): each keeps its own members.
@Suite(.serialized) struct SharedInverseTests {
    @Test func eachListKeepsItsOwnMembersAcrossASaveAndAReopen() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("birds.store")
        do {
            let context = ModelContext(
                try ModelContainer(for: Backyard.self, configurations: ModelConfiguration(url: url)))
            let yard = Backyard(name: "North")
            context.insert(yard)
            yard.leadingPlants = ["fern", "ivy", "moss"].map(Plant.init)
            yard.trailingPlants = ["rose", "sage", "thyme"].map(Plant.init)
            #expect((yard.leadingPlants + yard.trailingPlants).allSatisfy { $0.backyard === yard })
            try context.save()
            let again = try #require(try ModelContext(context.container).fetch(FetchDescriptor<Backyard>()).first)
            #expect(again.leadingPlants.map(\.species) == ["fern", "ivy", "moss"])
            #expect(again.trailingPlants.map(\.species) == ["rose", "sage", "thyme"])
        }
        let context = ModelContext(try ModelContainer(for: Backyard.self, configurations: ModelConfiguration(url: url)))
        let yard = try #require(try context.fetch(FetchDescriptor<Backyard>()).first)
        #expect(yard.leadingPlants.map(\.species) == ["fern", "ivy", "moss"])
        #expect(yard.trailingPlants.map(\.species) == ["rose", "sage", "thyme"])
        #expect((yard.leadingPlants + yard.trailingPlants).allSatisfy { $0.backyard === yard })
        let fern = "fern"
        #expect(
            try context.fetchCount(
                FetchDescriptor<Backyard>(predicate: #Predicate { $0.leadingPlants.contains { $0.species == fern } }))
                == 1)
        #expect(
            try context.fetchCount(
                FetchDescriptor<Backyard>(predicate: #Predicate { $0.trailingPlants.contains { $0.species == fern } }))
                == 0)
        #expect(
            try context.fetchCount(FetchDescriptor<Plant>(predicate: #Predicate { $0.backyard?.name == "North" })) == 6)
    }

    @Test func aPlantThatChangesBackyardLeavesBothListsOfTheOld() throws {
        let context = ModelContext(try inMemoryContainer(Backyard.self))
        let north = Backyard(name: "North")
        let south = Backyard(name: "South")
        context.insert(north)
        context.insert(south)
        let fern = Plant(species: "fern")
        let rose = Plant(species: "rose")
        north.leadingPlants = [fern]
        north.trailingPlants = [rose]
        try context.save()
        south.trailingPlants.append(fern)
        #expect(fern.backyard === south)
        #expect(north.leadingPlants.isEmpty)
        rose.backyard = nil
        #expect(north.trailingPlants.isEmpty)
        try context.save()
        let fresh = ModelContext(context.container)
        let yards = try fresh.fetch(FetchDescriptor<Backyard>(sortBy: [SortDescriptor(\.name)]))
        #expect(yards.map { $0.leadingPlants.map(\.species) } == [[], []])
        #expect(yards.map { $0.trailingPlants.map(\.species) } == [[], ["fern"]])
        // Deleting a plant takes it out of its list.
        context.delete(fern)
        try context.save()
        #expect(south.trailingPlants.isEmpty)
    }

    @Test func twoManyToManyListsWithOneInverseAreRefusedNamingBoth() {
        #expect {
            _ = try inMemoryContainer(Playlist.self)
        } throws: { error in
            let message = "\(error)"
            return message.contains("Playlist.favourites") && message.contains("Playlist.recent")
                && message.contains("Song.playlists")
        }
    }
}

extension SharedInverseTests {
    /// A store written before such lists had join tables of their own read both through `Plant.backyard`: after the
    /// migration each list reads as it did, and keeps its own members from then on.
    @Test func aStoreThatReadTheListsThroughTheForeignKeyKeepsWhatTheyShowed() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("birds.store")
        do {
            let context = ModelContext(
                try ModelContainer(for: Backyard.self, configurations: ModelConfiguration(url: url)))
            let yard = Backyard(name: "North")
            context.insert(yard)
            yard.leadingPlants = ["fern", "ivy"].map(Plant.init)
            yard.trailingPlants = ["rose"].map(Plant.init)
            try context.save()
        }
        // Make it what the earlier layout wrote: no join tables, and a record without them.
        let raw = try SQLiteConnection(location: .file(url.path))
        for table in ["Z_Backyard_leadingPlants", "Z_Backyard_trailingPlants"] {
            try raw.execute("DROP TABLE \"\(table)\"")
        }
        guard case .text(let record) = try raw.scalar(#"SELECT "value" FROM "Z_METADATA" WHERE "key" = 'schema'"#)
        else {
            Issue.record("no schema recorded")
            return
        }
        let earlier = record.replacingOccurrences(of: #""joinTable":"Z_Backyard_leadingPlants","#, with: "")
            .replacingOccurrences(of: #""joinTable":"Z_Backyard_trailingPlants","#, with: "")
        #expect(earlier != record)
        try raw.execute(#"UPDATE "Z_METADATA" SET "value" = ? WHERE "key" = 'schema'"#, [.text(earlier)])
        raw.close()

        let context = ModelContext(try ModelContainer(for: Backyard.self, configurations: ModelConfiguration(url: url)))
        let yard = try #require(try context.fetch(FetchDescriptor<Backyard>()).first)
        #expect(yard.leadingPlants.map(\.species) == ["fern", "ivy", "rose"])
        #expect(yard.trailingPlants.map(\.species) == ["fern", "ivy", "rose"])
        yard.trailingPlants = yard.trailingPlants.filter { $0.species == "rose" }
        try context.save()
        let again = try #require(try ModelContext(context.container).fetch(FetchDescriptor<Backyard>()).first)
        #expect(again.trailingPlants.map(\.species) == ["rose"])
        #expect(again.leadingPlants.map(\.species) == ["fern", "ivy", "rose"])
    }
}
