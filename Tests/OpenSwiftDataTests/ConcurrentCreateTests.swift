import Foundation
import OpenSwiftData
import SQLite
import Testing

/// Several processes open, create and write one store at once (issue 13 §1), and the fault-injection probe's store
/// cases — damaged, foreign, read-only and missing files, opened by separate processes — all hold.
@Suite(.serialized) struct ConcurrentCreateTests {
    /// Six processes start on a store that does not exist yet and save 50 rows each, one save a row, three rounds:
    /// every process opens and every save succeeds (no "database is locked"), no row is lost or saved twice.
    @Test func sixProcessesCreateAndWriteOneNewStore() throws {
        let probe = try #require(
            ConcurrencyTests.probeExecutable(), "concurrency-probe was not built next to the tests")
        for round in 1...3 {
            let folder = try TemporaryDirectory()
            let store = folder.file("round-\(round)/shared.store")
            let processes = try (0..<6).map { index in
                let process = Process()
                process.executableURL = probe
                process.arguments = [store.path, "50", "p\(index)"]
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
            }
            #expect(reports.allSatisfy { $0.contains("saved=50 errors=0") }, "round \(round): \(reports)")
            let raw = try SQLiteConnection(location: .file(store.path), readOnly: true)
            defer { raw.close() }
            #expect(
                try raw.scalar("SELECT count(DISTINCT \"label\" || '-' || \"sequence\") FROM \"ProbeRowMirror\"")
                    == .integer(300))
            #expect(try raw.scalar("SELECT count(*) FROM \"ProbeRowMirror\"") == .integer(300))
        }
    }

    /// The probe's damaged-file and concurrent-writer cases, strict (nothing may be marked known): damaged header,
    /// overwritten pages, truncated file, foreign database (each refused, byte-identical), read-only file and folder
    /// (read correctly, byte-identical, no -wal/-shm; opened as a user that permissions apply to), missing folder
    /// (refused, nothing created), and processes creating one store at once.
    @Test func theReliabilityProbesStoreCasesPass() throws {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var found: URL?
        for _ in 0..<4 where found == nil {
            let candidate = directory.appendingPathComponent("reliability-probe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { found = candidate }
            directory.deleteLastPathComponent()
        }
        let probe = try #require(found, "reliability-probe was not built next to the tests")
        let process = Process()
        process.executableURL = probe
        process.arguments = ["--strict", "--only", "damaged,concurrent"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let report = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(report)")
        #expect(report.contains(" 0 failures"), "\(report)")
    }
}
