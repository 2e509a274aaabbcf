import HTML

/// Find's page: the products whose name contains the text (`NSPredicate(format: "name CONTAINS %@", name)`).
public enum InventoryResultsPage {
    /// Renders the search and its results; without a text, asks for one.
    /// - Parameter version: The inventory version `products` were read at, for the live results (the page re-runs
    ///   its query when another tab changes the inventory); nil for a page that does not follow changes.
    public static func render(text: String, products: [ProductLine], version: String? = nil) -> String {
        let heading: HTMLFragment =
            text.isEmpty
            ? "<h2 id=\"results-heading\">Type a name to find</h2>"
            : "<h2 id=\"results-heading\">Names containing “\(text)” <span class=\"muted\">(\(products.count))</span></h2>"
        let content: HTMLFragment = """
            <h1>Results</h1>
            <form class="card fields" method="get" action="\(InventoryPaths.results)">
            <div class="field"><label for="name">Name contains</label>\
            <input type="text" id="name" name="name" value="\(text)" maxlength="\(ProductForm.maximumNameLength)" autocomplete="off"></div>
            <div class="actions"><button type="submit" id="find">Find</button>\
            <a class="button secondary" href="\(InventoryPaths.list)">Back to the inventory</a></div>
            </form>
            <section class="card" aria-labelledby="results-heading"\(InventoryLiveScript.liveRegion(id: "inventory-results"))>
            \(heading)
            \(text.isEmpty ? nil : InventoryLayout.table(products, empty: "No product's name contains “\(text)”."))
            </section>
            \(version.map(InventoryLiveScript.marker(version:)))
            """
        return InventoryLayout.page(
            title: "Results", current: InventoryPaths.results, content: content, live: version != nil)
    }
}
