import CMicroHTTPD
import Foundation

// libmicrohttpd's callbacks. They run on libmicrohttpd's own threads, so they are plain nonisolated global
// functions (never closures that could inherit an actor's isolation). `cls` is always the `ServerCore`.

/// URI-log callback: called once per request, right after the request line is parsed and before libmicrohttpd
/// decodes the URI. Its result becomes the request's `con_cls`, so every request gets a `RequestContext` holding
/// the raw request target; `mhdRequestCompleted` releases it.
func mhdRequestStarted(
    _ cls: UnsafeMutableRawPointer?,
    _ uri: UnsafePointer<CChar>?,
    _ connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
    guard let cls else { return nil }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    core.requestStarted()
    let context = RequestContext(rawTarget: uri.map { String(cString: $0) } ?? "")
    return Unmanaged.passRetained(context).toOpaque()
}

/// Notify-connection callback: a connection was accepted (its record, with the admission decision, becomes the
/// socket context) or closed (the record is released and its slot freed).
func mhdConnectionNotified(
    _ cls: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ code: MHD_ConnectionNotificationCode
) {
    guard let cls, let socketContext else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    switch code {
    case .CONNECTION_NOTIFY_STARTED:
        let address = connection.flatMap { ConnectionAdmission.addressText(cmhd_connection_client_address($0)) }
        let record = core.admission.connectionStarted(address: address)
        socketContext.pointee = Unmanaged.passRetained(record).toOpaque()
    default:
        guard let raw = socketContext.pointee else { return }
        socketContext.pointee = nil
        core.admission.connectionClosed(Unmanaged<ConnectionRecord>.fromOpaque(raw).takeRetainedValue())
    }
}

/// Accept-policy callback: a connection was just accepted; `.NO` closes it at once (the server is past its ceiling,
/// see ``ConnectionAdmission``).
func mhdAcceptPolicy(
    _ cls: UnsafeMutableRawPointer?,
    _ address: UnsafePointer<sockaddr>?,
    _ length: socklen_t
) -> MHD_Result {
    guard let cls else { return .YES }
    return Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().admission.acceptsAnotherConnection() ? .YES : .NO
}

/// Request-completed callback: the response was sent, or the connection ended (error, timeout, shutdown).
func mhdRequestCompleted(
    _ cls: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ contextSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ termination: MHD_RequestTerminationCode
) {
    guard let cls else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    if let contextSlot, let rawContext = contextSlot.pointee {
        contextSlot.pointee = nil
        let context = Unmanaged<RequestContext>.fromOpaque(rawContext).takeRetainedValue()
        if context.phase == .handling {
            // The handler finished and resumed the connection, but the client had gone away meanwhile (a
            // suspended connection does not notice), so libmicrohttpd closed it without asking for the response.
            context.phase = .responded
            core.endHandler()
        }
        core.requestCompleted()
    }
}

