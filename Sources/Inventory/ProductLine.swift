/// A product as the pages and the JSON API show it: `{"id":"…","name":"apple","quantity":"3"}`.
public struct ProductLine: Sendable, Hashable, Codable {
    /// The product's ``ProductID`` token, which URLs use.
    public var id: String
    /// The name (plain text; escaped when rendered).
    public var name: String
    /// The quantity as typed (the tutorial's model stores it as a `String`).
    public var quantity: String

    /// Creates a line; every parameter is the property of the same name.
    public init(id: String, name: String, quantity: String) {
        self.id = id
        self.name = name
        self.quantity = quantity
    }
}
