import SwiftSyntaxMacros
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling

/// The compiler plugin's entry point.
///
/// The toolchain does not ship `SwiftCompilerPlugin` (the usual `@main struct: CompilerPlugin`), only the
/// message-handling layer under it, so this is that protocol's few lines written out: read the compiler's
/// requests on standard input, resolve macro types by name, answer on standard output.
@main
struct OpenSwiftDataMacrosPlugin {
    /// Every macro this plugin provides, by the type name its `#externalMacro` declaration names.
    static var macros: [String: any Macro.Type] {
        [
            "ModelMacro": ModelMacro.self,
            "ModelActorMacro": ModelActorMacro.self,
            "PersistedPropertyMacro": PersistedPropertyMacro.self,
            "MarkerPeerMacro": MarkerPeerMacro.self,
            "MarkerDeclarationMacro": MarkerDeclarationMacro.self,
        ]
    }

    static func main() throws {
        let connection = try StandardIOMessageConnection()
        let listener = CompilerPluginMessageListener(connection: connection, provider: MacroProvider())
        try listener.main()
    }
}

struct MacroProvider: PluginProvider {
    var features: [PluginFeature] { [] }

    func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
        guard let macro = OpenSwiftDataMacrosPlugin.macros[typeName] else {
            throw PluginResolutionError(message: "OpenSwiftDataMacros has no macro named \(typeName)")
        }
        return macro
    }

    func loadPluginLibrary(libraryPath: String, moduleName: String) throws {
        throw PluginResolutionError(message: "OpenSwiftDataMacros cannot load plugin libraries")
    }
}

struct PluginResolutionError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
