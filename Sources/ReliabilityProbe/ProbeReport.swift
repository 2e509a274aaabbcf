import Foundation

/// How one run of the suite is set up: short (for `make test`) or full (`make reliability`), the seed of every random
/// choice, and where the probe's own executable and scratch folder are.
struct ProbeSettings: Sendable {
    /// Full counts (`--full`); otherwise the short version that `make test` runs.
    var full = false
    /// Cases marked with an open ``KnownFinding`` count as failures (`--strict`): for whoever fixes them.
    var strict = false
    /// The seed of every random choice; the same in every run unless `--seed` is given, so a run can be repeated.
    var seed: UInt64 = 13
    /// This executable, which the probes start again in its child roles.
    var executable: URL
    /// The showcase executable, for the HTTP probe (built next to this one).
    var showcase: URL
    /// A scratch folder, removed at the end.
    var scratch: URL

    func count(short: Int, full: Int) -> Int { self.full ? full : short }
}

/// The outcome of one case of a probe.
enum CaseOutcome {
    case passed(String)
    case failed(String)
    case skipped(String)
}

/// Collects and prints a probe's trials, failures and known failures.
final class ProbeReport {
    let name: String
    private(set) var trials = 0
    private(set) var failures: [String] = []
    private(set) var known: [String] = []
    private(set) var nowPassing: [String] = []
    private(set) var skipped: [String] = []
    let settings: ProbeSettings

    init(_ name: String, _ description: String, settings: ProbeSettings) {
        self.name = name
        self.settings = settings
        print("== \(name): \(description)")
        flush()
    }

    /// Records one case. `known` marks a case whose right outcome waits for a fix elsewhere: while the finding is
    /// open (``KnownFinding/open``) a failure is reported as known and does not count, unless `--strict`.
    func record(_ label: String, _ outcome: CaseOutcome, known: KnownFinding? = nil) {
        let open = known.map { $0.isOpen } ?? false
        switch outcome {
        case .skipped(let why):
            skipped.append("\(label): \(why)")
            print("  SKIP \(label): \(why)")
        case .passed(let detail):
            trials += 1
            if let known, open {
                nowPassing.append(label)
                print("  ok   \(label): \(detail) (marked .\(known.rawValue), passed this time)")
            } else {
                print("  ok   \(label): \(detail)")
            }
        case .failed(let detail):
            trials += 1
            if let known, open, !settings.strict {
                self.known.append("\(label): \(detail) [\(known.reason)]")
                print("  known (issue 13 §1) \(label): \(detail) [\(known.rawValue): \(known.reason)]")
            } else {
                failures.append("\(label): \(detail)")
                print("  FAIL \(label): \(detail)")
            }
        }
        flush()
    }

    func note(_ text: String) {
        print("  \(text)")
        flush()
    }

    /// Prints the summary line that the tests and RELIABILITY.md read.
    func finish(extra: String = "") {
        var line = "\(name): \(trials) trials, \(failures.count) failures"
        if !known.isEmpty { line += ", \(known.count) known (issue 13 §1)" }
        if !nowPassing.isEmpty {
            line +=
                ", \(nowPassing.count) marked known but passed (once a mark's cases always pass, delete it from KnownFinding.open)"
        }
        if !skipped.isEmpty { line += ", \(skipped.count) skipped" }
        if !extra.isEmpty { line += "; \(extra)" }
        print(line)
        flush()
    }

    /// Every stream: `stdout` itself cannot be named from Swift 6 code (shared mutable state).
    private func flush() { fflush(nil) }
}

/// SplitMix64: a small seeded generator, so that a run can be repeated from the seed it prints.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
