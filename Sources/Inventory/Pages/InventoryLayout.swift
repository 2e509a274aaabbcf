import HTML

/// The Inventory app's page frame: the shared layout, its tabs, ``InventoryAssets/stylesheet``, and the product fields.
enum InventoryLayout {
    /// A complete page; `live` loads the live list's script (pages with a marker and live regions).
    static func page(title: String, current: String, content: HTMLFragment, live: Bool = false) -> String {
        Layout.page(
            title: title,
            appName: "Inventory",
            navigation: [
                NavigationLink(
                    title: "Inventory", href: InventoryPaths.list, isCurrent: current == InventoryPaths.list),
                NavigationLink(
                    title: "Results", href: InventoryPaths.results, isCurrent: current == InventoryPaths.results),
            ],
            content: content,
            stylesheets: [InventoryAssets.stylesheet.url],
            scripts: live ? [LivePageScript.page.url, InventoryLiveScript.page.url] : []
        )
    }

    /// The name and quantity fields, with the form's problem beside the name.
    static func fields(_ form: ProductForm, error: String?) -> HTMLFragment {
        let invalid: HTMLFragment? = error == nil ? nil : " aria-invalid=\"true\" aria-describedby=\"name-error\""
        let errorLine: HTMLFragment? = error.map { "<p class=\"field-error\" id=\"name-error\">\($0)</p>" }
        return """
            <div class="field"><label for="name">Name</label>\
            <input type="text" id="name" name="name" value="\(form.name)" maxlength="\(ProductForm.maximumNameLength)" autocomplete="off"\(invalid)>\(errorLine)</div>
            <div class="field"><label for="quantity">Quantity</label>\
            <input type="text" id="quantity" name="quantity" value="\(form.quantity)" maxlength="\(ProductForm.maximumQuantityLength)" autocomplete="off"></div>

            """
    }

    /// The products as a table with a Delete button per row, or a line saying there are none.
    static func table(_ products: [ProductLine], empty: String) -> HTMLFragment {
        guard !products.isEmpty else { return "<p class=\"empty muted\">\(empty)</p>" }
        let rows = products.map { product -> HTMLFragment in
            """
            <tr><td class="name">\(product.name)</td><td class="quantity">\(product.quantity)</td>\
            <td class="row-actions"><form method="post" action="\(InventoryPaths.delete(product.id))">\
            <button class="danger" type="submit" aria-label="Delete \(product.name)">Delete</button></form></td></tr>
            """
        }
        return """
            <table class="lines products">
            <thead><tr><th scope="col">Name</th><th scope="col">Quantity</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
            \(rows.joined(separator: "\n"))
            </tbody>
            </table>
            """
    }
}
