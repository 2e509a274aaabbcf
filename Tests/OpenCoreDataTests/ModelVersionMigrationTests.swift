import Foundation
@testable import OpenCoreData
import StoreTestSupport
import Testing

/// Migration through each version of an `.xcdatamodeld` in turn, the version recorded in the store, and a step
/// that cannot be inferred refused with the store left as it was (a SQLite file byte-identical) — on both stores.
@Suite(.serialized) struct ModelVersionMigrationTests {
    /// `<folder>/<name>.xcdatamodeld` with one version per entry of `versions` (its `Book` entity's attribute lines),
    /// named `name`, `name 2`, …; the last is current.
    static func modelFolder(_ name: String, versions: [String], in folder: URL) throws -> URL {
        let model = folder.appendingPathComponent("\(name).xcdatamodeld", isDirectory: true)
        for (index, attributes) in versions.enumerated() {
            let version = model.appendingPathComponent(
                index == 0 ? "\(name).xcdatamodel" : "\(name) \(index + 1).xcdatamodel")
            try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
            let contents = """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="23507" systemVersion="24B83" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
                    <entity name="Book" representedClassName="Book" syncable="YES" codeGenerationType="class">
                \(attributes)
                    </entity>
                </model>
                """
            try Data(contents.utf8).write(to: version.appendingPathComponent("contents"))
        }
        let current = versions.count == 1 ? "\(name).xcdatamodel" : "\(name) \(versions.count).xcdatamodel"
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            	<key>_XCCurrentVersionName</key>
            	<string>\(current)</string>
            </dict>
            </plist>
            """
        try Data(plist.utf8).write(to: model.appendingPathComponent(".xccurrentversion"))
        return model
    }

    /// V2 renames `year` to `publishedYear` (its renaming identifier is `year`); V3 no longer says so (Xcode drops an
    /// identifier once it is not needed) and adds `pages` with a default. Going straight from V1 to V3 would lose
    /// the years.
    static let shelfVersions = [
        """
        <attribute name="title" optional="YES" attributeType="String"/>
        <attribute name="year" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"/>
        """,
        """
        <attribute name="title" optional="YES" attributeType="String"/>
        <attribute name="publishedYear" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES" elementID="year"/>
        """,
        """
        <attribute name="title" optional="YES" attributeType="String"/>
        <attribute name="publishedYear" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"/>
        <attribute name="pages" attributeType="Integer 32" defaultValueString="100" usesScalarValueType="YES"/>
        """,
    ]

    /// The version hash the store records with its schema: read by `sqlite3` from the file, or on a connection of
    /// its own from the PostgreSQL schema.
    static func recordedVersion(_ description: NSPersistentStoreDescription) throws -> String? {
        guard let url = description.url, url.isFileURL else {
            let rows = try TestStore.postgreSQLRows(
                "SELECT \"value\" FROM \"Z_METADATA\" WHERE \"key\" = 'schema'", of: description)
            guard case .text(let json)? = rows.first?.first,
                let record = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            else { return nil }
            return record["versionIdentifier"] as? String
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [
            url.path, "SELECT json_extract(value, '$.versionIdentifier') FROM Z_METADATA WHERE key = 'schema'",
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// What a refused migration must leave as it was: the file and its WAL (SQLite), or the metadata rows and the
    /// books (PostgreSQL).
    static func storedState(_ description: NSPersistentStoreDescription) throws -> [String] {
        guard let url = description.url, url.isFileURL else {
            return try ["SELECT * FROM \"Z_METADATA\" ORDER BY 1", "SELECT * FROM \"Book\" ORDER BY 1"].map {
                "\(try TestStore.postgreSQLRows($0, of: description))"
            }
        }
        return ["", "-wal"].map { "\(FileManager.default.contents(atPath: url.path + $0) ?? Data())" }
    }

    static func open(_ model: NSManagedObjectModel, _ description: NSPersistentStoreDescription) -> (
        NSPersistentContainer, Error?
    ) {
        let container = NSPersistentContainer(name: "Shelf", managedObjectModel: model)
        container.persistentStoreDescriptions = [description]
        var failure: Error?
        container.loadPersistentStores { _, error in failure = error }
        return (container, failure)
    }

    @Test(arguments: TestStore.tested) func aVersion1StoreMigratesThroughVersion2ToVersion3(store kind: TestStore)
        throws
    {
        let folder = TemporaryFolder()
        let modelURL = try Self.modelFolder("Shelf", versions: Self.shelfVersions, in: folder.url)
        let versioned = try VersionedDataModel(contentsOf: modelURL)
        #expect(versioned.versions.map(\.name) == ["Shelf", "Shelf 2", "Shelf 3"])
        let store = try kind.description("Shelf", in: folder.url)

        let (first, firstError) = Self.open(versioned.versions[0].model, store)
        #expect(firstError == nil)
        let book = NSEntityDescription.insertNewObject(forEntityName: "Book", into: first.viewContext)
        book.setValue("Dune", forKey: "title")
        book.setValue(1965, forKey: "year")
        try first.viewContext.save()
        let firstHash = versioned.versions[0].model.modelVersionHash
        #expect(try Self.recordedVersion(store) == firstHash)
        try first.persistentStoreCoordinator.persistentStores.forEach {
            try first.persistentStoreCoordinator.remove($0)
        }

        let current = try NSManagedObjectModel.load(contentsOf: modelURL)
        #expect(current.previousVersions.map(\.name) == ["Shelf", "Shelf 2"])
        let (migrated, error) = Self.open(current, store)
        #expect(error == nil)
        let request = NSFetchRequest<NSManagedObject>(entityName: "Book")
        let books = try migrated.viewContext.fetch(request)
        #expect(books.count == 1)
        #expect(books.first?.value(forKey: "title") as? String == "Dune")
        #expect(books.first?.value(forKey: "publishedYear") as? Int == 1965)
        #expect(books.first?.value(forKey: "pages") as? Int == 100)
        #expect(try Self.recordedVersion(store) == current.modelVersionHash)
        #expect(current.modelVersionHash != firstHash)
        #expect(current.entityVersionHashesByName["Book"] == current.entitiesByName["Book"]?.versionHash)
        #expect(current.entityVersionHashesByName["Book"]?.count == 8)
    }

    @Test(arguments: TestStore.tested) func aStoreAtVersion2MigratesOnlyTheLastStep(store kind: TestStore) throws {
        let folder = TemporaryFolder()
        let modelURL = try Self.modelFolder("Shelf", versions: Self.shelfVersions, in: folder.url)
        let versioned = try VersionedDataModel(contentsOf: modelURL)
        let store = try kind.description("Shelf", in: folder.url)
        let (second, _) = Self.open(versioned.versions[1].model, store)
        let book = NSEntityDescription.insertNewObject(forEntityName: "Book", into: second.viewContext)
        book.setValue(1951, forKey: "publishedYear")
        try second.viewContext.save()
        #expect(try Self.recordedVersion(store) == versioned.versions[1].model.modelVersionHash)
        try second.persistentStoreCoordinator.persistentStores.forEach {
            try second.persistentStoreCoordinator.remove($0)
        }

        let (migrated, error) = Self.open(try NSManagedObjectModel.load(contentsOf: modelURL), store)
        #expect(error == nil)
        let books = try migrated.viewContext.fetch(NSFetchRequest<NSManagedObject>(entityName: "Book"))
        #expect(books.map { $0.value(forKey: "publishedYear") as? Int } == [1951])
    }

    @Test(arguments: TestStore.tested) func aStepThatCannotBeInferredGoesToTheHandlerAndLeavesTheStoreAsItWas(
        store kind: TestStore
    ) throws {
        let folder = TemporaryFolder()
        // V2 makes `year` an Integer 64 where V1 had a String; V3 adds `pages`.
        let modelURL = try Self.modelFolder(
            "Retyped",
            versions: [
                """
                <attribute name="title" optional="YES" attributeType="String"/>
                <attribute name="year" optional="YES" attributeType="String"/>
                """,
                """
                <attribute name="title" optional="YES" attributeType="String"/>
                <attribute name="year" optional="YES" attributeType="Integer 64" usesScalarValueType="YES"/>
                """,
                """
                <attribute name="title" optional="YES" attributeType="String"/>
                <attribute name="year" optional="YES" attributeType="Integer 64" usesScalarValueType="YES"/>
                <attribute name="pages" optional="YES" attributeType="Integer 32" usesScalarValueType="YES"/>
                """,
            ], in: folder.url)
        let versioned = try VersionedDataModel(contentsOf: modelURL)
        let store = try kind.description("Shelf", in: folder.url)
        let (first, _) = Self.open(versioned.versions[0].model, store)
        let book = NSEntityDescription.insertNewObject(forEntityName: "Book", into: first.viewContext)
        book.setValue("nineteen sixty-five", forKey: "year")
        try first.viewContext.save()
        try first.persistentStoreCoordinator.persistentStores.forEach {
            try first.persistentStoreCoordinator.remove($0)
        }
        let before = try Self.storedState(store)

        let (_, error) = Self.open(try NSManagedObjectModel.load(contentsOf: modelURL), store)
        let message = "\(try #require(error))"
        #expect(message.contains("Book.year"))
        #expect(message.contains("String") && message.contains("Integer 64"))
        guard case .migrationFailed? = error as? CoreDataError else {
            Issue.record("expected migrationFailed, got \(String(describing: error))")
            return
        }
        #expect(try Self.storedState(store) == before)
    }
}
