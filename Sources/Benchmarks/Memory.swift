import Foundation
import OpenSwiftData
#if canImport(Glibc)
import Glibc
#endif

/// The hidden flag that makes the executable a memory probe: `benchmarks --memory-child <task> <side> <store>`.
let memoryChildFlag = "--memory-child"

/// What a memory probe does before reading its peak: `baseline` only opens the store and counts the rows.
enum MemoryTask: String, CaseIterable, Codable {
    case baseline
    case fetchAll = "fetch-all"
    case enumerate
}

/// One probe's result.
struct MemoryResult: Codable {
    var task: String
    var side: String
    var n: Int
    /// `getrusage(RUSAGE_SELF).ru_maxrss` of the probe process, in bytes.
    var peakRSSBytes: Int
    /// `VmHWM` of `/proc/self/status` (the peak of the probe's own address space), in bytes, as a cross-check.
    var highWaterMarkBytes: Int?
}

/// The probes' results.
struct MemoryReport: Codable {
    var n: Int
    var results: [MemoryResult]
    /// How the probes were started (see ``probeLaunch(_:)``).
    var launch: String
}

/// The peak resident set size of this process so far, in bytes (Linux reports `ru_maxrss` in KiB).
func peakRSSBytes() -> Int {
    var usage = rusage()
    guard getrusage(Int32(RUSAGE_SELF.rawValue), &usage) == 0 else { return -1 }
    return Int(usage.ru_maxrss) * 1_024
}

/// `VmHWM` from `/proc/self/status`, in bytes, or nil.
func highWaterMarkBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(
            line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
    else { return nil }
    return kilobytes * 1_024
}

/// `rows=<n> peak_rss_bytes=<n> hwm_bytes=<n>`
private func probeLine(rows: Int) -> String {
    "rows=\(rows) peak_rss_bytes=\(peakRSSBytes()) hwm_bytes=\(highWaterMarkBytes() ?? -1)"
}

/// The probe process: runs `task` on `side` over the store at `path`, then prints its row count and peaks.
/// Exits 0, or 1 with a message on standard error.
func runMemoryChild(arguments: [String]) -> Never {
    guard arguments.count == 3, let task = MemoryTask(rawValue: arguments[0]), let side = Side(rawValue: arguments[1])
    else {
        FileHandle.standardError.write(
            Data(
                "usage: benchmarks \(memoryChildFlag) <\(MemoryTask.allCases.map(\.rawValue).joined(separator: "|"))> <ours|raw> <store path>\n"
                    .utf8))
        exit(2)
    }
    let path = arguments[2]
    do {
        var rows = 0
        switch side {
        case .ours:
            let container = try openContainer(URL(fileURLWithPath: path))
            let context = ModelContext(container)
            switch task {
            case .baseline:
                rows = try context.fetchCount(FetchDescriptor<BenchItem>())
            case .fetchAll:
                let items = try context.fetch(FetchDescriptor<BenchItem>())
                rows = items.count
                let line = probeLine(rows: rows)
                withExtendedLifetime(items) { print(line) }
                exit(0)
            case .enumerate:
                try context.enumerate(FetchDescriptor<BenchItem>(), batchSize: enumerateBatchSize) { _ in rows += 1 }
            }
        case .raw:
            let database = try RawDatabase(path: path)
            switch task {
            case .baseline:
                let statement = try database.prepare(RawSQL.countAll)
                guard try statement.step() else { throw BenchError("count(*) returned no row") }
                rows = statement.int(at: 0)
            case .fetchAll:
                let items = try RawSQL.items(from: try database.prepare(RawSQL.selectAll))
                rows = items.count
                let line = probeLine(rows: rows)
                withExtendedLifetime(items) { print(line) }
                exit(0)
            case .enumerate:
                let statement = try database.prepare(RawSQL.selectAll)
                while try statement.step() {
                    let item = RawSQL.item(from: statement)
                    withExtendedLifetime(item) { rows += 1 }
                }
            }
        }
        print(probeLine(rows: rows))
        exit(0)
    } catch {
        FileHandle.standardError.write(
            Data("benchmarks memory probe (\(task.rawValue), \(side.rawValue)): \(error)\n".utf8))
        exit(1)
    }
}

