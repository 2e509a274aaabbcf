import Foundation
import OpenSwiftData
import SQLite
import Testing

/// Damaged files and other programs' databases are refused with the file left byte-identical; a container checks
/// its store fully and copies it on request, or before a migration.
@Suite struct IntegrityTests {
    func makeStore(_ url: URL, tags: Int = 5) throws {
        let context = ModelContext(try ModelContainer(for: Tag.self, configurations: ModelConfiguration(url: url)))
        for number in 0..<tags { context.insert(Tag(name: "tag-\(number)", uses: number)) }
        try context.save()
    }

    func files(_ folder: TemporaryDirectory) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.url.path) {
            files[name] = try Data(contentsOf: folder.file(name))
        }
        return files
    }

    @Test func overwrittenDataPagesAreRefusedAndNeverWritten() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("tags.store")
        try makeStore(url, tags: 3_000)
        let handle = try FileHandle(forUpdating: url)
        let pages = Int(try handle.seekToEnd()) / 4096
        for number in max(2, pages / 2)..<pages {
            try handle.seek(toOffset: UInt64(number * 4096))
            try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096))
        }
        try handle.close()
        let before = try files(folder)
        for allowsSave in [true, false] {
            #expect {
                _ = try ModelContainer(
                    for: Tag.self, configurations: ModelConfiguration(url: url, allowsSave: allowsSave))
            } throws: { error in
                guard case SwiftDataError.storeNotADatabase(_, let reason) = error else { return false }
                return reason.contains("damaged")
            }
            #expect(try files(folder) == before)
        }
    }

    @Test func anotherProgramsDatabaseIsRefusedUnlessAdopted() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("customers.sqlite")
        let raw = try SQLiteConnection(location: .file(url.path))
        try raw.execute(
            "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers (name) VALUES ('Ada')")
        raw.close()
        let before = try files(folder)
        #expect {
            _ = try ModelContainer(for: Tag.self, configurations: ModelConfiguration(url: url))
        } throws: { error in
            guard case SwiftDataError.storeOpenFailed(_, let reason) = error else { return false }
            return reason.contains("customers") && reason.contains("adoptsExistingDatabase")
        }
        #expect(try files(folder) == before)
        var adopting = ModelConfiguration(url: url)
        adopting.adoptsExistingDatabase = true
        let context = ModelContext(try ModelContainer(for: Tag.self, configurations: adopting))
        context.insert(Tag(name: "adopted"))
        try context.save()
        #expect(try context.fetch(FetchDescriptor<Tag>()).map(\.name) == ["adopted"])
    }

    @Test func checkIntegrityAndBackup() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("tags.store")
        try makeStore(url)
        let container = try ModelContainer(for: Tag.self, configurations: ModelConfiguration(url: url))
        try container.checkIntegrity()
        let copy = folder.file("copy.store")
        try container.backup(to: copy)
        let copied = try ModelContainer(for: Tag.self, configurations: ModelConfiguration(url: copy, allowsSave: false))
        #expect(
            try ModelContext(copied).fetch(FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.uses)])).map(\.name)
                == (0..<5).map { "tag-\($0)" })
        #expect(copied.storeIdentifier == container.storeIdentifier)
        try copied.checkIntegrity()
    }

    @Test func aMigrationIsPrecededByABackupWhenAskedFor() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("books.store")
        do {
            let context = ModelContext(
                try ModelContainer(for: BooksV1.SavedBook.self, configurations: ModelConfiguration(url: url)))
            context.insert(BooksV1.SavedBook(title: "Dune", authors: ["Frank Herbert"], price: 10))
            try context.save()
        }
        var configuration = ModelConfiguration(url: url)
        configuration.backsUpBeforeMigration = true
        // No migration, no backup.
        _ = try ModelContainer(for: BooksV1.SavedBook.self, configurations: configuration)
        #expect(try files(folder).keys.filter { $0.contains(".backup-") }.isEmpty)
        _ = try ModelContainer(for: BooksV3.SavedBook.self, configurations: configuration)
        let backups = try files(folder).keys.filter { $0.hasPrefix("books.store.backup-") }
        #expect(backups.count == 1)
        let backup = try #require(backups.first)
        let old = try ModelContainer(
            for: BooksV1.SavedBook.self, configurations: ModelConfiguration(url: folder.file(backup), allowsSave: false)
        )
        #expect(try ModelContext(old).fetch(FetchDescriptor<BooksV1.SavedBook>()).map(\.authors) == [["Frank Herbert"]])
    }
}
