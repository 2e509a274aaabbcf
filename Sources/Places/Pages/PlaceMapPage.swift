import Foundation
import HTML

/// The places on a map: their coordinates drawn to scale on an SVG with a grid of meridians and parallels and a
/// scale bar, no map tiles. Each place is labelled and links to its page; interesting ones are stars.
public enum PlaceMapPage {
    /// Renders the map and, below it, the same places as a list (for reading without the picture).
    /// - Parameter places: The places.
    /// - Returns: A complete HTML document.
    public static func render(places: [PlaceLine]) -> String {
        let map = PlaceMap(places: places)
        let content: HTMLFragment = """
            <h1>Map</h1>
            <p class="muted">To scale: one unit east is one unit north. Select a place to open it.</p>
            <figure class="map card">
            \(svg(map))
            <figcaption class="legend"><span class="legend-item"><svg width="16" height="16" viewBox="-9 -9 18 18" \
            aria-hidden="true"><path class="marker interested" d="\(starPath)"/></svg> interested</span> \
            <span class="legend-item"><svg width="16" height="16" viewBox="-9 -9 18 18" aria-hidden="true">\
            <circle class="marker" r="6"/></svg> other places</span></figcaption>
            </figure>
            \(list(places))
            """
        return PlacesTab.page(title: "Map", current: .map, content: content)
    }

    static func svg(_ map: PlaceMap) -> HTMLFragment {
        let grid = map.grid.map { line -> HTMLFragment in
            if line.isMeridian {
                return """
                    <line class="grid" x1="\(n(line.position))" y1="0" x2="\(n(line.position))" y2="\(n(map.height))"/>\
                    <text class="grid-label" x="\(n(line.position + 3))" y="\(n(map.height - 6))">\(line.label)</text>
                    """
            }
            return """
                <line class="grid" x1="0" y1="\(n(line.position))" x2="\(n(map.width))" y2="\(n(line.position))"/>\
                <text class="grid-label" x="4" y="\(n(line.position - 4))">\(line.label)</text>
                """
        }
        let markers = map.markers.map { marker -> HTMLFragment in
            let shape: HTMLFragment =
                marker.place.interested
                ? "<path class=\"marker interested\" transform=\"translate(\(n(marker.x)) \(n(marker.y)))\" d=\"\(starPath)\"/>"
                : "<circle class=\"marker\" cx=\"\(n(marker.x))\" cy=\"\(n(marker.y))\" r=\"7\"/>"
            let label = marker.place.interested ? "\(marker.place.name), interested" : marker.place.name
            let end = marker.leaderEnd
            let leader: HTMLFragment? =
                marker.hasLeaderLine
                ? "<line class=\"leader\" x1=\"\(n(marker.x))\" y1=\"\(n(marker.y))\" x2=\"\(n(end.x))\" y2=\"\(n(end.y))\"/>"
                : nil
            return """
                <a href="\(PlacesPaths.place(marker.place.id))" aria-label="\(label)"><title>\(label)</title>\
                \(leader)\(shape)<text class="label" x="\(n(marker.labelX))" y="\(n(marker.labelY))" \
                text-anchor="\(marker.labelAnchor)">\(marker.label)</text></a>
                """
        }
        let bar = map.scaleBar
        let barY = map.height - 28
        return """
            <svg class="map-canvas" viewBox="0 0 \(n(map.width)) \(n(map.height))" role="group" \
            aria-label="Map of \(map.markers.count) places">
            <rect class="land" width="\(n(map.width))" height="\(n(map.height))"/>
            \(grid.joined(separator: "\n"))
            <g class="scale-bar"><path d="M16 \(n(barY - 5)) V\(n(barY)) H\(n(16 + bar.length)) V\(n(barY - 5))"/>\
            <text x="16" y="\(n(barY - 9))">\(bar.label)</text></g>
            <g class="north"><path d="M\(n(map.width - 24)) 16 l7 18 h-14 z"/><text x="\(n(map.width - 24))" y="50" \
            text-anchor="middle">N</text></g>
            \(markers.joined(separator: "\n"))
            </svg>
            """
    }

    static func list(_ places: [PlaceLine]) -> HTMLFragment {
        guard !places.isEmpty else {
            return "<p class=\"empty muted\">There are no places yet. <a href=\"\(PlacesPaths.new)\">Add one.</a></p>"
        }
        let items = places.map { place -> HTMLFragment in
            let star: HTMLFragment? =
                place.interested
                ? " <span class=\"star\" aria-hidden=\"true\">★</span><span class=\"visually-hidden\">(interested)</span>"
                : nil
            return """
                <li><a href="\(PlacesPaths.place(place.id))">\(place.name)</a>\(star) \
                <span class="muted">\(PlaceFormat.position(latitude: place.latitude, longitude: place.longitude))</span></li>
                """
        }
        return
            "<section class=\"card\"><h2>On the map</h2><ul class=\"plain\">\n\(items.joined(separator: "\n"))\n</ul></section>"
    }

    /// A five-pointed star of radius 8 around the origin.
    static let starPath: String = {
        var points: [String] = []
        for index in 0..<10 {
            let radius = index % 2 == 0 ? 9.0 : 4
            let angle = Double(index) * .pi / 5 - .pi / 2
            points.append("\(n(radius * cos(angle))) \(n(radius * sin(angle)))")
        }
        return "M" + points.joined(separator: " L") + " Z"
    }()

    /// A coordinate for SVG, to a tenth of a unit.
    static func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
