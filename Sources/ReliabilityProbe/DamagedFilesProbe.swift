import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A store of 300 notes, damaged in one way per case, opened by a process that only asks to read it
/// (`allowsSave: false`): each case ends in a clear error or a correct read of all 300 notes, never a crash or a
/// wrong read, and every file is byte-identical afterwards, with no new file beside it.
enum DamagedFilesProbe {
    static let rows = 300

    struct Case: Sendable {
        var label: String
        /// Makes the case in `folder` from an intact store there; returns the store path to open.
        var prepare: @Sendable (_ folder: URL, _ store: URL, _ random: inout SeededGenerator) throws -> URL
        /// Opened by a process without the right to bypass file permissions (matters when the probe runs as root).
        var unprivileged = false
        /// A correct read is the only right answer (the file is intact, only its permissions differ).
        var mustRead = false
        var known: KnownFinding?
        /// Opened as the apps open their stores (`allowsSave: true`), rather than only to read. Opening is still no
        /// request to write: the file must stay byte-identical.
        var allowsSave = false
    }

    /// Every case opened only to read, then the damaged files again opened as the apps open their stores.
    static let cases: [Case] =
        readCases
        + readCases.filter { damageLabels.contains($0.label) }.map { original in
            var opened = original
            opened.label += ", opened read-write"
            opened.allowsSave = true
            return opened
        }

    static let damageLabels: Set<String> = [
        "damaged header", "overwritten data pages", "truncated file", "a foreign SQLite database",
    ]

    static let readCases: [Case] = [
        Case(label: "intact store, read only", prepare: { _, store, _ in store }, mustRead: true, known: .openWrites),
        Case(
            label: "damaged header",
            prepare: { _, store, _ in
                try overwrite(store, at: 0, with: Array("NOT A DATABASE!!".utf8))
                return store
            }),
        Case(
            label: "overwritten data pages",
            prepare: { _, store, random in
                let size = try fileSize(store)
                let page = try pageSize(store)
                let pages = size / page
                // Keep page 1 (the schema) and overwrite the second half of the others with noise.
                for number in max(2, pages / 2)..<pages {
                    try overwrite(
                        store, at: number * page,
                        with: (0..<page).map { _ in UInt8.random(in: 0...255, using: &random) })
                }
                return store
            }, known: .noIntegrityProbe),
        Case(
            label: "truncated file",
            prepare: { _, store, _ in
                let size = try fileSize(store)
                guard truncate(store.path, off_t(size / 2)) == 0 else {
                    throw ProbeError("cannot truncate \(store.path)")
                }
                return store
            }),
        Case(
            label: "a foreign SQLite database",
            prepare: { folder, _, _ in
                let foreign = folder.appendingPathComponent("customers.sqlite")
                guard SQLiteFile.createForeignDatabase(foreign.path) else {
                    throw ProbeError("cannot create \(foreign.path)")
                }
                return foreign
            }, known: .adoptsForeignDatabase),
        Case(
            label: "read-only file",
            prepare: { _, store, _ in
                guard chmod(store.path, 0o444) == 0 else { throw ProbeError("cannot chmod \(store.path)") }
                return store
            }, unprivileged: true, mustRead: true, known: .readOnlyFileUnreadable),
        Case(
            label: "read-only folder",
            prepare: { folder, store, _ in
                guard chmod(folder.path, 0o555) == 0 else { throw ProbeError("cannot chmod \(folder.path)") }
                return store
            }, unprivileged: true, mustRead: true, known: .readOnlyFolderUnreadable),
        Case(
            label: "missing folder",
            prepare: { folder, _, _ in
                folder.appendingPathComponent("not-there/deeper/notes.store")
            }, known: .readCreatesMissingStore),
    ]

