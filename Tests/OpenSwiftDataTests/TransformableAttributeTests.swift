import Foundation
import OpenSwiftData
import Testing

/// A class that is not `Codable`: it can be stored only through a transformer.
final class Swatch {
    let red: UInt8, green: UInt8, blue: UInt8
    init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

/// Swatch ↔ three bytes.
final class SwatchTransformer: ValueTransformer {
    override class func transformedValueClass() -> AnyClass { Swatch.self }
    override class func allowsReverseTransformation() -> Bool { true }

    override func transformedValue(_ value: Any?) -> Any? {
        guard let swatch = value as? Swatch else { return nil }
        return Data([swatch.red, swatch.green, swatch.blue])
    }

    override func reverseTransformedValue(_ value: Any?) -> Any? {
        guard let data = value as? Data, data.count == 3 else { return nil }
        return Swatch(red: data[data.startIndex], green: data[data.startIndex + 1], blue: data[data.startIndex + 2])
    }
}

struct Hinge: Codable, Equatable {
    var angle: Double
    var label: String
}

@Model
final class Paint {
    var name: String
    @Attribute(.transformable(by: SwatchTransformer.self)) var swatch: Swatch?
    @Attribute(.transformable(by: "PaintTests.reversedSwatch")) var backing: Swatch
    @Attribute(.codable) var hinge: Hinge

    init(name: String, swatch: Swatch?, backing: Swatch, hinge: Hinge) {
        self.name = name
        self.swatch = swatch
        self.backing = backing
        self.hinge = hinge
    }
}

@Model
final class UnregisteredPaint {
    @Attribute(.transformable(by: "PaintTests.neverRegistered")) var swatch: Swatch?
    init(swatch: Swatch?) { self.swatch = swatch }
}

@Suite(.serialized) struct TransformableAttributeTests {
    init() {
        ValueTransformer.setValueTransformer(
            SwatchTransformer(), forName: NSValueTransformerName("PaintTests.reversedSwatch"))
    }

    @Test func transformedValuesAreStoredAsTheTransformersDataAndReadBack() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("paint.store")
        do {
            let context = ModelContext(
                try ModelContainer(for: Paint.self, configurations: ModelConfiguration(url: url)))
            context.insert(
                Paint(
                    name: "teal", swatch: Swatch(red: 0, green: 128, blue: 128),
                    backing: Swatch(red: 1, green: 2, blue: 3),
                    hinge: Hinge(angle: 90, label: "door")
                ))
            context.insert(
                Paint(
                    name: "none", swatch: nil, backing: Swatch(red: 9, green: 9, blue: 9),
                    hinge: Hinge(angle: 0, label: "")))
            try context.save()
        }
        let context = ModelContext(try ModelContainer(for: Paint.self, configurations: ModelConfiguration(url: url)))
        let paints = try context.fetch(FetchDescriptor<Paint>(sortBy: [SortDescriptor(\.name)]))
        #expect(paints.map(\.name) == ["none", "teal"])
        #expect(paints[0].swatch == nil)
        let teal = try #require(paints[1].swatch)
        #expect([teal.red, teal.green, teal.blue] == [0, 128, 128])
        #expect([paints[1].backing.red, paints[1].backing.green, paints[1].backing.blue] == [1, 2, 3])
        #expect(paints[1].hinge == Hinge(angle: 90, label: "door"))

        // The column holds exactly the transformer's bytes (NULL for nil).
        let attribute = try #require(Schema([Paint.self]).entities.first?.attributes.first { $0.name == "swatch" })
        #expect(attribute.options == [.transformable(by: SwatchTransformer.self)])
        #expect(attribute.isOptional)

        paints[1].swatch = Swatch(red: 255, green: 0, blue: 0)
        try context.save()
        let again = ModelContext(context.container)
        let red = try #require(
            try again.fetch(FetchDescriptor<Paint>(predicate: #Predicate { $0.name == "teal" })).first?.swatch)
        #expect([red.red, red.green, red.blue] == [255, 0, 0])
    }

    @Test func theTransformerIsRegisteredUnderItsTypesName() {
        _ = Schema.Attribute.Option.transformable(by: SwatchTransformer.self)
        let name = NSValueTransformerName(String(reflecting: SwatchTransformer.self))
        #expect(ValueTransformer(forName: name) is SwatchTransformer)
        #expect(ValueTransformer.valueTransformerNames().contains(name))
        #expect(SwatchTransformer(forName: NSValueTransformerName("PaintTests.reversedSwatch")) != nil)
        #expect(ValueTransformer(forName: NSValueTransformerName("PaintTests.nothing")) == nil)
    }

    @Test func aTransformerNameWithNoTransformerFailsTheSaveWithAMessage() throws {
        let context = ModelContext(try inMemoryContainer(UnregisteredPaint.self))
        context.insert(UnregisteredPaint(swatch: Swatch(red: 1, green: 1, blue: 1)))
        let error = #expect(throws: SwiftDataError.self) { try context.save() }
        #expect(String(describing: error).contains("PaintTests.neverRegistered"))
        // nil needs no transformer.
        context.rollback()
        context.insert(UnregisteredPaint(swatch: nil))
        try context.save()
        #expect(try context.fetch(FetchDescriptor<UnregisteredPaint>()).first?.swatch == nil)
    }
}
