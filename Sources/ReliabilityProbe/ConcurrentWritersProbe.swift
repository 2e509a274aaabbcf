import Foundation

/// N processes open one store at the same moment — a store that does not exist yet (so they all create it), or one
/// that does — and each saves its rows one `save()` at a time: no open fails, no save fails, no row is lost.
enum ConcurrentWritersProbe {
    static func run(_ settings: ProbeSettings) throws -> ProbeReport {
        let processes = settings.count(short: 4, full: 6)
        let rows = settings.count(short: 50, full: 200)
        let rounds = settings.count(short: 2, full: 25)
        let report = ProbeReport(
            "concurrent",
            "\(processes) processes open, create and write one store at once, \(rows) saves each, \(rounds) rounds on a fresh and \(rounds) on an existing store",
            settings: settings
        )
        var lostRows = 0
        var openErrors = 0
        var writeErrors = 0
        for (kind, known) in [("fresh", KnownFinding.concurrentCreateBusy), ("existing", nil)] {
            for round in 1...rounds {
                let folder = settings.scratch.appendingPathComponent("concurrent-\(kind)-\(round)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let store = folder.appendingPathComponent("shared.store").path
                if kind == "existing" {
                    let seed = try ChildProcess(settings.executable, ["write-rows", store, "seed", "1"])
                    seed.write("go\n")
                    seed.wait()
                }
                let writers = try (0..<processes).map { index in
                    try ChildProcess(settings.executable, ["write-rows", store, "w\(index)", "\(rows)"])
                }
                for writer in writers { _ = writer.waitForLine(startingWith: "waiting") }
                for writer in writers { writer.write("go\n") }
                var problems: [String] = []
                var unopened = 0
                var roundWriteErrors = 0
                for (index, writer) in writers.enumerated() {
                    let ended = writer.wait()
                    let summary = KillDuringSaveProbe.fields(writer.lines.first { $0.hasPrefix("opened=") } ?? "")
                    if summary["opened"] != "yes" {
                        openErrors += 1
                        unopened += 1
                        problems.append(
                            "w\(index) could not open: \(writer.lines.first { $0.hasPrefix("error:") } ?? writer.standardError)"
                        )
                    }
                    if let errors = summary["errors"].flatMap({ Int($0) }), errors > 0 {
                        writeErrors += errors
                        roundWriteErrors += errors
                        problems.append(
                            "w\(index): \(errors) saves failed, first: \(writer.lines.first { $0.hasPrefix("error:") } ?? "")"
                        )
                    }
                    if case .signal(let signal) = ended { problems.append("w\(index) crashed (signal \(signal))") }
                }
                let count = try ChildProcess.run(settings.executable, ["count-rows", store])
                var found = 0
                for index in 0..<processes {
                    let line = KillDuringSaveProbe.fields(count.lines.first { $0.hasPrefix("label=w\(index) ") } ?? "")
                    let distinct = line["distinct"].flatMap { Int($0) } ?? 0
                    let total = line["count"].flatMap { Int($0) } ?? 0
                    found += distinct
                    if total != distinct { problems.append("w\(index): \(total - distinct) rows saved twice") }
                }
                let expected = processes * rows
                if found < expected {
                    // Rows a writer could not save (it could not open, or the save threw) were reported above; lost
                    // rows are rows whose save returned.
                    lostRows += max(0, expected - found - roundWriteErrors - unopened * rows)
                    problems.append("\(expected - found) of \(expected) rows are not in the store")
                }
                let integrity = count.lines.first { $0.hasPrefix("integrity=") } ?? "integrity=missing \(count.errors)"
                if integrity != "integrity=ok" { problems.append(integrity) }
                let label = "\(kind) store, round \(round)"
                let detail = "\(processes) writers, \(found) of \(expected) rows"
                report.record(
                    label,
                    problems.isEmpty ? .passed(detail) : .failed("\(detail): \(problems.joined(separator: "; "))"),
                    known: known)
            }
        }
        report.finish(extra: "open errors: \(openErrors), write errors: \(writeErrors), rows lost: \(lostRows)")
        return report
    }
}