/// Runs every probe in `tasks` (plus the baseline) for both sides, each in a fresh process re-executing this
/// executable, over one store of `n` rows, so no probe's peak includes another's.
func measurePeakMemory(tasks: [MemoryTask], n: Int, fixture: Fixture) throws -> MemoryReport {
    let executable = try selfExecutable()
    let store = try fixture.freshStore(rows: n)
    defer { fixture.remove(store) }
    var results: [MemoryResult] = []
    for task in [MemoryTask.baseline] + tasks.filter({ $0 != .baseline }) {
        for side in Side.allCases {
            progress("memory: \(task.rawValue), \(side.rawValue), N=\(formatCount(n))")
            let process = Process()
            let launch = probeLaunch([executable.path, memoryChildFlag, task.rawValue, side.rawValue, store.path])
            process.executableURL = launch.executable
            process.arguments = launch.arguments
            let output = Pipe()
            process.standardOutput = output
            do {
                try process.run()
            } catch {
                throw BenchError("cannot start the memory probe \(executable.path): \(error)")
            }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self)
            guard process.terminationStatus == 0 else {
                throw BenchError(
                    "the memory probe (\(task.rawValue), \(side.rawValue)) exited with status \(process.terminationStatus)"
                )
            }
            var fields: [String: Int] = [:]
            for pair in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
            }
            guard let rows = fields["rows"], let peak = fields["peak_rss_bytes"], peak > 0 else {
                throw BenchError("the memory probe (\(task.rawValue), \(side.rawValue)) printed no result: \(text)")
            }
            guard rows == n else {
                throw BenchError(
                    "the memory probe (\(task.rawValue), \(side.rawValue)) saw \(rows) rows, expected \(n)")
            }
            results.append(
                MemoryResult(
                    task: task.rawValue, side: side.rawValue, n: n, peakRSSBytes: peak,
                    highWaterMarkBytes: fields["hwm_bytes"].flatMap { $0 > 0 ? $0 : nil }
                ))
        }
    }
    return MemoryReport(n: n, results: results, launch: probeLaunch([executable.path]).description)
}

/// How to start a probe so that its `ru_maxrss` is its own.
///
/// Linux sets a new program's `ru_maxrss` to at least the peak of the address space `exec` replaced, and
/// Foundation's `Process` spawns with `vfork`, whose address space is this (large) process's. So the probe is started
/// through `/bin/sh`, which forks a small copy of itself and runs the probe from it: the floor becomes the shell's
/// peak (about a megabyte). Without `/bin/sh`, the probe is started directly and the baseline shows the floor.
func probeLaunch(_ command: [String]) -> (executable: URL, arguments: [String], description: String) {
    let shell = "/bin/sh"
    guard FileManager.default.isExecutableFile(atPath: shell), let program = command.first else {
        return (
            URL(fileURLWithPath: command.first ?? ""), Array(command.dropFirst()),
            "started directly: ru_maxrss includes this process's peak at spawn time"
        )
    }
    // Not the script's last command, so the shell forks for it instead of replacing itself with it.
    return (
        URL(fileURLWithPath: shell), ["-c", "\"$0\" \"$@\"; exit $?", program] + command.dropFirst(),
        "started through /bin/sh (which forks), so no probe inherits this process's peak"
    )
}

/// This executable, to start probes from.
private func selfExecutable() throws -> URL {
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        return URL(fileURLWithPath: path)
    }
    if let url = Bundle.main.executableURL { return url }
    throw BenchError("cannot find this executable's path to start the memory probes")
}
