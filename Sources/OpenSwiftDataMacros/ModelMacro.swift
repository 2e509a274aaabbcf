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
                            context.diagnose(Diagnostic(node: variable, message: ModelDiagnostic.ephemeralWithoutDefault))
                        }
                        ephemeral.append(property)
                    } else {
                        properties.append(property)
                    }
                } else if let problem = PersistedProperty.unsupportedReason(variable) {
                    context.diagnose(Diagnostic(node: variable, message: problem))
                }
            } else if let initializer = member.decl.as(InitializerDeclSyntax.self),
                      !initializer.modifiers.contains(where: { $0.name.tokenKind == .keyword(.convenience) }) {
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
            let attribute = property.relationshipArguments.map { "OpenSwiftData.Schema.Relationship(\($0))" }
                ?? property.attributeArguments.map { "OpenSwiftData.Schema.Attribute(\($0))" } ?? "nil"
            let defaultValue = property.initializer ?? "nil"
            return """
                OpenSwiftData.Schema.PropertyMetadata(name: \(literal(property.name)), keypath: \\\(typeName).\(property.name), \
                defaultValue: \(defaultValue), metadata: \(attribute))
                """
        }
        // A `.transformable(by:)` property is read and written through its transformer, whatever its type.
        let transformer = { (property: PersistedProperty) in
            property.isTransformable ? ", transformedBy: OpenSwiftData.Schema.Attribute(\(property.attributeArguments ?? ""))" : ""
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

        // Each persisted property's position in `schemaMetadata`, for its setter to report changes by index.
        let indexes: [DeclSyntax] = properties.enumerated().map { index, property in
            "nonisolated static let _$index_\(raw: property.name) = \(raw: index)"
        }
        var members: [DeclSyntax] = indexes + [
            "@Transient private let _$observationRegistrar = OpenSwiftData.ObservationRegistrar()",
            "@Transient public var _$persistentState = OpenSwiftData.PersistentState()",
            """
            internal nonisolated func access<_Member>(keyPath: KeyPath<\(raw: typeName), _Member>) {
                _$observationRegistrar.access(self, keyPath: keyPath)
            }
            """,
            """
            internal nonisolated func withMutation<_Member, _Result>(
                keyPath: KeyPath<\(raw: typeName), _Member>, _ mutation: () throws -> _Result
            ) rethrows -> _Result {
                try _$observationRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
            }
            """,
            """
            public static var schemaMetadata: [OpenSwiftData.Schema.PropertyMetadata] {
                [
                    \(raw: metadataEntries.joined(separator: ",\n"))
                ]
            }
            """,
            """
            public static var _$entityMetadata: OpenSwiftData.Schema.EntityMetadata {
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
                return keyPath.components.map { $0.component.trimmedDescription.trimmingPrefix(".") }.joined(separator: ".")
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