/// Access handler: called when the headers are in, once per body chunk, once more when the request is complete,
/// and again after the connection is resumed.
func mhdAccessHandler(
    _ cls: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?,
    _ version: UnsafePointer<CChar>?,
    _ uploadData: UnsafePointer<CChar>?,
    _ uploadDataSize: UnsafeMutablePointer<Int>?,
    _ contextSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let contextSlot, let rawContext = contextSlot.pointee else { return .NO }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    let context = Unmanaged<RequestContext>.fromOpaque(rawContext).takeUnretainedValue()
    let pendingBytes = uploadDataSize?.pointee ?? 0

    switch context.phase {
    case .started:
        context.phase = .receivingBody
        withUnsafeMutablePointer(to: &context.headers) { pointer in
            _ = MHD_get_connection_values_n(
                connection, .HEADER_KIND, mhdCollectHeader, UnsafeMutableRawPointer(pointer))
        }
        if let refusal = refusalBeforeBody(core, context, connection, version: version) {
            return queueRefusal(refusal, core, context, connection)
        }
        guard let declared = declaredContentLength(connection) else { return .YES }
        if declared > core.maxRequestBodyBytes {
            context.bodyTooLarge = true
            // A client waiting for "100 Continue" has not sent the body: answer now. A body far beyond the limit is
            // not worth reading: answer now too (the connection is closed after the response).
            if expectsContinue(connection) || declared - core.maxRequestBodyBytes > core.discardAllowance {
                return queueTooLarge(core, context, connection, declared: declared)
            }
        } else {
            context.body.reserveCapacity(declared)
        }
        return .YES

    case .receivingBody where pendingBytes > 0:
        uploadDataSize?.pointee = 0
        context.receivedBytes += pendingBytes
        if !context.bodyTooLarge {
            if context.receivedBytes > core.maxRequestBodyBytes {
                context.bodyTooLarge = true
                context.body = Data()
            } else if let uploadData {
                context.body.append(
                    UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self), count: pendingBytes)
            }
        }
        if context.bodyTooLarge && context.receivedBytes - core.maxRequestBodyBytes > core.discardAllowance {
            return .NO  // Far too much: cut the connection rather than read it all.
        }
        return .YES

    case .receivingBody:
        if context.bodyTooLarge {
            return queueTooLarge(core, context, connection, declared: context.receivedBytes)
        }
        return startHandler(core, context, connection, method: method)

    case .handling:
        // Resumed: the handler's response is ready.
        let response: HTTPResponse? = context.handoff.withLock { state in
            switch state {
            case .ready(let response):
                state = .taken
                return response
            case .pending, .suspended:
                // Not expected: libmicrohttpd only calls again after the task resumed the connection.
                state = .suspended
                MHD_suspend_connection(connection)
                return nil
            case .taken:
                return nil
            }
        }
        guard let response else { return .YES }
        context.phase = .responded
        core.endHandler()
        return queue(response, on: connection, core: core, isHead: context.isHead, path: context.path)

    case .responded:
        // Nothing more to do; drop any body bytes that still arrive (libmicrohttpd normally stops reading).
        uploadDataSize?.pointee = 0
        return .YES
    }
}

/// Builds the `HTTPRequest`, starts the handler as a task and either queues its response at once (the handler
/// finished without suspending) or suspends the connection until the task resumes it.
private func startHandler(
    _ core: ServerCore,
    _ context: RequestContext,
    _ connection: OpaquePointer,
    method: UnsafePointer<CChar>?
) -> MHD_Result {
    let methodName = method.map { String(cString: $0) } ?? ""
    context.isHead = methodName == "HEAD"
    let headers = context.headers
    let body = context.body
    context.body = Data()
    guard
        let request = HTTPRequest(
            method: HTTPMethod(rawValue: methodName),
            target: context.rawTarget,
            headers: headers,
            body: body
        )
    else {
        context.phase = .responded
        return queue(
            .error(
                "The request target \"\(context.rawTarget)\" is not a valid path (it must start with / and its "
                    + "percent escapes must be UTF-8).",
                status: .badRequest,
                path: "/",
                renderer: core.errorPageRenderer
            ),
            on: connection,
            core: core
        )
    }
    context.path = request.path
    if let refusal = core.securityPolicy.refusal(for: request, boundHost: core.host, port: core.port) {
        context.phase = .responded
        return queue(
            .error(refusal.message, status: refusal.status, path: request.path, renderer: core.errorPageRenderer),
            on: connection,
            core: core
        )
    }
    guard core.beginHandler() else {
        context.phase = .responded
        return queue(
            .error(
                "The server is shutting down; retry shortly.",
                status: .serviceUnavailable,
                path: request.path,
                renderer: core.errorPageRenderer
            ),
            on: connection,
            core: core
        )
    }
    context.phase = .handling
    let handle = ConnectionHandle(pointer: connection)
    let handler = core.handler
    let coreID = ObjectIdentifier(core)
    Task.immediate {
        let response = await ServerCore.$servingCore.withValue(coreID) { await handler(request) }
        context.handoff.withLock { state in
            switch state {
            case .pending:
                state = .ready(response)
            case .suspended:
                state = .ready(response)
                MHD_resume_connection(handle.pointer)
            case .ready, .taken:
                break
            }
        }
    }
    let immediate: HTTPResponse? = context.handoff.withLock { state in
        if case .ready(let response) = state {
            state = .taken
            return response
        }
        state = .suspended
        MHD_suspend_connection(connection)
        return nil
    }
    guard let immediate else { return .YES }
    context.phase = .responded
    core.endHandler()
    return queue(immediate, on: connection, core: core, isHead: context.isHead, path: context.path)
}

