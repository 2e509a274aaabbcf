import OpenSwiftDataMacros
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// `@Attribute(.transformable(by:))` makes `@Model` read and write the property through its transformer.
@Suite struct TransformableExpansionTests {
    @Test func aTransformablePropertyIsCodedThroughItsAttribute() {
        let macros: [String: MacroSpec] = [
            "Model": MacroSpec(type: ModelMacro.self, conformances: ["OpenSwiftData.PersistentModel"]),
            "_PersistedProperty": MacroSpec(type: PersistedPropertyMacro.self),
        ]
        let file = Parser.parse(
            source: """
                @Model final class Swatch {
                    @Attribute(.transformable(by: ColorTransformer.self)) var color: Color?
                    var name: String
                    init(name: String) { self.name = name }
                }
                """)
        let context = BasicMacroExpansionContext(sourceFiles: [
            file: .init(moduleName: "Tests", fullFilePath: "Test.swift")
        ])
        let text = file.expand(
            macroSpecs: macros,
            contextGenerator: { node in
                BasicMacroExpansionContext(sharingWith: context, lexicalContext: node.allMacroLexicalContexts())
            },
            indentationWidth: .spaces(4)
        ).description.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(context.diagnostics.isEmpty)
        let attribute = "transformedBy: OpenSwiftData.Schema.Attribute(.transformable(by: ColorTransformer.self))"
        #expect(text.contains("_color = try row.decode(\\Swatch.color, \(attribute))"))
        #expect(text.contains("try row.encode(_color, \(attribute))"))
        #expect(text.contains("let colorValue = try row.decode(\\Swatch.color, \(attribute))"))
        // Other properties are coded as before.
        #expect(text.contains("_name = try row.decode(\\Swatch.name)"))
        #expect(text.contains("try row.encode(_name)"))
    }
}
