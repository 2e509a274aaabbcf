import HTML

/// One place: its picture, name, position and interest, with the actions on it — mark as interesting or not (the
/// tutorial's swipe action), edit, delete.
public enum PlaceDetailPage {
    /// Renders the place.
    /// - Parameters:
    ///   - place: The place.
    ///   - notice: A banner above it; nil for none.
    /// - Returns: A complete HTML document.
    public static func render(place: PlaceLine, notice: PlaceNotice?) -> String {
        let picture = PlacePicture(place)
        let heading: HTMLFragment =
            place.interested
            ? "\(place.name) <span class=\"star\" aria-hidden=\"true\">★</span>"
            : "\(place.name)"
        let interest: HTMLFragment =
            place.interested
            ? "<p><strong>Interested.</strong> It shows with a star in the list and on the map.</p>"
            : "<p class=\"muted\">Not marked as interesting.</p>"
        let toggle: HTMLFragment = """
            <form method="post" action="\(PlacesPaths.interested(place.id))">
            <input type="hidden" name="interested" value="\(place.interested ? "false" : "true")">
            <button type="submit">\(place.interested ? "☆ Not interested" : "★ Interested")</button>
            </form>
            """
        let content: HTMLFragment = """
            \(notice?.banner)
            <article class="card place">
            <img class="picture" src="\(PlacePicture.asset(for: place).url)" alt="\(picture.description)" width="320" height="240">
            <h1>\(heading)</h1>
            <p class="position">\(PlaceFormat.position(latitude: place.latitude, longitude: place.longitude))</p>
            \(interest)
            <div class="actions">
            \(toggle)
            <a class="button secondary" href="\(PlacesPaths.edit(place.id))">Edit</a>
            <a class="button secondary" href="\(PlacesPaths.map)">Map</a>
            <a class="button danger" href="\(PlacesPaths.delete(place.id))">Delete</a>
            </div>
            </article>
            <p><a href="\(PlacesPaths.list)">All places</a></p>
            """
        return PlacesTab.page(title: place.name, current: nil, content: content)
    }
}
