import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@ModelActor`: gives an actor a model context of its own. Mirrors SwiftData's `@ModelActor`.
public struct ModelActorMacro: MemberMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard declaration.is(ActorDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: ModelActorDiagnostic.notAnActor))
            return []
        }
        return [
            "public nonisolated let modelExecutor: any OpenSwiftData.ModelExecutor",
            "public nonisolated let modelContainer: OpenSwiftData.ModelContainer",
            """
            public init(modelContainer: OpenSwiftData.ModelContainer) {
                let modelContext = OpenSwiftData.ModelContext(modelContainer)
                self.modelExecutor = OpenSwiftData.DefaultSerialModelExecutor(modelContext: modelContext)
                self.modelContainer = modelContainer
            }
            """,
        ]
    }

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(ActorDeclSyntax.self), !protocols.isEmpty else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): OpenSwiftData.ModelActor {}")]
    }
}

enum ModelActorDiagnostic: String, DiagnosticMessage {
    case notAnActor

    var message: String { "@ModelActor can only be applied to an actor" }
    var diagnosticID: MessageID { MessageID(domain: "OpenSwiftDataMacros", id: rawValue) }
    var severity: DiagnosticSeverity { .error }
}