    static func run(_ settings: ProbeSettings) throws -> ProbeReport {
        let report = ProbeReport(
            "damaged",
            "\(readCases.count) kinds of damaged or unreadable store files, each opened to read \(rows) notes; the \(damageLabels.count) damaged ones opened read-write too",
            settings: settings
        )
        var random = SeededGenerator(seed: settings.seed)
        let base = settings.scratch.appendingPathComponent("damaged")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let original = base.appendingPathComponent("original/notes.store")
        try FileManager.default.createDirectory(
            at: original.deletingLastPathComponent(), withIntermediateDirectories: true)
        let fill = try ChildProcess.run(settings.executable, ["fill-notes", original.path, "\(rows)"])
        guard fill.ended == .exit(0) else {
            throw ProbeError("cannot make the store to damage: \(fill.lines) \(fill.errors)")
        }
        let unprivileged = unprivilegedPrefix()

        for (number, testCase) in cases.enumerated() {
            if testCase.unprivileged && unprivileged == nil {
                report.record(
                    testCase.label,
                    .skipped("running as root and `unshare --user` is not available, so permissions would not apply"))
                continue
            }
            let folder = base.appendingPathComponent("case-\(number)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: original.deletingLastPathComponent().path) {
                try FileManager.default.copyItem(
                    at: original.deletingLastPathComponent().appendingPathComponent(name),
                    to: folder.appendingPathComponent(name)
                )
            }
            let store = try testCase.prepare(folder, folder.appendingPathComponent("notes.store"), &random)
            let before = try snapshot(folder)
            var command =
                [settings.executable.path, "read-notes", store.path, "\(rows)"]
                + (testCase.allowsSave ? ["read-write"] : [])
            if testCase.unprivileged, let unprivileged { command = unprivileged + command }
            let read = try ChildProcess.run(URL(fileURLWithPath: command[0]), Array(command.dropFirst()))
            let after = try snapshot(folder)
            _ = chmod(folder.path, 0o755)
            _ = chmod(store.path, 0o644)

            let answer =
                read.lines.first { $0.hasPrefix("rows=") || $0.hasPrefix("error:") }
                ?? "(nothing printed) \(read.errors)"
            var problems: [String] = []
            switch read.ended {
            case .signal(let signal):
                problems.append("the reader crashed (signal \(signal)): \(read.errors.suffix(300))")
            case .exit(0): break
            case .exit(1) where answer.hasPrefix("error:") && answer.count > 12:
                if testCase.mustRead { problems.append("the intact store could not be read") }
            case .exit(let code): problems.append("wrong read or no clear error (exit \(code))")
            }
            for (name, bytes) in before where after[name] != bytes {
                problems.append(after[name] == nil ? "\(name) was deleted" : "\(name) was changed")
            }
            let added = after.keys.filter { before[$0] == nil }.sorted()
            if !added.isEmpty { problems.append("new files left: \(added.joined(separator: ", "))") }
            let detail = answer.count > 240 ? String(answer.prefix(240)) + "…" : answer
            report.record(
                testCase.label,
                problems.isEmpty ? .passed(detail) : .failed("\(detail) — \(problems.joined(separator: "; "))"),
                known: testCase.known)
        }
        report.finish()
        return report
    }

    /// Every file under `folder` (recursively) and its bytes.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return files }
        while let name = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = folder.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                if isDirectory.boolValue { files[name + "/"] = Data() }
                continue
            }
            files[name] = FileManager.default.contents(atPath: path) ?? Data()
        }
        return files
    }

    /// The command that runs a process without the power to bypass file permissions: nothing for an ordinary user;
    /// for root, a new user namespace (`unshare --user`), where root keeps no capability over the files here.
    static func unprivilegedPrefix() -> [String]? {
        guard geteuid() == 0 else { return [] }
        let unshare = "/usr/bin/unshare"
        guard FileManager.default.isExecutableFile(atPath: unshare),
            let check = try? ChildProcess.run(URL(fileURLWithPath: unshare), ["--user", "/bin/true"]),
            check.ended == .exit(0)
        else { return nil }
        return [unshare, "--user"]
    }

    static func fileSize(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
    }

    /// The page size in the database header (bytes 16–17, big-endian; 1 means 65536).
    static func pageSize(_ url: URL) throws -> Int {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { throw ProbeError("cannot read \(url.path)") }
        defer { try? handle.close() }
        try handle.seek(toOffset: 16)
        let bytes = [UInt8](try handle.read(upToCount: 2) ?? Data())
        guard bytes.count == 2 else { throw ProbeError("\(url.path) has no header") }
        let size = Int(bytes[0]) << 8 | Int(bytes[1])
        return size == 1 ? 65536 : size
    }

    static func overwrite(_ url: URL, at offset: Int, with bytes: [UInt8]) throws {
        guard let handle = FileHandle(forUpdatingAtPath: url.path) else { throw ProbeError("cannot write \(url.path)") }
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data(bytes))
    }
}

struct ProbeError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
