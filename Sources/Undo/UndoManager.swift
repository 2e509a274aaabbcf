#if !canImport(ObjectiveC)
import Foundation

/// A general-purpose recorder of operations that enables undo and redo. Mirrors Foundation's `UndoManager`, which
/// Foundation on Linux does not have; on Apple platforms this type is not compiled and Foundation's class is used.
///
/// Register the operation that reverts a change while making it, then call ``undo()`` to revert the last group of
/// changes and ``redo()`` to apply it again:
///
/// ```swift
/// func setValue(_ newValue: Int) {
///     let oldValue = value
///     undoManager.registerUndo(withTarget: self) { $0.setValue(oldValue) }
///     value = newValue
/// }
/// ```
///
/// Operations registered while undoing are recorded on the redo stack, and those registered while redoing on the undo
/// stack, so a setter like the one above makes both work.
///
/// ## Groups and events
///
/// One ``undo()`` reverts one top-level group. Groups open with ``beginUndoGrouping()`` and close with
/// ``endUndoGrouping()``; they nest, and a closed nested group is one action of its parent.
///
/// Foundation's ``groupsByEvent`` groups "around each pass of the run loop". There is no run loop to watch here, so
/// an *event* is defined as follows. When ``groupsByEvent`` is true (the default) and an operation is registered with
/// no group open, the manager opens an *automatic* top-level group; later registrations join it. The automatic group
/// stays open until the next event boundary, which is any of:
/// - ``undo()``, ``undoNestedGroup()`` or ``redo()`` (``undo()`` then reverts the group it just closed),
/// - ``beginUndoGrouping()`` (the automatic group closes, and the new group is a top-level group of its own),
/// - ``endUndoGrouping()`` (it closes the automatic group),
/// - ``endAutomaticGrouping()``, which the owner of the manager calls where its event ends — after handling one
///   request, command or user action, say. Foundation has no such method (its run loop closes the group).
///
/// In Foundation, a group begun with ``beginUndoGrouping()`` during a run-loop pass that already registered
/// operations nests inside that pass's group; here it closes the automatic group first, so it is undone separately.
///
/// ## Differences from Foundation
///
/// Where Foundation raises `NSInternalInconsistencyException` for a misuse, this class never traps. It does what the
/// member's documentation says instead — usually nothing. Targets are held weakly rather than unowned. Menu titles are
/// English ("Undo", "Redo"). Selector- and invocation-based registration
/// (`registerUndo(withTarget:selector:object:)`, `prepare(withInvocationTarget:)`), `runLoopModes`, discardable
/// actions and action user info are not available.
///
/// ## Concurrency
///
/// Foundation's `UndoManager` is `@MainActor` in current SDKs and not `Sendable`. This class is not `Sendable` either,
/// and it is not bound to an actor: Swift 6 keeps each instance in the isolation domain that created it (region-based
/// isolation), which gives the same single-threaded use without requiring the main actor. Handlers run synchronously
/// on the caller of ``undo()`` or ``redo()``; a closure formed in a main-actor context stays main-actor-isolated, so
/// main-actor targets work as with Foundation when the manager is used from the main actor.
open class UndoManager {
    private enum Activity {
        case idle, undoing, redoing
    }

    /// Closed top-level groups that ``undo()`` reverts, oldest first.
    private var undoStack: [UndoGroup] = []
    /// Closed top-level groups that ``redo()`` applies again, oldest first.
    private var redoStack: [UndoGroup] = []
    /// Open groups, outermost first. While undoing or redoing, the first one records the reverse operations.
    private var openGroups: [UndoGroup] = []
    /// While undoing or redoing: the groups that were open before, set aside until the operation ends.
    private var suspendedGroups: [UndoGroup] = []
    private var activity = Activity.idle
    private var disableCount = 0

    /// Creates an undo manager with empty stacks, ``groupsByEvent`` on and no limit on ``levelsOfUndo``. Mirrors
    /// Foundation's `UndoManager.init()`.
    public init() {}

    // MARK: - Registering operations

