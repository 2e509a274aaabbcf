import SwiftSyntaxMacros
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling

/// The compiler plugin's entry point.
///
/// The toolchain ships only the message-handling layer under `SwiftCompilerPlugin`, so this is that protocol's few
/// lines written out (as in OpenSwiftDataMacros): read the compiler's requests on standard input, resolve macro
/// types by name, answer on standard output.
@main
struct OpenCoreDataMacrosPlugin {
    /// Every macro this plugin provides, by the type name its `#externalMacro` declaration names.
    static var macros: [String: any Macro.Type] {
        [
            "NSManagedMacro": NSManagedMacro.self,
            "NSManagedAccessorMacro": NSManagedAccessorMacro.self,
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
        guard let macro = OpenCoreDataMacrosPlugin.macros[typeName] else {
            throw PluginResolutionError(message: "OpenCoreDataMacros has no macro named \(typeName)")
        }
        return macro
    }

    func loadPluginLibrary(libraryPath: String, moduleName: String) throws {
        throw PluginResolutionError(message: "OpenCoreDataMacros cannot load plugin libraries")
    }
}

struct PluginResolutionError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
