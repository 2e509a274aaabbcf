/// What a graph keeps for one view identity between renders.
@MainActor
final class ViewNode {
    let identity: ViewIdentity
    /// Objects the view owns (`@StateObject`), by key: made on its first body, kept until the identity leaves.
    var stateObjects: [String: AnyObject] = [:]
    /// Objects handed to the view by its parent's last body (`@ObservedObject`), by key; replaced at each body.
    var observedObjects: [String: AnyObject] = [:]
    /// What the last body returned; kept until the body runs again.
    var body: Any?
    /// How many times the body has run.
    var evaluations = 0
    /// Set when a value the last body read changes.
    let invalidation = InvalidationFlag()

    init(identity: ViewIdentity) {
        self.identity = identity
    }
}