    /// Records `handler` as an operation that reverts a change to `target`. Mirrors Foundation's
    /// `registerUndo(withTarget:handler:)`.
    ///
    /// The operation joins the innermost open group. When no group is open and ``groupsByEvent`` is true, an automatic
    /// group is opened for it (see "Groups and events" on ``UndoManager``). Registered while undoing, the operation is
    /// recorded for ``redo()``; while redoing, for ``undo()``; otherwise for ``undo()``, and the redo stack is
    /// cleared. Nothing is recorded while registration is disabled (``isUndoRegistrationEnabled``).
    ///
    /// Differences: Foundation keeps an unowned reference to `target` (undoing after `target` is freed is undefined);
    /// here the reference is weak, and an operation whose target is gone does nothing when undone (its group still
    /// counts for ``canUndo`` until then). As in Foundation, `target` is not retained, but everything `handler`
    /// captures is — reach `target` through the closure's argument to avoid a retain cycle. When ``groupsByEvent`` is
    /// false and no group is open, Foundation raises; here the operation is recorded as a top-level group of its own.
    public func registerUndo<TargetType: AnyObject>(
        withTarget target: TargetType,
        handler: @escaping (TargetType) -> Void
    ) {
        guard disableCount == 0 else { return }
        let operation = UndoOperation(target: target, handler: handler)
        if openGroups.isEmpty {
            // Only possible when idle: while undoing or redoing, the recording group is open.
            guard groupsByEvent else {
                let group = UndoGroup()
                group.actions.append(.operation(operation))
                redoStack.removeAll()
                push(group, onto: &undoStack)
                return
            }
            openGroups.append(UndoGroup(isAutomatic: true))
            post(.NSUndoManagerDidOpenUndoGroup)
        }
        openGroups[openGroups.count - 1].actions.append(.operation(operation))
        if activity == .idle { redoStack.removeAll() }
    }

    /// Whether registered operations are recorded. Mirrors Foundation's `isUndoRegistrationEnabled`: true unless a
    /// ``disableUndoRegistration()`` call is not yet balanced by ``enableUndoRegistration()``.
    open var isUndoRegistrationEnabled: Bool { disableCount == 0 }

    /// Stops recording registered operations until a matching ``enableUndoRegistration()``. Mirrors Foundation's
    /// `disableUndoRegistration()`; calls nest.
    open func disableUndoRegistration() {
        disableCount += 1
    }

    /// Balances one ``disableUndoRegistration()``; recording resumes when every disable is balanced. Mirrors
    /// Foundation's `enableUndoRegistration()`.
    ///
    /// Difference: called with no disable in effect, Foundation raises; here it does nothing.
    open func enableUndoRegistration() {
        if disableCount > 0 { disableCount -= 1 }
    }

    // MARK: - Grouping

    /// Whether an operation registered with no group open opens a group by itself. Mirrors Foundation's
    /// `groupsByEvent`; the default is true.
    ///
    /// Difference: Foundation closes that group at the end of the run-loop pass; here it stays open until the next
    /// event boundary (see "Groups and events" on ``UndoManager``). Setting this to false does not close an automatic
    /// group that is already open.
    open var groupsByEvent = true

    /// The number of open groups, nested ones included. Mirrors Foundation's `groupingLevel`: 0 when no group is
    /// open. While undoing or redoing it counts the group recording the reverse operations (so it is at least 1).
    open var groupingLevel: Int { openGroups.count }

    /// Opens a group: the operations registered until the matching ``endUndoGrouping()`` are undone together. Mirrors
    /// Foundation's `beginUndoGrouping()`.
    ///
    /// Opened inside another group, the new group is nested: once closed, it is one action of its parent. An open
    /// automatic group (see ``groupsByEvent``) is closed first, so the new group starts a top-level group of its own
    /// (in Foundation it would nest inside the run-loop pass's group). Posts `NSUndoManagerCheckpoint` unless undoing
    /// or redoing, then `NSUndoManagerDidOpenUndoGroup`.
    open func beginUndoGrouping() {
        if activity == .idle {
            endAutomaticGrouping()
            post(.NSUndoManagerCheckpoint)
        }
        openGroups.append(UndoGroup())
        post(.NSUndoManagerDidOpenUndoGroup)
    }

