import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Reads a server-sent-event stream on a thread of its own (blocking reads must not tie up Swift's small
/// cooperative pool), collecting everything received.
final class EventStreamReader: Sendable {
    private let received = Mutex("")
    private let socketDescriptor: Int32

    init(port: UInt16, path: String) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard descriptor >= 0, connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        socketDescriptor = descriptor
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"
        _ = request.withCString { send(descriptor, $0, strlen($0), 0) }
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while true {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                if count <= 0 { return }
                let text = String(decoding: buffer[0..<count], as: UTF8.self)
                received.withLock { $0 += text }
            }
        }
        thread.start()
    }

    var text: String { received.withLock { $0 } }

    func close() { shutdown(socketDescriptor, Int32(SHUT_RDWR)); Glibc.close(socketDescriptor) }
}
