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

// MARK: - Public writers

/// Writes the body of a streamed response (see ``HTTPResponse/stream(status:headers:_:)``).
///
/// Writes are queued and sent in order as the connection can take them; a write returns at once unless more than
/// 64 KiB are still waiting for a slow client, in which case it waits until they have been passed on (so a
/// producer cannot outrun its client without bound). The writer may be used from several tasks; each write is
/// sent whole, never interleaved with another.
public struct HTTPBodyWriter: Sendable {
    let stream: BodyStream

    /// Queues `data` as the next part of the body.
    ///
    /// - Returns: `true` if the bytes were queued; `false` once the client has gone away, the response has ended
    ///   (for example a `HEAD` request) or the server is stopping. Then nothing more is sent and the producer
    ///   should return.
    public func write(_ data: Data) async -> Bool {
        await stream.write([UInt8](data))
    }

    /// Queues the UTF-8 bytes of `text` as the next part of the body; see ``write(_:)-(Data)``.
    public func write(_ text: String) async -> Bool {
        await stream.write(Array(text.utf8))
    }
}

/// Sends server-sent events (see ``HTTPResponse/serverSentEvents(status:headers:_:)``) in the `text/event-stream`
/// format.
public struct ServerSentEventWriter: Sendable {
    private let writer: HTTPBodyWriter

    init(_ writer: HTTPBodyWriter) {
        self.writer = writer
    }

    /// Sends one event.
    ///
    /// Written as `event:` (when `event` is given), `id:` (when `id` is given), one `data:` line per line of `data`
    /// and a blank line, so a client receives `data` unchanged, line breaks included (CR LF and CR arrive as LF,
    /// as the format defines). Line breaks in `event` and `id`, which the format cannot carry, are removed, and so
    /// are NUL characters in `id`.
    ///
    /// - Parameters:
    ///   - event: The event type (a browser dispatches it to `addEventListener(event, …)`); `nil` for the
    ///     default type, `message`.
    ///   - data: The event's data; may be empty or span several lines.
    ///   - id: The event ID (a reconnecting browser sends the last one as `Last-Event-ID`); `nil` to send none.
    /// - Returns: `true` if the event was queued; `false` once the client has gone away or the server is stopping,
    ///   after which the producer should return.
    public func send(event: String? = nil, data: String, id: String? = nil) async -> Bool {
        await writer.stream.write(Self.encode(event: event, data: data, id: id))
    }

    /// Sends `event` with what `current` reads now, then again after every element of `changes` — but only a version
    /// not sent yet: changes that came together arrive as one, and a version already sent says nothing new. Returns
    /// when the client goes away, the server stops or `changes` ends.
    ///
    /// - Parameters:
    ///   - event: The event type of every event sent.
    ///   - changes: Yields whenever what `current` reads may have changed.
    ///   - current: The version (sent as the event's `id`) and the data of the event to send; nil when there is
    ///     nothing to send now (the source cannot be read), which sends nothing.
    public func sendVersions(
        event: String,
        after changes: AsyncStream<Void>,
        of current: @escaping @Sendable () async -> (id: String, data: String)?
    ) async {
        var sent: String?
        if let first = await current() {
            guard await send(event: event, data: first.data, id: first.id) else { return }
            sent = first.id
        }
        for await _ in changes {
            guard let next = await current(), next.id != sent else { continue }
            guard await send(event: event, data: next.data, id: next.id) else { return }
            sent = next.id
        }
    }