    /// Closes the innermost open group. Mirrors Foundation's `endUndoGrouping()`.
    ///
    /// A closed top-level group goes on the undo stack (dropping the oldest groups beyond ``levelsOfUndo``); a closed
    /// nested group becomes the last action of its parent. A group holding no operation is dropped. Closing the
    /// automatic group (see ``groupsByEvent``) ends the current event. Posts `NSUndoManagerCheckpoint`,
    /// `NSUndoManagerWillCloseUndoGroup` and `NSUndoManagerDidCloseUndoGroup`.
    ///
    /// Difference: with no group open — or, while undoing or redoing, with only the group recording the reverse
    /// operations open — Foundation raises; here it does nothing.
    open func endUndoGrouping() {
        guard openGroups.count > (activity == .idle ? 0 : 1) else { return }
        post(.NSUndoManagerCheckpoint)
        post(.NSUndoManagerWillCloseUndoGroup)
        closeInnermostGroup()
        post(.NSUndoManagerDidCloseUndoGroup)
    }

    /// Ends the current event: closes the group that ``groupsByEvent`` opened automatically, if it is open, so that
    /// the next registered operation starts a new group.
    ///
    /// Not in Foundation, where the run loop closes that group at the end of each pass; call it where an event of
    /// yours ends (after handling a request, a command or a user action). Does nothing when no automatic group is open
    /// and while undoing or redoing.
    open func endAutomaticGrouping() {
        guard activity == .idle, openGroups.count == 1, openGroups[0].isAutomatic else { return }
        endUndoGrouping()
    }

    /// The most top-level groups kept on the undo stack; 0 (the default) means no limit. Mirrors Foundation's
    /// `levelsOfUndo`.
    ///
    /// When closing a group makes a stack longer than the limit, its oldest groups are dropped; lowering the limit
    /// drops them at once. Difference: a negative value is stored as 0.
    open var levelsOfUndo = 0 {
        didSet {
            if levelsOfUndo < 0 { levelsOfUndo = 0 }
            trim(&undoStack)
            trim(&redoStack)
        }
    }

    // MARK: - Undo and redo

    /// Whether there is something to undo: a group on the undo stack, or an open top-level group holding operations.
    /// Mirrors Foundation's `canUndo`; as there, a true value does not mean ``undo()`` can run now (nested groups may
    /// have to be closed first).
    open var canUndo: Bool { undoCount > 0 }

    /// Whether there is something to redo. Mirrors Foundation's `canRedo`, and like it posts
    /// `NSUndoManagerCheckpoint` first, so that observers can register pending operations (which clear the redo
    /// stack) before the answer.
    open var canRedo: Bool {
        post(.NSUndoManagerCheckpoint)
        return !redoStack.isEmpty
    }

    /// The number of times ``undo()`` can revert something: the groups on the undo stack, plus one for an open
    /// top-level group holding operations. Mirrors Foundation's `undoCount`.
    open var undoCount: Int {
        undoStack.count + ((userTopLevelGroup.map { !$0.isEmpty } ?? false) ? 1 : 0)
    }

    /// The number of times ``redo()`` can apply something again. Mirrors Foundation's `redoCount`.
    open var redoCount: Int { redoStack.count }

    /// Whether the manager is running the operations of an ``undo()`` or ``undoNestedGroup()``. Mirrors Foundation's
    /// `isUndoing`.
    open var isUndoing: Bool { activity == .undoing }

    /// Whether the manager is running the operations of a ``redo()``. Mirrors Foundation's `isRedoing`.
    open var isRedoing: Bool { activity == .redoing }

    /// Closes the top-level group if one is open, then reverts the last group on the undo stack, recording the
    /// operations registered meanwhile on the redo stack as one group. Mirrors Foundation's `undo()`.
    ///
    /// With one group open — explicit or automatic — the group is closed first, as in Foundation. Posts
    /// `NSUndoManagerCheckpoint`, `NSUndoManagerWillUndoChange` and `NSUndoManagerDidUndoChange` (see
    /// ``undoNestedGroup()``). Differences: with nested groups open (``groupingLevel`` above 1), or while already
    /// undoing or redoing, Foundation raises; here the call does nothing, and the open groups stay open.
    open func undo() {
        guard activity == .idle, openGroups.count <= 1 else { return }
        if openGroups.count == 1 { endUndoGrouping() }
        undoNestedGroup()
    }

