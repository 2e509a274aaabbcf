import Foundation
import HTTP
import Networking
import OpenSwiftData

/// The `showcase` command line: where to listen, where to keep data, where the catalog comes from.
public struct ShowcaseOptions: Sendable, Equatable {
    /// The address to listen on; default `127.0.0.1`.
    public var host: String = "127.0.0.1"
    /// The TCP port; default 8080; 0 lets the system choose a free one (the URL printed says which).
    public var port: UInt16 = 8080
    /// The folder for the apps' SQLite stores; default `$XDG_DATA_HOME/OpenSwiftData` or `~/.local/share/OpenSwiftData`.
    public var dataDirectory: URL = ModelConfiguration.defaultDirectory
    /// A PostgreSQL database for every app instead of the SQLite files (`--database postgres://user@host:port/db`):
    /// each app keeps its tables in a schema of its own there (``ShowcaseDatabase``), so several showcase processes
    /// can serve the same data. Nil keeps the SQLite stores in ``dataDirectory``.
    public var databaseURL: URL?
    /// A live DummyJSON-compatible API base such as `https://dummyjson.com`; nil uses the bundled snapshot.
    public var catalogURL: URL?
    /// Further host names to serve besides the bound address (`--allowed-host`, repeatable), for example a reverse
    /// proxy's public name: `"shop.example.com"` (any port) or `"shop.example.com:8443"`. Requests naming any other
    /// host are answered 421.
    public var allowedHosts: [String] = []
    /// The Kakao REST API key for the BookStore's searches, from `--kakao-key` or the `KAKAO_REST_API_KEY`
    /// environment variable; nil runs the BookStore offline on its bundled Kakao responses. Never printed.
    public var kakaoKey: KakaoRESTAPIKey?
    /// Connection limits and the idle timeout (`--max-connections`, `--max-connections-per-address`,
    /// `--idle-timeout`, `--max-event-streams`); ``HTTP/HTTPConnectionLimits/standard`` by default.
    public var connectionLimits: HTTPConnectionLimits = .standard
    /// The folder `make docs` builds the DocC sites into (`<Module>/` each), served at `/docs`; `--docs-dir`, by
    /// default ``defaultDocsDirectory``.
    public var docsDirectory: URL = ShowcaseOptions.defaultDocsDirectory

    /// Creates the default options (those of a `showcase` run without arguments).
    public init() {}

    /// `<package>/.build/docs`, found from the running executable (`<package>/.build/<triple>/<configuration>/
    /// showcase`, or a test runner beside it), where `make docs` writes; the current directory's `.build/docs` when
    /// the executable is elsewhere.
    public static var defaultDocsDirectory: URL {
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<3 where folder.lastPathComponent != ".build" && folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        if folder.lastPathComponent == ".build" { return folder.appendingPathComponent("docs") }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/docs")
    }

    /// The usage text `--help` prints.
    public static let usage = """
        Usage: showcase [--host ADDRESS] [--port PORT] [--data-dir PATH] [--database URL] [--catalog-url URL]
                        [--allowed-host HOST]...
                        [--kakao-key KEY] [--max-connections N] [--max-connections-per-address N]
                        [--idle-timeout SECONDS] [--max-event-streams N] [--docs-dir PATH]

          --host ADDRESS      address to listen on (default 127.0.0.1)
          --port PORT         TCP port, 0 for any free port (default 8080)
          --data-dir PATH     folder for the SQLite stores
                              (default $XDG_DATA_HOME/OpenSwiftData or ~/.local/share/OpenSwiftData)
          --database URL      keep every app's data in this PostgreSQL database instead,
                              postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (each app in a
                              schema of its own: shop, cart, books, places, people, inventory);
                              several showcase processes may share one
          --catalog-url URL   live product API base, e.g. https://dummyjson.com
                              (default: the bundled snapshot of 194 DummyJSON products)
          --allowed-host HOST another name to answer to, HOST or HOST:PORT (repeatable);
                              by default only the bound address (127.0.0.1, localhost
                              and [::1] with the port, when bound to loopback)
          --kakao-key KEY     Kakao REST API key for the BookStore's book search
                              (default: $KAKAO_REST_API_KEY; without one the BookStore runs offline
                              on its bundled Kakao responses)
          --max-connections N connections served at once (default 512); beyond, requests get
                              503 with Retry-After
          --max-connections-per-address N
                              connections served at once from one IP address (default 64;
                              0 for no limit, as behind a reverse proxy)
          --idle-timeout SECONDS
                              close a connection that sends nothing for this long (default 10)
          --max-event-streams N
                              live-update streams open at once, below --max-connections (default 256)
          --docs-dir PATH     the DocC sites `make docs` builds, served at /docs (default .build/docs)
          --help              show this text
        """

