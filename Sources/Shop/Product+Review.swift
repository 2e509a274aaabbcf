extension Product {
    /// One customer review of a ``Product`` (DummyJSON's `reviews[]` element).
    public struct Review: Codable, Sendable, Hashable {
        /// Stars given, a whole number from 1 to 5.
        public var rating: Int
        /// The review text, for example `"Very satisfied!"`.
        public var comment: String
        /// When it was written: DummyJSON's ISO-8601 string with milliseconds, `"2025-04-30T09:41:02.053Z"`.
        public var date: String
        /// The reviewer's display name.
        public var reviewerName: String
        /// The reviewer's (fictional) e-mail address.
        public var reviewerEmail: String

        /// Creates a review; every parameter is the property of the same name.
        public init(rating: Int, comment: String, date: String, reviewerName: String, reviewerEmail: String) {
            self.rating = rating
            self.comment = comment
            self.date = date
            self.reviewerName = reviewerName
            self.reviewerEmail = reviewerEmail
        }
    }
}
