import Foundation

/// The places drawn to scale on a plane: where each marker and label goes, the grid of meridians and parallels, and
/// a scale bar. ``PlaceMapPage`` draws it as SVG; no map tiles are needed.
///
/// The projection is equirectangular about the places' middle latitude: a degree of longitude is `cos(latitude)`
/// times as wide as a degree of latitude, as on the ground, so distances in every direction share one scale. The
/// view is fitted to the places with a margin and widened or heightened to fill the frame (the scale stays one).
public struct PlaceMap: Sendable {
    /// One place on the map.
    public struct Marker: Sendable, Hashable {
        /// The place.
        public var place: PlaceLine
        /// The marker's centre, in map units (0…``width``, 0…``height``, y down).
        public var x: Double, y: Double
        /// Where its label starts and which way it runs from there.
        public var labelX: Double, labelY: Double
        /// `"start"` (label to the right of its anchor) or `"end"` (to the left).
        public var labelAnchor: String
        /// The label's text: the place's name, or for a name too long for half the frame its beginning and `…`
        /// (the whole name stays in the link's title and accessible name).
        public var label: String
        /// True when the label was moved away from its marker to keep clear of other labels (places a few units
        /// apart, stacked one under another): the page then draws a leader line from the marker to the label.
        public var hasLeaderLine: Bool = false

        /// The room the label takes, in map units, estimated as ``PlaceMap/labelWidth(_:)`` does; no two markers'
        /// boxes overlap.
        public var labelBox: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
            let box = PlaceMap.labelBox(x: labelX, y: labelY, anchor: labelAnchor, width: PlaceMap.labelWidth(label))
            return (box.x0, box.y0, box.x1, box.y1)
        }

