import Foundation

/// A store on a small tmpfs is filled batch by batch until a save throws; then, on the still full disk, another
/// process reads it with SQLite alone (read-only): the save that failed threw (no crash), every batch saved before is
/// there whole, no batch is torn, and `PRAGMA integrity_check` says ok. Last, OpenSwiftData reopens it there (an open
/// writes nothing when no migration is needed, so this works on a full disk: ``KnownFinding/openWrites``, fixed).
///
/// The tmpfs is mounted in a private mount namespace (`unshare --user --map-root-user --mount`), so the probe needs
/// no root and leaves no mount behind; where the machine does not allow that, the probe is skipped with a message.
enum FullDiskProbe {
    static let batchSize = 20

    static func run(_ settings: ProbeSettings) throws -> ProbeReport {
        let rounds = settings.count(short: 1, full: 5)
        let report = ProbeReport(
            "full-disk",
            "a store on a 1–4 MiB tmpfs filled until a save throws, then reopened, \(rounds) rounds, seed \(settings.seed)",
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
                "$2" raw-check-batches "$3" \(batchSize)
                "$2" check-batches "$3" \(batchSize)
                echo checker-exit=$?
                """
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
                report.record("round \(round)", .skipped("no /usr/bin/unshare, so no tmpfs can be mounted"))
                break
            }
            let run = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/unshare"),
                [
                    "--user", "--map-root-user", "--mount", "/bin/sh", "-c", script, "sh", folder.path,
                    settings.executable.path, store,
                ]
            )
            guard run.lines.contains("mounted") else {
                report.record(
                    "round \(round)",
                    .skipped(
                        "this machine does not allow mounting a tmpfs in a user namespace: \(run.errors.trimmingCharacters(in: .whitespacesAndNewlines))"
                    ))
                break
            }
            let committed =
                run.lines.compactMap { $0.hasPrefix("committed ") ? Int($0.dropFirst("committed ".count)) : nil }.last
                ?? -1
            let saveError = run.lines.first { $0.hasPrefix("save-error: ") }
            let fields = KillDuringSaveProbe.fields(
                run.lines.first { $0.hasPrefix("raw batches=") }.map { String($0.dropFirst(4)) } ?? "")
            let integrity = run.lines.first { $0.hasPrefix("raw integrity=") }.map {
                String($0.dropFirst("raw integrity=".count))
            }
            var problems: [String] = []
            // The writer's lines come first: an `error:` before `writer-exit=` is the writer's, after it the reopen's.
            let writerLines = run.lines.prefix { !$0.hasPrefix("writer-exit=") }
            if let failed = writerLines.first(where: { $0.hasPrefix("error: ") }) {
                problems.append("the writer: \(failed)")
            }
            if saveError == nil {
                problems.append("no save threw (writer: \(run.lines.first { $0.hasPrefix("writer-exit=") } ?? "?"))")
            }
            guard let maximum = fields["max"].flatMap({ Int($0) }) else {
                let why = run.lines.first { $0.hasPrefix("raw error: ") } ?? run.errors.suffix(300).description
                report.record(
                    "round \(round)",
                    .failed("the full store could not be read: \(why) \(problems.joined(separator: "; "))"))
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
            let detail =
                "\(kibibytes) KiB: \(committed + 1) batches saved, then the save threw \"\(message)\"; \(maximum + 1) batches read back"
            report.record(
                "round \(round)",
                problems.isEmpty ? .passed(detail) : .failed("\(detail): \(problems.joined(separator: "; "))"))
            let reopenLines = run.lines.drop { !$0.hasPrefix("writer-exit=") }
            let reopened = KillDuringSaveProbe.fields(reopenLines.first { $0.hasPrefix("batches=") } ?? "")
            if let batches = reopened["batches"], reopenLines.contains("integrity=ok") {
                report.record(
                    "round \(round), reopened by OpenSwiftData on the full disk", .passed("\(batches) batches"),
                    known: .openWrites)
            } else {
                let why = reopenLines.first { $0.hasPrefix("error: ") } ?? "no report"
                report.record(
                    "round \(round), reopened by OpenSwiftData on the full disk", .failed(why), known: .openWrites)
            }
        }
        report.finish(extra: "rows lost: \(lost)")
        return report
    }
}
