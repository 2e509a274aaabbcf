import Foundation
@testable import OpenCoreData
import Testing

/// Reading Xcode's `.xcdatamodeld` folders: the tutorial fixtures, a model with two versions, and files that do
/// not parse (each reported with its file, line and problem).
@Suite struct ModelFileTests {
    @Test func cartModelOfTheTutorial() throws {
        let model = try fixtureModel("Cart")
        #expect(model.entities.map(\.name) == ["Cart"])
        let cart = try #require(model.entitiesByName["Cart"])
        #expect(cart.managedObjectClassName == "Cart")
        #expect(cart.properties.map(\.name) == ["id", "price", "title"])
        let attributes = cart.attributesByName
        #expect(attributes["id"]?.attributeType == .integer64AttributeType)
        #expect(attributes["id"]?.isOptional == false)
        #expect(attributes["id"]?.defaultValue as? Int64 == 0)
        #expect(attributes["price"]?.attributeType == .doubleAttributeType)
        #expect(attributes["price"]?.defaultValue as? Double == 0)
        #expect(attributes["title"]?.attributeType == .stringAttributeType)
        #expect(attributes["title"]?.isOptional == true)
        #expect(attributes["title"]?.attributeValueClassName == "NSString")
        try model.validate()
    }

    @Test func inventoryModelOfTheTutorial() throws {
        let model = try fixtureModel("Inventory")
        let product = try #require(model.entitiesByName["Product"])
        #expect(product.properties.map(\.name) == ["name", "quantity"])
        #expect(
            product.properties.allSatisfy {
                ($0 as? NSAttributeDescription)?.attributeType == .stringAttributeType && $0.isOptional
            })
        // The failable initializer reads the same file.
        let url = fixtures.appendingPathComponent("Inventory.xcdatamodeld")
        #expect(NSManagedObjectModel(contentsOf: url)?.entities.map(\.name) == ["Product"])
    }

    @Test func versionsOfAModel() throws {
        let library = try VersionedDataModel(contentsOf: fixtures.appendingPathComponent("Library.xcdatamodeld"))
        #expect(library.name == "Library")
        #expect(library.versions.map(\.name) == ["Library", "Library 2"])
        #expect(library.currentVersion.name == "Library 2")
        let old = library.versions[0].model
        let year = try #require(old.entitiesByName["Book"]?.attributesByName["year"])
        #expect(year.attributeType == .integer16AttributeType)
        #expect(old.entitiesByName["Author"]?.relationshipsByName["books"]?.isOrdered == false)

        let current = library.currentModel
        #expect(current.versionIdentifiers == ["2"])
        let book = try #require(current.entitiesByName["Book"])
        let author = try #require(current.entitiesByName["Author"])
        let published = try #require(book.attributesByName["publishedYear"])
        #expect(published.attributeType == .integer32AttributeType)
        #expect(published.renamingIdentifier == "year")
        #expect(
            book.attributesByName["addedAt"]?.defaultValue as? Date == Date(timeIntervalSinceReferenceDate: 757_382_400)
        )
        #expect(book.attributesByName["available"]?.defaultValue as? Bool == true)
        #expect(book.attributesByName["available"]?.isOptional == false)
        #expect(book.attributesByName["price"]?.attributeType == .decimalAttributeType)
        #expect(book.attributesByName["price"]?.defaultValue as? Decimal == 0)
        #expect(book.attributesByName["rating"]?.attributeType == .floatAttributeType)
        #expect(book.attributesByName["identifier"]?.attributeType == .UUIDAttributeType)
        #expect(book.attributesByName["link"]?.attributeType == .URIAttributeType)
        let tags = try #require(book.attributesByName["tags"])
        #expect(tags.attributeType == .transformableAttributeType)
        #expect(tags.attributeValueClassName == "[String]")
        #expect(tags.valueTransformerName == "NSSecureUnarchiveFromDataTransformer")
        #expect(author.attributesByName["portrait"]?.allowsExternalBinaryDataStorage == true)
        #expect(author.uniquenessConstraints.map { $0.compactMap { $0 as? String } } == [["name"]])
        #expect(book.userInfo?["source"] as? String == "tutorial")

        let books = try #require(author.relationshipsByName["books"])
        let bookAuthor = try #require(book.relationshipsByName["author"])
        #expect(books.isToMany && books.isOrdered && books.maxCount == 0)
        #expect(books.deleteRule == .cascadeDeleteRule)
        #expect(books.destinationEntity === book)
        #expect(books.inverseRelationship === bookAuthor)
        #expect(!bookAuthor.isToMany && bookAuthor.maxCount == 1)
        #expect(bookAuthor.deleteRule == .nullifyDeleteRule)
        #expect(bookAuthor.inverseRelationship === books)

        #expect(book.indexes.map(\.name) == ["byTitleIndex", "byYearAndTitle"])
        let index = book.indexes[1]
        #expect(index.elements.map(\.propertyName) == ["publishedYear", "title"])
        #expect(index.elements.map(\.isAscending) == [false, true])
        #expect(index.elements[0].property === published)
        #expect(index.entity === book)

        let template = try #require(current.fetchRequestTemplate(forName: "RecentBooks"))
        #expect(template.entityName == "Book")
        #expect(template.predicate?.formatString == #"publishedYear >= $YEAR AND title BEGINSWITH[c] "The""#)
        let request = try #require(
            current.fetchRequestFromTemplate(withName: "RecentBooks", substitutionVariables: ["YEAR": 2000]))
        #expect(request.predicate?.formatString == #"publishedYear >= 2000 AND title BEGINSWITH[c] "The""#)
        #expect(current.configurations == ["Catalog"])
        #expect(current.entities(forConfigurationName: "Catalog")?.compactMap(\.name) == ["Book", "Author"])
        #expect(current.entities(forConfigurationName: nil)?.count == 2)
        try current.validate()
    }

    @Test func findingAModelByName() throws {
        let bundle = try #require(Bundle(url: Bundle.module.bundleURL))
        let url = try #require(NSManagedObjectModel.modelURL(named: "Cart", in: [bundle]))
        #expect(url.lastPathComponent == "Cart.xcdatamodeld")
        #expect(NSManagedObjectModel.modelURL(named: "NoSuchModel", in: [bundle]) == nil)
        // With no bundles: the main bundle and the SwiftPM resource bundles beside the executable.
        #expect(NSManagedObjectModel.modelURL(named: "Library")?.lastPathComponent == "Library.xcdatamodeld")
        let merged = try #require(NSManagedObjectModel.mergedModel(from: [bundle]))
        #expect(Set(merged.entities.compactMap(\.name)) == ["Author", "Book", "Cart", "Product"])
    }

    // MARK: Files that do not parse

    /// A `.xcdatamodeld` with one version whose `contents` is `xml`, in a fresh temporary folder.
    private func modelFolder(_ xml: String, currentVersion: String? = "Model.xcdatamodel") throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "OpenCoreDataTests-\(UUID().uuidString)")
        let bundle = root.appendingPathComponent("Model.xcdatamodeld")
        let version = bundle.appendingPathComponent("Model.xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        try Data(xml.utf8).write(to: version.appendingPathComponent("contents"))
        if let currentVersion {
            let plist = """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>\(currentVersion)</string></dict></plist>
                """
            try Data(plist.utf8).write(to: bundle.appendingPathComponent(".xccurrentversion"))
        }
        return bundle
    }

    private struct LoadedUnexpectedly: Error {}

    private func loadError(_ url: URL) throws -> ModelFileError {
        do {
            _ = try NSManagedObjectModel.load(contentsOf: url)
        } catch CoreDataError.modelFile(let error) {
            return error
        }
        Issue.record("\(url.path) loaded")
        throw LoadedUnexpectedly()
    }

    private static let header =
        #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n"
        + #"<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">"#

    @Test func malformedXMLNamesTheLine() throws {
        let folder = try modelFolder(
            Self.header + """

                    <entity name="Cart" representedClassName="Cart" syncable="YES">
                        <attribute name="id" attributeType="Integer 64"/>
                        <attribute name="title" attributeType="String"
                    </entity>
                </model>
                """)
        let error = try loadError(folder)
        #expect(error.file.lastPathComponent == "contents")
        #expect(error.file.deletingLastPathComponent().lastPathComponent == "Model.xcdatamodel")
        #expect(error.line == 6)
        #expect(error.problem.hasPrefix("the XML is not well-formed: "))
        #expect(error.description.hasPrefix(error.file.path + ":6:"))
        #expect(NSManagedObjectModel(contentsOf: folder) == nil)
    }

    @Test func semanticProblemsNameTheLine() throws {
        let cases: [(String, Int, String)] = [
            (
                #"<entity name="Cart"><attribute name="price" attributeType="Dubble"/></entity>"#, 3,
                "attribute “price” of Cart has attributeType “Dubble”, which Xcode does not write"
            ),
            (
                #"<entity name="Cart"><attribute name="id" attributeType="Integer 64" defaultValueString="abc"/></entity>"#,
                3,
                "attribute “id” of Cart has default value “abc”, which is not a value of type Integer 64"
            ),
            (
                #"<entity name="Cart"><relationship name="items" toMany="YES" destinationEntity="Item"/></entity>"#, 3,
                "relationship “items” of Cart has destinationEntity “Item”, which is not an entity of this model"
            ),
            (
                #"<entity name="Cart"><relationship name="items" toMany="YES" destinationEntity="Cart" inverseName="nope" inverseEntity="Cart"/></entity>"#,
                3,
                "relationship “items” of Cart has inverse Cart.nope, which is not a relationship of Cart"
            ),
            (
                #"<entity name="Cart"><attribute attributeType="String"/></entity>"#, 3,
                "an <attribute> of Cart has no name"
            ),
            (
                #"<entity name="Cart" parentEntity="Base"/>"#, 3,
                "entity Cart has parentEntity “Base”, which is not an entity of this model"
            ),
            (
                #"<entity name="Cart"><attribute name="a" attributeType="String"/><fetchIndex name="byB"><fetchIndexElement property="b" type="Binary" order="ascending"/></fetchIndex></entity>"#,
                3,
                "index byB of Cart names “b”, which is not a property of Cart"
            ),
            (
                #"<entity name="Cart"><relationship name="r" deletionRule="Explode" destinationEntity="Cart"/></entity>"#,
                3,
                "relationship “r” of Cart has deletionRule “Explode” (Xcode writes Nullify, Cascade, Deny or No Action)"
            ),
            (#"<entity name="Cart"/>"# + "\n" + #"<entity name="Cart"/>"#, 4, "a second entity is named “Cart”"),
            (
                #"<entity name="Cart"><attribute name="id" attributeType="Integer 64"/><uniquenessConstraints><uniquenessConstraint><constraint value="sku"/></uniquenessConstraint></uniquenessConstraints></entity>"#,
                3,
                "Cart's uniqueness constraint names “sku”, which is not an attribute of Cart"
            ),
            (
                "\n\n"
                    + #"<entity name="A"><relationship name="b" maxCount="1" destinationEntity="B" inverseName="a" inverseEntity="B"/></entity>"#
                    + "\n"
                    + #"<entity name="B"><relationship name="a" maxCount="1" destinationEntity="B" inverseName="a" inverseEntity="B"/></entity>"#,
                5,
                "A.b's inverse B.a leads to B, not back to A"
            ),
            (
                #"<fetchRequest name="All" entity="Cart" predicateString="name =="/>"#, 3,
                "fetch request All is for entity “Cart”, which is not in this model"
            ),
        ]
        for (body, line, problem) in cases {
            let error = try loadError(try modelFolder(Self.header + "\n" + body + "\n</model>"))
            #expect(error.line == line, "\(problem): \(error)")
            #expect(error.problem.hasPrefix(problem), "\(error)")
        }
        let badTemplate =
            Self.header + "\n" + #"<entity name="Cart"/>"# + "\n"
            + #"<fetchRequest name="All" entity="Cart" predicateString="name =="/>"# + "\n</model>"
        let error = try loadError(try modelFolder(badTemplate))
        #expect(error.line == 4)
        #expect(
            error.problem
                == "fetch request All has a predicate that does not parse: expected an expression at position 7")
    }

    @Test func folderProblems() throws {
        let notModel = try loadError(try modelFolder(#"<?xml version="1.0"?><plist version="1.0"/>"#))
        #expect(notModel.problem == "the root element is <plist>, not <model>: this is not a Core Data model")
        let notXML = try loadError(try modelFolder("just text"))
        #expect(notXML.line == 1)
        let missingVersion = try loadError(
            try modelFolder(Self.header + "</model>", currentVersion: "Model 2.xcdatamodel"))
        #expect(missingVersion.file.lastPathComponent == ".xccurrentversion")
        #expect(
            missingVersion.problem
                == "it names “Model 2.xcdatamodel” as the current version, but the folder has Model.xcdatamodel")
        // One version needs no .xccurrentversion.
        let single = try modelFolder(Self.header + #"<entity name="Cart"/></model>"#, currentVersion: nil)
        #expect(try NSManagedObjectModel.load(contentsOf: single).entities.count == 1)
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent(
            "no-such-\(UUID().uuidString).xcdatamodeld")
        #expect(try loadError(nowhere).problem == "there is no model folder here")
        let compiled = try loadError(URL(fileURLWithPath: "/tmp/Cart.momd"))
        #expect(compiled.problem.hasPrefix("compiled models (.momd, .mom) cannot be read on Linux"))
    }
}
