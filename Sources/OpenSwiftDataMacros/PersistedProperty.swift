import SwiftDiagnostics
import SwiftSyntax

/// A stored `var` of a `@Model` class that becomes a column: not static, not computed, not `@Transient`.
struct PersistedProperty {
    let name: String
    /// The declared type, when written.
    let type: TypeSyntax?
    /// The initial value expression, when written.
    let initializer: String?
    /// The arguments of `@Attribute(…)`, verbatim, when the property has that attribute ("" for `@Attribute`).
    let attributeArguments: String?
    /// The arguments of `@Relationship(…)`, verbatim, when the property has that attribute.
    let relationshipArguments: String?
    let attributes: AttributeListSyntax

    init?(_ variable: VariableDeclSyntax) {
        guard variable.bindingSpecifier.tokenKind == .keyword(.var),
            !variable.modifiers.contains(where: {
                [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains($0.name.tokenKind)
            }),
            !Self.has(variable.attributes, named: "Transient"),
            !Self.has(variable.attributes, named: "ObservationIgnored"),
            variable.bindings.count == 1,
            let binding = variable.bindings.first,
            let identifier = binding.pattern.as(IdentifierPatternSyntax.self),
            Self.isStored(binding)
        else { return nil }
        name = identifier.identifier.trimmedDescription.replacing("`", with: "")
        type = binding.typeAnnotation?.type.trimmed
        initializer = binding.initializer?.value.trimmedDescription
        attributes = variable.attributes
        attributeArguments = Self.attribute(variable.attributes, named: "Attribute").map { attribute in
            attribute.arguments?.trimmedDescription ?? ""
        }
        relationshipArguments = Self.attribute(variable.attributes, named: "Relationship").map { attribute in
            attribute.arguments?.trimmedDescription ?? ""
        }
    }

    func hasAttribute(_ name: String) -> Bool { Self.has(attributes, named: name) }

    /// `@Attribute(.ephemeral)`: observed and tracked in memory, but not stored (no column).
    var isEphemeral: Bool {
        attributeArguments.map { $0.contains(".ephemeral") } ?? false
    }

    /// `@Attribute(.transformable(by: …))`: stored as its transformer's bytes.
    var isTransformable: Bool {
        attributeArguments.map { $0.contains(".transformable(") } ?? false
    }

    /// Why a stored instance property of a `@Model` class cannot be persisted, or nil when it can (or is not stored).
    static func unsupportedReason(_ variable: VariableDeclSyntax) -> ModelDiagnostic? {
        let isStatic = variable.modifiers.contains {
            [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind)
        }
        guard !isStatic, !has(variable.attributes, named: "Transient"),
            !has(variable.attributes, named: "ObservationIgnored")
        else { return nil }
        guard variable.bindings.allSatisfy(isStored) else { return nil }
        if variable.bindingSpecifier.tokenKind == .keyword(.let) { return .letProperty }
        if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.lazy) }) { return .lazyProperty }
        if variable.bindings.count > 1 { return .multipleBindings }
        return nil
    }

    private static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessorBlock = binding.accessorBlock else { return true }
        switch accessorBlock.accessors {
        case .getter: return false
        case .accessors(let accessors):
            // Only observers (willSet/didSet) keep a property stored.
            return accessors.allSatisfy {
                [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
            }
        @unknown default: return false
        }
    }

    static func attribute(_ attributes: AttributeListSyntax, named name: String) -> AttributeSyntax? {
        for element in attributes {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let attributeName = attribute.attributeName.trimmedDescription
            if attributeName == name || attributeName.hasSuffix("." + name) { return attribute }
        }
        return nil
    }

    static func has(_ attributes: AttributeListSyntax, named name: String) -> Bool {
        attribute(attributes, named: name) != nil
    }
}

enum ModelDiagnostic: String, DiagnosticMessage {
    case notAClass
    case letProperty
    case lazyProperty
    case multipleBindings
    case notInsideModel
    case computedProperty
    case ephemeralWithoutDefault

    var message: String {
        switch self {
        case .notAClass: "@Model can only be applied to a class"
        case .letProperty:
            "a stored property of a @Model class must be 'var' (or marked @Transient with a default value)"
        case .lazyProperty: "a 'lazy' property cannot be persisted; mark it @Transient"
        case .multipleBindings: "declare each persisted property in its own 'var'"
        case .notInsideModel: "@_PersistedProperty is applied by @Model; do not write it yourself"
        case .computedProperty: "@_PersistedProperty applies to stored properties only"
        case .ephemeralWithoutDefault: "an @Attribute(.ephemeral) property is not stored, so it needs a default value"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "OpenSwiftDataMacros", id: rawValue) }
    var severity: DiagnosticSeverity { .error }
}
