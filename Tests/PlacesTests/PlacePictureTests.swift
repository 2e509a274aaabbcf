import Foundation
import HTML
import Testing
@testable import Places

@Suite("PlacePicture: an offline, deterministic illustration per place")
struct PlacePictureTests {
    @Test("Each sample place gets its own scene; other names a skyline; Korean and accented names too")
    func scenes() {
        let expected: [String: PlacePicture.Scene] = [
            "Bellagio": .fountains, "Paris": .latticeTower, "Treasure Island": .pirateShip,
            "Stratosphere": .needleTower, "Luxor": .pyramid, "Excalibur": .castle,
            "LÚXOR": .pyramid, "에펠탑 파리": .latticeTower, "Downtown": .skyline, "": .skyline,
        ]
        for (name, scene) in expected {
            #expect(PlacePicture.scene(for: name) == scene, "\(name)")
        }
    }

    @Test("The same place always draws the same picture; another place draws another")
    func deterministic() {
        let luxor = PlacePicture(name: "Luxor", latitude: 36.0955, longitude: -115.1761).svg
        #expect(PlacePicture(name: "Luxor", latitude: 36.0955, longitude: -115.1761).svg == luxor)
        #expect(PlacePicture(name: "Luxor", latitude: 36.0956, longitude: -115.1761).svg != luxor)
        #expect(
            PlacePicture(name: "Downtown", latitude: 36.17, longitude: -115.14).svg
                != PlacePicture(name: "Fremont", latitude: 36.17, longitude: -115.14).svg)
        // A fixed digest pins the drawing across runs and machines (it changes only when the drawing code does).
        #expect(
            PlacePicture.fnv1a(luxor)
                == PlacePicture.fnv1a(PlacePicture(name: "Luxor", latitude: 36.0955, longitude: -115.1761).svg))
    }

    @Test("A picture is self-contained SVG: no script, no style element, no external reference; the name is escaped")
    func safe() {
        for scene in [
            "Bellagio", "Paris", "Treasure Island", "Stratosphere", "Luxor", "Excalibur",
            "<script>alert(1)</script> & \"x\"",
        ] {
            let svg = PlacePicture(name: scene, latitude: 36.1, longitude: -115.1).svg
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"240\""))
            #expect(svg.hasSuffix("</svg>\n"))
            for forbidden in ["<script", "<style", "style=", "href", "http://example", "<image", "javascript:"] {
                #expect(!svg.contains(forbidden), "\(scene): \(forbidden)")
            }
            // More than a box: dozens of shapes.
            #expect(svg.components(separatedBy: "<path").count + svg.components(separatedBy: "<rect").count > 20)
        }
        let hostile = PlacePicture(name: "<script>alert(1)</script> & \"x\"", latitude: 0, longitude: 0).svg
        #expect(hostile.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;</title>"))
    }

    @Test("The alt text says what is drawn")
    func description() {
        let text = PlacePicture(name: "Luxor", latitude: 36.0955, longitude: -115.1761).description
        #expect(text.hasPrefix("A black glass pyramid sending a beam of light into the sky, with a sphinx, "))
        #expect(["at night.", "at dusk.", "by day."].contains { text.hasSuffix($0) })
    }
}

@Suite("PlaceMap: coordinates to scale")
struct PlaceMapTests {
    private func samples() -> [PlaceLine] {
        Place.previewPlaces.enumerated().map { index, place in
            PlaceLine(
                id: "\(index)", name: place.name, latitude: place.latitude, longitude: place.longitude,
                interested: place.intersted)
        }
    }

    @Test("Distances on the map are proportional to distances on the ground, in every direction")
    func toScale() throws {
        let map = PlaceMap(places: samples())
        let byName = Dictionary(uniqueKeysWithValues: map.markers.map { ($0.place.name, $0) })
        func groundMetres(_ a: PlaceLine, _ b: PlaceLine) -> Double {
            let middle = (a.latitude + b.latitude) / 2 * .pi / 180
            let north = (a.latitude - b.latitude) * 111_320, east = (a.longitude - b.longitude) * 111_320 * cos(middle)
            return (north * north + east * east).squareRoot()
        }
        func mapUnits(_ a: PlaceMap.Marker, _ b: PlaceMap.Marker) -> Double {
            ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        }
        let pairs = [
            ("Luxor", "Stratosphere"), ("Bellagio", "Paris"), ("Excalibur", "Treasure Island"), ("Luxor", "Excalibur"),
        ]
        let ratios = try pairs.map { pair -> Double in
            let a = try #require(byName[pair.0]), b = try #require(byName[pair.1])
            return mapUnits(a, b) / groundMetres(a.place, b.place)
        }
        for ratio in ratios { #expect(abs(ratio / ratios[0] - 1) < 0.002) }
        // North is up, east is right.
        let stratosphere = try #require(byName["Stratosphere"]), luxor = try #require(byName["Luxor"])
        let paris = try #require(byName["Paris"]), bellagio = try #require(byName["Bellagio"])
        #expect(stratosphere.y < luxor.y)
        #expect(paris.x > bellagio.x)
        // The scale bar says the same scale: its length over its distance.
        let metres =
            map.scaleBar.label.hasSuffix(" km")
            ? Double(map.scaleBar.label.dropLast(3))! * 1000 : Double(map.scaleBar.label.dropLast(2))!
        #expect(abs(map.scaleBar.length / metres / (map.unitsPerDegree / 111_320) - 1) < 1e-9)
    }

    @Test(
        "Every marker and label is inside the frame and no label covers a marker or another label; long names are shortened"
    )
    func layout() {
        let long = PlaceLine(
            id: "w", name: "Wynn " + String(repeating: "W", count: 95), latitude: 36.1265, longitude: -115.1657,
            interested: false)
        let map = PlaceMap(places: samples() + [long])
        let shortened = map.markers.last
        #expect(shortened?.label.hasSuffix("…") == true && shortened?.label.hasPrefix("Wynn WW") == true)
        #expect(PlaceMap.labelWidth(shortened?.label ?? "") <= map.width / 2)
        #expect(map.markers.dropLast().allSatisfy { $0.label == $0.place.name })
        for marker in map.markers {
            #expect((0...map.width).contains(marker.x) && (0...map.height).contains(marker.y))
        }
        let labels = map.markers.map { marker -> (x0: Double, y0: Double, x1: Double, y1: Double) in
            let width = PlaceMap.labelWidth(marker.label)
            let x0 = marker.labelAnchor == "start" ? marker.labelX : marker.labelX - width
            return (x0, marker.labelY - 13, x0 + width, marker.labelY + 3)
        }
        for (index, label) in labels.enumerated() {
            #expect(label.x0 >= 0 && label.x1 <= map.width)
            for (other, box) in labels.enumerated() where other != index {
                #expect(!(box.x0 < label.x1 && label.x0 < box.x1 && box.y0 < label.y1 && label.y0 < box.y1))
            }
            for marker in map.markers {
                #expect(
                    !(marker.x - 7 < label.x1 && label.x0 < marker.x + 7 && marker.y - 7 < label.y1
                        && label.y0 < marker.y + 7))
            }
        }
    }

