import HTML

/// "Show Images": every place's picture, as the tutorial's sheet scrolls through them.
public enum PlaceImagesPage {
    /// Renders the gallery: one figure per place, its picture and name, linked to the place.
    /// - Parameter places: The places, in this order.
    /// - Returns: A complete HTML document.
    public static func render(places: [PlaceLine]) -> String {
        let figures = places.map { place -> HTMLFragment in
            let star: HTMLFragment? =
                place.interested
                ? " <span class=\"star\" aria-hidden=\"true\">★</span><span class=\"visually-hidden\">(interested)</span>"
                : nil
            return """
                <li><figure><a href="\(PlacesPaths.place(place.id))">\
                <img src="\(PlacePicture.asset(for: place).url)" alt="\(PlacePicture(place).description)" width="320" height="240">\
                </a><figcaption>\(place.name)\(star)</figcaption></figure></li>
                """
        }
        let body: HTMLFragment =
            places.isEmpty
            ? "<p class=\"empty muted\">There are no places yet. <a href=\"\(PlacesPaths.new)\">Add one.</a></p>"
            : "<ul class=\"gallery\">\n\(figures.joined(separator: "\n"))\n</ul>"
        let content: HTMLFragment = """
            <h1>Images</h1>
            <p class="muted">There are no photos offline: each place has an illustration drawn from its name and \
            coordinates, the same every time.</p>
            \(body)
            """
        return PlacesTab.page(title: "Images", current: .images, content: content)
    }
}
