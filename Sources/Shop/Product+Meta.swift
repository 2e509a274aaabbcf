extension Product {
    /// A ``Product``'s record metadata (DummyJSON's `meta` object).
    public struct Meta: Codable, Sendable, Hashable {
        /// Creation time: ISO-8601 string with milliseconds, `"2025-04-30T09:41:02.053Z"`.
        public var createdAt: String
        /// Last update time, same format as ``createdAt``.
        public var updatedAt: String
        /// The barcode digits, as a string (leading zeros matter).
        public var barcode: String
        /// URL of a QR code image.
        public var qrCode: String

        /// Creates metadata; every parameter is the property of the same name.
        public init(createdAt: String, updatedAt: String, barcode: String, qrCode: String) {
            self.createdAt = createdAt
            self.updatedAt = updatedAt
            self.barcode = barcode
            self.qrCode = qrCode
        }
    }
}