        /// Where the leader line meets the label: the middle of its edge nearest the marker.
        public var leaderEnd: (x: Double, y: Double) {
            (labelAnchor == "start" ? labelX - 2 : labelX + 2, labelY - 5)
        }
    }

    /// A meridian or parallel.
    public struct GridLine: Sendable, Hashable {
        /// A vertical line (a meridian) at `position` x, or a horizontal one (a parallel) at `position` y.
        public var isMeridian: Bool
        public var position: Double
        /// Its degrees, for example `115.17° W`.
        public var label: String
    }

    /// The frame's size in map units (SVG user units).
    public let width: Double, height: Double
    /// Every place, in the order given.
    public let markers: [Marker]
    /// Meridians and parallels at a round step.
    public let grid: [GridLine]
    /// The scale bar's length in map units and what it stands for, for example `(93.4, "1 km")`.
    public let scaleBar: (length: Double, label: String)
    /// Map units per degree of latitude.
    public let unitsPerDegree: Double

    /// Metres in a degree of latitude (the mean).
    static let metresPerDegree = 111_320.0
    /// Space kept clear around the places, in map units.
    static let margin = 48.0

    /// Lays out `places` in a frame `width` wide and at most `maximumHeight` high.
    public init(places: [PlaceLine], width: Double = 640, maximumHeight: Double = 560) {
        self.width = width
        let latitudes = places.map(\.latitude), longitudes = places.map(\.longitude)
        var south = latitudes.min() ?? 36.08, north = latitudes.max() ?? 36.16
        var west = longitudes.min() ?? -115.19, east = longitudes.max() ?? -115.15
        // At least about a kilometre each way, so one place (or several at one spot) still gets a map around it.
        let minimumSpan = 0.01
        if north - south < minimumSpan {
            let middle = (north + south) / 2; south = middle - minimumSpan / 2; north = middle + minimumSpan / 2
        }
        let middleLatitude = (north + south) / 2
        let squeeze = max(cos(middleLatitude * .pi / 180), 0.05)
        if (east - west) * squeeze < minimumSpan {
            let middle = (east + west) / 2
            west = middle - minimumSpan / squeeze / 2
            east = middle + minimumSpan / squeeze / 2
        }
        let drawable = (width: width - 2 * Self.margin, height: maximumHeight - 2 * Self.margin)
        let spanX = (east - west) * squeeze, spanY = north - south
        let scale = min(drawable.width / spanX, drawable.height / spanY)
        unitsPerDegree = scale
        let fittedHeight = min(maximumHeight, max(320, spanY * scale + 2 * Self.margin))
        // Centre the places; the frame's extra room shows more land around them at the same scale.
        let centreLongitude = (east + west) / 2, centreLatitude = (north + south) / 2
        let frameWidth = width, frameHeight = fittedHeight
        func project(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
            (
                frameWidth / 2 + (longitude - centreLongitude) * squeeze * scale,
                frameHeight / 2 - (latitude - centreLatitude) * scale
            )
        }
        let viewWest = centreLongitude - (width / 2) / (squeeze * scale)
        let viewEast = centreLongitude + (width / 2) / (squeeze * scale)
        let viewNorth = centreLatitude + (frameHeight / 2) / scale

        // Labels go right of their marker unless that would cover a marker or an earlier label, or leave the frame;
        // then left, above or below. Where places crowd (a city's places seen from a map of a continent), the rest
        // are stacked in the nearest free rows beside the crowd, each joined to its marker by a leader line, and
        // below the places when the frame is full: labels never overlap.
        let points = places.map { project(latitude: $0.latitude, longitude: $0.longitude) }
        typealias Box = (x0: Double, y0: Double, x1: Double, y1: Double)
        var placed: [Box] = points.map { ($0.x - 9, $0.y - 9, $0.x + 9, $0.y + 9) }
        var labels: [Box] = []
        var markers: [Marker] = []
        var bottom = frameHeight
        for (place, point) in zip(places, points) {
            let label = Self.label(place.name, fitting: width / 2 - 16)
            let labelWidth = Self.labelWidth(label)
            let near: [(x: Double, y: Double, anchor: String)] = [
                (point.x + 12, point.y + 5, "start"), (point.x - 12, point.y + 5, "end"),
                (point.x + 12, point.y - 12, "start"), (point.x + 12, point.y + 20, "start"),
                (point.x - 12, point.y - 12, "end"), (point.x - 12, point.y + 20, "end"),
            ]
            func box(_ candidate: (x: Double, y: Double, anchor: String)) -> Box {
                Self.labelBox(x: candidate.x, y: candidate.y, anchor: candidate.anchor, width: labelWidth)
            }
            func fits(_ b: Box) -> Bool {
                b.x0 >= 2 && b.x1 <= width - 2 && b.y0 >= 2 && b.y1 <= frameHeight - 2
                    && !placed.contains { $0.x0 < b.x1 && b.x0 < $0.x1 && $0.y0 < b.y1 && b.y0 < $0.y1 }
            }
            var chosen = near.first { fits(box($0)) }
            var leader = false
            if chosen == nil {
                // Rows of one label's height, nearest first, on the side with more room first.
                let sides = point.x > width / 2 ? ["end", "start"] : ["start", "end"]
                let rows = Int(frameHeight / Self.rowHeight) + 1
                search: for step in 1...rows {
                    for offset in [Double(step), -Double(step)] {
                        for anchor in sides {
                            let candidate = (
                                x: point.x + (anchor == "start" ? 24 : -24), y: point.y + 5 + offset * Self.rowHeight,
                                anchor: anchor
                            )
                            if fits(box(candidate)) { chosen = candidate; break search }
                        }
                    }
                }
                leader = true
            }
            if chosen == nil {
                // The frame is full: a row of its own below everything, the frame made taller (the scale stays).
                let x = min(max(point.x + 24, 2), width - 2 - labelWidth)
                let y = max(bottom, (labels.map(\.y1).max() ?? 0)) + Self.rowHeight
                chosen = (x, y, "start")
                bottom = y + 6
            }
            guard let chosen else { continue }
            placed.append(box(chosen))
            labels.append(box(chosen))
            markers.append(
                Marker(
                    place: place, x: point.x, y: point.y, labelX: chosen.x, labelY: chosen.y,
                    labelAnchor: chosen.anchor,
                    label: label, hasLeaderLine: leader
                ))
        }
        height = max(frameHeight, bottom)
        let viewSouth = centreLatitude - (height - frameHeight / 2) / scale
        self.markers = markers

        // Grid: the round step that gives three to eight lines across the taller side.
        let steps = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 45]
        let step = steps.first { (viewNorth - viewSouth) / $0 <= 8 } ?? 90
        var grid: [GridLine] = []
        var latitude = (viewSouth / step).rounded(.up) * step
        while latitude <= viewNorth {
            grid.append(
                GridLine(
                    isMeridian: false, position: project(latitude: latitude, longitude: centreLongitude).y,
                    label: Self.degrees(latitude, positive: "N", negative: "S", step: step)))
            latitude += step
        }
        var longitude = (viewWest / step).rounded(.up) * step
        while longitude <= viewEast {
            // A meridian's label is written to its right: leave out one that would run off the frame.
            guard project(latitude: centreLatitude, longitude: longitude).x < width - 64 else {
                longitude += step; continue
            }
            grid.append(
                GridLine(
                    isMeridian: true, position: project(latitude: centreLatitude, longitude: longitude).x,
                    label: Self.degrees(longitude, positive: "E", negative: "W", step: step)))
            longitude += step
        }
        self.grid = grid

        // Scale bar: the round distance nearest a fifth of the width.
        let metresPerUnit = Self.metresPerDegree / scale
        let target = width / 5 * metresPerUnit
        let distances = [
            10.0, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000,
            500_000, 1_000_000, 2_000_000, 5_000_000,
        ]
        let distance = distances.min { abs(log($0 / target)) < abs(log($1 / target)) } ?? 1000
        let label = distance >= 1000 ? "\(Int(distance / 1000)) km" : "\(Int(distance)) m"
        scaleBar = (distance / metresPerUnit, label)
    }

    /// The height of one row of stacked labels, in map units (13 px text and a little space).
    static let rowHeight = 17.0

    /// The box a label written at (`x`, `y`) with `anchor` takes: the text's baseline is at `y`, its ascent 13
    /// units above, its descent 3 below.
    static func labelBox(x: Double, y: Double, anchor: String, width: Double) -> (
        x0: Double, y0: Double, x1: Double, y1: Double
    ) {
        let x0 = anchor == "start" ? x : x - width
        return (x0, y - 13, x0 + width, y + 3)
    }

    /// The room a label takes, in map units: an estimate of its width in 13 px bold text, on the generous side
    /// (fonts differ from system to system), plus a little space.
    public static func labelWidth(_ label: String) -> Double {
        label.reduce(4) { $0 + characterWidth($1) }
    }

    /// A character's estimated width in 13 px bold text, in map units.
    static func characterWidth(_ character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        // Hangul, kana, CJK ideographs and full-width forms: about a square each.
        if (0x1100...0x11FF).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
            || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
            || (0xFF00...0xFF60).contains(scalar.value)
        {
            return 14
        }
        if "WMmw@%…".contains(character) { return 14 }
        if " iIjlf.,;:'!|()[]".contains(character) { return 4.6 }
        return character.isUppercase ? 10 : 8.2
    }

    /// `name`, or its beginning and `…` when it needs more than `room` map units.
    static func label(_ name: String, fitting room: Double) -> String {
        guard labelWidth(name) > room else { return name }
        var label = ""
        for character in name {
            guard labelWidth(label + String(character) + "…") <= room else { break }
            label.append(character)
        }
        return label + "…"
    }

    /// `36.1° N`, with as many decimals as the grid step needs.
    static func degrees(_ value: Double, positive: String, negative: String, step: Double) -> String {
        let decimals = max(0, Int((-log10(step)).rounded(.up)))
        let magnitude = String(format: "%.\(decimals)f", locale: nil, abs(value))
        let isZero = abs(value) < step / 2
        return "\(magnitude)°\(isZero ? "" : " " + (value < 0 ? negative : positive))"
    }
}
