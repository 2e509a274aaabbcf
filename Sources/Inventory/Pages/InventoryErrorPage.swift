import HTML

/// A page that says what went wrong, in the Inventory layout, with a way back to the list.
public enum InventoryErrorPage {
    /// Renders `title` and `message` (both escaped) and a link to the list.
    public static func render(title: String, message: String) -> String {
        let content: HTMLFragment = """
            <h1>\(title)</h1>
            <section class="card">
            <p>\(message)</p>
            <div class="actions"><a class="button secondary" href="\(InventoryPaths.list)">Back to the inventory</a></div>
            </section>
            """
        return InventoryLayout.page(title: title, current: "", content: content)
    }
}