    /// Sends a comment (``comment(_:)``) every `interval` until the client goes away, the server stops or the calling
    /// task is cancelled: run it beside a stream's producer, in a task group, so that an idle stream stays open
    /// through proxies and a client that has gone away is noticed.
    public func keepAlive(every interval: Duration) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            guard await comment() else { return }
        }
    }

    /// Sends a comment, which clients ignore: use it as a keep-alive while no events are due, so proxies keep the
    /// connection open and a client that has gone away is noticed. Each line of `text` becomes a `:` line; a
    /// blank line follows.
    ///
    /// - Returns: `true` if the comment was queued; `false` once the client has gone away or the server is
    ///   stopping.
    public func comment(_ text: String = "") async -> Bool {
        var bytes: [UInt8] = []
        for line in Self.lines(of: text) {
            bytes.append(UInt8(ascii: ":"))
            if !line.isEmpty { bytes.append(UInt8(ascii: " ")) }
            bytes += line
            bytes.append(UInt8(ascii: "\n"))
        }
        bytes.append(UInt8(ascii: "\n"))
        return await writer.stream.write(bytes)
    }

    /// The wire form of one event.
    static func encode(event: String?, data: String, id: String?) -> [UInt8] {
        var bytes: [UInt8] = []
        func field(_ name: String, _ value: some Sequence<UInt8>) {
            bytes += Array(name.utf8)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(UInt8(ascii: " "))
            bytes += value
            bytes.append(UInt8(ascii: "\n"))
        }
        let lineBreaks: Set<UInt8> = [0x0A, 0x0D]
        if let event {
            field("event", event.utf8.filter { !lineBreaks.contains($0) })
        }
        if let id {
            field("id", id.utf8.filter { !lineBreaks.contains($0) && $0 != 0 })
        }
        for line in lines(of: data) {
            field("data", line)
        }
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// `text`'s UTF-8 bytes split at CR LF, CR and LF (the line ends of `text/event-stream`; other Unicode line
    /// separators are data). Always at least one line.
    static func lines(of text: String) -> [ArraySlice<UInt8>] {
        let bytes = Array(text.utf8)
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A:
                lines.append(bytes[start..<index])
                index += 1
                start = index
            case 0x0D:
                lines.append(bytes[start..<index])
                index += (index + 1 < bytes.count && bytes[index + 1] == 0x0A) ? 2 : 1
                start = index
            default:
                index += 1
            }
        }
        lines.append(bytes[start..<bytes.count])
        return lines
    }
}

// MARK: - The stream behind a streamed response

/// The body of one streamed response: bytes the producer has written and libmicrohttpd has not taken yet, and the
/// state that decides when the connection is suspended and resumed.
///
/// libmicrohttpd asks for body bytes through ``read(into:capacity:)`` (its content-reader callback, on its thread).
/// When nothing is queued it suspends the connection there and returns 0, so no thread waits for the producer; the
/// next write (or the producer's end, or the server stopping) resumes it. libmicrohttpd's free callback
/// (``released()``) says the response is done with — sent, or the connection is gone — and from then on writes
/// return `false` and the producer is cancelled.
///
/// libmicrohttpd does not watch a suspended connection, so a client that leaves while its stream is idle is noticed
/// by the next write: it polls the socket for the peer's close (`POLLRDHUP`, Linux) and, if so, refuses the write
/// and resumes the connection with an error so that libmicrohttpd closes it. (A client that only shuts down its
/// sending side counts as gone, as in most servers.)
///
/// The connection pointer is only used while ``State/suspended`` is set: a suspended connection is not closed by
/// libmicrohttpd (the server never stops the daemon while one is suspended), and libmicrohttpd does not call the
/// free callback for it.
final class BodyStream: Sendable {
    /// Queued bytes beyond which writes wait for the client.
    static let highWaterMark = 64 * 1024

    private struct State {
        /// Written bytes; those before `sentOffset` have been handed to libmicrohttpd.
        var pending: [UInt8] = []
        var sentOffset = 0
        /// The producer returned: the body ends once `pending` is sent.
        var producerFinished = false
        /// Writes are refused: the client went away, the response was released, or the server is stopping.
        var closed = false
        /// The client went away while the connection was suspended: the next read ends the response with an error.
        var abort = false
        /// This stream suspended the connection and has not resumed it.
        var suspended = false
        /// Counted in the server's suspended streams until libmicrohttpd calls back (read or release), which
        /// shows it has taken the connection up again.
        var countedAsSuspended = false
        var roomWaiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiterID: UInt64 = 0
        var producerTask: Task<Void, Never>?
        /// Writes a comment to an idle event stream every ``HTTPConnectionLimits/eventStreamHeartbeatSeconds``.
        var heartbeatTask: Task<Void, Never>?
        /// When bytes were last written (a heartbeat is due ``HTTPConnectionLimits/eventStreamHeartbeatSeconds``
        /// after it).
        var lastWrite = ContinuousClock.now
        /// This stream holds one of the server's event-stream slots until libmicrohttpd releases it.
        var holdsEventStreamSlot = false

        var unsent: Int { pending.count - sentOffset }
    }

    private let state = Mutex(State())
    private let core: ServerCore
    private let connection: ConnectionHandle
    /// The connection's socket (read on libmicrohttpd's thread when the response was made); only polled while the
    /// connection is suspended, when libmicrohttpd keeps it open.
    private let socket: Int32

