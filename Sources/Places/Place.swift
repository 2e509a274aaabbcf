import Foundation
import OpenSwiftData

/// A place to visit in Las Vegas: the "SwiftData" tutorial's (Vacation in Vegas) model as written, with the
/// tutorial's property name `intersted` kept.
///
/// Two uniqueness rules, as in the tutorial: the name alone (`@Attribute(.unique)`) and the name with the
/// coordinates (`#Unique`). So inserting a place whose name exists updates that place instead of adding a second
/// one (an upsert, as SwiftData does). The tutorial's `location` (MapKit) and `image` (SwiftUI) computed properties
/// are left out, as those frameworks do not exist on Linux: the map and the pictures are drawn by ``PlaceMap`` and
/// ``PlacePicture``.
@Model
public class Place {
    #Unique<Place>([\.name, \.latitude, \.longitude])

    /// The place's name; at most one place has a given name.
    @Attribute(.unique) public var name: String
    /// Latitude in degrees, north positive (−90…90).
    public var latitude: Double
    /// Longitude in degrees, east positive (−180…180).
    public var longitude: Double
    /// Whether the user is interested in the place (the tutorial's spelling).
    public var intersted: Bool

    public init(name: String, latitude: Double, longitude: Double, intersted: Bool) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.intersted = intersted
    }

    /// The tutorial's six sample places on the Strip, with their coordinates and flags.
    public static var previewPlaces: [Place] {
        [
            Place(name: "Bellagio", latitude: 36.1129, longitude: -115.1765, intersted: true),
            Place(name: "Paris", latitude: 36.1125, longitude: -115.1707, intersted: true),
            Place(name: "Treasure Island", latitude: 36.1247, longitude: -115.1721, intersted: false),
            Place(name: "Stratosphere", latitude: 36.1475, longitude: -115.1566, intersted: false),
            Place(name: "Luxor", latitude: 36.0955, longitude: -115.1761, intersted: false),
            Place(name: "Excalibur", latitude: 36.0988, longitude: -115.1754, intersted: true),
        ]
    }
}
