import Foundation
import Showcase
import Testing

@Suite("showcase --database")
struct DatabaseOptionTests {
    private func options(_ arguments: [String]) throws -> ShowcaseOptions {
        guard case .serve(let options) = try ShowcaseOptions.parse(arguments, environment: [:]) else {
            Issue.record("expected serve")
            return ShowcaseOptions()
        }
        return options
    }

    @Test func aPostgreSQLURLIsTakenAndNoneMeansTheSQLiteFiles() throws {
        #expect(try options([]).databaseURL == nil)
        #expect(
            try options(["--database", "postgres://shop@db.example.com:5433/shop"]).databaseURL
                == URL(string: "postgres://shop@db.example.com:5433/shop"))
        #expect(
            try options(["--database=postgresql://shop@127.0.0.1/shop"]).databaseURL
                == URL(string: "postgresql://shop@127.0.0.1/shop"))
    }

    @Test func anotherURLIsRefusedWithoutEchoingIt() {
        for url in ["mysql://user:hunter2@host/db", "/var/lib/shop.store", "hunter2"] {
            #expect {
                try ShowcaseOptions.parse(["--database", url], environment: [:])
            } throws: { error in
                let text = "\(error)"
                return text.contains("--database must be a PostgreSQL URL") && !text.contains("hunter2")
            }
        }
        #expect(throws: ShowcaseOptions.ParseError.self) {
            try ShowcaseOptions.parse(["--database"], environment: [:])
        }
    }

    /// Port 1 of the loopback address: nothing listens there, so the connection is refused at once.
    @MainActor @Test func aServerThatIsDownIsNamedByHostAndPort() throws {
        var options = ShowcaseOptions()
        options.port = 0
        options.dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "showcase-database-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: options.dataDirectory) }
        options.databaseURL = URL(string: "postgres://shop:hunter2@127.0.0.1:1/shop")
        #expect {
            _ = try Showcase(options: options)
        } throws: { error in
            let text = "\(error)"
            return text.contains("cannot connect to PostgreSQL at 127.0.0.1 port 1") && !text.contains("hunter2")
        }
    }
}
