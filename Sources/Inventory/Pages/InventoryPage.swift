import HTML

/// The tutorial's screen: the Name and Quantity fields with Add, Find and Clear, and the list sorted by name, each
/// row with Delete.
public enum InventoryPage {
    /// Renders the fields and the list.
    /// - Parameters:
    ///   - products: Every product, sorted by name.
    ///   - form: The fields as typed (empty after an Add).
    ///   - error: The reason the last Add was refused; nil for none.
    ///   - notice: A banner at the top; nil for none.
    ///   - version: The inventory version `products` were read at, for the live list (it replaces the list in place
    ///     when another tab changes the inventory); nil for a page that does not follow changes.
    public static func render(
        products: [ProductLine], form: ProductForm = ProductForm(), error: String? = nil,
        notice: InventoryNotice? = nil,
        version: String? = nil
    ) -> String {
        let summary: HTMLFragment? = error.map {
            "<p class=\"notice warning\" role=\"alert\">\($0) Nothing was added.</p>"
        }
        let content: HTMLFragment = """
            \(notice?.banner)
            <h1>Inventory</h1>
            \(summary)
            <form class="card fields" method="post" action="\(InventoryPaths.list)" novalidate>
            \(InventoryLayout.fields(form, error: error))\
            <div class="actions"><button type="submit" id="add">Add</button>\
            <button type="submit" id="find" class="secondary" formaction="\(InventoryPaths.results)" formmethod="get">Find</button>\
            <a class="button secondary" id="clear" href="\(InventoryPaths.list)">Clear</a></div>
            </form>
            <section class="card" aria-labelledby="list-heading"\(InventoryLiveScript.liveRegion(id: "inventory-list"))>
            <h2 id="list-heading">Products <span class="muted">(\(products.count))</span></h2>
            \(InventoryLayout.table(products, empty: "No products yet: add one above."))
            <p class="muted hint">Sorted by name.</p>
            </section>
            \(version.map(InventoryLiveScript.marker(version:)))
            """
        return InventoryLayout.page(
            title: "Inventory", current: InventoryPaths.list, content: content, live: version != nil)
    }
}
