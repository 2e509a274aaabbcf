import Foundation

/// What the add and edit forms, or a JSON body, say about a place, before it is checked: the text as typed.
///
/// ``validated()`` trims it and checks it; the pages show its ``PlaceFormErrors`` next to the fields and keep the
/// text as typed, the API answers them as `{"error": …, "fields": {…}}`.
public struct PlaceForm: Sendable, Hashable {
    /// The name as typed.
    public var name: String
    /// The latitude as typed, for example `"36.1129"`.
    public var latitude: String
    /// The longitude as typed, for example `"-115.1765"`.
    public var longitude: String
    /// Whether "Interested" is checked.
    public var interested: Bool

    /// Creates a form; every parameter is the property of the same name.
    public init(name: String = "", latitude: String = "", longitude: String = "", interested: Bool = false) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.interested = interested
    }

    /// A form filled with a place's values, for editing it.
    public init(_ line: PlaceLine) {
        self.init(
            name: line.name,
            latitude: PlaceFormat.coordinate(line.latitude),
            longitude: PlaceFormat.coordinate(line.longitude),
            interested: line.interested
        )
    }

    /// The longest name accepted, in characters.
    public static let maximumNameLength = 100

    /// What a latitude that is given but is not a number from -90 to 90 is told, in the forms and in the JSON API
    /// alike (where `"latitude": "x"` and `"latitude": 200` get the same words).
    static let invalidLatitude = "A latitude is a number from -90 to 90, such as 36.1129."
    /// What a longitude that is given but is not a number from -180 to 180 is told, in the forms and the JSON API.
    static let invalidLongitude = "A longitude is a number from -180 to 180, such as -115.1765."

    /// The checked values, or what is wrong with each field.
    ///
    /// The name is trimmed of surrounding white space and must then be 1 to ``maximumNameLength`` characters
    /// without control characters (line breaks, tabs). Coordinates are decimal numbers written with a dot
    /// (`36.1129`, `-115.1765`; a leading `+` and the minus sign `−` are accepted), surrounding white space ignored;
    /// the latitude must be from −90 to 90, the longitude from −180 to 180.
    public func validated() -> Result<PlaceDraft, PlaceFormErrors> {
        var errors = PlaceFormErrors()
        let trimmedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmedName.isEmpty {
            errors.name = "Enter a name."
        } else if trimmedName.count > Self.maximumNameLength {
            errors.name = "Use at most \(Self.maximumNameLength) characters (this name has \(trimmedName.count))."
        } else if trimmedName.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            errors.name = "A name cannot contain line breaks, tabs or other control characters."
        }
        let latitudeValue = Self.decimal(latitude)
        if latitudeValue == nil || !(-90...90).contains(latitudeValue ?? .nan) {
            errors.latitude =
                latitude.trimmingCharacters(in: .whitespaces).isEmpty
                ? "Enter a latitude from -90 to 90, such as 36.1129."
                : Self.invalidLatitude
        }
        let longitudeValue = Self.decimal(longitude)
        if longitudeValue == nil || !(-180...180).contains(longitudeValue ?? .nan) {
            errors.longitude =
                longitude.trimmingCharacters(in: .whitespaces).isEmpty
                ? "Enter a longitude from -180 to 180, such as -115.1765."
                : Self.invalidLongitude
        }
        guard errors.isEmpty, let latitudeValue, let longitudeValue else { return .failure(errors) }
        return .success(
            PlaceDraft(name: trimmedName, latitude: latitudeValue, longitude: longitudeValue, interested: interested))
    }

    /// `text` as a decimal number: optional sign, digits, optional fraction; nil for anything else (`1e3`, `inf`,
    /// `0x10`, `36,1` and the empty string included).
    static func decimal(_ text: String) -> Double? {
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        var sign = ""
        if let first = digits.first, first == "-" || first == "+" || first == "\u{2212}" {
            sign = first == "+" ? "" : "-"
            digits = digits.dropFirst()
        }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            parts.contains(where: { !$0.isEmpty }),
            digits.count <= 32
        else { return nil }
        return Double(
            sign + (parts[0].isEmpty ? "0" : String(parts[0])) + (parts.count == 2 ? "." + parts[1] + "0" : ""))
    }
}

/// A place's checked values, ready to save.
public struct PlaceDraft: Sendable, Hashable {
    /// The trimmed name.
    public var name: String
    /// Latitude in degrees (−90…90).
    public var latitude: Double
    /// Longitude in degrees (−180…180).
    public var longitude: Double
    /// Whether the user is interested.
    public var interested: Bool

    /// Creates a draft; every parameter is the property of the same name. Use ``PlaceForm/validated()`` for input.
    public init(name: String, latitude: Double, longitude: Double, interested: Bool) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.interested = interested
    }
}

/// What is wrong with each field of a ``PlaceForm``, as sentences shown next to the fields.
public struct PlaceFormErrors: Error, Sendable, Hashable {
    /// The name's problem, or nil.
    public var name: String?
    /// The latitude's problem, or nil.
    public var latitude: String?
    /// The longitude's problem, or nil.
    public var longitude: String?

    /// No problems.
    public init(name: String? = nil, latitude: String? = nil, longitude: String? = nil) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether every field is fine.
    public var isEmpty: Bool { name == nil && latitude == nil && longitude == nil }

    /// The problems by field name (`name`, `latitude`, `longitude`), for the JSON API's `fields`.
    public var fields: [String: String] {
        var fields: [String: String] = [:]
        fields["name"] = name
        fields["latitude"] = latitude
        fields["longitude"] = longitude
        return fields
    }

    /// One sentence for the JSON API's `error` and the page's summary.
    public var summary: String {
        let names = ["name", "latitude", "longitude"].filter { fields[$0] != nil }
        switch names.count {
        case 0: return "The place is fine."
        case 1: return "The \(names[0]) is not valid."
        default: return "The \(names.dropLast().joined(separator: ", ")) and \(names[names.count - 1]) are not valid."
        }
    }
}
