import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP connection to the server under test, with control over every byte: the HTTP probe's client.
final class RawSocket {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let descriptor: Int32
    private var isOpen = true

    /// Connects to `127.0.0.1:port` from `source` (another loopback address is another client as far as the
    /// server's per-address limit can tell).
    init(port: UInt16, source: String = "127.0.0.1") throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket(): errno \(errno)") }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let connected =
            bound == 0
            ? withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            } : -1
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(description: "connect from \(source): \(String(cString: strerror(code)))")
        }
    }

    deinit { disconnect() }

    func disconnect() {
        guard isOpen else { return }
        isOpen = false
        close(descriptor)
    }

    /// Sends every byte; `false` when the server has closed the connection (a reset or a broken pipe).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Tells the server that nothing more is coming (half-close), so that it answers or closes rather than waits.
    func finishSending() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Whether the server's bytes have arrived before the end of the stream, or the stream ended.
    enum Ending: Equatable {
        /// The server closed the connection (or reset it).
        case closed
        /// Nothing more came for `seconds` and the connection is still open.
        case stillOpen
    }

    /// Reads until the server closes the connection or `seconds` pass without a byte. The timeout only turns a hung
    /// server into a reported failure; no outcome depends on it being long enough.
    func readToEnd(seconds: Int = 5) -> (bytes: [UInt8], ending: Ending) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                bytes += chunk[..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                return (bytes, .closed)
            } else if errno != EINTR {
                return (bytes, .stillOpen)
            }
        }
    }

    /// Reads until one whole response has arrived (`Content-Length` bodies; a response without one ends with the
    /// stream), the server closes, or `seconds` pass without a byte.
    func readResponse(seconds: Int = 10) -> HTTPAnswer? {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let answers = HTTPAnswer.parse(bytes, streamEnded: false)
            if let first = answers.first { return first }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                bytes += chunk[..<count]
            } else {
                return HTTPAnswer.parse(bytes, streamEnded: true).first
            }
        }
    }
}

/// One response as read off the wire.
struct HTTPAnswer {
    var status: Int
    var statusLine: String
    /// Lowercased names.
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The responses in `bytes`, in order; a last one without a length counts when `streamEnded`.
    static func parse(_ bytes: [UInt8], streamEnded: Bool) -> [HTTPAnswer] {
        var answers: [HTTPAnswer] = []
        var rest = bytes[...]
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while !rest.isEmpty {
            guard let end = rest.firstRange(of: separator) else { break }
            let head = String(decoding: rest[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            let statusLine = head.first ?? ""
            let parts = statusLine.split(separator: " ")
            guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else { break }
            var headers: [String: String] = [:]
            for line in head.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                    in: .whitespaces)
            }
            var body = rest[end.upperBound...]
            if let length = headers["content-length"].flatMap({ Int($0) }) {
                guard body.count >= length else { break }
                rest = body[body.index(body.startIndex, offsetBy: length)...]
                body = body.prefix(length)
            } else if headers["transfer-encoding"]?.lowercased() == "chunked" {
                guard let (decoded, after) = dechunk(body) else { break }
                answers.append(HTTPAnswer(status: status, statusLine: statusLine, headers: headers, body: decoded))
                rest = after
                continue
            } else if (100..<200).contains(status) || status == 204 || status == 304 {
                rest = body
                body = body.prefix(0)
            } else {
                guard streamEnded else { break }
                rest = body.suffix(0)
            }
            answers.append(HTTPAnswer(status: status, statusLine: statusLine, headers: headers, body: Array(body)))
        }
        return answers
    }

    private static func dechunk(_ bytes: ArraySlice<UInt8>) -> ([UInt8], ArraySlice<UInt8>)? {
        var rest = bytes
        var body: [UInt8] = []
        let lineEnd: [UInt8] = [13, 10]
        while true {
            guard let end = rest.firstRange(of: lineEnd) else { return nil }
            let sizeText = String(decoding: rest[..<end.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return nil }
            rest = rest[end.upperBound...]
            if size == 0 {
                guard let trailerEnd = rest.firstRange(of: lineEnd) else { return nil }
                return (body, rest[trailerEnd.upperBound...])
            }
            guard rest.count >= size + 2 else { return nil }
            body += rest.prefix(size)
            rest = rest.dropFirst(size + 2)
        }
    }
}
