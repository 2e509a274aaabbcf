import OpenSwiftDataMacros
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// Expands `source` with OpenSwiftData's macros, as the compiler would, and returns the text and diagnostics.
/// As in the compiler, a property that gains an `init` accessor loses its initializer (the `_name` storage keeps
/// it). `@Attribute` and `@Transient` expand to nothing, so they are left out here and stay in the text.
/// `conforming` is what the compiler passes for a class that does not conform yet; a subclass of a model already
/// does (through its superclass), so the compiler passes nothing for it.
private func expand(_ source: String, conforming: [TypeSyntax] = ["OpenSwiftData.PersistentModel"]) -> (
    text: String, diagnostics: [String]
) {
    let macros: [String: MacroSpec] = [
        "Model": MacroSpec(type: ModelMacro.self, conformances: conforming),
        "_PersistedProperty": MacroSpec(type: PersistedPropertyMacro.self),
        "Unique": MacroSpec(type: MarkerDeclarationMacro.self),
    ]
    let file = Parser.parse(source: source)
    let context = BasicMacroExpansionContext(sourceFiles: [file: .init(moduleName: "Tests", fullFilePath: "Test.swift")]
    )
    // As the compiler does, give each expansion its lexical context (the enclosing declarations).
    let expanded = file.expand(
        macroSpecs: macros,
        contextGenerator: { node in
            BasicMacroExpansionContext(sharingWith: context, lexicalContext: node.allMacroLexicalContexts())
        },
        indentationWidth: .spaces(4)
    )
    return (expanded.description, context.diagnostics.map(\.message))
}

