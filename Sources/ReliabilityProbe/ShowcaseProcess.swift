import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The showcase executable, started on a free port with a data folder of its own: the server the HTTP probe abuses.
final class ShowcaseProcess {
    let child: ChildProcess
    let port: UInt16

    init(_ executable: URL, dataDirectory: URL) throws {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw ProbeError(
                "no showcase at \(executable.path): build it first (`swift build --product showcase`), or pass --showcase PATH"
            )
        }
        child = try ChildProcess(executable, ["--port", "0", "--data-dir", dataDirectory.path])
        guard let line = child.waitForLine(startingWith: "Showcase serving "),
            let url = URL(string: String(line.dropFirst("Showcase serving ".count).split(separator: " ")[0])),
            let port = url.port.flatMap({ UInt16(exactly: $0) })
        else {
            child.kill()
            child.wait()
            throw ProbeError("the showcase did not start: \(child.lines.joined(separator: " ")) \(child.standardError)")
        }
        self.port = port
    }

    var isRunning: Bool { child.isRunning }

    /// SIGTERM, then waits: the showcase finishes in-flight requests and exits 0.
    func stop() -> ChildProcess.Termination {
        _ = Glibc.kill(child.pid, SIGTERM)
        return child.wait()
    }
}
