import OpenSwiftData

/// Why a ``PeopleViewModel`` operation did not happen.
public enum PeopleError: Error, Sendable {
    /// No person has that ID (never existed, or deleted).
    case notFound
    /// The store failed; nothing was changed.
    case store(SwiftDataError)
}
