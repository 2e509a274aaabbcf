#if !canImport(ObjectiveC)

/// One recorded undo operation: a handler and the target it is called with.
///
/// The target is held weakly (see ``UndoManager/registerUndo(withTarget:handler:)``): when it is gone by the time the
/// operation runs, the operation does nothing.
struct UndoOperation {
    weak var target: AnyObject?
    let handler: (AnyObject) -> Void

    init<TargetType: AnyObject>(target: TargetType, handler: @escaping (TargetType) -> Void) {
        self.target = target
        self.handler = { object in
            if let target = object as? TargetType { handler(target) }
        }
    }

    func perform() {
        if let target { handler(target) }
    }
}

/// A group of undo operations that one `undo()` or `redo()` reverts together. A closed nested group is one action of
/// its parent, so it is reverted as a unit, in its place in the parent's order.
final class UndoGroup {
    enum Action {
        case operation(UndoOperation)
        case group(UndoGroup)
    }

    /// Actions in registration order; performing the group runs them last to first.
    var actions: [Action] = []
    /// The name `setActionName(_:)` gave this group ("" for none).
    var actionName = ""
    /// Whether the manager opened this group by itself (``UndoManager/groupsByEvent``), rather than a
    /// `beginUndoGrouping()` call.
    let isAutomatic: Bool

    init(isAutomatic: Bool = false) {
        self.isAutomatic = isAutomatic
    }

    /// Whether the group holds no operation. Closed groups stored anywhere are never empty: an empty group is dropped
    /// when it closes, and ``removeOperations(targeting:)`` drops nested groups it empties.
    var isEmpty: Bool { actions.isEmpty }

    /// Runs the actions in reverse registration order.
    func perform() {
        for action in actions.reversed() {
            switch action {
            case .operation(let operation): operation.perform()
            case .group(let group): group.perform()
            }
        }
    }

    /// Removes every operation whose target is `target`, at any depth, and the nested groups that leaves empty.
    func removeOperations(targeting target: AnyObject) {
        actions.removeAll { action in
            switch action {
            case .operation(let operation):
                return operation.target === target
            case .group(let group):
                group.removeOperations(targeting: target)
                return group.isEmpty
            }
        }
    }
}

#endif
