/// The Places app's URLs, shared by the pages (which link and post to them) and the routes.
public enum PlacesPaths {
    /// `GET`: the list (the tutorial's `PlaceList`), `?search=…` and `&interested=true` filter it. `POST` with
    /// the form fields: add a place.
    public static let list = "/places"
    /// `GET`: the form for a new place.
    public static let new = "/places/new"
    /// `GET`: every place's picture (the tutorial's "Show Images" sheet).
    public static let images = "/places/images"
    /// `GET`: the places on a map.
    public static let map = "/places/map"
    /// The JSON API's collection.
    public static let api = "/api/places"

    /// `GET`: one place. `POST` with the form fields: save the edit.
    public static func place(_ id: String) -> String { "/places/\(id)" }
    /// `GET`: the form to edit a place.
    public static func edit(_ id: String) -> String { "/places/\(id)/edit" }
    /// `POST` with `interested=true|false`: mark the place as interesting or not.
    public static func interested(_ id: String) -> String { "/places/\(id)/interested" }
    /// `GET`: the confirmation page for deleting a place. `POST`: delete it.
    public static func delete(_ id: String) -> String { "/places/\(id)/delete" }
    /// `GET`: the place's picture, SVG (pages link ``PlacePicture/asset(for:)``'s fingerprinted URL).
    public static func picture(_ id: String) -> String { "/places/\(id)/picture.svg" }
}
