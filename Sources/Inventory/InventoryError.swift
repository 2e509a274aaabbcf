import OpenCoreData

/// Why an ``InventoryViewModel`` operation did not happen.
public enum InventoryError: Error, Sendable {
    /// No product has that ID (never existed, or deleted).
    case notFound
    /// The store failed (or could not be opened); nothing was changed. The message is for the server log.
    case store(String)
}