    /// Whether this is an event stream (heartbeats, and a slot counted against the server's limit).
    let isEventStream: Bool

    /// - Parameter isEventStream: The server has reserved an event-stream slot for it, which the stream gives
    ///   back when libmicrohttpd releases it (or ``giveBackEventStreamSlot()`` if it never gets that far).
    init(core: ServerCore, connection: OpaquePointer, isEventStream: Bool) {
        self.core = core
        self.connection = ConnectionHandle(pointer: connection)
        self.isEventStream = isEventStream
        socket = cmhd_connection_socket(connection)
        if isEventStream { state.withLock { $0.holdsEventStreamSlot = true } }
    }

    /// Returns the event-stream slot, once.
    func giveBackEventStreamSlot() {
        let held = state.withLock { state -> Bool in
            defer { state.holdsEventStreamSlot = false }
            return state.holdsEventStreamSlot
        }
        if held { core.admission.endEventStream() }
    }

    // MARK: Producer side

    /// Starts `producer` in a task of its own; the server must have registered the stream.
    func start(_ producer: @escaping @Sendable (HTTPBodyWriter) async -> Void) {
        let coreID = ObjectIdentifier(core)
        let writer = HTTPBodyWriter(stream: self)
        let task = Task {
            await ServerCore.$servingCore.withValue(coreID) { await producer(writer) }
            self.producerReturned()
        }
        let heartbeat: Task<Void, Never>? = isEventStream ? startHeartbeat() : nil
        let cancelNow = state.withLock { state -> Bool in
            if state.closed { return true }
            if !state.producerFinished {
                state.producerTask = task
                state.heartbeatTask = heartbeat
            }
            return false
        }
        if cancelNow {
            task.cancel()
            heartbeat?.cancel()
        }
    }

    /// Writes a comment line (`:` and a blank line, which `EventSource` ignores) whenever nothing has been written
    /// for a heartbeat interval.
    private func startHeartbeat() -> Task<Void, Never> {
        let interval = Duration.seconds(core.limits.eventStreamHeartbeatSeconds)
        return Task { [weak self] in
            while !Task.isCancelled {
                let due = self?.state.withLock { state -> ContinuousClock.Instant? in
                    state.closed || state.producerFinished ? nil : state.lastWrite + interval
                }
                guard let due else { return }
                if due > .now {
                    try? await Task.sleep(until: due, clock: .continuous)
                    continue
                }
                guard let stream = self, await stream.write(Array(":\n\n".utf8)) else { return }
            }
        }
    }

    func write(_ bytes: [UInt8]) async -> Bool {
        var goneNow = false
        let accepted = state.withLock { state -> Bool in
            if !state.closed, state.suspended, peerHasClosed() {
                // Noticed here because libmicrohttpd does not watch a suspended connection: let it close it.
                state.closed = true
                state.abort = true
                resumeIfSuspended(&state)
                goneNow = true
                return false
            }
            guard !state.closed else { return false }
            guard !bytes.isEmpty else { return true }
            state.lastWrite = .now
            state.pending += bytes
            resumeIfSuspended(&state)
            return true
        }
        if goneNow { finishClosing() }
        guard accepted else { return false }
        await waitForRoom()
        return !state.withLock { $0.closed }
    }

    private func producerReturned() {
        let heartbeat = state.withLock { state in
            state.producerFinished = true
            state.producerTask = nil
            resumeIfSuspended(&state)
            defer { state.heartbeatTask = nil }
            return state.heartbeatTask
        }
        heartbeat?.cancel()
        core.producerEnded()
    }

