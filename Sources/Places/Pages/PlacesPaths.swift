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
    /// The Places stylesheet.
    public static let stylesheet = "/static/places.css"
    /// The JSON API's collection.
    public static let api = "/api/places"

    /// `GET`: the list filtered as given (`/places?search=lu&interested=true`); no filter gives ``list``.
    public static func list(searchText: String, filterByInterested: Bool) -> String {
        var items: [String] = []
        if !searchText.isEmpty { items.append("search=\(queryEncoded(searchText))") }
        if filterByInterested { items.append("interested=true") }
        return items.isEmpty ? list : "\(list)?\(items.joined(separator: "&"))"
    }

    /// `GET`: one place. `POST` with the form fields: save the edit.
    public static func place(_ id: String) -> String { "/places/\(id)" }
    /// `GET`: the form to edit a place.
    public static func edit(_ id: String) -> String { "/places/\(id)/edit" }
    /// `POST` with `interested=true|false`: mark the place as interesting or not.
    public static func interested(_ id: String) -> String { "/places/\(id)/interested" }
    /// `GET`: the confirmation page for deleting a place. `POST`: delete it.
    public static func delete(_ id: String) -> String { "/places/\(id)/delete" }
    /// `GET`: the place's picture, SVG.
    public static func picture(_ id: String) -> String { "/places/\(id)/picture.svg" }

    /// Percent-encodes a query value (everything but unreserved characters).
    static func queryEncoded(_ value: String) -> String {
        var encoded = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}
