import HTML

/// A one-time message at the top of a Places page, after an action (kept on the server for the next page only).
public enum PlaceNotice: Sendable, Hashable {
    /// A new place was added.
    case added(name: String)
    /// The name was already a place's, so saving updated that place (`@Attribute(.unique)`) instead of adding one.
    case updatedExisting(name: String)
    /// An edit was saved.
    case saved(name: String)
    /// The place was marked as interesting, or not.
    case interested(name: String, Bool)
    /// The place was deleted.
    case deleted(name: String)
    /// A delete for a place that was already gone (posted twice, or after the back button).
    case alreadyGone

    /// The banner's text.
    public var message: String {
        switch self {
        case let .added(name): "“\(name)” was added."
        case let .updatedExisting(name):
            "A place called “\(name)” already existed, so it was updated with these values instead of adding a second one."
        case let .saved(name): "“\(name)” was saved."
        case let .interested(name, true): "“\(name)” is marked as interesting."
        case let .interested(name, false): "“\(name)” is no longer marked as interesting."
        case let .deleted(name): "“\(name)” was deleted."
        case .alreadyGone: "That place was already deleted."
        }
    }

    /// Whether it reports something other than what the user asked for (shown as a warning).
    public var isWarning: Bool {
        switch self {
        case .updatedExisting, .alreadyGone: true
        case .added, .saved, .interested, .deleted: false
        }
    }

    /// The banner markup: warnings are announced as alerts, confirmations as status messages.
    var banner: HTMLFragment {
        isWarning
            ? "<p class=\"notice warning\" role=\"alert\">\(message)</p>"
            : "<p class=\"notice\" role=\"status\">\(message)</p>"
    }
}
