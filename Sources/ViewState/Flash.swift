/// A notice kept on the server for the next page one browser shows, then forgotten: the "flash" of
/// POST/redirect/GET. The action sets it before redirecting; the page it redirects to takes it. Reloading that
/// page shows no notice, and nothing in the URL can make a page claim what did not happen.
///
/// Kept per browser in a ``BrowserSessions``.
@MainActor
public final class Flash<Notice> {
    private var pending: Notice?

    /// No notice pending.
    public init() {}

    /// Keeps `notice` for the next ``take()``, replacing one not yet shown.
    public func set(_ notice: Notice) {
        pending = notice
    }

    /// The pending notice, which is then forgotten; nil when there is none.
    public func take() -> Notice? {
        defer { pending = nil }
        return pending
    }
}
