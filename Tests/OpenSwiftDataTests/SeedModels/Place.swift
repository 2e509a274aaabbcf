// The "VacationInVegas" tutorial's model, as written for SwiftData; only the import differs (and the MapKit /
// SwiftUI computed properties `location` and `image` are left out: those frameworks do not exist on Linux).
import Foundation
#if canImport(SwiftData)
import SwiftData
#else
import OpenSwiftData
#endif

@Model
class Place {
    #Unique<Place>([\.name, \.latitude, \.longitude])

    @Attribute(.unique) var name: String
    var latitude: Double
    var longitude: Double
    var intersted: Bool

    init(name: String, latitude: Double, longitude: Double, intersted: Bool) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.intersted = intersted
    }

    static var previewPlaces: [Place] {
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
