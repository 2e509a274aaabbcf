import Foundation

/// A store on a small tmpfs is filled batch by batch until a save throws; then it is reopened by another process:
/// the save that failed threw (no crash), every batch saved before is there whole, no batch is torn, and
/// `PRAGMA integrity_check` says ok.
///
/// The tmpfs is mounted in a private mount namespace (`unshare --user --map-root-user --mount`), so the probe needs
/// no root and leaves no mount behind; where the machine does not allow that, the probe is skipped with a message.
enum FullDiskProbe {
    static let batchSize = 20

    static func run(_ settings: ProbeSettings) throws -> ProbeReport {
        let rounds = settings.count(short: 1, full: 5)
        let report = ProbeReport(
            "full-disk", "a store on a 1–4 MiB tmpfs filled until a save throws, then reopened, \(rounds) rounds, seed \(settings.seed)",
            settings: settings
        )
        var random = SeededGenerator(seed: settings.seed ^ 0xD15C)
        var lost = 0
        for round in 1...rounds {
            let kibibytes = round == 1 ? 1024 : Int.random(in: 1024...4096, using: &random)
            let folder = settings.scratch.appendingPathComponent("full-disk-\(round)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let store = folder.appendingPathComponent("full.store").path
            // One shell in the namespace: the mount exists only there, so the writer and the checker run inside it.
            let script = """
                mount -t tmpfs -o size=\(kibibytes)k tmpfs "$1" || exit 90
                echo mounted
                "$2" save-batches "$3" \(batchSize) until-error
                echo writer-exit=$?
                "$2" check-batches "$3" \(batchSize)
                echo checker-exit=$?
                """
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
                report.record("round \(round)", .skipped("no /usr/bin/unshare, so no tmpfs can be mounted"))
                break
            }
            let run = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/unshare"),
                ["--user", "--map-root-user", "--mount", "/bin/sh", "-c", script, "sh", folder.path, settings.executable.path, store]
            )
            guard run.lines.contains("mounted") else {
                report.record("round \(round)", .skipped(
                    "this machine does not allow mounting a tmpfs in a user namespace: \(run.errors.trimmingCharacters(in: .whitespacesAndNewlines))"
                ))
                break
            }
            let committed = run.lines.compactMap { $0.hasPrefix("committed ") ? Int($0.dropFirst("committed ".count)) : nil }.last ?? -1
            let saveError = run.lines.first { $0.hasPrefix("save-error: ") }
            let fields = KillDuringSaveProbe.fields(run.lines.first { $0.hasPrefix("batches=") } ?? "")
            let integrity = run.lines.first { $0.hasPrefix("integrity=") }.map { String($0.dropFirst("integrity=".count)) }
            var problems: [String] = []
            if run.lines.contains(where: { $0.hasPrefix("error: ") }) {
                problems.append(run.lines.filter { $0.hasPrefix("error: ") }.joined(separator: "; "))
            }
            if saveError == nil { problems.append("no save threw (writer: \(run.lines.first { $0.hasPrefix("writer-exit=") } ?? "?"))") }
            guard let maximum = fields["max"].flatMap({ Int($0) }) else {
                report.record("round \(round)", .failed("the full store did not reopen: \(problems.joined(separator: "; ")) \(run.errors.suffix(300))"))
                continue
            }
            if let torn = fields["torn"], !torn.isEmpty { problems.append("torn batches \(torn)") }
            if let gaps = fields["gaps"], !gaps.isEmpty { problems.append("missing batches \(gaps)") }
            if maximum < committed {
                problems.append("batches \(maximum + 1)...\(committed) were saved and are gone")
                lost += (committed - maximum) * batchSize
            }
            if maximum > committed { problems.append("batch \(maximum) is in the store though its save threw") }
            if integrity != "ok" { problems.append("integrity_check: \(integrity ?? "not run")") }
            let message = saveError.map { String($0.dropFirst("save-error: ".count).prefix(160)) } ?? "none"
            let detail = "\(kibibytes) KiB: \(committed + 1) batches saved, then the save threw \"\(message)\"; reopened with \(maximum + 1) batches"
            report.record("round \(round)", problems.isEmpty ? .passed(detail) : .failed("\(detail): \(problems.joined(separator: "; "))"))
        }
        report.finish(extra: "rows lost: \(lost)")
        return report
    }
}
