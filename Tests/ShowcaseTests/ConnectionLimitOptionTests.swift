import HTTP
import Showcase
import Testing

@Suite("showcase: the connection-limit options")
struct ConnectionLimitOptionTests {
    @Test func optionsSetTheServersLimits() throws {
        guard case .serve(let defaults) = try ShowcaseOptions.parse([], environment: [:]) else {
            Issue.record("not serve")
            return
        }
        #expect(defaults.connectionLimits == .standard)
        guard
            case .serve(let options) = try ShowcaseOptions.parse(
                [
                    "--max-connections", "100", "--max-connections-per-address=0", "--idle-timeout", "3",
                    "--max-event-streams", "40",
                ],
                environment: [:]
            )
        else {
            Issue.record("not serve")
            return
        }
        #expect(
            options.connectionLimits
                == HTTPConnectionLimits(
                    maxConnections: 100, maxConnectionsPerAddress: 0, idleTimeoutSeconds: 3, maxEventStreams: 40
                ))
    }

    @Test func valuesOutOfRangeAreRefused() {
        let cases: [([String], String)] = [
            (["--max-connections", "0"], "--max-connections must be a whole number from 1 to 1000000, not 0"),
            (
                ["--max-connections-per-address", "-1"],
                "--max-connections-per-address must be a whole number from 0 to 1000000, not -1"
            ),
            (["--idle-timeout", "soon"], "--idle-timeout must be a whole number from 1 to 1000000, not soon"),
            (
                ["--max-connections", "10", "--max-event-streams", "10"],
                "--max-event-streams (10) must be less than --max-connections (10), so that other requests always have connections left"
            ),
        ]
        for (arguments, message) in cases {
            do {
                _ = try ShowcaseOptions.parse(arguments, environment: [:])
                Issue.record("\(arguments) was accepted")
            } catch {
                #expect(error.message == message)
            }
        }
    }
}
