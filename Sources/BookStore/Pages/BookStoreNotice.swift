import HTML

/// A one-time message shown at the top of a BookStore page after an action: the tutorial's alerts.
///
/// The server keeps it for the one page the action redirects to (a ``HTTP/FlashStore`` in ``BookStoreController``);
/// it is never read from the URL, so no link can make a page claim something happened.
public enum BookStoreNotice: Sendable, Hashable {
    /// 담기 saved the book: 책이 리스트에 추가되었습니다.
    case added
    /// 담기 for a book already saved: 이미 담긴 책입니다.
    case alreadySaved
    /// One saved book was deleted.
    case deleted(title: String)
    /// Every saved book was deleted; `count` of them.
    case deletedAll(count: Int)
    /// "Delete all" with no saved books: 담은 책이 없습니다.
    case nothingSaved
    /// "Delete" for a book no longer saved (a form posted twice, or after Undo).
    case noLongerSaved
    /// Undo undid the last change.
    case undone
    /// Redo redid the last undone change.
    case redone
    /// Undo with nothing to undo.
    case nothingToUndo
    /// Redo with nothing to redo.
    case nothingToRedo

    /// The banner's text.
    public var message: String {
        switch self {
        case .added: return "책이 리스트에 추가되었습니다."
        case .alreadySaved: return "이미 담긴 책입니다."
        case .deleted(let title): return "“\(title)” 책을 리스트에서 삭제했습니다."
        case .deletedAll(let count): return "담은 책 \(WonFormat.count(count))권을 모두 삭제했습니다."
        case .nothingSaved: return "담은 책이 없습니다."
        case .noLongerSaved: return "그 책은 이미 리스트에 없습니다."
        case .undone: return "마지막 변경을 되돌렸습니다 (Undo)."
        case .redone: return "되돌린 변경을 다시 적용했습니다 (Redo)."
        case .nothingToUndo: return "되돌릴 변경이 없습니다."
        case .nothingToRedo: return "다시 적용할 변경이 없습니다."
        }
    }

    /// Whether the notice reports that nothing happened (shown as a warning rather than a confirmation).
    public var isWarning: Bool {
        switch self {
        case .alreadySaved, .nothingSaved, .noLongerSaved, .nothingToUndo, .nothingToRedo: return true
        case .added, .deleted, .deletedAll, .undone, .redone: return false
        }
    }

    /// The banner markup: warnings are announced as alerts, confirmations as status messages.
    var banner: HTMLFragment {
        isWarning
            ? "<p class=\"notice warning\" role=\"alert\">\(message)</p>"
            : "<p class=\"notice\" role=\"status\">\(message)</p>"
    }
}
