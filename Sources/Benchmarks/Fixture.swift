import Foundation
import OpenSwiftData

/// The store files of a benchmark session, in a temporary folder removed at the end.
///
/// Every store starts as a copy of a template that OpenSwiftData itself created (so both sides work on exactly the
/// table, indexes and metadata OpenSwiftData makes), filled with ``DataSet`` rows by raw inserts (set-up is not
/// measured) and checkpointed, so a copy is a single self-contained file.
final class Fixture {
    let folder: URL
    private let emptyTemplate: URL
    private var populatedTemplates: [Int: URL] = [:]
    private var copies = 0

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "openswiftdata-bench-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw BenchError("cannot create the temporary folder \(folder.path): \(error)")
        }
        emptyTemplate = folder.appendingPathComponent("template-empty.store")
        do {
            // The container closes its connections when released at the end of this scope.
            let container = try ModelContainer(
                for: BenchItem.self, configurations: ModelConfiguration(url: emptyTemplate))
            _ = container.schema
        } catch {
            throw BenchError("OpenSwiftData cannot create the template store \(emptyTemplate.path): \(error)")
        }
        try Self.checkpoint(emptyTemplate)
    }

    /// Removes every file made.
    func removeAll() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A new store file: empty, or holding the first `rows` rows of ``DataSet``.
    func freshStore(rows: Int) throws -> URL {
        let template = rows == 0 ? emptyTemplate : try populatedTemplate(rows: rows)
        copies += 1
        let url = folder.appendingPathComponent("run-\(copies).store")
        do {
            try FileManager.default.copyItem(at: template, to: url)
        } catch {
            throw BenchError("cannot copy \(template.path) to \(url.path): \(error)")
        }
        return url
    }

    /// Deletes a store made by ``freshStore(rows:)`` with its WAL and shared-memory files.
    func remove(_ url: URL) {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
    }

    func populatedTemplate(rows: Int) throws -> URL {
        if let url = populatedTemplates[rows] { return url }
        let url = folder.appendingPathComponent("template-\(rows).store")
        do {
            try FileManager.default.copyItem(at: emptyTemplate, to: url)
        } catch {
            throw BenchError("cannot copy \(emptyTemplate.path) to \(url.path): \(error)")
        }
        do {
            // One row at a time, so the process does not grow before the memory probes start.
            let database = try RawDatabase(path: url.path)
            let insert = try database.prepare(RawSQL.insert)
            try database.transaction {
                for i in 0..<rows {
                    RawSQL.bind(DataSet.value(i), to: insert)
                    _ = try insert.step()
                    insert.reset()
                }
            }
        }
        try Self.checkpoint(url)
        populatedTemplates[rows] = url
        return url
    }

    /// Moves everything in the WAL into the main file and empties the WAL.
    private static func checkpoint(_ url: URL) throws {
        let database = try RawDatabase(path: url.path)
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