/// A request the server answers itself, before reading its body, and then closes the connection.
private struct EarlyRefusal {
    var status: HTTPStatus
    var message: String
    /// Sent as `Retry-After` (seconds), for a refusal that a later attempt may not meet.
    var retryAfterSeconds: Int?
}

/// Why the request must be refused as soon as its headers are in, if it must: its connection is over a limit, or
/// its framing is ambiguous (see ``HTTPServer``).
private func refusalBeforeBody(
    _ core: ServerCore,
    _ context: RequestContext,
    _ connection: OpaquePointer,
    version: UnsafePointer<CChar>?
) -> EarlyRefusal? {
    if let raw = cmhd_connection_socket_context(connection),
        !Unmanaged<ConnectionRecord>.fromOpaque(raw).takeUnretainedValue().admitted
    {
        return EarlyRefusal(
            status: .serviceUnavailable,
            message:
                "The server is serving as many connections as it can (from this address, or in all); retry shortly.",
            retryAfterSeconds: core.limits.idleTimeoutSeconds
        )
    }
    let headers = context.headers
    let hosts = headers.values(for: "Host")
    if version.map({ String(cString: $0) }) == "HTTP/1.1" && hosts.count != 1 {
        return EarlyRefusal(
            status: .badRequest,
            message: hosts.isEmpty
                ? "An HTTP/1.1 request must have a Host header field."
                : "The request has \(hosts.count) Host header fields; it must have exactly one.",
            retryAfterSeconds: nil
        )
    }
    let lengths = headers.values(for: "Content-Length")
    let encodings = headers.values(for: "Transfer-Encoding")
    if !lengths.isEmpty && !encodings.isEmpty {
        return EarlyRefusal(
            status: .badRequest,
            message: "The request has both Content-Length and Transfer-Encoding; send only one of them.",
            retryAfterSeconds: nil
        )
    }
    if lengths.count > 1 {
        return EarlyRefusal(
            status: .badRequest, message: "The request has more than one Content-Length.", retryAfterSeconds: nil
        )
    }
    if !encodings.isEmpty {
        let codings = encodings.flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard codings.last == "chunked", codings.filter({ $0 == "chunked" }).count == 1 else {
            return EarlyRefusal(
                status: .badRequest,
                message: "The request's Transfer-Encoding (\(encodings.joined(separator: ", "))) does not end with "
                    + "chunked, so its length cannot be known.",
                retryAfterSeconds: nil
            )
        }
        guard codings.count == 1 else {
            return EarlyRefusal(
                status: .notImplemented,
                message: "This server understands no transfer coding but chunked (the request has "
                    + "\(encodings.joined(separator: ", "))).",
                retryAfterSeconds: nil
            )
        }
        guard core.allowsChunkedRequestBodies else {
            return EarlyRefusal(
                status: .lengthRequired,
                message: "This server needs a Content-Length for request bodies; chunked bodies are not accepted.",
                retryAfterSeconds: nil
            )
        }
    }
    return nil
}

