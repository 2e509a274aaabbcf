import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP connection to 127.0.0.1 (or ::1) for tests that need control over the bytes on the wire (keep-alive,
/// refused connections). Reads give up after 10 seconds so a broken server fails a test instead of hanging it.
/// Unchecked Sendable so that a test can run its blocking reads on a thread of their own; it is used by one thread
/// at a time.
final class RawConnection: @unchecked Sendable {
    enum Failure: Error { case connect(Int32), io(String) }

    private let descriptor: Int32
    private var buffer = [UInt8]()

    /// - Parameter source: The IPv4 address to connect from (another loopback address such as `127.0.0.2` is
    ///   another client as far as the server can tell); the system's choice when `nil`.
    init(port: UInt16, ipv6: Bool = false, source: String? = nil) throws {
        descriptor = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                let code = errno
                close(descriptor)
                throw Failure.connect(code)
            }
        }
        let result: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = in6addr_loopback
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard result == 0 else {
            let code = errno
            close(descriptor)
            throw Failure.connect(code)
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    private var isOpen = true

    deinit { disconnect() }

    /// Closes the socket (the server sees the client go away).
    func disconnect() {
        guard isOpen else { return }
        isOpen = false
        close(descriptor)
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard n > 0 else { throw Failure.io("send failed: errno \(errno)") }
            sent += n
        }
    }

    /// Reads one response with a Content-Length body; returns the status line, headers (lowercased names) and body.
    func readResponse(bodyExpected: Bool = true) throws -> (status: String, headers: [String: String], body: String) {
        let (status, headers) = try readHead()
        let length = bodyExpected ? Int(headers["content-length"] ?? "0") ?? 0 : 0
        while buffer.count < length { try fill() }
        let body = String(decoding: buffer[..<length], as: UTF8.self)
        buffer.removeFirst(length)
        return (status, headers, body)
    }

    /// Reads a response's status line and headers (lowercased names; a repeated name keeps its values joined
    /// with ", ").
    func readHead() throws -> (status: String, headers: [String: String]) {
        let separator = Array("\r\n\r\n".utf8)
        var headerEnd: Int?
        while headerEnd == nil {
            if let range = findSubsequence(separator) { headerEnd = range; break }
            try fill()
        }
        guard let headerEnd else { throw Failure.io("no header end") }
        let headText = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let status = lines.removeFirst()
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        buffer.removeFirst(headerEnd + separator.count)
        return (status, headers)
    }

    /// Reads one chunk of a chunked body: its bytes, or `nil` for the last (empty) chunk, whose trailer section
    /// is consumed too.
    func readChunk() throws -> [UInt8]? {
        let lineEnd = Array("\r\n".utf8)
        var sizeEnd = findSubsequence(lineEnd)
        while sizeEnd == nil {
            try fill()
            sizeEnd = findSubsequence(lineEnd)
        }
        guard let sizeEnd else { throw Failure.io("no chunk size") }
        let sizeText = String(decoding: buffer[..<sizeEnd], as: UTF8.self)
        let hex = sizeText.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        guard let size = Int(hex.trimmingCharacters(in: .whitespaces), radix: 16) else {
            throw Failure.io("bad chunk size line \(sizeText.debugDescription)")
        }
        buffer.removeFirst(sizeEnd + lineEnd.count)
        if size == 0 {
            // Trailer fields (none expected), then an empty line.
            while true {
                var end = findSubsequence(lineEnd)
                while end == nil {
                    try fill()
                    end = findSubsequence(lineEnd)
                }
                guard let end else { throw Failure.io("no trailer end") }
                buffer.removeFirst(end + lineEnd.count)
                if end == 0 { return nil }
            }
        }
        while buffer.count < size + lineEnd.count { try fill() }
        let chunk = Array(buffer[..<size])
        guard Array(buffer[size..<(size + lineEnd.count)]) == lineEnd else {
            throw Failure.io("chunk not followed by CRLF")
        }
        buffer.removeFirst(size + lineEnd.count)
        return chunk
    }

    /// Reads whatever arrives until the server closes the connection (for bodies that end by closing).
    func readToEnd() throws -> [UInt8] {
        while true {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if n < 0 { throw Failure.io("recv failed: errno \(errno)") }
            if n == 0 { break }
            buffer.append(contentsOf: chunk[..<n])
        }
        defer { buffer.removeAll() }
        return buffer
    }

    /// Whether the server closed the connection (a read returns end-of-file).
    func readsEndOfFile() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if n < 0 { throw Failure.io("recv failed: errno \(errno)") }
        return n == 0
    }

    /// Whether the server closed the connection: a read returns end-of-file, or the connection was reset (a server
    /// that closes while request bytes are still unread makes the system send a reset).
    func isClosedByServer() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if n < 0 && errno == ECONNRESET { return true }
        if n < 0 { throw Failure.io("recv failed: errno \(errno)") }
        return n == 0
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw Failure.io(n == 0 ? "connection closed" : "recv failed: errno \(errno)") }
        buffer.append(contentsOf: chunk[..<n])
    }

    private func findSubsequence(_ needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        for start in 0...(buffer.count - needle.count) where Array(buffer[start..<(start + needle.count)]) == needle {
            return start
        }
        return nil
    }
}
