import Foundation

extension ModelContext {
    /// Posted on `NotificationCenter.default` before a save writes anything, with the context as the object.
    /// Mirrors SwiftData's `ModelContext.willSave`. Its `userInfo` is empty.
    public static let willSave = Notification.Name("OpenSwiftData.ModelContext.willSave")

    /// Posted on `NotificationCenter.default` after a save committed, with the context as the object. Mirrors
    /// SwiftData's `ModelContext.didSave`. Its `userInfo` holds `[PersistentIdentifier]` arrays under
    /// ``NotificationKey/insertedIdentifiers``, ``NotificationKey/updatedIdentifiers`` and
    /// ``NotificationKey/deletedIdentifiers`` (as their raw values); inserted models' identifiers are permanent.
    public static let didSave = Notification.Name("OpenSwiftData.ModelContext.didSave")

    /// Keys of ``didSave``'s `userInfo`. Mirrors SwiftData's `ModelContext.NotificationKey`.
    public enum NotificationKey: String, Sendable {
        /// The identifiers (`[PersistentIdentifier]`, permanent) of the models the save inserted; raw value
        /// `"inserted"`. Mirrors SwiftData's `ModelContext.NotificationKey.insertedIdentifiers`.
        case insertedIdentifiers = "inserted"
        /// The identifiers (`[PersistentIdentifier]`) of the models the save updated; raw value `"updated"`. Mirrors
        /// SwiftData's `ModelContext.NotificationKey.updatedIdentifiers`.
        case updatedIdentifiers = "updated"
        /// The identifiers (`[PersistentIdentifier]`) of the models the save deleted; raw value `"deleted"`. Mirrors
        /// SwiftData's `ModelContext.NotificationKey.deletedIdentifiers`.
        case deletedIdentifiers = "deleted"
    }

    func postWillSave() {
        NotificationCenter.default.post(name: Self.willSave, object: self)
    }

    func postDidSave(inserted: [PersistentIdentifier], updated: [PersistentIdentifier], deleted: [PersistentIdentifier])
    {
        NotificationCenter.default.post(
            name: Self.didSave, object: self,
            userInfo: [
                NotificationKey.insertedIdentifiers.rawValue: inserted,
                NotificationKey.updatedIdentifiers.rawValue: updated,
                NotificationKey.deletedIdentifiers.rawValue: deleted,
            ])
    }
}
