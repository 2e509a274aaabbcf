import HTML

/// A one-time message at the top of a People page, after an action (kept on the server for the next page only).
public enum PersonNotice: Sendable, Hashable {
    /// Someone was added.
    case added(PersonLine)
    /// An edit was saved.
    case saved(PersonLine)
    /// Someone was deleted.
    case deleted(PersonLine)
    /// A delete or an edit for someone who was already gone.
    case alreadyGone

    /// The banner's text.
    public var message: String {
        switch self {
        case let .added(person): "“\(person.name)” (\(person.age)) was added."
        case let .saved(person): "“\(person.name)” (\(person.age)) was saved."
        case let .deleted(person): "“\(person.name)” (\(person.age)) was deleted."
        case .alreadyGone: "That person was already deleted."
        }
    }

    /// The banner markup: a warning is an alert, a confirmation a status message.
    var banner: HTMLFragment {
        if case .alreadyGone = self { return "<p class=\"notice warning\" role=\"alert\">\(message)</p>" }
        return "<p class=\"notice\" role=\"status\">\(message)</p>"
    }
}