/// Answers `refusal` with `Connection: close`, so that no byte after the headers is read as another request.
private func queueRefusal(
    _ refusal: EarlyRefusal,
    _ core: ServerCore,
    _ context: RequestContext,
    _ connection: OpaquePointer
) -> MHD_Result {
    context.phase = .responded
    let path = HTTPRequest(method: .get, target: context.rawTarget)?.path ?? "/"
    var response = HTTPResponse.error(
        refusal.message, status: refusal.status, path: path, renderer: core.errorPageRenderer)
    if let seconds = refusal.retryAfterSeconds { response.headers.set("Retry-After", "\(seconds)") }
    response.headers.set("Connection", "close")
    return queue(response, on: connection, core: core)
}

/// Header iterator for `MHD_get_connection_values_n`: appends each field to the `HTTPHeaders` at `cls`.
private func mhdCollectHeader(
    _ cls: UnsafeMutableRawPointer?,
    _ kind: MHD_ValueKind,
    _ key: UnsafePointer<CChar>?,
    _ keySize: Int,
    _ value: UnsafePointer<CChar>?,
    _ valueSize: Int
) -> MHD_Result {
    guard let cls, let key else { return .YES }
    let name = String(decoding: UnsafeRawBufferPointer(start: key, count: keySize), as: UTF8.self)
    let text = value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: valueSize), as: UTF8.self) } ?? ""
    cls.assumingMemoryBound(to: HTTPHeaders.self).pointee.add(name, text)
    return .YES
}

/// The request's `Content-Length`, if it has one (libmicrohttpd has already rejected malformed values).
private func declaredContentLength(_ connection: OpaquePointer) -> Int? {
    guard let value = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") else { return nil }
    return Int(String(cString: value).trimmingHTTPWhitespace())
}

private func expectsContinue(_ connection: OpaquePointer) -> Bool {
    guard let value = MHD_lookup_connection_value(connection, .HEADER_KIND, "Expect") else { return false }
    return String(cString: value).lowercased() == "100-continue"
}

private func queueTooLarge(
    _ core: ServerCore,
    _ context: RequestContext,
    _ connection: OpaquePointer,
    declared: Int
) -> MHD_Result {
    context.phase = .responded
    context.body = Data()
    let path = HTTPRequest(method: .get, target: context.rawTarget)?.path ?? "/"
    return queue(
        .error(
            "The request body (\(declared) bytes) is larger than this server accepts "
                + "(\(core.maxRequestBodyBytes) bytes).",
            status: .contentTooLarge,
            path: path,
            renderer: core.errorPageRenderer
        ),
        on: connection,
        core: core
    )
}

/// Hands `response` to libmicrohttpd (body copied; a streamed body's producer started). A response that
/// libmicrohttpd cannot send as given (a status outside 100...599, a header name or value it rejects) is replaced by
/// a 500 that says why.
///
/// A streamed response to `HEAD` is sent as its headers with an empty body, and its producer is not run:
/// libmicrohttpd 0.9.75 sends the chunked body's last chunk (`0 CRLF CRLF`) after the headers of a `HEAD`
/// response, which a client would read as the start of the next response.
private func queue(
    _ response: HTTPResponse,
    on connection: OpaquePointer,
    core: ServerCore,
    isHead: Bool = false,
    path: String = "/"
) -> MHD_Result {
    var response = response
    if isHead && response.producer != nil {
        response.producer = nil
        response.body = Data()
    }
    var holdsEventStreamSlot = false
    if response.producer != nil && response.isEventStream {
        holdsEventStreamSlot = core.admission.beginEventStream()
        if !holdsEventStreamSlot {
            response = .error(
                "The server has as many event streams open as it allows (\(core.limits.maxEventStreams)); retry shortly.",
                status: .serviceUnavailable,
                path: path,
                renderer: core.errorPageRenderer
            )
            response.headers.set("Retry-After", "\(core.limits.idleTimeoutSeconds)")
        }
    }
    core.securityPolicy.apply(to: &response)
    let closing = core.isStopping
    let built: OpaquePointer
    switch makeMHDResponse(
        response, closing: closing, connection: connection, core: core, isEventStream: holdsEventStreamSlot
    ) {
    case .success(let made):
        built = made.response
        if let stream = made.stream, let producer = response.producer {
            // Registered before the response is queued: if queueing fails, releasing the response unregisters it.
            if !core.registerStream(stream) { stream.stop() }
            stream.start(producer)
        }
    case .failure(let problem):
        var fallback = HTTPResponse.text("500 Internal Server Error\n\n\(problem)\n", status: .internalServerError)
        core.securityPolicy.apply(to: &fallback)
        guard
            case .success(let made) = makeMHDResponse(
                fallback, closing: closing, connection: connection, core: core, isEventStream: false
            )
        else { return .NO }
        built = made.response
        let result = MHD_queue_response(connection, UInt32(500), built)
        MHD_destroy_response(built)
        return result
    }
    let result = MHD_queue_response(connection, UInt32(response.status.code), built)
    MHD_destroy_response(built)
    return result
}

