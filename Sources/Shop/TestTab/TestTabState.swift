/// What the Test tab's page shows, as the view tree left it after a render (``TestView``).
public struct TestTabState: Sendable, Equatable {
    /// One of the two sub-views.
    public struct Panel: Sendable, Equatable {
        /// Which property wrapper its view model stands for.
        public var kind: TestView.Panel
        /// Its view model's list, newest first.
        public var products: [CartLine]
        /// The TestView render during which its view model was made.
        public var modelCreatedAtRender: Int
    }

    /// The cart's rows, in the order added.
    public var cart: [CartLine]
    /// How many times TestView's body has run in this browser session.
    public var parentRenders: Int
    /// The `@StateObject` panel, then the `@ObservedObject` one.
    public var panels: [Panel]
}