    /// Reverts the last closed group, top-level or nested, recording the operations registered meanwhile on the redo
    /// stack as one group. Mirrors Foundation's `undoNestedGroup()`.
    ///
    /// With no group open (an open automatic group is closed first), it reverts the last group on the undo stack. With
    /// groups open, it reverts the nested group most recently closed in the innermost open group, if that group's last
    /// action is one; the open groups stay open. Posts `NSUndoManagerCheckpoint`, then, if there is something to
    /// revert, `NSUndoManagerWillUndoChange` before and `NSUndoManagerDidUndoChange` after. Differences: where
    /// Foundation raises (groups open but nothing nested to revert, or already undoing or redoing), it does nothing.
    open func undoNestedGroup() {
        guard activity == .idle else { return }
        post(.NSUndoManagerCheckpoint)
        endAutomaticGrouping()
        guard let group = groupToUndo() else { return }
        post(.NSUndoManagerWillUndoChange)
        // An observer may have changed the stacks; revert the group only if it is still there.
        guard activity == .idle, remove(group) else { return }
        perform(group, as: .undoing)
        post(.NSUndoManagerDidUndoChange)
    }

    /// Applies again the last group on the redo stack, recording the operations registered meanwhile on the undo stack
    /// as one group. Mirrors Foundation's `redo()`.
    ///
    /// An open automatic group is closed first (a redo ends the event). Explicitly opened groups stay open; the redone
    /// group goes on the undo stack beneath them. Posts `NSUndoManagerCheckpoint`, then, if there is something to
    /// redo, `NSUndoManagerWillRedoChange` before and `NSUndoManagerDidRedoChange` after. Difference: while undoing or
    /// redoing, Foundation raises; here it does nothing.
    open func redo() {
        guard activity == .idle else { return }
        post(.NSUndoManagerCheckpoint)
        endAutomaticGrouping()
        guard !redoStack.isEmpty else { return }
        post(.NSUndoManagerWillRedoChange)
        guard activity == .idle, let group = redoStack.popLast() else { return }
        perform(group, as: .redoing)
        post(.NSUndoManagerDidRedoChange)
    }

    // MARK: - Removing operations

