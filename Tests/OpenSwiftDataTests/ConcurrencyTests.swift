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
        let container = try ModelContainer(
            for: Tag.self, configurations: ModelConfiguration(url: folder.file("tags.store")))
        let importer = TagImporter(modelContainer: container)
        let identifiers = try await importer.importTags(50, prefix: "bg")
        #expect(identifiers.count == 50)
        // The identifiers cross to this task's own context.
        let context = ModelContext(container)
        let tag = try #require(context.model(for: identifiers[7]) as? Tag)
        #expect(tag.name == "bg-7" && tag.uses == 7)
        tag.uses = 700
        try context.save()
        // A fetch in the actor's context sees the other context's save (registered instances are refreshed).
        #expect(await importer.uses(of: identifiers[7]) == 700)
    }

    @Test func twoContextsOnTwoThreadsWriteAndReadWithoutLocking() async throws {
        let folder = try TemporaryDirectory()
        let container = try ModelContainer(
            for: Tag.self, configurations: ModelConfiguration(url: folder.file("tags.store")))
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

    /// Two processes create one new store and save 1,000 times each to it: no "database is locked", no lost row.
    ///
    /// The contention is made on purpose, not left to chance: the test holds an exclusive lock on the (still empty)
    /// store file while both processes start, and lets go only once both have the file open, so each open meets a
    /// locked file and then the other process creating the same store. It passes because opening waits for the
    /// lock (the busy timeout is set before anything reads the file), not because the processes happened not to
    /// overlap.
    @Test func twoProcessesSaveToOneStore() throws {
        let folder = try TemporaryDirectory()
        let store = folder.file("shared.store")
        let probe = try #require(Self.probeExecutable(), "concurrency-probe was not built next to the tests")
        // Readers are locked out too (locking_mode EXCLUSIVE), so the probes' first read of the file must wait.
        var lock: SQLiteConnection? = try SQLiteConnection(location: .file(store.path))
        try lock?.execute("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE")
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
        Self.waitUntilOpened(store, by: processes.map(\.0))
        lock?.close()
        lock = nil
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
        #expect(
            try raw.scalar("SELECT count(DISTINCT \"label\" || '-' || \"sequence\") FROM \"ProbeRowMirror\"")
                == .integer(2000))
    }

    /// Returns once every process has `file` open (seen in `/proc/<pid>/fd`) or has exited. A process that has it
    /// open is about to read it, so it meets the lock the caller holds. Should one process start much later than
    /// the other, the wait ends a second after the first opened the file, well inside the 5 s the first one's open
    /// waits for a lock: the test then has less contention, never a failure of its own making.
    static func waitUntilOpened(_ file: URL, by processes: [Process]) {
        #if os(Linux)
        let target = file.resolvingSymlinksInPath().path
        let giveUp = ContinuousClock.now + .seconds(60)  // a probe stuck before opening: its own failure shows
        var firstOpened: ContinuousClock.Instant?
        while ContinuousClock.now < giveUp {
            let opened = processes.filter { process in
                guard process.isRunning else { return true }
                let fds = "/proc/\(process.processIdentifier)/fd"
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: fds)) ?? []
                return entries.contains { entry in
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(fds)/\(entry)")) == target
                }
            }
            if opened.count == processes.count { return }
            if !opened.isEmpty {
                let now = ContinuousClock.now
                if let first = firstOpened {
                    if now - first > .seconds(1) { return }
                } else {
                    firstOpened = now
                }
            }
            usleep(2_000)
        }
        #endif
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
