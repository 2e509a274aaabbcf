extension Product {
    /// A ``Product``'s package size (DummyJSON's `dimensions` object); the API does not state the unit.
    public struct Dimensions: Codable, Sendable, Hashable {
        /// Width, for example `15.14`.
        public var width: Double
        /// Height, for example `13.08`.
        public var height: Double
        /// Depth, for example `22.99`.
        public var depth: Double

        /// Creates dimensions; every parameter is the property of the same name.
        public init(width: Double, height: Double, depth: Double) {
            self.width = width
            self.height = height
            self.depth = depth
        }
    }
}
