import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A process the probe starts (usually itself, in one of its child roles) whose output it reads line by line while
/// it runs, and which it may kill.
final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let input = Pipe()
    private let state = Mutex<(out: [UInt8], err: [UInt8], outClosed: Bool)>(([], [], false))
    private let changed = NSCondition()

    /// Starts `executable` with `arguments`; its standard input is a pipe the caller may write to.
    init(_ executable: URL, _ arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        startReading(output.fileHandleForReading, isOutput: true)
        startReading(errors.fileHandleForReading, isOutput: false)
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    private func startReading(_ handle: FileHandle, isOutput: Bool) {
        let thread = Thread { [self] in
            while true {
                let data = handle.availableData
                changed.lock()
                state.withLock { state in
                    if isOutput {
                        if data.isEmpty { state.outClosed = true } else { state.out += data }
                    } else {
                        state.err += data
                    }
                }
                changed.broadcast()
                changed.unlock()
                if data.isEmpty { return }
            }
        }
        thread.start()
    }

    /// Standard output so far, as lines.
    var lines: [String] {
        state.withLock { String(decoding: $0.out, as: UTF8.self) }.split(separator: "\n").map(String.init)
    }

    var standardError: String { state.withLock { String(decoding: $0.err, as: UTF8.self) } }

    /// Waits until a line starting with `prefix` has been printed (returns it), the output closes, or `timeout`
    /// passes (returns `nil`).
    func waitForLine(startingWith prefix: String, timeout: Duration = .seconds(60)) -> String? {
        let deadline = Date(timeIntervalSinceNow: Double(timeout.components.seconds))
        changed.lock()
        defer { changed.unlock() }
        while true {
            if let line = lines.first(where: { $0.hasPrefix(prefix) }) { return line }
            if state.withLock({ $0.outClosed }) || !changed.wait(until: deadline) { return nil }
        }
    }

    func write(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// `kill -9`.
    func kill() {
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for the process to exit and for its output to be read; returns how it ended.
    @discardableResult
    func wait() -> Termination {
        process.waitUntilExit()
        changed.lock()
        while !state.withLock({ $0.outClosed }) { changed.wait() }
        changed.unlock()
        return process.terminationReason == .uncaughtSignal
            ? .signal(process.terminationStatus) : .exit(process.terminationStatus)
    }

    enum Termination: Equatable, CustomStringConvertible {
        case exit(Int32)
        case signal(Int32)

        var description: String {
            switch self {
            case .exit(let code): return "exit \(code)"
            case .signal(let signal): return "killed by signal \(signal)"
            }
        }
    }

    /// Runs `executable` to the end and returns its output, error output and termination.
    static func run(_ executable: URL, _ arguments: [String]) throws -> (
        lines: [String], errors: String, ended: Termination
    ) {
        let child = try ChildProcess(executable, arguments)
        let ended = child.wait()
        return (child.lines, child.standardError, ended)
    }
}
