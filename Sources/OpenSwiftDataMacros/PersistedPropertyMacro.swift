import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@_PersistedProperty`, added by `@Model` to each persisted property: turns `var name: T = v` into a computed
/// property over `private var _name: T = v`, observed (like `@Observable`) and change-tracked by the model's context.
public struct PersistedPropertyMacro: AccessorMacro, PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self), let property = PersistedProperty(variable) else {
            return []
        }
        let name = property.name
        if property.isEphemeral {
            // Observed, not stored: no relationship to resolve, no change for the context to save.
            return [
                """
                @storageRestrictions(initializes: _\(raw: name))
                init(initialValue) {
                    _\(raw: name) = initialValue
                }
                """,
                """
                get {
                    access(keyPath: \\.\(raw: name))
                    return _\(raw: name)
                }
                """,
                """
                set {
                    withMutation(keyPath: \\.\(raw: name)) {
                        _\(raw: name) = newValue
                    }
                }
                """,
            ]
        }
        // `_persistedValue` does nothing for attributes (it inlines away); for relationships it reads the related
        // models on first access. `_persistedValueWillChange` returns the value to store, or nil when the assignment
        // changes nothing (an equal value); for relationships it also keeps the other side in step.
        // `_modelDidChange` gets the property's position in `schemaMetadata`, a constant `@Model` declares.
        return [
            """
            @storageRestrictions(initializes: _\(raw: name))
            init(initialValue) {
                _\(raw: name) = initialValue
            }
            """,
            """
            get {
                access(keyPath: \\.\(raw: name))
                return OpenSwiftData._persistedValue(of: self, \\.\(raw: name), _\(raw: name)) { self._\(raw: name) = $0 }
            }
            """,
            """
            set {
                guard let newValue = OpenSwiftData._persistedValueWillChange(of: self, \\.\(raw: name), from: _\(raw: name), to: newValue) else {
                    return
                }
                withMutation(keyPath: \\.\(raw: name)) {
                    _\(raw: name) = newValue
                }
                OpenSwiftData._modelDidChange(self, property: \(literal: name), index: Self._$index_\(raw: name))
            }
            """,
        ]
    }

    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self), let property = PersistedProperty(variable) else {
            context.diagnose(Diagnostic(node: node, message: ModelDiagnostic.computedProperty))
            return []
        }
        let type = property.type.map { ": \($0.trimmedDescription)" } ?? ""
        let initializer = property.initializer.map { " = \($0)" } ?? ""
        return ["private var _\(raw: property.name)\(raw: type)\(raw: initializer)"]
    }
}
