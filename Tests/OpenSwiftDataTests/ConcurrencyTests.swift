import Foundation
import OpenSwiftData
import SQLite
import Testing

@ModelActor
actor TagImporter {
    /// Inserts `count` tags in the actor's own context and returns their identifiers.
    func importTags(_ count: Int, prefix: String) throws -> [PersistentIdentifier] {
        var tags: [Tag] = []
        for index in 0..<count {
            let tag = Tag(name: "\(prefix)-\(index)", uses: index)
            modelContext.insert(tag)
            tags.append(tag)
        }
        try modelContext.save()
        return tags.map(\.persistentModelID)
    }

    func uses(of identifier: PersistentIdentifier) -> Int? {
        self[identifier, as: Tag.self]?.uses
    }
}

@Suite(.serialized) struct ConcurrencyTests {
    @Test func modelActorsWorkInTheBackgroundAndShareIdentifiers() async throws {
        let folder = try TemporaryDirectory()
        let container = try ModelContainer(for: Tag.self, configurations: ModelConfiguration(url: folder.file("tags.store")))
        let importer = TagImporter(modelContainer: container)
        let identifiers = try await importer.importTags(50, prefix: "bg")
        #expect(identifiers.count == 50)
        // The identifiers cross to this task's own context.
        let context = ModelContext(container)
        let tag = try #require(try context.model(for: identifiers[7]) as? Tag)
        #expect(tag.name == "bg-7" && tag.uses == 7)
        tag.uses = 700
        try context.save()
        // A fetch in the actor's context sees the other context's save (registered instances are refreshed).
        #expect(await importer.uses(of: identifiers[7]) == 700)
    }

    @Test func twoContextsOnTwoThreadsWriteAndReadWithoutLocking() async throws {
        let folder = try TemporaryDirectory()
        let container = try ModelContainer(for: Tag.self, configurations: ModelConfiguration(url: folder.file("tags.store")))
        try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    let context = ModelContext(container)
                    for index in 0..<100 {
                        context.insert(Tag(name: "w\(worker)-\(index)"))
                        try context.save()
                        _ = try context.fetchCount(FetchDescriptor<Tag>())
                    }
                    return 100
                }
            }
            var total = 0
            for try await saved in group { total += saved }
            #expect(total == 400)
        }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Tag>()) == 400)
    }

    /// Two processes save 1,000 times each to one store: no "database is locked", no lost row.
    @Test func twoProcessesSaveToOneStore() throws {
        let folder = try TemporaryDirectory()
        let store = folder.file("shared.store")
        // Create the store first, so both processes open an existing file.
        _ = try ModelContainer(for: Tag.self, configurations: ModelConfiguration(url: store))
        let probe = try #require(Self.probeExecutable(), "concurrency-probe was not built next to the tests")
        let processes = try ["a", "b"].map { label in
            let process = Process()
            process.executableURL = probe
            process.arguments = [store.path, "1000", label]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            return (process, output)
        }
        var reports: [String] = []
        for (process, output) in processes {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            reports.append(String(decoding: data, as: UTF8.self))
            #expect(process.terminationStatus == 0)
        }
        #expect(reports.allSatisfy { $0.contains("saved=1000 errors=0") }, "\(reports)")
        let raw = try SQLiteConnection(location: .file(store.path))
        defer { raw.close() }
        #expect(try raw.scalar("SELECT count(*) FROM \"ProbeRowMirror\"") == .integer(2000))
        #expect(try raw.scalar("SELECT count(DISTINCT \"label\" || '-' || \"sequence\") FROM \"ProbeRowMirror\"") == .integer(2000))
    }

    /// The probe, built beside this test bundle.
    static func probeExecutable() -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("concurrency-probe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }
}
