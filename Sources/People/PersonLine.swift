/// A person as the pages and the JSON API show it: `{"age":"36","id":"…","name":"Ada"}`.
public struct PersonLine: Sendable, Hashable, Codable {
    /// The person's ``IdentifierTokens/IdentifierToken`` token, which URLs use.
    public var id: String
    /// The name (plain text; escaped when rendered).
    public var name: String
    /// The age, decimal digits (the model's `String`).
    public var age: String

    /// Creates a line; every parameter is the property of the same name.
    public init(id: String, name: String, age: String) {
        self.id = id
        self.name = name
        self.age = age
    }
}
