import Foundation

/// kill -9 at a random moment while a process saves batches of 20 rows, then reopen the store: every batch is all
/// there or not at all, batches are numbered without gaps, every batch the writer saw committed is there, and
/// `PRAGMA integrity_check` says ok. All trials write to one store, so each also reopens after the previous kill.
enum KillDuringSaveProbe {
    static let batchSize = 20

    static func run(_ settings: ProbeSettings) throws -> ProbeReport {
        let trials = settings.count(short: 5, full: 100)
        let report = ProbeReport(
            "kill-save",
            "kill -9 at random moments during saves of \(batchSize)-row batches, \(trials) trials, seed \(settings.seed)",
            settings: settings
        )
        var random = SeededGenerator(seed: settings.seed)
        let folder = settings.scratch.appendingPathComponent("kill-save")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var lost = 0
        var killedMidSave = 0
        for trial in 1...trials {
            // Each store takes 10 trials (so each trial but the first of ten reopens after a kill); a new one then
            // keeps the check's full fetch small.
            let store = folder.appendingPathComponent("batches-\((trial - 1) / 10).store").path
            let delay = Int.random(in: 0...400, using: &random)
            let writer = try ChildProcess(settings.executable, ["save-batches", store, "\(batchSize)"])
            guard writer.waitForLine(startingWith: "ready") != nil else {
                writer.kill()
                writer.wait()
                report.record(
                    "trial \(trial)",
                    .failed("the writer did not open the store: \(writer.lines.last ?? "") \(writer.standardError)"))
                continue
            }
            usleep(UInt32(delay) * 1000)
            writer.kill()
            let ended = writer.wait()
            let committed = writer.lines.compactMap { line -> Int? in
                line.hasPrefix("committed ") ? Int(line.dropFirst("committed ".count)) : nil
            }
            let lastCommitted = committed.last ?? -1
            let check = try ChildProcess.run(settings.executable, ["check-batches", store, "\(batchSize)"])
            let fields = Self.fields(check.lines.first { $0.hasPrefix("batches=") } ?? "")
            let integrity = check.lines.first { $0.hasPrefix("integrity=") }.map {
                String($0.dropFirst("integrity=".count))
            }
            guard let maximum = fields["max"].flatMap({ Int($0) }), let integrity else {
                report.record(
                    "trial \(trial)",
                    .failed("the store did not reopen: \(check.lines.joined(separator: " ")) \(check.errors)"))
                continue
            }
            var problems: [String] = []
            if ended != .signal(SIGKILL) { problems.append("the writer ended with \(ended), not the kill") }
            if let torn = fields["torn"], !torn.isEmpty { problems.append("torn batches \(torn)") }
            if let gaps = fields["gaps"], !gaps.isEmpty { problems.append("missing batches \(gaps)") }
            if maximum < lastCommitted {
                problems.append("batches \(maximum + 1)...\(lastCommitted) were committed and are gone")
                lost += (lastCommitted - maximum) * batchSize
            }
            if integrity != "ok" { problems.append("integrity_check: \(integrity)") }
            if maximum > lastCommitted { killedMidSave += 1 }
            let detail =
                "killed after \(delay) ms; \(maximum + 1) batches in the store (last reported committed: \(lastCommitted))"
            report.record(
                "trial \(trial)",
                problems.isEmpty ? .passed(detail) : .failed("\(detail): \(problems.joined(separator: "; "))"))
        }
        report.finish(
            extra:
                "rows lost: \(lost); \(killedMidSave) kills landed after a commit reached the disk but before the writer reported it"
        )
        return report
    }

    /// `a=1 b=2` → `["a": "1", "b": "2"]`.
    static func fields(_ line: String) -> [String: String] {
        var result: [String: String] = [:]
        for part in line.split(separator: " ") {
            guard let equals = part.firstIndex(of: "=") else { continue }
            result[String(part[..<equals])] = String(part[part.index(after: equals)...])
        }
        return result
    }
}
