/// Why a ``CoreCartViewModel`` operation did not happen: the Core Data cart's store failed (or could not be opened),
/// and nothing was changed. The message is for the server log; pages and the API say only that the store failed.
public struct CoreCartError: Error, Sendable, CustomStringConvertible {
    /// What failed, with the store's own error.
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { "the Core Data cart store failed: \(reason)" }
}
