import OpenSwiftData

/// Why a ``PlacesViewModel`` operation did not happen.
public enum PlacesError: Error, Sendable {
    /// No place has that ID (never existed, or deleted).
    case notFound
    /// Renaming a place to the name of another one, which `@Attribute(.unique)` forbids; the other place.
    case nameTaken(PlaceLine)
    /// The store failed; nothing was changed.
    case store(SwiftDataError)
}
