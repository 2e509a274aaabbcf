import CMicroHTTPD
import Foundation
import Synchronization

/// The state of one request on one connection, from the request line (libmicrohttpd's URI-log callback creates it
/// and makes it the request's `con_cls`) to the request-completed callback (which releases it).
///
/// Everything but ``handoff`` is touched only by the libmicrohttpd thread serving the connection, whose callbacks
/// for one connection never overlap. ``handoff`` is shared with the task running the handler.
final class RequestContext: @unchecked Sendable {
    enum Phase {
        /// The URI-log callback ran; the access handler has not been called yet.
        case started
        /// Headers are in; body chunks (if any) are arriving.
        case receivingBody
        /// The handler has been started; its response is awaited.
        case handling
        /// A response has been queued.
        case responded
    }

    /// Who got to the response first: the access handler after starting the task (then it suspends the
    /// connection) or the task (then the access handler queues the response right away, without suspending).
    enum Handoff {
        case pending
        case suspended
        case ready(HTTPResponse)
        case taken
    }

    let rawTarget: String
    var phase: Phase = .started
    /// The request's header fields, read once the headers are in.
    var headers = HTTPHeaders()
    /// The decoded path, once the request is built (for the style of errors answered after the handler).
    var path = "/"
    var body = Data()
    /// Body bytes received so far, including those discarded after the limit was passed.
    var receivedBytes = 0
    var bodyTooLarge = false
    /// The request is a `HEAD` (known once the handler starts): a streamed response sends no body.
    var isHead = false
    let handoff = Mutex<Handoff>(.pending)

    init(rawTarget: String) {
        self.rawTarget = rawTarget
    }
}

/// A libmicrohttpd connection pointer that may be handed to the handler task (libmicrohttpd allows
/// `MHD_resume_connection` from any thread).
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
