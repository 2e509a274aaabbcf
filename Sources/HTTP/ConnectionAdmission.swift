import CMicroHTTPD
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One TCP connection as the server counts it, from libmicrohttpd's notify-connection callback (started) to the
/// same callback (closed); it is the connection's socket context.
final class ConnectionRecord: Sendable {
    /// The client's IP address as text (`"127.0.0.1"`, `"::1"`), `nil` if libmicrohttpd could not say.
    let address: String?
    /// Whether the connection is within the limits. A connection that is not has its first request answered 503
    /// and is then closed.
    let admitted: Bool

    init(address: String?, admitted: Bool) {
        self.address = address
        self.admitted = admitted
    }
}

/// Counts the connections and event streams an ``HTTPServer`` has open against its ``HTTPConnectionLimits``.
///
/// Past the ceilings (each limit plus its margin) a new connection is closed as soon as it is accepted: beyond the
/// per-address one by libmicrohttpd, beyond the overall one by ``acceptsAnotherConnection()`` (libmicrohttpd's own
/// overall limit would instead stop accepting, leaving new clients waiting in the listen backlog until a connection
/// closes). Below the ceilings this decides which connections are served and which only get a 503.
final class ConnectionAdmission: Sendable {
    private struct Counts {
        /// Every connection accepted and not closed yet, admitted or not.
        var open = 0
        var admitted = 0
        var admittedByAddress: [String: Int] = [:]
        var eventStreams = 0
    }

    let limits: HTTPConnectionLimits
    private let counts = Mutex(Counts())

    init(limits: HTTPConnectionLimits) {
        self.limits = limits
    }

    /// A connection was accepted from `address`: whether it is admitted. Every call is matched by one
    /// ``connectionClosed(_:)`` with the record made from its answer.
    func connectionStarted(address: String?) -> ConnectionRecord {
        let admitted = counts.withLock { counts -> Bool in
            counts.open += 1
            guard counts.admitted < limits.maxConnections else { return false }
            if let address, limits.maxConnectionsPerAddress > 0 {
                let fromAddress = counts.admittedByAddress[address, default: 0]
                guard fromAddress < limits.maxConnectionsPerAddress else { return false }
                counts.admittedByAddress[address] = fromAddress + 1
            }
            counts.admitted += 1
            return true
        }
        return ConnectionRecord(address: address, admitted: admitted)
    }

    func connectionClosed(_ record: ConnectionRecord) {
        counts.withLock { counts in
            counts.open -= 1
            guard record.admitted else { return }
            counts.admitted -= 1
            if let address = record.address, limits.maxConnectionsPerAddress > 0 {
                let remaining = counts.admittedByAddress[address, default: 1] - 1
                counts.admittedByAddress[address] = remaining > 0 ? remaining : nil
            }
        }
    }

    /// Whether a connection just accepted may stay (to be admitted or told 503): `false` once as many are open as
    /// ``HTTPConnectionLimits/maxConnections`` and its margin, and the connection is then closed at once.
    func acceptsAnotherConnection() -> Bool {
        counts.withLock { $0.open < limits.maxConnections + limits.connectionMargin }
    }

    /// Reserves room for one more event stream; `false` when ``HTTPConnectionLimits/maxEventStreams`` are open.
    func beginEventStream() -> Bool {
        counts.withLock { counts in
            guard counts.eventStreams < limits.maxEventStreams else { return false }
            counts.eventStreams += 1
            return true
        }
    }

    func endEventStream() {
        counts.withLock { $0.eventStreams -= 1 }
    }

    /// Admitted connections and open event streams, for tests.
    var snapshot: (connections: Int, eventStreams: Int) {
        counts.withLock { ($0.admitted, $0.eventStreams) }
    }

    /// The text form of an IPv4 or IPv6 socket address (IPv4-mapped IPv6 addresses as IPv4, so that one client is
    /// one address whichever way it connected).
    static func addressText(_ address: UnsafePointer<sockaddr>?) -> String? {
        guard let address else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let written = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                var raw = ipv4.pointee.sin_addr
                return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
            }
            guard written != nil else { return nil }
        case AF_INET6:
            let written = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
                var raw = ipv6.pointee.sin6_addr
                return inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
            }
            guard written != nil else { return nil }
        default:
            return nil
        }
        let string = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if string.hasPrefix("::ffff:"), string.contains(".") { return String(string.dropFirst(7)) }
        return string
    }
}
