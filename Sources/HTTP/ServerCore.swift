import CMicroHTTPD
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The part of ``HTTPServer`` that libmicrohttpd's callbacks see (through an unretained pointer that stays valid
/// because the server stops the daemon before releasing this object).
///
/// Concurrency: the daemon state, the request counters and the open streams are guarded by ``condition``; request
/// callbacks run on libmicrohttpd's pool threads; handlers run as Swift tasks (started with `Task.immediate`, so a
/// handler that never suspends answers on the pool thread without any hand-off), and so do the producers of
/// streamed responses (see ``BodyStream``). Lock order: a `BodyStream`'s lock may be held while taking
/// ``condition``, never the other way round.
final class ServerCore: @unchecked Sendable {
    let host: String
    let requestedPort: UInt16
    let maxRequestBodyBytes: Int
    let threads: Int
    /// Renders the errors the server answers by itself (413, 400, 503, and the security policy's 403, 415, 421) for paths outside `/api`.
    let errorPageRenderer: HTTPErrorPageRenderer?
    /// Checked before every handler; its header fields go on every response.
    let securityPolicy: HTTPSecurityPolicy
    /// Whether request bodies may come with `Transfer-Encoding: chunked` (otherwise 411 Length Required).
    let allowsChunkedRequestBodies: Bool
    /// The limits and the counts of connections and event streams held against them.
    let admission: ConnectionAdmission
    let handler: @Sendable (HTTPRequest) async -> HTTPResponse

    /// How long ``stop()`` waits for requests whose handler has not started yet (a client still sending its body),
    /// and for the producers of streamed responses to return once cancelled. Requests whose handler is running,
    /// and streams whose connection is suspended, are always waited for: libmicrohttpd must not be stopped while
    /// one of its connections is suspended.
    let gracePeriod: TimeInterval = 10
    /// Bytes of an oversized body that are read and dropped so that the client reliably sees the 413 (a server
    /// that closes while the client is still sending makes the client see a reset instead). Beyond this the
    /// connection is cut.
    let discardAllowance = 16 << 20

    private let condition = NSCondition()
    private var daemon: OpaquePointer?
    private var boundPort: UInt16?
    private var stopping = false
    /// Set once ``stop()`` has decided to stop the daemon: new handlers are refused (503) from then on, so no
    /// connection can be suspended when `MHD_stop_daemon` runs.
    private var refusingHandlers = false
    /// Requests between the URI-log callback and the request-completed callback.
    private var requestsInFlight = 0
    /// Requests whose handler has started and whose response has not been queued yet.
    private var handlersRunning = 0
    /// Streamed responses libmicrohttpd has not released yet, so that ``stop()`` can end them.
    private var streams: [ObjectIdentifier: BodyStream] = [:]
    /// Streamed responses whose connection is suspended (from the suspending read until libmicrohttpd calls back
    /// after the resume). `MHD_stop_daemon` must not run while any is.
    private var suspendedStreams = 0
    /// Producers of streamed responses that have not returned.
    private var producersRunning = 0

    /// Which server's handler the current task is running, to keep `stop()` from waiting for itself.
    @TaskLocal static var servingCore: ObjectIdentifier?

    init(
        host: String,
        port: UInt16,
        maxRequestBodyBytes: Int,
        threads: Int,
        errorPageRenderer: HTTPErrorPageRenderer?,
        securityPolicy: HTTPSecurityPolicy,
        limits: HTTPConnectionLimits,
        allowsChunkedRequestBodies: Bool,
        handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) {
        self.host = host
        self.requestedPort = port
        self.maxRequestBodyBytes = maxRequestBodyBytes
        self.threads = threads
        self.errorPageRenderer = errorPageRenderer
        self.securityPolicy = securityPolicy
        self.admission = ConnectionAdmission(limits: limits)
        self.allowsChunkedRequestBodies = allowsChunkedRequestBodies
        self.handler = handler
    }

    var limits: HTTPConnectionLimits { admission.limits }

    var port: UInt16 {
        condition.lock()
        defer { condition.unlock() }
        return boundPort ?? requestedPort
    }

