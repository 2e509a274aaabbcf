import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@OpenCoreData.NSManaged`, in the place of Core Data's `@NSManaged` (which the compiler keeps for itself:
/// unqualified, `@NSManaged` is the built-in Objective-C attribute even when a macro of that name is in scope).
///
/// On a property (`@OpenCoreData.NSManaged public var title: String?`) it adds a getter and a setter that read and
/// write the object's value for the property's name, so the value lives in the managed object, as Core Data keeps
/// it.
public struct NSManagedMacro: AccessorMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self) else { return [] }
        guard let name = managedPropertyName(variable, attribute: node, in: context) else { return [] }
        return [
            """
            get {
                self._managedValue(forKey: \(literal: name))
            }
            """,
            """
            set {
                self._setManagedValue(newValue, forKey: \(literal: name))
            }
            """,
        ]
    }

    /// The property's name, or nil (with a diagnostic) when `@OpenCoreData.NSManaged` cannot apply to the declaration.
    private static func managedPropertyName(
        _ variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
    ) -> String? {
        if variable.bindingSpecifier.tokenKind != .keyword(.var) {
            context.diagnose(Diagnostic(node: variable.bindingSpecifier, message: NSManagedDiagnostic.letProperty))
            return nil
        }
        if variable.modifiers.contains(where: {
            $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        }) {
            context.diagnose(Diagnostic(node: attribute, message: NSManagedDiagnostic.staticProperty))
            return nil
        }
        guard variable.bindings.count == 1, let binding = variable.bindings.first else {
            context.diagnose(Diagnostic(node: variable, message: NSManagedDiagnostic.multipleBindings))
            return nil
        }
        guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
            context.diagnose(Diagnostic(node: binding.pattern, message: NSManagedDiagnostic.multipleBindings))
            return nil
        }
        if let initializer = binding.initializer {
            context.diagnose(Diagnostic(node: initializer, message: NSManagedDiagnostic.initialValue))
            return nil
        }
        if binding.typeAnnotation == nil {
            context.diagnose(Diagnostic(node: binding.pattern, message: NSManagedDiagnostic.missingType))
            return nil
        }
        if binding.accessorBlock != nil {
            context.diagnose(Diagnostic(node: binding.pattern, message: NSManagedDiagnostic.hasAccessors))
            return nil
        }
        // `var `default`: Int` names the key "default".
        return pattern.identifier.identifier?.name ?? pattern.identifier.text
    }
}

/// `@NSManagedAccessor`, on one of the relationship accessors Xcode generates (`addToItems(_:)`,
/// `removeFromItems(_:)`, `insertIntoItems(_:at:)`, `removeFromItems(at:)`, `replaceItems(at:with:)`), where
/// Core Data's files write `@NSManaged`: it adds the body that changes that relationship. (A macro cannot be both
/// a property's accessors and a function's body, so functions have a macro of their own.)
public struct NSManagedAccessorMacro: BodyMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingBodyFor declaration: some DeclSyntaxProtocol & WithOptionalCodeBlockSyntax,
        in context: some MacroExpansionContext
    ) throws -> [CodeBlockItemSyntax] {
        guard let function = declaration.as(FunctionDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: NSManagedDiagnostic.unsupportedDeclaration))
            return []
        }
        guard let accessor = RelationshipAccessor(function) else {
            context.diagnose(
                Diagnostic(node: function.name, message: NSManagedDiagnostic.unknownAccessor(function.name.text)))
            return []
        }
        return [accessor.body]
    }

}

/// One of the relationship accessors Xcode generates, recognised by its name and argument labels.
struct RelationshipAccessor {
    let body: CodeBlockItemSyntax

    init?(_ function: FunctionDeclSyntax) {
        let name = function.name.text
        let parameters = function.signature.parameterClause.parameters.map { parameter in
            (label: parameter.firstName.text, name: (parameter.secondName ?? parameter.firstName).text)
        }
        func suffix(after prefix: String) -> String? {
            guard name.hasPrefix(prefix), name.count > prefix.count else { return nil }
            return String(name.dropFirst(prefix.count))
        }
        let labels = parameters.map(\.label)
        let names = parameters.map(\.name)
        if let key = suffix(after: "addTo"), labels == ["_"] {
            body = "self._managedAdd(\(raw: names[0]), toRelationship: \(literal: key))"
        } else if let key = suffix(after: "removeFrom"), labels == ["_"] {
            body = "self._managedRemove(\(raw: names[0]), fromRelationship: \(literal: key))"
        } else if let key = suffix(after: "removeFrom"), labels == ["at"] {
            body = "self._managedRemove(at: \(raw: names[0]), fromRelationship: \(literal: key))"
        } else if let key = suffix(after: "insertInto"), labels == ["_", "at"] {
            body = "self._managedInsert(\(raw: names[0]), at: \(raw: names[1]), intoRelationship: \(literal: key))"
        } else if let key = suffix(after: "replace"), labels == ["at", "with"] {
            body = "self._managedReplace(at: \(raw: names[0]), with: \(raw: names[1]), inRelationship: \(literal: key))"
        } else {
            return nil
        }
    }
}

enum NSManagedDiagnostic: DiagnosticMessage {
    case letProperty
    case staticProperty
    case multipleBindings
    case initialValue
    case missingType
    case hasAccessors
    case unsupportedDeclaration
    case unknownAccessor(String)

    var message: String {
        switch self {
        case .letProperty: "an @OpenCoreData.NSManaged property must be a 'var'"
        case .staticProperty:
            "an @OpenCoreData.NSManaged property belongs to each object; it cannot be 'static' or 'class'"
        case .multipleBindings: "declare each @OpenCoreData.NSManaged property in its own 'var'"
        case .initialValue:
            "an @OpenCoreData.NSManaged property cannot have an initial value; set a default value in the model instead"
        case .missingType: "an @OpenCoreData.NSManaged property needs an explicit type, such as 'String?' or 'Int64'"
        case .hasAccessors:
            "an @OpenCoreData.NSManaged property gets its accessors from the managed object; remove its 'get'/'set'"
        case .unsupportedDeclaration:
            "@NSManagedAccessor applies to the relationship accessor functions Xcode generates; use @OpenCoreData.NSManaged on properties"
        case .unknownAccessor(let name):
            "@NSManagedAccessor func \(name) is not a relationship accessor Xcode generates (addTo…(_:), removeFrom…(_:), removeFrom…(at:), insertInto…(_:at:), replace…(at:with:))"
        }
    }

    var diagnosticID: MessageID {
        let id =
            switch self {
            case .letProperty: "letProperty"
            case .staticProperty: "staticProperty"
            case .multipleBindings: "multipleBindings"
            case .initialValue: "initialValue"
            case .missingType: "missingType"
            case .hasAccessors: "hasAccessors"
            case .unsupportedDeclaration: "unsupportedDeclaration"
            case .unknownAccessor: "unknownAccessor"
            }
        return MessageID(domain: "OpenCoreDataMacros", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}
