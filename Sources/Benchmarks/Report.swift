import CSQLite
import Foundation

/// Where and how the numbers were taken.
struct MachineInfo: Codable {
    var command: String
    var date: String
    var cores: Int
    var cpuModel: String
    var memory: String
    var kernel: String
    var swift: String
    var sqlite: String
    var build: String

    static func current() -> MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let cpuModel =
            cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let memoryBytes = ProcessInfo.processInfo.physicalMemory
        let kernel = ((try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)) ?? "unknown")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #if DEBUG
        let build = "debug (numbers are not meaningful: use -c release)"
        #else
        let build = "release"
        #endif
        return MachineInfo(
            command: CommandLine.arguments.map(shellQuoted).joined(separator: " "),
            date: ISO8601DateFormatter().string(from: Date()),
            cores: ProcessInfo.processInfo.activeProcessorCount,
            cpuModel: cpuModel,
            memory: String(format: "%.1f GiB", Double(memoryBytes) / 1_073_741_824),
            kernel: "Linux \(kernel)",
            swift: swiftCompilerVersion,
            sqlite: String(cString: sqlite3_libversion()),
            build: build
        )
    }
}

/// The compiler that built this executable, as precisely as `#if compiler` can tell.
private let swiftCompilerVersion: String = {
    #if compiler(>=6.5)
    return "6.5 or later"
    #elseif compiler(>=6.4)
    return "6.4.x"
    #elseif compiler(>=6.3.2)
    return "6.3.2 or a later 6.3"
    #elseif compiler(>=6.3.1)
    return "6.3.1"
    #elseif compiler(>=6.3)
    return "6.3"
    #else
    return "before 6.3"
    #endif
}()

private func shellQuoted(_ argument: String) -> String {
    let plain = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=,:@+".contains($0) }
    return plain && !argument.isEmpty ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// The JSON written by `--json`.
struct Report: Codable {
    var formatVersion = 1
    var machine: MachineInfo
    var sizes: [Int]
    var results: [CellResult]
    var memory: MemoryReport?
    var notes: [String]
}

// MARK: - Text

func progress(_ line: String) {
    FileHandle.standardError.write(Data("· \(line)\n".utf8))
}

/// 1,000,000
func formatCount(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var grouped = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
        grouped.append(digit)
    }
    return (value < 0 ? "-" : "") + grouped
}

/// 812 µs, 12.4 ms, 1.23 s
func formatDuration(_ seconds: Double?) -> String {
    guard let seconds else { return "—" }
    switch seconds {
    case ..<1e-3: return String(format: "%.1f µs", seconds * 1e6)
    case ..<1e-2: return String(format: "%.2f ms", seconds * 1e3)
    case ..<1: return String(format: "%.1f ms", seconds * 1e3)
    default: return String(format: "%.2f s", seconds)
    }
}

/// ±4%
func formatSpread(_ spread: Double?) -> String {
    spread.map { String(format: "%.0f%%", $0 * 100) } ?? "—"
}

func formatBytes(_ bytes: Int) -> String {
    String(format: "%.1f MiB", Double(bytes) / 1_048_576)
}

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
}

func machineHeader(_ machine: MachineInfo) -> String {
    """
    OpenSwiftData benchmarks: OpenSwiftData against hand-written SQLite C API code, same process, same store layout
    command: \(machine.command)
    date:    \(machine.date)
    machine: \(machine.cpuModel), \(machine.cores) cores, \(machine.memory), \(machine.kernel)
    swift:   \(machine.swift) (\(machine.build) build); SQLite \(machine.sqlite)
    """
}

/// Ratios above this are flagged in the table.
let flaggedRatio = 3.0

func resultsTable<StoreWorkload>(_ cells: [CellResult], operations: [Operation<StoreWorkload>]) -> String {
    var lines: [String] = []
    let header =
        pad("operation", 19) + pad("N", 11, right: true) + pad("ours (median)", 16, right: true)
        + pad("±", 6, right: true) + pad("raw (median)", 15, right: true) + pad("±", 6, right: true)
        + pad("ours/raw", 11, right: true) + pad("runs", 6, right: true) + pad("rows", 11, right: true)
    lines.append(header)
    lines.append(String(repeating: "-", count: header.count))
    var previousN: Int?
    for cell in cells.sorted(by: {
        ($0.n, index(of: $0.operation, in: operations)) < ($1.n, index(of: $1.operation, in: operations))
    }) {
        if let previousN, previousN != cell.n { lines.append("") }
        previousN = cell.n
        var line = pad(cell.operation, 19) + pad(formatCount(cell.n), 11, right: true)
        if let problem = cell.problem {
            line += "   FAILED: \(problem)"
        } else {
            let ratio = cell.ratio.map { String(format: "%.2f×", $0) } ?? "—"
            line +=
                pad(formatDuration(cell.oursMedian), 16, right: true)
                + pad(formatSpread(cell.oursSpread), 6, right: true)
                + pad(formatDuration(cell.rawMedian), 15, right: true)
                + pad(formatSpread(cell.rawSpread), 6, right: true)
                + pad(ratio, 11, right: true) + pad("\(cell.runs)", 6, right: true)
                + pad(cell.rows.map(formatCount) ?? "—", 11, right: true)
            if let value = cell.ratio, value > flaggedRatio { line += "  !" }
        }
        lines.append(line)
    }
    return lines.joined(separator: "\n")
}

private func index<StoreWorkload>(of name: String, in operations: [Operation<StoreWorkload>]) -> Int {
    operations.firstIndex { $0.name == name } ?? Int.max
}

func memoryTable(_ report: MemoryReport) -> String {
    let results = report.results
    func peak(_ task: MemoryTask, _ side: Side) -> Int? {
        results.first { $0.task == task.rawValue && $0.side == side.rawValue }?.peakRSSBytes
    }
    var lines = [
        "Peak memory at N = \(formatCount(report.n)): getrusage max RSS of a fresh process per cell (this executable "
            + "re-run with a hidden flag); \"above\" subtracts the baseline, a process that only opened the store and "
            + "counted its rows"
    ]
    let header =
        pad("operation", 19) + pad("ours peak", 13, right: true) + pad("raw peak", 13, right: true)
        + pad("ours above", 13, right: true) + pad("raw above", 13, right: true)
        + pad("ours/raw above", 16, right: true)
    lines.append(header)
    lines.append(String(repeating: "-", count: header.count))
    for task in MemoryTask.allCases {
        guard let ours = peak(task, .ours), let raw = peak(task, .raw) else { continue }
        var line =
            pad(task.rawValue, 19) + pad(formatBytes(ours), 13, right: true) + pad(formatBytes(raw), 13, right: true)
        if task != .baseline, let oursBase = peak(.baseline, .ours), let rawBase = peak(.baseline, .raw) {
            let oursAbove = ours - oursBase
            let rawAbove = raw - rawBase
            line += pad(formatBytes(oursAbove), 13, right: true) + pad(formatBytes(rawAbove), 13, right: true)
            line += pad(
                rawAbove > 0 ? String(format: "%.1f×", Double(oursAbove) / Double(rawAbove)) : "—", 16, right: true)
        }
        lines.append(line)
    }
    lines.append("(probes \(report.launch))")
    // A probe whose ru_maxrss is well above the peak of its own address space (VmHWM) inherited a floor.
    if results.contains(where: { result in result.highWaterMarkBytes.map { result.peakRSSBytes > $0 + $0 / 20 } ?? false
    }) {
        lines.append(
            "warning: some probes' ru_maxrss exceeds their own VmHWM (both are in the JSON): an inherited floor")
    }
    return lines.joined(separator: "\n")
}
