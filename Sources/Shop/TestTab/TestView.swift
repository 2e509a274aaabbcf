import ViewState

/// The tutorial's TestView as a view tree: a parent that shows the cart, and two `ApiToggleSubview`s, one whose view
/// model is a `@StateObject` (the sub-view owns it) and one whose view model is an `@ObservedObject` made while the
/// parent renders (`ObservedObject(wrappedValue: TestWishViewModel())` in the sub-view's initializer, which runs in
/// the parent's body).
///
/// Rendered with a ``ViewState/ViewGraph`` per browser session, so SwiftUI's rules decide what survives: a change to
/// the cart re-runs TestView's body (it shows the cart), which makes a new view model for the `@ObservedObject`
/// panel — an empty list — while the `@StateObject` panel keeps its own.
@MainActor
public struct TestView {
    /// The two sub-views, by their place in TestView's body.
    public enum Panel: Int, Sendable, CaseIterable {
        /// `ApiToggleSubview(useStateObject: true, …)`, first.
        case stateObject = 0
        /// `ApiToggleSubview(useStateObject: false, …)`, second.
        case observedObject = 1

        /// The property wrapper's name, `@StateObject` or `@ObservedObject`.
        public var label: String {
            switch self {
            case .stateObject: "@StateObject"
            case .observedObject: "@ObservedObject"
            }
        }

        /// The panel's name in URLs: `state-object` or `observed-object`.
        public var slug: String {
            switch self {
            case .stateObject: "state-object"
            case .observedObject: "observed-object"
            }
        }

        /// The panel a URL names.
        public init?(slug: String) {
            guard let panel = Self.allCases.first(where: { $0.slug == slug }) else { return nil }
            self = panel
        }
    }

    /// TestView's identity, the root.
    public static let identity = ViewIdentity.root("TestView")

    /// A sub-view's identity: its type and its place in TestView's body.
    public static func identity(of panel: Panel) -> ViewIdentity {
        identity.child("ApiToggleSubview", at: panel.rawValue)
    }

    /// The cart TestView shows.
    public let cart: TestCart

    /// Renders the tree in `graph` and returns what the page shows.
    public func render(in graph: ViewGraph) -> TestTabState {
        graph.render { pass in
            let parent = pass.view(Self.identity) { context in
                // TestView's body: it reads the cart, and it initializes the sub-views — the @ObservedObject one
                // with a view model made right here, anew at every run of this body.
                (
                    cart: cart.cart, render: context.evaluation,
                    observed: TestWishViewModel(createdAtRender: context.evaluation)
                )
            }
            let owning = pass.view(Self.identity(of: .stateObject)) { context in
                let model = context.stateObject { TestWishViewModel(createdAtRender: parent.render) }
                return Self.panel(.stateObject, model)
            }
            let observing = pass.view(Self.identity(of: .observedObject)) { context in
                Self.panel(.observedObject, context.observedObject(parent.observed))
            }
            return TestTabState(cart: parent.cart, parentRenders: parent.render, panels: [owning, observing])
        }
    }

    private static func panel(_ kind: Panel, _ model: TestWishViewModel) -> TestTabState.Panel {
        TestTabState.Panel(
            kind: kind,
            products: model.wishList.map { CartLine(productID: $0.id, title: $0.title, price: $0.price) },
            modelCreatedAtRender: model.createdAtRender
        )
    }
}
