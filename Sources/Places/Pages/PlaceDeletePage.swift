import HTML

/// Asks whether to delete a place: a `POST` form and a way back, so it works without JavaScript.
public enum PlaceDeletePage {
    /// Renders the question for `place`.
    /// - Returns: A complete HTML document with a form posting to ``PlacesPaths/delete(_:)``.
    public static func render(place: PlaceLine) -> String {
        let content: HTMLFragment = """
            <h1>Delete “\(place.name)”?</h1>
            <section class="card">
            <p>“\(place.name)” (\(PlaceFormat.position(latitude: place.latitude, longitude: place.longitude))) will be \
            deleted. The sample places are not added again after they are deleted.</p>
            <div class="actions">
            <form method="post" action="\(PlacesPaths.delete(place.id))"><button class="danger" type="submit">Delete</button></form>
            <a class="button secondary" href="\(PlacesPaths.place(place.id))">Cancel</a>
            </div>
            </section>
            """
        return PlacesTab.page(title: "Delete “\(place.name)”?", current: nil, content: content)
    }
}
