import Foundation

/// How coordinates are written on the pages.
public enum PlaceFormat {
    /// A coordinate as a form field shows it, in the shortest decimal form that reads back the same
    /// (`36.1129`, `-115.1765`, `0.00001`), never in exponent notation.
    public static func coordinate(_ value: Double) -> String {
        let shortest = String(describing: value)
        guard shortest.contains("e") || shortest.contains("E") else {
            return shortest.hasSuffix(".0") ? String(shortest.dropLast(2)) : shortest
        }
        var fixed = String(format: "%.10f", locale: nil, value)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed == "-0" ? "0" : fixed
    }

    /// A position for people: `36.1129° N, 115.1765° W`.
    public static func position(latitude: Double, longitude: Double) -> String {
        let northSouth = latitude < 0 ? "S" : "N"
        let eastWest = longitude < 0 ? "W" : "E"
        return "\(coordinate(abs(latitude)))° \(northSouth), \(coordinate(abs(longitude)))° \(eastWest)"
    }
}
