/// Why an ``HTTPServer`` could not start.
public enum HTTPServerError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The host is not an IPv4 or IPv6 address literal (or `localhost`), so there is nothing to bind to.
    case invalidHost(String)
    /// The listening socket could not be created or bound: `reason` is the system's message (for example
    /// "Address already in use" when another process holds the port).
    case cannotBind(host: String, port: UInt16, reason: String)
    /// A configuration value is out of range; the message names it and the allowed range.
    case invalidConfiguration(String)
    /// ``HTTPServer/start()`` was called while the server is already running (on `port`).
    case alreadyRunning(port: UInt16)
    /// libmicrohttpd refused to start its daemon on the bound socket (for example because it could not create its
    /// threads).
    case daemonStartFailed(host: String, port: UInt16)

    public var description: String {
        switch self {
        case .invalidHost(let host):
            return "Invalid host \"\(host)\": give an IPv4 or IPv6 address literal such as 127.0.0.1, 0.0.0.0 or ::1 "
                + "(host names other than localhost are not resolved)."
        case .cannotBind(let host, let port, let reason):
            return "Cannot bind to \(host) port \(port): \(reason). Pick another port (0 lets the system choose a free "
                + "one) or stop the process that holds it."
        case .invalidConfiguration(let message):
            return "Invalid server configuration: \(message)"
        case .alreadyRunning(let port):
            return "The server is already running on port \(port); call stop() before starting it again."
        case .daemonStartFailed(let host, let port):
            return "libmicrohttpd could not start serving \(host) port \(port) (out of threads or memory?); try fewer "
                + "threads."
        }
    }
}
