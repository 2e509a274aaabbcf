#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A bound, listening, non-blocking TCP socket that the server hands to libmicrohttpd.
///
/// Binding it ourselves (instead of letting libmicrohttpd do it) gives exact error messages, IPv4/IPv6 literal
/// parsing, and the real port after binding to port 0 without libmicrohttpd's variadic info API.
struct ListeningSocket {
    var descriptor: Int32
    var port: UInt16
    var isIPv6: Bool

    /// Parses `host` (an IPv4 or IPv6 literal, optionally in brackets, or `localhost`) and binds and listens on it.
    static func open(host: String, port: UInt16, backlog: Int32 = 1024) throws(HTTPServerError) -> ListeningSocket {
        var literal = host
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = String(literal.dropFirst().dropLast()) }
        if literal == "localhost" { literal = "127.0.0.1" }

        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        let family: Int32
        if inet_pton(AF_INET, literal, &ipv4) == 1 {
            family = AF_INET
        } else if inet_pton(AF_INET6, literal, &ipv6) == 1 {
            family = AF_INET6
        } else {
            throw .invalidHost(host)
        }

        #if canImport(Darwin)
        let socketType = SOCK_STREAM
        #else
        let socketType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #endif
        let descriptor = socket(family, socketType, 0)
        guard descriptor >= 0 else {
            throw .cannotBind(host: host, port: port, reason: "socket() failed: \(errnoMessage())")
        }
        var ok = false
        defer { if !ok { close(descriptor) } }

        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))

        let bound: Int32
        if family == AF_INET {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr = ipv4
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        } else {
            _ = setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = ipv6
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        guard bound == 0 else { throw .cannotBind(host: host, port: port, reason: errnoMessage()) }
        guard listen(descriptor, backlog) == 0 else {
            throw .cannotBind(host: host, port: port, reason: "listen() failed: \(errnoMessage())")
        }
        let flags = fcntl(descriptor, F_GETFL, 0)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
            throw .cannotBind(host: host, port: port, reason: "cannot make the socket non-blocking: \(errnoMessage())")
        }

        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            throw .cannotBind(host: host, port: port, reason: "getsockname() failed: \(errnoMessage())")
        }
        let boundPort: UInt16 = withUnsafePointer(to: &storage) { pointer in
            if family == AF_INET {
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    UInt16(bigEndian: $0.pointee.sin_port)
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                UInt16(bigEndian: $0.pointee.sin6_port)
            }
        }
        ok = true
        return ListeningSocket(descriptor: descriptor, port: boundPort, isIPv6: family == AF_INET6)
    }

    private static func errnoMessage() -> String {
        let code = errno
        return "\(String(cString: strerror(code))) (errno \(code))"
    }
}
