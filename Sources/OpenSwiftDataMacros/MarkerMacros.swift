import SwiftSyntax
import SwiftSyntaxMacros

/// `@Attribute(…)`, `@Transient` and `@Relationship(…)` add nothing themselves: `@Model` reads them.
public struct MarkerPeerMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] { [] }
}

/// `#Unique<T>(…)` and `#Index<T>(…)` add nothing themselves: `@Model` reads their key paths.
public struct MarkerDeclarationMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] { [] }
}