    /// An error in the command line, with the usage text to show.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { "showcase: \(message)\n\n\(ShowcaseOptions.usage)" }
    }

    /// What the command line asks for.
    public enum Command: Equatable, Sendable {
        case serve(ShowcaseOptions)
        case help
    }

    /// Parses `arguments` (without the program name). Accepts `--name value` and `--name=value`.
    /// - Parameter environment: Where `KAKAO_REST_API_KEY` is read when `--kakao-key` is not given; the process's
    ///   environment by default.
    /// - Throws: ``ParseError`` for an unknown option, a missing or invalid value.
    public static func parse(
        _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ParseError) -> Command {
        var options = ShowcaseOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(ParseError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw ParseError(message: "\(name) needs a value") }
                return next
            }
            switch name {
            case "--help", "-h":
                return .help
            case "--host":
                let host = try value()
                guard !host.isEmpty else { throw ParseError(message: "--host needs an address") }
                options.host = host
            case "--port":
                let text = try value()
                guard let port = UInt16(text) else {
                    throw ParseError(message: "--port must be a number from 0 to 65535, not \(text)")
                }
                options.port = port
            case "--data-dir":
                let path = try value()
                guard !path.isEmpty else { throw ParseError(message: "--data-dir needs a path") }
                options.dataDirectory =
                    URL(
                        fileURLWithPath: path,
                        relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
                    ).standardizedFileURL
            case "--database":
                let text = try value()
                guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                    ["postgres", "postgresql"].contains(scheme)
                else {
                    throw ParseError(
                        message: "--database must be a PostgreSQL URL such as postgres://user@127.0.0.1:5432/shop"
                            + " (the URL is not shown: it may hold a password)")
                }
                options.databaseURL = url
            case "--catalog-url":
                let text = try value()
                guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme),
                    url.host != nil
                else {
                    throw ParseError(
                        message: "--catalog-url must be an http or https URL such as https://dummyjson.com, not \(text)"
                    )
                }
                options.catalogURL = url
            case "--allowed-host":
                let host = try value()
                guard Self.isHostName(host) else {
                    throw ParseError(
                        message: "--allowed-host must be a host name or HOST:PORT such as shop.example.com, not \(host)"
                    )
                }
                options.allowedHosts.append(host)
            case "--kakao-key":
                // The key itself is never echoed back.
                guard let key = KakaoRESTAPIKey(try value()) else {
                    throw ParseError(message: "--kakao-key must be a Kakao REST API key (printable ASCII, no spaces)")
                }
                options.kakaoKey = key
            case "--max-connections":
                options.connectionLimits.maxConnections = try count(name, try value(), minimum: 1)
            case "--max-connections-per-address":
                options.connectionLimits.maxConnectionsPerAddress = try count(name, try value(), minimum: 0)
            case "--idle-timeout":
                options.connectionLimits.idleTimeoutSeconds = try count(name, try value(), minimum: 1)
            case "--max-event-streams":
                options.connectionLimits.maxEventStreams = try count(name, try value(), minimum: 0)
            case "--docs-dir":
                let path = try value()
                guard !path.isEmpty else { throw ParseError(message: "--docs-dir needs a path") }
                options.docsDirectory =
                    URL(
                        fileURLWithPath: path,
                        relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
                    ).standardizedFileURL
            default:
                throw ParseError(message: "unknown option \(argument)")
            }
        }
        let limits = options.connectionLimits
        guard limits.maxEventStreams < limits.maxConnections else {
            throw ParseError(
                message: "--max-event-streams (\(limits.maxEventStreams)) must be less than "
                    + "--max-connections (\(limits.maxConnections)), so that other requests always have connections left"
            )
        }
        if options.kakaoKey == nil, let text = environment["KAKAO_REST_API_KEY"], !text.isEmpty {
            guard let key = KakaoRESTAPIKey(text) else {
                throw ParseError(
                    message: "KAKAO_REST_API_KEY must be a Kakao REST API key (printable ASCII, no spaces)")
            }
            options.kakaoKey = key
        }
        return .serve(options)
    }

    /// A whole number from `minimum` to 1,000,000 given to option `name`.
    private static func count(_ name: String, _ text: String, minimum: Int) throws(ParseError) -> Int {
        guard let number = Int(text), (minimum...1_000_000).contains(number) else {
            throw ParseError(message: "\(name) must be a whole number from \(minimum) to 1000000, not \(text)")
        }
        return number
    }

    /// A `Host` value: a name or address (IPv6 in brackets) of letters, digits, `.`, `-`, `_` (`:` inside the
    /// brackets), and an optional `:port`.
    static func isHostName(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return false }
            let address = rest[rest.index(after: rest.startIndex)..<close]
            guard !address.isEmpty, address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                return false
            }
            rest = rest[rest.index(after: close)...]
        } else {
            let name = rest.prefix { $0 != ":" }
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) })
            else { return false }
            rest = rest[name.endIndex...]
        }
        guard !rest.isEmpty else { return true }
        guard rest.first == ":", let port = Int(rest.dropFirst()), (1...65535).contains(port) else { return false }
        return true
    }
}
