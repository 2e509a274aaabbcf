import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Model`: makes a class persistent and observable, as SwiftData's `@Model` does.
///
/// It adds `@_PersistedProperty` to every stored `var` that is not `@Transient` (turning it into a computed property
/// over a private `_name` storage, observed and change-tracked), and adds the members `PersistentModel` needs:
/// the observation registrar, the persistent state, the schema metadata, an initializer that reads a row, and a
/// method that writes one. Column order is declaration order.
///
/// On a subclass of a model (`@Model class Truck: Vehicle`, SwiftData's model inheritance) the compiler reports
/// the class as already conforming to `PersistentModel` (SE-0407's `conformingTo`), and the members are the
/// subclass's side of each requirement: `override class var schemaMetadata` lists the superclass's properties then
/// its own (so indexes and columns follow on), `_$encode`/`_$load` call `super` first, and the row initializer reads
/// its own properties after the inherited ones before calling `super.init(_$row:)`. A model class that is not `final`
/// declares its metadata `class var`, so a subclass can override it.
public struct ModelMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
    // MARK: MemberAttributeMacro

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        guard let variable = member.as(VariableDeclSyntax.self),
            let property = PersistedProperty(variable),
            !property.hasAttribute("_PersistedProperty")
        else { return [] }
        return ["@_PersistedProperty"]
    }

    // MARK: MemberMacro

    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let classDecl = declaration.as(ClassDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: ModelDiagnostic.notAClass))
            return []
        }
        let typeName = classDecl.name.trimmedDescription
        // A subclass of a model already conforms (through its superclass), so the compiler leaves PersistentModel
        // out of `protocols`; the superclass is the first inherited type, as Swift requires.
        // (A class that declares `: PersistentModel` itself also conforms already; it is a model of its own.)
        let superclass =
            (protocols.isEmpty ? classDecl.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription : nil)
            .flatMap { $0.split(separator: ".").last == "PersistentModel" ? nil : $0 }
        let isFinal = classDecl.modifiers.contains { $0.name.tokenKind == .keyword(.final) }
        let metadataKeyword = isFinal ? "static" : "class"
        var properties: [PersistedProperty] = []
        var ephemeral: [PersistedProperty] = []
        var hasDesignatedInit = false
        var uniquenessConstraints: [[String]] = []
        var indices: [[String]] = []

        for member in classDecl.memberBlock.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                if let property = PersistedProperty(variable) {
                    if property.isEphemeral {
                        if property.initializer == nil {
                            context.diagnose(
                                Diagnostic(node: variable, message: ModelDiagnostic.ephemeralWithoutDefault))
                        }
                        ephemeral.append(property)
                    } else {
                        properties.append(property)
                    }
                } else if let problem = PersistedProperty.unsupportedReason(variable) {
                    context.diagnose(Diagnostic(node: variable, message: problem))
                }
            } else if let initializer = member.decl.as(InitializerDeclSyntax.self),
                !initializer.modifiers.contains(where: { $0.name.tokenKind == .keyword(.convenience) })
            {
                hasDesignatedInit = true
            } else if let expansion = member.decl.as(MacroExpansionDeclSyntax.self) {
                switch expansion.macroName.text {
                case "Unique": uniquenessConstraints += keyPathGroups(expansion.arguments)
                case "Index": indices += keyPathGroups(expansion.arguments)
                default: break
                }
            }
        }

        let metadataEntries = properties.map { property in
            let attribute =
                property.relationshipArguments.map { "OpenSwiftData.Schema.Relationship(\($0))" }
                ?? property.attributeArguments.map { "OpenSwiftData.Schema.Attribute(\($0))" } ?? "nil"
            let defaultValue = property.initializer ?? "nil"
            return """
                OpenSwiftData.Schema.PropertyMetadata(name: \(literal(property.name)), keypath: \\\(typeName).\(property.name), \
                defaultValue: \(defaultValue), metadata: \(attribute))
                """
        }
        // A `.transformable(by:)` property is read and written through its transformer, whatever its type.
        let transformer = { (property: PersistedProperty) in
            property.isTransformable
                ? ", transformedBy: OpenSwiftData.Schema.Attribute(\(property.attributeArguments ?? ""))" : ""
        }
        let decodes = properties.map { "_\($0.name) = try row.decode(\\\(typeName).\($0.name)\(transformer($0)))" }
        let encodes = properties.map { "try row.encode(_\($0.name)\(transformer($0)))" }
        let loads = properties.map { property in
            "let \(property.name)Value = try row.decode(\\\(typeName).\(property.name)\(transformer(property)))"
        }
        let assigns = properties.map { property in
            "withMutation(keyPath: \\.\(property.name)) { _\(property.name) = \(property.name)Value }"
        }
        let groups = { (groups: [[String]]) in
            "[" + groups.map { "[" + $0.map(literal).joined(separator: ", ") + "]" }.joined(separator: ", ") + "]"
        }

        if let superclass {
            return subclassMembers(
                typeName: typeName, superclass: superclass, properties: properties, metadataEntries: metadataEntries,
                decodes: decodes, encodes: encodes, loads: loads, assigns: assigns,
                entityMetadata:
                    "OpenSwiftData.Schema.EntityMetadata(uniquenessConstraints: \(groups(uniquenessConstraints)), indices: \(groups(indices)))"
            )
        }
        // Each persisted property's position in `schemaMetadata`, for its setter to report changes by index.
        let indexes: [DeclSyntax] = properties.enumerated().map { index, property in
            "nonisolated static let _$index_\(raw: property.name) = \(raw: index)"
        }
        var members: [DeclSyntax] =
            indexes + [
                registrarDeclaration("_$observationRegistrar"),
                "@Transient @exclusivity(unchecked) public var _$persistentState = OpenSwiftData.PersistentState()",
            ] + observationMethods(typeName: typeName, registrar: "_$observationRegistrar") + [
                """
                public \(raw: metadataKeyword) var schemaMetadata: [OpenSwiftData.Schema.PropertyMetadata] {
                    [
                        \(raw: metadataEntries.joined(separator: ",\n"))
                    ]
                }
                """,
                """
                public \(raw: metadataKeyword) var _$entityMetadata: OpenSwiftData.Schema.EntityMetadata {
                    OpenSwiftData.Schema.EntityMetadata(uniquenessConstraints: \(raw: groups(uniquenessConstraints)), indices: \(raw: groups(indices)))
                }
                """,
                """
                public required init(_$row row: inout OpenSwiftData.ModelRowDecoder) throws {
                    \(raw: decodes.joined(separator: "\n"))
                }
                """,
                """
                public func _$encode(to row: inout OpenSwiftData.ModelRowEncoder) throws {
                    \(raw: encodes.joined(separator: "\n"))
                }
                """,
                propertyEncode(typeName: typeName, properties: properties, encodes: encodes, superclass: nil),
                """
                public func _$load(from row: inout OpenSwiftData.ModelRowDecoder) throws {
                    \(raw: loads.joined(separator: "\n"))
                    \(raw: assigns.joined(separator: "\n"))
                }
                """,
            ]
        // Swift synthesizes `init()` only when a class declares no initializer; the row initializer above is one.
        // Keep the class constructible as written when every stored property has a default.
        if !hasDesignatedInit && (properties + ephemeral).allSatisfy({ $0.initializer != nil }) {
            members.append("public init() {}")
        }
        return members
    }

    /// The members of a subclass of a model: its own properties after the inherited ones. The observation registrar
    /// and persistent state are inherited; `access`/`withMutation` are overloads for the subclass's key paths.
    static func subclassMembers(
        typeName: String, superclass: String, properties: [PersistedProperty], metadataEntries: [String],
        decodes: [String], encodes: [String], loads: [String], assigns: [String], entityMetadata: String
    ) -> [DeclSyntax] {
        // Positions continue after the superclass's properties (read once per class, the first time one is set).
        let indexes: [DeclSyntax] = properties.enumerated().map { index, property in
            "nonisolated static let _$index_\(raw: property.name) = \(raw: superclass).schemaMetadata.count + \(raw: index)"
        }
        let registrar = "_$observationRegistrar_\(typeName)"
        let observation =
            [registrarDeclaration(registrar)] + observationMethods(typeName: typeName, registrar: registrar)
        return indexes + observation + [
            """
            public override class var schemaMetadata: [OpenSwiftData.Schema.PropertyMetadata] {
                super.schemaMetadata + [
                    \(raw: metadataEntries.joined(separator: ",\n"))
                ]
            }
            """,
            """
            public override class var _$entityMetadata: OpenSwiftData.Schema.EntityMetadata {
                super._$entityMetadata.inherited(by: \(raw: entityMetadata))
            }
            """,
            """
            public required init(_$row row: inout OpenSwiftData.ModelRowDecoder) throws {
                let _$inherited = row._$position
                row._$skipProperties(of: \(raw: superclass).self)
                \(raw: decodes.joined(separator: "\n"))
                let _$own = row._$position
                row._$position = _$inherited
                try super.init(_$row: &row)
                row._$position = _$own
            }
            """,
            """
            public override func _$encode(to row: inout OpenSwiftData.ModelRowEncoder) throws {
                try super._$encode(to: &row)
                \(raw: encodes.joined(separator: "\n"))
            }
            """,
            propertyEncode(typeName: typeName, properties: properties, encodes: encodes, superclass: superclass),
            """
            public override func _$load(from row: inout OpenSwiftData.ModelRowDecoder) throws {
                try super._$load(from: &row)
                row._$beginProperties(after: \(raw: superclass).self)
                \(raw: loads.joined(separator: "\n"))
                \(raw: assigns.joined(separator: "\n"))
            }
            """,
        ]
    }

    // MARK: Observation

    /// The model's observation registrar, created by the first property read (`access`): a fetched model that is
    /// never read costs no registrar, and a change before any read has no observer to tell. Held by reference
    /// (`_ModelObservation`), so the model's other code never handles the resilient registrar itself. Like the persistent
    /// state, it skips the run-time exclusivity check, which would cost more than the read it guards (every property
    /// read passes here); only `access` and `withMutation` touch it, and neither calls out while writing it.
    static func registrarDeclaration(_ name: String) -> DeclSyntax {
        "@Transient @exclusivity(unchecked) private var \(raw: name): OpenSwiftData._ModelObservation?"
    }

    /// `access` and `withMutation`, as `@Observable` declares them, over the lazily created registrar `registrar`.
    static func observationMethods(typeName: String, registrar: String) -> [DeclSyntax] {
        [
            """
            internal nonisolated func access<_Member>(keyPath: KeyPath<\(raw: typeName), _Member>) {
                OpenSwiftData._modelObservation(&\(raw: registrar)).registrar.access(self, keyPath: keyPath)
            }
            """,
            """
            internal nonisolated func withMutation<_Member, _Result>(
                keyPath: KeyPath<\(raw: typeName), _Member>, _ mutation: () throws -> _Result
            ) rethrows -> _Result {
                guard let observation = \(raw: registrar) else { return try mutation() }
                return try observation.registrar.withMutation(of: self, keyPath: keyPath, mutation)
            }
            """,
        ]
    }

    /// `_$encode(property:to:)`: one property's encode, chosen by its index (so that a save of a changed model
    /// encodes only what changed); a subclass hands the inherited properties' indexes to its superclass.
    static func propertyEncode(
        typeName: String, properties: [PersistedProperty], encodes: [String], superclass: String?
    ) -> DeclSyntax {
        let modifiers = superclass == nil ? "public" : "public override"
        let otherwise = superclass == nil ? "return false" : "return try super._$encode(property: index, to: &row)"
        guard !properties.isEmpty else {
            return """
                \(raw: modifiers) func _$encode(property index: Int, to row: inout OpenSwiftData.ModelRowEncoder) throws -> Bool {
                    \(raw: otherwise)
                }
                """
        }
        // A root class's indexes are its properties' positions; a subclass's follow its superclass's.
        let cases = zip(properties, encodes).enumerated().map { offset, element in
            let index = superclass == nil ? "\(offset)" : "\(typeName)._$index_\(element.0.name)"
            return "case \(index): \(element.1)"
        }
        return """
            \(raw: modifiers) func _$encode(property index: Int, to row: inout OpenSwiftData.ModelRowEncoder) throws -> Bool {
                switch index {
                \(raw: cases.joined(separator: "\n"))
                default: \(raw: otherwise)
                }
                return true
            }
            """
    }

    // MARK: ExtensionMacro

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(ClassDeclSyntax.self) else { return [] }
        let declared = Set(protocols.map(\.trimmedDescription))
        // PersistentModel refines Observable, so one conformance brings both.
        let wanted = ["OpenSwiftData.PersistentModel"].filter { name in
            declared.contains(name) || declared.contains(String(name.split(separator: ".").last ?? ""))
        }
        guard !wanted.isEmpty else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: wanted.joined(separator: ", ")) {}")]
    }

    // MARK: Helpers

    /// `#Unique<T>([\.a], [\.b, \.c])` → `[["a"], ["b", "c"]]`.
    static func keyPathGroups(_ arguments: LabeledExprListSyntax) -> [[String]] {
        arguments.compactMap { argument in
            guard let array = argument.expression.as(ArrayExprSyntax.self) else { return nil }
            let names = array.elements.compactMap { element -> String? in
                guard let keyPath = element.expression.as(KeyPathExprSyntax.self) else { return nil }
                return keyPath.components.map { $0.component.trimmedDescription.trimmingPrefix(".") }.joined(
                    separator: ".")
            }
            return names.isEmpty ? nil : names
        }
    }
}

func literal(_ text: String) -> String {
    "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
}

extension String {
    func trimmingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
