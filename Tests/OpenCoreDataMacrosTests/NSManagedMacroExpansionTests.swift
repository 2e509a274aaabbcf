import OpenCoreDataMacros
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// Expands `source` with OpenCoreData's macros, as the compiler would (`@OpenCoreData.NSManaged` is looked up
/// by its last name here), and returns the text and diagnostics.
private func expand(_ source: String) -> (text: String, diagnostics: [String]) {
    let macros: [String: MacroSpec] = [
        "NSManaged": MacroSpec(type: NSManagedMacro.self),
        "NSManagedAccessor": MacroSpec(type: NSManagedAccessorMacro.self),
    ]
    let file = Parser.parse(source: source)
    let context = BasicMacroExpansionContext(sourceFiles: [file: .init(moduleName: "Tests", fullFilePath: "Test.swift")]
    )
    let expanded = file.expand(
        macroSpecs: macros,
        contextGenerator: { node in
            BasicMacroExpansionContext(sharingWith: context, lexicalContext: node.allMacroLexicalContexts())
        },
        indentationWidth: .spaces(4)
    )
    return (expanded.description, context.diagnostics.map(\.message))
}

/// Collapses runs of white space, so the comparison is about tokens, not formatting.
private func tokens(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

@Suite struct NSManagedMacroExpansionTests {
    @Test func propertiesOfTheTutorialCart() {
        let (text, diagnostics) = expand(
            """
            extension Cart {
                @NSManaged public var id: Int64
                @NSManaged public var title: String?
            }
            """)
        #expect(diagnostics.isEmpty)
        #expect(
            tokens(text)
                == tokens(
                    """
                    extension Cart {
                        public var id: Int64 {
                            get {
                                self._managedValue(forKey: "id")
                            }
                            set {
                                self._setManagedValue(newValue, forKey: "id")
                            }
                        }
                        public var title: String? {
                            get {
                                self._managedValue(forKey: "title")
                            }
                            set {
                                self._setManagedValue(newValue, forKey: "title")
                            }
                        }
                    }
                    """))
    }

    @Test func backquotedNameIsTheKey() {
        let (text, diagnostics) = expand(
            """
            extension Item {
                @NSManaged public var `default`: Bool
            }
            """)
        #expect(diagnostics.isEmpty)
        #expect(tokens(text).contains(#"self._managedValue(forKey: "default")"#))
    }

    @Test func relationshipAccessorBodies() {
        let (text, diagnostics) = expand(
            """
            extension Author {
                @NSManagedAccessor public func addToBooks(_ value: Book)
                @NSManagedAccessor public func removeFromBooks(_ values: NSSet)
                @NSManagedAccessor public func removeFromBooks(at idx: Int)
                @NSManagedAccessor public func insertIntoBooks(_ values: [Book], at indexes: NSIndexSet)
                @NSManagedAccessor public func replaceBooks(at idx: Int, with value: Book)
            }
            """)
        #expect(diagnostics.isEmpty)
        #expect(
            tokens(text)
                == tokens(
                    """
                    extension Author {
                        public func addToBooks(_ value: Book) {
                            self._managedAdd(value, toRelationship: "Books")
                        }
                        public func removeFromBooks(_ values: NSSet) {
                            self._managedRemove(values, fromRelationship: "Books")
                        }
                        public func removeFromBooks(at idx: Int) {
                            self._managedRemove(at: idx, fromRelationship: "Books")
                        }
                        public func insertIntoBooks(_ values: [Book], at indexes: NSIndexSet) {
                            self._managedInsert(values, at: indexes, intoRelationship: "Books")
                        }
                        public func replaceBooks(at idx: Int, with value: Book) {
                            self._managedReplace(at: idx, with: value, inRelationship: "Books")
                        }
                    }
                    """))
    }

    @Test func misuseIsDiagnosed() {
        #expect(
            expand("class C { @NSManaged let id: Int64 }").diagnostics == [
                "an @OpenCoreData.NSManaged property must be a 'var'"
            ])
        #expect(
            expand("class C { @NSManaged var id: Int64 = 0 }").diagnostics
                == [
                    "an @OpenCoreData.NSManaged property cannot have an initial value; set a default value in the model instead"
                ])
        #expect(
            expand("class C { @NSManaged var id }").diagnostics
                == ["an @OpenCoreData.NSManaged property needs an explicit type, such as 'String?' or 'Int64'"])
        // Several bindings are refused by the expansion machinery itself, before the macro runs.
        #expect(
            expand("class C { @NSManaged var a: Int, b: Int }").diagnostics == [
                "accessor macro can only be applied to a single variable"
            ])
        #expect(
            expand("class C { @NSManaged static var a: Int }").diagnostics
                == ["an @OpenCoreData.NSManaged property belongs to each object; it cannot be 'static' or 'class'"])
        #expect(
            expand("class C { @NSManaged var a: Int { 1 } }").diagnostics
                == [
                    "an @OpenCoreData.NSManaged property gets its accessors from the managed object; remove its 'get'/'set'"
                ])
        #expect(
            expand("class C { @NSManagedAccessor func frobnicate(_ x: Int) }").diagnostics
                == [
                    "@NSManagedAccessor func frobnicate is not a relationship accessor Xcode generates (addTo…(_:), removeFrom…(_:), removeFrom…(at:), insertInto…(_:at:), replace…(at:with:))"
                ])
    }
}
