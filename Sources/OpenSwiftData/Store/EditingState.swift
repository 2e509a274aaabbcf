import Foundation

/// The context a fetch or save comes from. Mirrors SwiftData's `EditingState`.
public struct EditingState: Sendable {
    /// The context's identity (one per context).
    public let id: UUID
    /// The context's ``ModelContext/author``.
    public let author: String?

    init(id: UUID, author: String?) {
        self.id = id
        self.author = author
    }
}
