import Foundation

/// The stores a suite runs against, shared by the test targets of both object layers (each extends it with its
/// own configurations): SQLite always, PostgreSQL too (the throwaway server ``TestServer`` starts, once per test
/// process) unless `OSD_POSTGRES_TESTS=0`. When the server cannot be started, every PostgreSQL case fails with the
/// reason: a suite never passes without having run on it.
public enum TestStore: String, CaseIterable, Sendable {
    case sqlite
    case postgreSQL

    /// The stores to test: both, or SQLite only with `OSD_POSTGRES_TESTS=0`.
    public static var tested: [TestStore] {
        ProcessInfo.processInfo.environment["OSD_POSTGRES_TESTS"] == "0" ? [.sqlite] : allCases
    }

    /// The test server's URL, parsed.
    /// - Throws: ``TestServerError`` when the server could not be started or its URL does not parse.
    public static func serverURL() throws -> URL {
        guard let url = URL(string: try TestServer.url.get()) else {
            throw TestServerError(description: "the test server's URL does not parse")
        }
        return url
    }
}