    /// Empties the undo and redo stacks and re-enables registration. Mirrors Foundation's `removeAllActions()`.
    ///
    /// Open groups lose their operations too. The automatic group is closed; groups opened with
    /// ``beginUndoGrouping()`` stay open (empty), so the ``endUndoGrouping()`` calls that balance them still match.
    open func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        for group in openGroups + suspendedGroups { group.actions.removeAll() }
        if activity == .idle, openGroups.count == 1, openGroups[0].isAutomatic { openGroups.removeAll() }
        if suspendedGroups.count == 1, suspendedGroups[0].isAutomatic { suspendedGroups.removeAll() }
        disableCount = 0
    }

    /// Removes every recorded operation whose target is `target`, from both stacks and from open groups. Mirrors
    /// Foundation's `removeAllActions(withTarget:)`.
    ///
    /// Groups left empty are dropped from the stacks (open groups stay open). Targets are compared by identity; a
    /// value that is not a class instance matches nothing. Registration stays disabled if it was.
    open func removeAllActions(withTarget target: Any) {
        let object = target as AnyObject
        for group in undoStack + redoStack + openGroups + suspendedGroups {
            group.removeOperations(targeting: object)
        }
        undoStack.removeAll { $0.isEmpty }
        redoStack.removeAll { $0.isEmpty }
    }

    // MARK: - Action names

    /// The name of the action ``undo()`` would revert, or "" when it has none or there is nothing to undo. Mirrors
    /// Foundation's `undoActionName`; for "Undo Delete" it is "Delete".
    ///
    /// When an open top-level group holds operations, this is that group's name; otherwise the name of the last group
    /// on the undo stack.
    open var undoActionName: String {
        if let open = userTopLevelGroup, !open.isEmpty { return open.actionName }
        return undoStack.last?.actionName ?? ""
    }

    /// The name of the action ``redo()`` would apply again, or "" when it has none or there is nothing to redo.
    /// Mirrors Foundation's `redoActionName`. An undone group's name carries over to its redo group, and back.
    open var redoActionName: String { redoStack.last?.actionName ?? "" }

    /// Names the current action, as in "Undo *name*". Mirrors Foundation's `setActionName(_:)`; an empty string
    /// removes the name.
    ///
    /// The name goes to the innermost open group; when a named nested group closes into an unnamed parent, the parent
    /// takes the name. With no group open, it renames the last group on the undo stack. Set it while registering the
    /// operations it describes: an automatic group is open then.
    open func setActionName(_ actionName: String) {
        if let innermost = openGroups.last {
            innermost.actionName = actionName
        } else if let last = undoStack.last {
            last.actionName = actionName
        }
    }

    /// The title of an Undo menu item for the current action, such as "Undo Delete", or "Undo" when the action has no
    /// name. Mirrors Foundation's `undoMenuItemTitle`, through ``undoMenuTitle(forUndoActionName:)``.
    open var undoMenuItemTitle: String { undoMenuTitle(forUndoActionName: undoActionName) }

    /// The title of a Redo menu item for the current action, such as "Redo Delete", or "Redo" when the action has no
    /// name. Mirrors Foundation's `redoMenuItemTitle`, through ``redoMenuTitle(forUndoActionName:)``.
    open var redoMenuItemTitle: String { redoMenuTitle(forUndoActionName: redoActionName) }

    /// "Undo" followed by `actionName`, or "Undo" alone for an empty name. Mirrors Foundation's
    /// `undoMenuTitle(forUndoActionName:)`; override it to localize. Difference: Foundation localizes "Undo"; this
    /// returns English.
    open func undoMenuTitle(forUndoActionName actionName: String) -> String {
        actionName.isEmpty ? "Undo" : "Undo \(actionName)"
    }

    /// "Redo" followed by `actionName`, or "Redo" alone for an empty name. Mirrors Foundation's
    /// `redoMenuTitle(forUndoActionName:)`; override it to localize. Difference: Foundation localizes "Redo"; this
    /// returns English.
    open func redoMenuTitle(forUndoActionName actionName: String) -> String {
        actionName.isEmpty ? "Redo" : "Redo \(actionName)"
    }

    // MARK: - Private

    /// The caller's outermost open group, also while undoing or redoing (when it is set aside).
    private var userTopLevelGroup: UndoGroup? {
        activity == .idle ? openGroups.first : suspendedGroups.first
    }

    /// Closes the innermost open group into its parent, or onto the undo stack when it is top-level.
    private func closeInnermostGroup() {
        guard let group = openGroups.popLast(), !group.isEmpty else { return }
        if let parent = openGroups.last {
            parent.actions.append(.group(group))
            if parent.actionName.isEmpty { parent.actionName = group.actionName }
        } else {
            push(group, onto: &undoStack)
        }
    }

    /// The group ``undoNestedGroup()`` reverts: the nested group that ends the innermost open group, or with no group
    /// open the last group on the undo stack.
    private func groupToUndo() -> UndoGroup? {
        guard let innermost = openGroups.last else { return undoStack.last }
        guard case .group(let nested)? = innermost.actions.last else { return nil }
        return nested
    }

    /// Removes `group` from the innermost open group or from the undo stack; false if it is in neither.
    private func remove(_ group: UndoGroup) -> Bool {
        if let innermost = openGroups.last {
            let index = innermost.actions.lastIndex { action in
                if case .group(let nested) = action { return nested === group }
                return false
            }
            guard let index else { return false }
            innermost.actions.remove(at: index)
            return true
        }
        guard let index = undoStack.lastIndex(where: { $0 === group }) else { return false }
        undoStack.remove(at: index)
        return true
    }

    /// Runs `group`'s operations, recording those they register as one group on the redo stack (when undoing) or the
    /// undo stack (when redoing). The caller's open groups are set aside meanwhile.
    private func perform(_ group: UndoGroup, as newActivity: Activity) {
        let recording = UndoGroup()
        suspendedGroups = openGroups
        openGroups = [recording]
        activity = newActivity
        group.perform()
        // Groups a handler opened and did not close.
        while openGroups.count > 1 { closeInnermostGroup() }
        activity = .idle
        openGroups = suspendedGroups
        suspendedGroups = []
        if !group.actionName.isEmpty { recording.actionName = group.actionName }
        guard !recording.isEmpty else { return }
        if newActivity == .undoing {
            push(recording, onto: &redoStack)
        } else {
            push(recording, onto: &undoStack)
        }
    }

    private func push(_ group: UndoGroup, onto stack: inout [UndoGroup]) {
        stack.append(group)
        trim(&stack)
    }

    /// Drops the oldest groups beyond ``levelsOfUndo``.
    private func trim(_ stack: inout [UndoGroup]) {
        if levelsOfUndo > 0, stack.count > levelsOfUndo {
            stack.removeFirst(stack.count - levelsOfUndo)
        }
    }

    private func post(_ name: Notification.Name) {
        NotificationCenter.default.post(name: name, object: self)
    }
}

#endif