    /// Waits while more than ``highWaterMark`` bytes are queued (until they drain, the stream closes, or the task
    /// is cancelled).
    private func waitForRoom() async {
        let id = state.withLock { state -> UInt64? in
            guard !state.closed, state.unsent > Self.highWaterMark else { return nil }
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        guard let id else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.closed || state.unsent <= Self.highWaterMark || Task.isCancelled { return true }
                    state.roomWaiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.roomWaiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }

    // MARK: Server side

    /// Ends the stream because the server is stopping: writes return `false`, the producer is cancelled, and the
    /// body ends (with what was already queued) as soon as libmicrohttpd takes the connection up again.
    func stop() {
        let alreadyClosed = state.withLock { state -> Bool in
            if state.closed { return true }
            state.closed = true
            resumeIfSuspended(&state)
            return false
        }
        if !alreadyClosed { finishClosing() }
    }

    /// Wakes writers waiting for room and cancels the producer, once the stream is closed.
    private func finishClosing() {
        let (waiters, task, heartbeat) = state.withLock { state in
            let waiters = Array(state.roomWaiters.values)
            state.roomWaiters = [:]
            let task = state.producerTask
            state.producerTask = nil
            let heartbeat = state.heartbeatTask
            state.heartbeatTask = nil
            return (waiters, task, heartbeat)
        }
        for waiter in waiters { waiter.resume() }
        task?.cancel()
        heartbeat?.cancel()
    }

    // MARK: libmicrohttpd side (its thread)

    /// The content-reader callback: copies up to `capacity` queued bytes into `buffer`. Returns the count, `-1`
    /// (end of stream) once the producer returned or the server is stopping and everything is sent, `-2` (error:
    /// close the connection) if the client went away, or `0` after suspending the connection when nothing is
    /// queued yet.
    func read(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        var waiters: [CheckedContinuation<Void, Never>] = []
        let result = state.withLock { state -> Int in
            if state.countedAsSuspended {
                state.countedAsSuspended = false
                core.streamResumed()
            }
            if state.abort { return -2 }
            if state.unsent > 0 && capacity > 0 {
                let count = min(state.unsent, capacity)
                let offset = state.sentOffset
                state.pending.withUnsafeBytes { bytes in
                    guard let base = bytes.baseAddress else { return }
                    buffer.copyMemory(from: base + offset, byteCount: count)
                }
                state.sentOffset += count
                if state.unsent == 0 {
                    state.pending.removeAll(keepingCapacity: state.pending.capacity <= Self.highWaterMark)
                    state.sentOffset = 0
                } else if state.sentOffset >= Self.highWaterMark {
                    state.pending.removeFirst(state.sentOffset)
                    state.sentOffset = 0
                }
                if state.unsent <= Self.highWaterMark {
                    waiters = Array(state.roomWaiters.values)
                    state.roomWaiters = [:]
                }
                return count
            }
            if state.producerFinished || state.closed { return -1 }
            state.suspended = true
            state.countedAsSuspended = true
            core.streamSuspended()
            MHD_suspend_connection(connection.pointer)
            return 0
        }
        for waiter in waiters { waiter.resume() }
        return result
    }

    /// The free callback: libmicrohttpd is done with the response (sent, or the connection closed).
    func released() {
        state.withLock { state in
            if state.countedAsSuspended {
                state.countedAsSuspended = false
                core.streamResumed()
            }
            state.suspended = false
            state.closed = true
        }
        finishClosing()
        giveBackEventStreamSlot()
        core.unregisterStream(self)
    }

    // MARK: Helpers (called with the lock held)

    private func resumeIfSuspended(_ state: inout State) {
        guard state.suspended else { return }
        state.suspended = false
        MHD_resume_connection(connection.pointer)
    }

    /// Whether the client has closed its end (checked while the connection is suspended, so its socket is open).
    private func peerHasClosed() -> Bool {
        #if os(Linux)
        guard socket >= 0 else { return false }
        let readHangUp: Int16 = 0x2000  // POLLRDHUP (Linux; needs _GNU_SOURCE in C, so not imported)
        var entry = pollfd(fd: socket, events: readHangUp, revents: 0)
        guard poll(&entry, 1, 0) == 1 else { return false }
        return entry.revents & (readHangUp | Int16(POLLHUP) | Int16(POLLERR)) != 0
        #else
        return false
        #endif
    }
}

// MARK: - libmicrohttpd callbacks for streamed responses

/// Content-reader callback of a streamed response; `cls` is its `BodyStream` (retained until `mhdStreamFree`).
func mhdStreamRead(
    _ cls: UnsafeMutableRawPointer?,
    _ position: UInt64,
    _ buffer: UnsafeMutablePointer<CChar>?,
    _ capacity: Int
) -> Int {
    guard let cls, let buffer else { return -2 }
    let stream = Unmanaged<BodyStream>.fromOpaque(cls).takeUnretainedValue()
    return stream.read(into: UnsafeMutableRawPointer(buffer), capacity: capacity)
}

/// Free callback of a streamed response: releases the `BodyStream` that `mhdStreamRead` was given.
func mhdStreamFree(_ cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    let stream = Unmanaged<BodyStream>.fromOpaque(cls).takeRetainedValue()
    stream.released()
}
