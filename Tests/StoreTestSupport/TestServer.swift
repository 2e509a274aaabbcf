import Foundation
import PostgreSQL

/// The throwaway PostgreSQL server of this test run: the one `OSD_POSTGRES_URL` names (``environmentVariable``), or
/// else started once by `scripts/postgres-server.sh start` (which installs Debian's `postgresql` when it is missing),
/// stopped and removed when the test process exits.
///
/// When the server cannot be started — no binaries and no way to install them — every test that needs it fails
/// with the script's own words: the suite never passes without having run.
public enum TestServer {
    /// The repository's root: three folders above this file (`Tests/StoreTestSupport/TestServer.swift`).
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    public static let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "osd-postgres-tests-\(getpid())")

    /// The environment variable naming a server to use instead of starting one (`make test` sets it to the server
    /// `scripts/postgres-tests.sh` started): a `postgres://` URL. That server is neither started nor stopped here.
    public static let environmentVariable = "OSD_POSTGRES_URL"

    /// The server's URL, or why there is none.
    public static let url: Result<String, TestServerError> = {
        if let given = ProcessInfo.processInfo.environment[environmentVariable], !given.isEmpty {
            guard given.hasPrefix("postgres://") || given.hasPrefix("postgresql://") else {
                return .failure(
                    TestServerError(description: "\(environmentVariable) must be a postgres:// URL, not \(given)"))
            }
            return .success(given)
        }
        do {
            let output = try runScript("start")
            atexit {
                _ = try? TestServer.runScript("stop")
                try? FileManager.default.removeItem(at: TestServer.directory)
            }
            guard let url = output.split(separator: "\n").last.map(String.init), url.hasPrefix("postgres://") else {
                return .failure(TestServerError(description: "scripts/postgres-server.sh printed no URL: \(output)"))
            }
            return .success(url)
        } catch let error as TestServerError {
            return .failure(error)
        } catch {
            return .failure(TestServerError(description: "scripts/postgres-server.sh could not run: \(error)"))
        }
    }()

    /// A new connection to the server.
    public static func connect() throws -> PostgreSQLConnection {
        try PostgreSQLConnection(url: try url.get())
    }

    @discardableResult
    public static func runScript(_ command: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            repositoryRoot.appendingPathComponent("scripts/postgres-server.sh").path, command, directory.path,
        ]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestServerError(
                description:
                    "PostgreSQL is not available for the tests: scripts/postgres-server.sh \(command) exited with "
                    + "status \(process.terminationStatus): \(complaint.trimmingCharacters(in: .whitespacesAndNewlines))"
            )
        }
        return printed.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

public struct TestServerError: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}

/// A table name no other test uses.
public func uniqueTableName(_ prefix: String) -> String {
    "\(prefix)_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased())"
}
