extension ModelContext {
    /// Runs `block`, then saves what it changed; if `block` throws, every unsaved change is rolled back (including
    /// ones made before the call) and the error is rethrown. Mirrors SwiftData's `transaction(block:)`.
    /// - Throws: what `block` throws, or ``SwiftDataError`` from the save.
    public func transaction(block: () throws -> Void) throws {
        do {
            try block()
        } catch {
            rollback()
            throw error
        }
        try save()
    }
}