    var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return daemon != nil && !stopping
    }

    // MARK: Start and stop

    func start() throws(HTTPServerError) {
        guard maxRequestBodyBytes >= 0 else {
            throw .invalidConfiguration("maxRequestBodyBytes is \(maxRequestBodyBytes); it must be 0 or more (bytes).")
        }
        guard (1...1024).contains(threads) else {
            throw .invalidConfiguration("threads is \(threads); it must be between 1 and 1024.")
        }
        if let problem = limits.problem() { throw .invalidConfiguration(problem) }
        try Self.ensureDescriptors(limits.descriptorsNeeded)
        condition.lock()
        defer { condition.unlock() }
        while stopping { condition.wait() }
        if daemon != nil { throw .alreadyRunning(port: boundPort ?? requestedPort) }

        let socket = try ListeningSocket.open(host: host, port: requestedPort)
        // poll(), not epoll: with libmicrohttpd 0.9.75's epoll loop, a connection that was suspended and resumed
        // sometimes never gets its next keep-alive request read (every connection of a wrk run stalled after its
        // second request, in about one run out of six); with poll() no run stalled.
        var flags = MHD_USE_POLL_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        if socket.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let me = Unmanaged.passUnretained(self).toOpaque()
        let uriLog:
            @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?)
                -> UnsafeMutableRawPointer? = mhdRequestStarted
        let completed: MHD_RequestCompletedCallback = mhdRequestCompleted
        let notifyConnection: MHD_NotifyConnectionCallback = mhdConnectionNotified
        let acceptPolicy: MHD_AcceptPolicyCallback = mhdAcceptPolicy
        let limits = self.limits
        let perAddressCeiling =
            limits.maxConnectionsPerAddress == 0
            ? 0 : limits.maxConnectionsPerAddress + limits.perAddressMargin
        // Pointers travel through the va_list as OpaquePointer (raw pointers are not CVarArg).
        let meArgument = OpaquePointer(me)
        var options: [CVarArg] = [
            MHD_OPTION.LISTEN_SOCKET.rawValue, socket.descriptor,
            // The overall ceiling is the accept policy's (`ConnectionAdmission`): at its own limit libmicrohttpd stops
            // accepting and new clients wait unanswered, so its limit is set above ours, out of reach but for races
            // between its threads. Past the per-address ceiling libmicrohttpd closes what it accepts.
            MHD_OPTION.CONNECTION_LIMIT.rawValue, UInt32(limits.maxConnections + limits.connectionMargin + 32),
            MHD_OPTION.PER_IP_CONNECTION_LIMIT.rawValue, UInt32(perAddressCeiling),
            MHD_OPTION.CONNECTION_TIMEOUT.rawValue, UInt32(limits.idleTimeoutSeconds),
            MHD_OPTION.NOTIFY_CONNECTION.rawValue, unsafeBitCast(notifyConnection, to: OpaquePointer.self), meArgument,
            MHD_OPTION.URI_LOG_CALLBACK.rawValue, unsafeBitCast(uriLog, to: OpaquePointer.self), meArgument,
            MHD_OPTION.NOTIFY_COMPLETED.rawValue, unsafeBitCast(completed, to: OpaquePointer.self), meArgument,
        ]
        if threads > 1 {
            options += [MHD_OPTION.THREAD_POOL_SIZE.rawValue, UInt32(threads)]
        }
        options.append(MHD_OPTION.END.rawValue)
        let started = withVaList(options) { arguments in
            MHD_start_daemon_va(flags, 0, acceptPolicy, me, mhdAccessHandler, me, arguments)
        }
        guard let started else {
            close(socket.descriptor)
            throw .daemonStartFailed(host: host, port: socket.port)
        }
        daemon = started
        boundPort = socket.port
    }

    /// Stops accepting, waits for in-flight requests (see ``gracePeriod``), then stops the daemon and joins its
    /// threads. Safe to call repeatedly and from several threads; a call made while another is stopping waits for
    /// it. Called from inside one of this server's handlers, it starts the stop on another thread and returns.
    func stop() {
        if Self.servingCore == ObjectIdentifier(self) {
            let thread = Thread { [self] in stopFromOutsideHandler() }
            thread.start()
            return
        }
        stopFromOutsideHandler()
    }

    private func stopFromOutsideHandler() {
        condition.lock()
        while stopping { condition.wait() }
        guard let daemon else {
            condition.unlock()
            return
        }
        stopping = true
        condition.unlock()

        // Stop accepting: the listening socket comes back to us; closing it makes new connections be refused.
        let listener = MHD_quiesce_daemon(daemon)
        if listener >= 0 { close(listener) }

        // End the open streams (streams that start from now on end themselves, see `registerStream`): their
        // producers are cancelled and their writes fail, and suspended ones are resumed to send their last chunk.
        condition.lock()
        let openStreams = Array(streams.values)
        condition.unlock()
        for stream in openStreams { stream.stop() }

        // Handlers still running and suspended streams are always waited for (libmicrohttpd must not be stopped
        // while a connection is suspended); other requests and producers for at most the grace period.
        condition.lock()
        let deadline = Date(timeIntervalSinceNow: gracePeriod)
        while true {
            if handlersRunning > 0 || suspendedStreams > 0 {
                condition.wait()
                continue
            }
            guard requestsInFlight > 0 || producersRunning > 0, condition.wait(until: deadline) else { break }
        }
        refusingHandlers = true
        condition.unlock()

        MHD_stop_daemon(daemon)

        condition.lock()
        self.daemon = nil
        stopping = false
        refusingHandlers = false
        condition.broadcast()
        condition.unlock()
    }

    /// Makes sure the process may open `needed` file descriptors, raising its soft limit (up to the hard one) if
    /// it must: libmicrohttpd stops accepting altogether, rather than refusing one connection, when `accept` fails
    /// for want of descriptors.
    static func ensureDescriptors(_ needed: Int) throws(HTTPServerError) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let wanted = rlim_t(needed)
        guard limit.rlim_cur != rlim_t.max, limit.rlim_cur < wanted else { return }
        if limit.rlim_max == rlim_t.max || limit.rlim_max >= wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return }
        }
        throw .invalidConfiguration(
            "the connection limits need about \(needed) file descriptors, but this process may open only "
                + "\(limit.rlim_cur) (hard limit \(limit.rlim_max); see ulimit -n). Lower maxConnections or raise the limit."
        )
    }

    // MARK: Request accounting (called from libmicrohttpd's threads)

    func requestStarted() {
        condition.lock()
        requestsInFlight += 1
        condition.unlock()
    }

    func requestCompleted() {
        condition.lock()
        requestsInFlight -= 1
        if requestsInFlight == 0 { condition.broadcast() }
        condition.unlock()
    }

    /// Registers a handler start; `false` when the server is past the point of accepting new work.
    func beginHandler() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !refusingHandlers else { return false }
        handlersRunning += 1
        return true
    }

    func endHandler() {
        condition.lock()
        handlersRunning -= 1
        if handlersRunning == 0 { condition.broadcast() }
        condition.unlock()
    }

    // MARK: Streamed responses

    /// Registers a streamed response whose producer is about to start. Returns `false` when the server is
    /// stopping: the caller must then end the stream right away.
    func registerStream(_ stream: BodyStream) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        streams[ObjectIdentifier(stream)] = stream
        producersRunning += 1
        return !stopping
    }

    /// libmicrohttpd released the stream's response.
    func unregisterStream(_ stream: BodyStream) {
        condition.lock()
        streams[ObjectIdentifier(stream)] = nil
        condition.unlock()
    }

    func producerEnded() {
        condition.lock()
        producersRunning -= 1
        if producersRunning == 0 { condition.broadcast() }
        condition.unlock()
    }

    func streamSuspended() {
        condition.lock()
        suspendedStreams += 1
        condition.unlock()
    }

    func streamResumed() {
        condition.lock()
        suspendedStreams -= 1
        if suspendedStreams == 0 { condition.broadcast() }
        condition.unlock()
    }

    /// Whether responses should carry `Connection: close` (the server is shutting down).
    var isStopping: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopping
    }
}
