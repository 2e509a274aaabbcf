import Observation

/// One tree of views and the state SwiftUI would keep for it, held on the server (one graph per browser session,
/// see ``BrowserSessions``), so a page rendered again and again follows SwiftUI's rules for view models:
///
/// - A view's **owned** object (``ViewContext/stateObject(_:_:)``, SwiftUI's `@StateObject`) is made the first time
///   its identity renders and lives as long as that identity stays in the tree.
/// - An object **made by a parent's body** and passed down (``ViewContext/observedObject(_:key:)``, SwiftUI's
///   `@ObservedObject var model = Model()`) lives as long as that body's result: the next time the parent's body
///   runs, the child gets a new one.
/// - A body runs again only when something it read changed (tracked with Observation's `withObservationTracking`),
///   when its parent's body ran again in the same pass, or the first time. Otherwise its last result is reused.
///
/// Render with ``render(_:)``: the closure declares every view on screen, parents before children, through
/// ``RenderPass/view(_:_:)``. Views not declared in a pass have left the tree; their state is dropped after it.
/// Main actor, as SwiftUI's views are.
@MainActor
public final class ViewGraph {
    private var nodes: [ViewIdentity: ViewNode] = [:]
    /// How many render passes have run.
    public private(set) var passes = 0

    /// An empty graph: no view has rendered yet.
    public init() {}

    /// Runs one render pass and returns what `content` returns (typically the state a page is drawn from).
    ///
    /// After `content` returns, every view it did not declare is removed with its owned objects.
    /// - Parameter content: Declares the views on screen with ``RenderPass/view(_:_:)``, parents first.
    public func render<Result>(_ content: (RenderPass) -> Result) -> Result {
        let pass = RenderPass(graph: self)
        let result = content(pass)
        nodes = nodes.filter { pass.declared.contains($0.key) }
        passes += 1
        return result
    }

    /// The object of `type` the view at `identity` uses now: the one it owns, or the one its parent handed it at
    /// its last body; nil when the view is not on screen (never rendered, or left the tree) or has none.
    ///
    /// This is how an action (a button's form post) reaches the view model of the view it was pressed in.
    /// - Parameters:
    ///   - type: The object's type.
    ///   - identity: The view.
    ///   - key: The key it was stored under; by default the type's name, as ``ViewContext`` uses.
    public func object<T: AnyObject>(_ type: T.Type, at identity: ViewIdentity, key: String? = nil) -> T? {
        guard let node = nodes[identity] else { return nil }
        let key = key ?? ViewContext.defaultKey(for: type)
        return (node.stateObjects[key] ?? node.observedObjects[key]) as? T
    }

    /// The identities on screen after the last pass.
    public var identities: Set<ViewIdentity> { Set(nodes.keys) }

    /// How many times the body of the view at `identity` has run (0 when it is not on screen).
    public func evaluations(of identity: ViewIdentity) -> Int {
        nodes[identity]?.evaluations ?? 0
    }

    /// Whether something the last body of the view at `identity` read has changed since, so the next pass runs
    /// its body again (false when it is not on screen).
    public func isInvalidated(_ identity: ViewIdentity) -> Bool {
        nodes[identity]?.invalidation.isInvalidated ?? false
    }

    func node(for identity: ViewIdentity) -> ViewNode {
        if let node = nodes[identity] { return node }
        let node = ViewNode(identity: identity)
        nodes[identity] = node
        return node
    }
}

/// One render of a ``ViewGraph``: the views declared so far and the bodies that ran.
@MainActor
public final class RenderPass {
    private let graph: ViewGraph
    /// Every identity declared in this pass.
    private(set) var declared: Set<ViewIdentity> = []
    /// The identities whose body ran in this pass.
    private var evaluated: Set<ViewIdentity> = []

    init(graph: ViewGraph) {
        self.graph = graph
    }

    /// Declares the view at `identity` and returns its body's result: the last one, or a new one when the body
    /// must run (first render, something it read changed, or its parent's body ran in this pass).
    ///
    /// The body runs inside `withObservationTracking`: reading a property of an `@Observable` object there makes
    /// a later change to it invalidate this view (only this view: the parent's body is not run again for it).
    /// - Parameters:
    ///   - identity: The view's identity; declare a parent before its children.
    ///   - body: Computes what the view shows. It gets the view's ``ViewContext`` for its owned objects.
    /// - Returns: The body's result, new or reused.
    public func view<Body>(_ identity: ViewIdentity, _ body: (ViewContext) -> Body) -> Body {
        declared.insert(identity)
        let node = graph.node(for: identity)
        let parentRan = identity.parent.map { evaluated.contains($0) } ?? false
        if !node.invalidation.isInvalidated, !parentRan, node.evaluations > 0, let last = node.body as? Body {
            return last
        }
        node.evaluations += 1
        node.observedObjects = [:]
        let context = ViewContext(node: node)
        let flag = node.invalidation
        let generation = flag.beginGeneration()
        let result = withObservationTracking({ body(context) }, onChange: { flag.invalidate(generation: generation) })
        node.body = result
        evaluated.insert(identity)
        return result
    }
}
