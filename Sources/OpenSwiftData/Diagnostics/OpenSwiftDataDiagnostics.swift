import Foundation
import Synchronization

/// Where OpenSwiftData reports what it cannot throw: an autosave that failed, a relationship or model whose row could
/// not be read behind an API that cannot throw (a relationship's getter, ``ModelContext/model(for:)``), and the
/// progress of a long migration. Not in SwiftData, which logs these to the system log; the default ``handler``
/// writes each diagnostic's ``Diagnostic/description`` as a line to standard error, as OpenSwiftData did before.
///
/// ```swift
/// OpenSwiftDataDiagnostics.handler = { diagnostic in logger.warning("\(diagnostic)") }
/// ```
///
/// The handler is called on the thread where the diagnostic arises (the main actor for autosave; the opening thread,
/// inside the migration's transaction, for migration lines), so it must be quick and thread-safe and must not use
/// the container being opened. It cannot change what the API that reported returns.
public enum OpenSwiftDataDiagnostics {
    /// One report.
    public struct Diagnostic: Sendable, CustomStringConvertible {
        /// What happened.
        public enum Kind: Sendable, Hashable {
            /// The main context's autosave threw; the changes stay unsaved in the context (``error`` says why).
            case autosaveFailed
            /// A read behind an API that cannot throw failed; the API returned nil, an empty relationship or a
            /// placeholder model (``error`` says why).
            case readFailed
            /// A line of progress of a migration (a stage that ran, a large table rebuilt). Not a failure.
            case migration
        }

        /// What happened: an autosave that failed, a read that failed, or a line of migration progress.
        public let kind: Kind
        /// A sentence a person can act on, without the `OpenSwiftData:` prefix.
        public let message: String
        /// The error that was swallowed, for ``Kind/autosaveFailed`` and ``Kind/readFailed``.
        public let error: SwiftDataError?

        /// A report of `kind`, with the sentence `message` (without the `OpenSwiftData:` prefix) and the swallowed
        /// `error`, if any (nil by default).
        public init(kind: Kind, message: String, error: SwiftDataError? = nil) {
            self.kind = kind
            self.message = message
            self.error = error
        }

        /// `OpenSwiftData: <message>`.
        public var description: String { "OpenSwiftData: \(message)" }
    }

    /// The handler that writes `"\(diagnostic)\n"` to standard error: the default.
    public static let standardError: @Sendable (Diagnostic) -> Void = { diagnostic in
        FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
    }

    private static let current = Mutex<@Sendable (Diagnostic) -> Void>(standardError)

    /// Called with every diagnostic, from any thread. Set it once at launch (setting it is thread-safe, and a report
    /// in flight uses the handler it started with); set ``standardError`` to restore the default.
    public static var handler: @Sendable (Diagnostic) -> Void {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    static func report(_ kind: Diagnostic.Kind, _ message: String, error: (any Error)? = nil) {
        let swiftDataError: SwiftDataError? =
            switch error {
            case nil: nil
            case let error as SwiftDataError: error
            case let error?: .wrapping(error, url: nil)
            }
        handler(Diagnostic(kind: kind, message: message, error: swiftDataError))
    }
}
