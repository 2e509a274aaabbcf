/// How many connections an ``HTTPServer`` serves at once, from one client address and as event streams, and how
/// long it waits for a client that sends or reads nothing.
///
/// Without limits a few hundred idle sockets, or a few hundred event streams (which stay open as long as a tab
/// does), take every connection the process can hold and the server stops answering. With them:
///
/// - A connection beyond ``maxConnections``, or beyond ``maxConnectionsPerAddress`` from its client's address, is
///   still accepted, but its first request is answered `503 Service Unavailable` with `Retry-After` (JSON under
///   `/api`, the error page otherwise) and the connection is closed; if it sends nothing it is closed after 2
///   seconds. A small margin above each limit is accepted this way (an eighth of the limit, at least 16 overall
///   and 4 per address); past the margin new connections are closed as soon as they are accepted, so a
///   client is answered or closed, never left waiting.
/// - A connection that sends nothing for ``idleTimeoutSeconds`` — while its request line, headers or body are
///   arriving, between keep-alive requests, or while a response it does not read is being sent — is closed. A
///   handler that takes longer does not count: its connection waits without a timeout.
/// - An event stream (``HTTPResponse/serverSentEvents(status:headers:_:)``) is not idle while it waits for its
///   next event: the server writes a comment line every ``eventStreamHeartbeatSeconds``, which keeps proxies from
///   closing it and lets a client that went away be noticed. At most ``maxEventStreams`` are open at once; beyond,
///   a request for one is answered 503 with `Retry-After`, so streams can never take every connection.
///
/// `Retry-After` is ``idleTimeoutSeconds``: by then idle connections have been closed.
///
/// The server needs a file descriptor per connection: when the process's soft limit (`ulimit -n`) is too low for
/// ``maxConnections`` and its margins plus 64 more, ``HTTPServer/start()`` raises the soft limit as far as the
/// hard limit allows, and refuses to start (``HTTPServerError/invalidConfiguration(_:)``) when that is not enough.
public struct HTTPConnectionLimits: Sendable, Equatable {
    /// Connections served at once (keep-alive and event streams included); 512 by default, 1 or more.
    public var maxConnections: Int
    /// Connections served at once from one client IP address; 64 by default (a browser opens at most six per host,
    /// so this is room for many users behind one address while one address cannot take the server). `0` means no
    /// limit: use it behind a reverse proxy, where every connection comes from the proxy's address.
    public var maxConnectionsPerAddress: Int
    /// Seconds a connection may send nothing (and not read what is sent to it) before it is closed; 10 by default,
    /// 1 or more.
    public var idleTimeoutSeconds: Int
    /// Event streams open at once; 256 by default, 0 or more and less than ``maxConnections``.
    public var maxEventStreams: Int
    /// Seconds between the comment lines written to an event stream that has nothing else to send; 15 by default
    /// (below the 30–60 second idle timeouts of common proxies), 1 or more.
    public var eventStreamHeartbeatSeconds: Int

    /// The defaults: 512 connections, 64 per address, 10-second idle timeout, 256 event streams with a heartbeat
    /// every 15 seconds.
    public static let standard = HTTPConnectionLimits()

    /// Creates limits; every parameter is the property of the same name.
    public init(
        maxConnections: Int = 512,
        maxConnectionsPerAddress: Int = 64,
        idleTimeoutSeconds: Int = 10,
        maxEventStreams: Int = 256,
        eventStreamHeartbeatSeconds: Int = 15
    ) {
        self.maxConnections = maxConnections
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.maxEventStreams = maxEventStreams
        self.eventStreamHeartbeatSeconds = eventStreamHeartbeatSeconds
    }

    /// Connections accepted beyond ``maxConnections`` only to be answered 503.
    var connectionMargin: Int { max(16, maxConnections / 8) }

    /// Connections accepted from one address beyond ``maxConnectionsPerAddress`` only to be answered 503.
    var perAddressMargin: Int { max(4, maxConnectionsPerAddress / 8) }

    /// File descriptors the server may need: every connection it accepts, and some for the rest of the process.
    var descriptorsNeeded: Int { maxConnections + connectionMargin + 64 }

    /// Seconds a connection refused for being over a limit may stay open without sending its request.
    static let refusedConnectionTimeoutSeconds = 2

    /// The problem with these limits, or `nil` when they can be used.
    func problem() -> String? {
        if maxConnections < 1 || maxConnections > 1_000_000 {
            return "maxConnections is \(maxConnections); it must be between 1 and 1000000."
        }
        if maxConnectionsPerAddress < 0 {
            return "maxConnectionsPerAddress is \(maxConnectionsPerAddress); it must be 0 (no limit) or more."
        }
        if idleTimeoutSeconds < 1 || idleTimeoutSeconds > 86_400 {
            return "idleTimeoutSeconds is \(idleTimeoutSeconds); it must be between 1 and 86400."
        }
        if maxEventStreams < 0 || maxEventStreams >= maxConnections {
            return "maxEventStreams is \(maxEventStreams); it must be 0 or more and less than maxConnections "
                + "(\(maxConnections)), so that other requests always have connections left."
        }
        if eventStreamHeartbeatSeconds < 1 || eventStreamHeartbeatSeconds > 86_400 {
            return "eventStreamHeartbeatSeconds is \(eventStreamHeartbeatSeconds); it must be between 1 and 86400."
        }
        return nil
    }
}
