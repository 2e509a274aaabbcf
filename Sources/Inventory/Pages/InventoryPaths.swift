/// The Inventory app's URLs, shared by the pages and the routes.
public enum InventoryPaths {
    /// `GET`: the fields and the list. `POST` with `name` and `quantity`: Add.
    public static let list = "/inventory"
    /// `GET ?name=…`: Find, the products whose name contains it.
    public static let results = "/inventory/results"
    /// The Inventory stylesheet.
    public static let stylesheet = "/static/inventory.css"
    /// The JSON API's collection.
    public static let api = "/api/inventory/products"
    /// The server-sent events of inventory changes (`event: inventory`, `data:` every product's JSON).
    public static let events = "/api/inventory/events"

    /// `POST`: delete a product.
    public static func delete(_ id: String) -> String { "/inventory/\(id)/delete" }
}