/// Collapses runs of white space, so the comparison is about tokens, not formatting.
private func tokens(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

@Suite struct ModelMacroExpansionTests {
    @Test func representativeModelExpansion() {
        let (text, diagnostics) = expand(
            """
            @Model final class Place {
                #Unique<Place>([\\.name, \\.latitude])
                @Attribute(.unique) var name: String
                var latitude: Double = 0
                @Transient var isSelected = false
                var label: String { name }
                init(name: String) { self.name = name }
            }
            """)
        #expect(diagnostics.isEmpty)
        let expected = """
            final class Place {
                @Attribute(.unique) var name: String {
                    @storageRestrictions(initializes: _name)
                    init(initialValue) {
                        _name = initialValue
                    }
                    get {
                        access(keyPath: \\.name)
                        return OpenSwiftData._persistedValue(of: self, \\.name, _name) { self._name = $0 }
                    }
                    set {
                        guard let newValue = OpenSwiftData._persistedValueWillChange(of: self, \\.name, from: _name, to: newValue) else {
                            return
                        }
                        withMutation(keyPath: \\.name) {
                            _name = newValue
                        }
                        OpenSwiftData._modelDidChange(self, property: "name", index: Self._$index_name)
                    }
                }
                private var _name: String
                var latitude: Double {
                    @storageRestrictions(initializes: _latitude)
                    init(initialValue) {
                        _latitude = initialValue
                    }
                    get {
                        access(keyPath: \\.latitude)
                        return OpenSwiftData._persistedValue(of: self, \\.latitude, _latitude) { self._latitude = $0 }
                    }
                    set {
                        guard let newValue = OpenSwiftData._persistedValueWillChange(of: self, \\.latitude, from: _latitude, to: newValue) else {
                            return
                        }
                        withMutation(keyPath: \\.latitude) {
                            _latitude = newValue
                        }
                        OpenSwiftData._modelDidChange(self, property: "latitude", index: Self._$index_latitude)
                    }
                }
                private var _latitude: Double = 0
                @Transient var isSelected = false
                var label: String { name }
                init(name: String) { self.name = name }
                nonisolated static let _$index_name = 0
                nonisolated static let _$index_latitude = 1
                @Transient @exclusivity(unchecked) private var _$observationRegistrar: OpenSwiftData._ModelObservation?
                @Transient @exclusivity(unchecked) public var _$persistentState = OpenSwiftData.PersistentState()
                internal nonisolated func access<_Member>(keyPath: KeyPath<Place, _Member>) {
                    OpenSwiftData._modelObservation(&_$observationRegistrar).registrar.access(self, keyPath: keyPath)
                }
                internal nonisolated func withMutation<_Member, _Result>(
                    keyPath: KeyPath<Place, _Member>, _ mutation: () throws -> _Result
                ) rethrows -> _Result {
                    guard let observation = _$observationRegistrar else {
                        return try mutation()
                    }
                    return try observation.registrar.withMutation(of: self, keyPath: keyPath, mutation)
                }
                public static var schemaMetadata: [OpenSwiftData.Schema.PropertyMetadata] {
                    [
                        OpenSwiftData.Schema.PropertyMetadata(name: "name", keypath: \\Place.name, defaultValue: nil, metadata: OpenSwiftData.Schema.Attribute(.unique)),
                        OpenSwiftData.Schema.PropertyMetadata(name: "latitude", keypath: \\Place.latitude, defaultValue: 0, metadata: nil)
                    ]
                }
                public static var _$entityMetadata: OpenSwiftData.Schema.EntityMetadata {
                    OpenSwiftData.Schema.EntityMetadata(uniquenessConstraints: [["name", "latitude"]], indices: [])
                }
                public required init(_$row row: inout OpenSwiftData.ModelRowDecoder) throws {
                    _name = try row.decode(\\Place.name)
                    _latitude = try row.decode(\\Place.latitude)
                }
                public func _$encode(to row: inout OpenSwiftData.ModelRowEncoder) throws {
                    try row.encode(_name)
                    try row.encode(_latitude)
                }
                public func _$encode(property index: Int, to row: inout OpenSwiftData.ModelRowEncoder) throws -> Bool {
                    switch index {
                    case 0: try row.encode(_name)
                    case 1: try row.encode(_latitude)
                    default: return false
                    }
                    return true
                }
                public func _$load(from row: inout OpenSwiftData.ModelRowDecoder) throws {
                    let nameValue = try row.decode(\\Place.name)
                    let latitudeValue = try row.decode(\\Place.latitude)
                    withMutation(keyPath: \\.name) {
                        _name = nameValue
                    }
                    withMutation(keyPath: \\.latitude) {
                        _latitude = latitudeValue
                    }
                }
            }

            extension Place: OpenSwiftData.PersistentModel {
            }
            """
        #expect(tokens(text) == tokens(expected), "\(text)")
    }

    @Test func letPropertiesAreDiagnosed() {
        let (_, diagnostics) = expand(
            """
            @Model final class Item {
                let name: String
                init(name: String) { self.name = name }
            }
            """)
        #expect(
            diagnostics == [
                "a stored property of a @Model class must be 'var' (or marked @Transient with a default value)"
            ])
    }

    @Test func modelOnAStructIsDiagnosed() {
        let (_, diagnostics) = expand("@Model struct Item { var name = \"\" }")
        #expect(diagnostics.contains("@Model can only be applied to a class"))
    }

    @Test func classWithOnlyDefaultedPropertiesGetsAnInitializer() {
        let (text, _) = expand("@Model final class Counter { var value = 0 }")
        #expect(text.contains("public init() {"))
    }

    @Test func ephemeralPropertiesAreObservedButNotColumns() {
        let (text, diagnostics) = expand(
            """
            @Model final class Photo {
                var caption: String = ""
                @Attribute(.ephemeral) var isSelected = false
            }
            """)
        #expect(diagnostics.isEmpty)
        #expect(text.contains("access(keyPath: \\.isSelected)"))
        #expect(!text.contains("_modelDidChange(self, property: \"isSelected\")"))
        #expect(!text.contains("name: \"isSelected\""))
        #expect(!text.contains("row.decode(\\Photo.isSelected)"))
        #expect(text.contains("public init() {"))
    }

    @Test func ephemeralPropertiesNeedADefault() {
        let (_, diagnostics) = expand(
            """
            @Model final class Photo {
                @Attribute(.ephemeral) var isSelected: Bool
                init() { isSelected = false }
            }
            """)
        #expect(diagnostics == ["an @Attribute(.ephemeral) property is not stored, so it needs a default value"])
    }

    @Test func aClassThatIsNotFinalDeclaresItsMetadataOverridable() {
        let (text, diagnostics) = expand("@Model class Vehicle { var wheels: Int = 4 }")
        #expect(diagnostics.isEmpty)
        #expect(text.contains("public class var schemaMetadata"))
        #expect(text.contains("public class var _$entityMetadata"))
        #expect(text.contains("extension Vehicle: OpenSwiftData.PersistentModel"))
    }

    @Test func aSubclassOfAModelOverridesWithItsOwnPropertiesAfterTheInheritedOnes() {
        let (text, diagnostics) = expand(
            """
            @Model final class Truck: Vehicle {
                var payload: Int
                init(payload: Int) { self.payload = payload; super.init(wheels: 6) }
            }
            """, conforming: [])
        #expect(diagnostics.isEmpty)
        let expected = """
            nonisolated static let _$index_payload = Vehicle.schemaMetadata.count + 0
            @Transient @exclusivity(unchecked) private var _$observationRegistrar_Truck: OpenSwiftData._ModelObservation?
            internal nonisolated func access<_Member>(keyPath: KeyPath<Truck, _Member>) {
                OpenSwiftData._modelObservation(&_$observationRegistrar_Truck).registrar.access(self, keyPath: keyPath)
            }
            internal nonisolated func withMutation<_Member, _Result>(
                keyPath: KeyPath<Truck, _Member>, _ mutation: () throws -> _Result
            ) rethrows -> _Result {
                guard let observation = _$observationRegistrar_Truck else {
                    return try mutation()
                }
                return try observation.registrar.withMutation(of: self, keyPath: keyPath, mutation)
            }
            public override class var schemaMetadata: [OpenSwiftData.Schema.PropertyMetadata] {
                super.schemaMetadata + [
                    OpenSwiftData.Schema.PropertyMetadata(name: "payload", keypath: \\Truck.payload, defaultValue: nil, metadata: nil)
                ]
            }
            public override class var _$entityMetadata: OpenSwiftData.Schema.EntityMetadata {
                super._$entityMetadata.inherited(by: OpenSwiftData.Schema.EntityMetadata(uniquenessConstraints: [], indices: []))
            }
            public required init(_$row row: inout OpenSwiftData.ModelRowDecoder) throws {
                let _$inherited = row._$position
                row._$skipProperties(of: Vehicle.self)
                _payload = try row.decode(\\Truck.payload)
                let _$own = row._$position
                row._$position = _$inherited
                try super.init(_$row: &row)
                row._$position = _$own
            }
            public override func _$encode(to row: inout OpenSwiftData.ModelRowEncoder) throws {
                try super._$encode(to: &row)
                try row.encode(_payload)
            }
            public override func _$encode(property index: Int, to row: inout OpenSwiftData.ModelRowEncoder) throws -> Bool {
                switch index {
                case Truck._$index_payload: try row.encode(_payload)
                default: return try super._$encode(property: index, to: &row)
                }
                return true
            }
            public override func _$load(from row: inout OpenSwiftData.ModelRowDecoder) throws {
                try super._$load(from: &row)
                row._$beginProperties(after: Vehicle.self)
                let payloadValue = try row.decode(\\Truck.payload)
                withMutation(keyPath: \\.payload) {
                    _payload = payloadValue
                }
            }
            """
        #expect(tokens(text).contains(tokens(expected)), "\(text)")
        // Inherited, not redeclared: the persistent state, the superclass's registrar, the conformance.
        #expect(!text.contains("_$persistentState"))
        #expect(!text.contains("extension Truck"))
        #expect(!text.contains("public init() {"))
    }
}