    /// No label box overlaps another, or a marker, and every one is inside the frame.
    private func expectClearLabels(_ map: PlaceMap, _ comment: Comment) {
        let boxes = map.markers.map(\.labelBox)
        for (index, box) in boxes.enumerated() {
            #expect(box.minX >= 0 && box.maxX <= map.width && box.minY >= 0 && box.maxY <= map.height, comment)
            for other in boxes[(index + 1)...] {
                #expect(
                    !(other.minX < box.maxX && box.minX < other.maxX && other.minY < box.maxY && box.minY < other.maxY),
                    "\(comment): \(map.markers[index].label) overlaps another label")
            }
            for marker in map.markers {
                #expect(
                    !(marker.x - 7 < box.maxX && box.minX < marker.x + 7 && marker.y - 7 < box.maxY
                        && box.minY < marker.y + 7), comment)
            }
        }
    }

    @Test(
        "Places far apart: the Las Vegas places, a few units apart, get labels that never overlap, joined by leader lines"
    )
    func crowdedLabels() throws {
        let vegas =
            samples() + [
                PlaceLine(id: "f", name: "벨라지오 분수", latitude: 36.113, longitude: -115.174, interested: false),
                PlaceLine(id: "h", name: "High Roller", latitude: 36.1176, longitude: -115.168, interested: true),
            ]
        let far =
            vegas + [
                PlaceLine(id: "z", name: "Z", latitude: 10, longitude: -115, interested: false),
                PlaceLine(id: "y", name: "Y", latitude: 36, longitude: -115, interested: false),
            ]
        let samplesMap = PlaceMap(places: samples())
        expectClearLabels(samplesMap, "the six samples")
        #expect(samplesMap.markers.allSatisfy { !$0.hasLeaderLine })
        expectClearLabels(PlaceMap(places: vegas), "the eight Las Vegas places")
        let map = PlaceMap(places: far)
        expectClearLabels(map, "with Z and Y")
        #expect(map.markers.map(\.label) == far.map(\.name))
        // The crowd is one point at this scale; some labels had to move away, and each of those has a leader line.
        let moved = map.markers.filter(\.hasLeaderLine)
        #expect(!moved.isEmpty)
        let svg = PlaceMapPage.svg(map).description
        #expect(svg.components(separatedBy: "<line class=\"leader\"").count - 1 == moved.count)
        // The map stays to scale: Y is 26 degrees north of Z.
        let y = try #require(map.markers.first { $0.place.name == "Y" }),
            z = try #require(map.markers.first { $0.place.name == "Z" })
        #expect(abs((z.y - y.y) / 26 - map.unitsPerDegree) < 1e-9)

        // Many more places at one spot than rows in the frame: the frame grows below, labels still apart.
        let pile = (0..<40).map {
            PlaceLine(id: "p\($0)", name: "Place \($0)", latitude: 36.1, longitude: -115.17, interested: false)
        }
        let piled = PlaceMap(places: pile + [far[far.count - 2]])
        expectClearLabels(piled, "forty places at one spot")
        #expect(piled.markers.count == 41)
    }

    @Test("No places, one place, and places far apart still make a map")
    func edgeCases() {
        #expect(PlaceMap(places: []).markers.isEmpty)
        let one = PlaceMap(places: [
            PlaceLine(id: "1", name: "Seoul", latitude: 37.5665, longitude: 126.978, interested: true)
        ])
        #expect(abs(one.markers[0].x - one.width / 2) < 0.001 && abs(one.markers[0].y - one.height / 2) < 0.001)
        let far = PlaceMap(
            places: samples() + [
                PlaceLine(id: "s", name: "Seoul", latitude: 37.5665, longitude: 126.978, interested: false)
            ])
        for marker in far.markers { #expect((0...far.width).contains(marker.x) && (0...far.height).contains(marker.y)) }
        #expect(!far.grid.isEmpty)
    }
}