private struct ResponseProblem: Error, CustomStringConvertible {
    var description: String
}

/// A response made for libmicrohttpd, and for a streamed one the stream its callbacks read (not started yet).
private struct MadeResponse {
    var response: OpaquePointer
    var stream: BodyStream?
}

/// Bytes libmicrohttpd is asked to read from a streamed body at a time (advisory; it also bounds one chunk).
private let streamBlockSize = 16 * 1024

/// - Parameter isEventStream: An event-stream slot is held for this response: the stream made for it takes it over
///   (and gives it back when released), or it is given back here if the response cannot be made.
private func makeMHDResponse(
    _ response: HTTPResponse,
    closing: Bool,
    connection: OpaquePointer,
    core: ServerCore,
    isEventStream: Bool
) -> Result<MadeResponse, ResponseProblem> {
    guard (100...599).contains(response.status.code) else {
        if isEventStream { core.admission.endEventStream() }
        return .failure(
            ResponseProblem(
                description: "The handler returned status \(response.status.code), "
                    + "which is not a valid HTTP status (100...599)."))
    }
    let created: OpaquePointer
    var stream: BodyStream?
    if response.producer != nil {
        // Unknown size: chunked transfer encoding for HTTP/1.1, end of body by closing for HTTP/1.0. The stream is
        // retained for libmicrohttpd until its free callback.
        let bodyStream = BodyStream(core: core, connection: connection, isEventStream: isEventStream)
        let retained = Unmanaged.passRetained(bodyStream)
        guard
            let made = MHD_create_response_from_callback(
                UInt64.max,  // MHD_SIZE_UNKNOWN
                streamBlockSize,
                mhdStreamRead,
                retained.toOpaque(),
                mhdStreamFree
            )
        else {
            bodyStream.giveBackEventStreamSlot()
            retained.release()
            return .failure(ResponseProblem(description: "libmicrohttpd could not allocate a streamed response."))
        }
        created = made
        stream = bodyStream
    } else {
        let made: OpaquePointer? = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count,
                bytes.count == 0 ? nil : UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                .RESPMEM_MUST_COPY
            )
        }
        guard let made else {
            return .failure(
                ResponseProblem(
                    description: "libmicrohttpd could not allocate a response of "
                        + "\(response.body.count) bytes."))
        }
        created = made
    }
    for (name, value) in response.headers {
        if HTTPHeaders.namesMatch(name, "Content-Length") || HTTPHeaders.namesMatch(name, "Transfer-Encoding") {
            continue
        }
        if MHD_add_response_header(created, name, value) != .YES {
            MHD_destroy_response(created)  // A stream's free callback runs here; its producer never started.
            return .failure(
                ResponseProblem(
                    description: "The handler returned a header libmicrohttpd refused: "
                        + "\"\(name): \(value)\" (names must be tokens; values must not contain line breaks)."))
        }
    }
    if closing && !response.headers.contains("Connection") {
        _ = MHD_add_response_header(created, "Connection", "close")
    }
    return .success(MadeResponse(response: created, stream: stream))
}
