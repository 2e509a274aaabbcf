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

    /// The list filtered as given.
    /// - Returns: `/places`, `/places?search=…`, `/places?interested=true` or `/places?search=…&interested=true`
    ///   (the search percent-encoded as UTF-8); never an empty query.
    public static func list(searchText: String, filterByInterested: Bool) -> String {
        var items: [String] = []
        if !searchText.isEmpty { items.append("search=" + encodedQueryValue(searchText)) }
        if filterByInterested { items.append("interested=true") }
        return items.isEmpty ? list : list + "?" + items.joined(separator: "&")
    }

    /// `text` percent-encoded as UTF-8, leaving only `A–Z a–z 0–9 - . _ ~`.
    static func encodedQueryValue(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
            }
        }
        return encoded
    }

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
