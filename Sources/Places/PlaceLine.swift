/// A place as the pages and the JSON API show it: plain values, read from a ``Place`` by ``PlacesViewModel``.
///
/// Its JSON is `{"id":"…","interested":true,"latitude":36.1129,"longitude":-115.1765,"name":"Bellagio"}`; the
/// API spells `interested` correctly while the model keeps the tutorial's `intersted`.
public struct PlaceLine: Sendable, Hashable, Codable {
    /// The place's ``IdentifierTokens/IdentifierToken`` token, which URLs use.
    public var id: String
    /// The place's name (plain text; escaped when rendered).
    public var name: String
    /// Latitude in degrees, north positive.
    public var latitude: Double
    /// Longitude in degrees, east positive.
    public var longitude: Double
    /// Whether the user is interested in it (the model's `intersted`).
    public var interested: Bool

    /// Creates a line; every parameter is the property of the same name.
    public init(id: String, name: String, latitude: Double, longitude: Double, interested: Bool) {
        self.id = id
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.interested = interested
    }
}
