import Foundation
import OpenCoreData
import SQLite
import Testing

/// OpenCoreData opens its store through the shared store layer, so issue 13 §1's checks hold here too: another
/// program's database and a damaged file go to the `loadPersistentStores` handler with the file byte-identical,
/// and `isReadOnly` opens without writing.
@Suite struct StoreFileTests {
    func load(_ url: URL, readOnly: Bool = false) throws -> (NSPersistentContainer, Error?) {
        let container = NSPersistentContainer(name: "Cart", managedObjectModel: try fixtureModel("Cart"))
        let description = NSPersistentStoreDescription(url: url)
        description.isReadOnly = readOnly
        container.persistentStoreDescriptions = [description]
        var failure: Error?
        container.loadPersistentStores { _, error in failure = error }
        return (container, failure)
    }

    func files(_ folder: TemporaryFolder) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.url.path) {
            files[name] = try Data(contentsOf: folder.url.appendingPathComponent(name))
        }
        return files
    }

    @Test func anotherProgramsDatabaseGoesToTheHandlerUntouched() throws {
        let folder = TemporaryFolder()
        let url = folder.url.appendingPathComponent("Cart.sqlite")
        let raw = try SQLiteConnection(location: .file(url.path))
        try raw.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
        raw.close()
        let before = try files(folder)
        let (_, failure) = try load(url)
        #expect(failure.map { "\($0)".contains("customers") } == true, "\(String(describing: failure))")
        #expect(try files(folder) == before)
    }

    @Test func aDamagedFileGoesToTheHandlerUntouched() throws {
        let folder = TemporaryFolder()
        let url = folder.url.appendingPathComponent("Cart.sqlite")
        do {
            let (container, failure) = try load(url)
            #expect(failure == nil)
            for id in 0..<2_000 {
                let cart = Cart(context: container.viewContext)
                cart.id = Int64(id)
            }
            try container.viewContext.save()
        }
        let handle = try FileHandle(forUpdating: url)
        let pages = Int(try handle.seekToEnd()) / 4096
        for number in max(2, pages / 2)..<pages {
            try handle.seek(toOffset: UInt64(number * 4096))
            try handle.write(contentsOf: Data(repeating: 0x5A, count: 4096))
        }
        try handle.close()
        let before = try files(folder)
        let (_, failure) = try load(url)
        #expect(failure.map { "\($0)".contains("damaged") } == true, "\(String(describing: failure))")
        #expect(try files(folder) == before)
    }

    @Test func aReadOnlyStoreIsReadWithoutWriting() throws {
        let folder = TemporaryFolder()
        let url = folder.url.appendingPathComponent("Cart.sqlite")
        do {
            let (container, failure) = try load(url)
            #expect(failure == nil)
            Cart(context: container.viewContext).id = 7
            try container.viewContext.save()
        }
        let before = try files(folder)
        do {
            let (container, failure) = try load(url, readOnly: true)
            #expect(failure == nil)
            #expect(try container.viewContext.count(for: Cart.fetchRequest()) == 1)
        }
        #expect(try files(folder) == before)
        let (_, missing) = try load(folder.url.appendingPathComponent("missing.sqlite"), readOnly: true)
        #expect(missing != nil)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("missing.sqlite").path))
    }
}
