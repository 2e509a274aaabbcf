import Foundation
import OpenSwiftData
import SQLite
import Testing

/// `ModelConfiguration(allowsSave: false)` is read-only everywhere: the store is opened read-only and is left
/// byte-identical, and every write is refused with an error naming it.
@Suite struct ReadOnlyStoreTests {
    func makeStore(_ url: URL) throws {
        let context = ModelContext(try ModelContainer(for: Tag.self, configurations: ModelConfiguration(url: url)))
        for number in 0..<5 { context.insert(Tag(name: "tag-\(number)", uses: number)) }
        try context.save()
    }

    func files(_ folder: TemporaryDirectory) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.url.path) {
            files[name] = try Data(contentsOf: folder.file(name))
        }
        return files
    }

    @Test func openingWithSavingAllowedWritesNothingWhenNoMigrationIsNeeded() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("tags.store")
        try makeStore(url)
        let before = try files(folder)
        do {
            let container = try ModelContainer(for: Tag.self, configurations: ModelConfiguration(url: url))
            #expect(try ModelContext(container).fetchCount(FetchDescriptor<Tag>()) == 5)
        }
        #expect(try files(folder) == before)
    }

    @Test func aReadOnlyContainerReadsAndRefusesEveryWrite() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("tags.store")
        try makeStore(url)
        let before = try files(folder)
        do {
            let container = try ModelContainer(
                for: Tag.self, configurations: ModelConfiguration(url: url, allowsSave: false))
            let context = ModelContext(container)
            #expect(
                try context.fetch(FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.uses)])).map(\.name)
                    == (0..<5).map { "tag-\($0)" })
            context.insert(Tag(name: "refused"))
            #expect(throws: SwiftDataError.self) { try context.save() }
            context.rollback()
            #expect {
                try context.delete(model: Tag.self)
            } throws: { error in
                guard case SwiftDataError.writeNotAllowed(let message) = error else { return false }
                return message.contains("delete(model: Tag.self")
            }
            #expect {
                try container.deleteAllData()
            } throws: { error in
                guard case SwiftDataError.writeNotAllowed(let message) = error else { return false }
                return message.contains("deleteAllData()") && message.contains("read-only")
            }
            #expect(try context.fetchCount(FetchDescriptor<Tag>()) == 5)
        }
        // Byte-identical, and no -wal or -shm left behind.
        #expect(try files(folder) == before)
    }

    @Test func aReadOnlyOpenOfAMissingStoreCreatesNothing() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("missing/tags.store")
        #expect {
            _ = try ModelContainer(for: Tag.self, configurations: ModelConfiguration(url: url, allowsSave: false))
        } throws: { error in
            guard case SwiftDataError.storeOpenFailed(_, let reason) = error else { return false }
            return reason.contains("does not create")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing").path))
    }

    @Test func aReadOnlyStoreThatNeedsAMigrationThrowsInsteadOfMigrating() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("books.store")
        do {
            let context = ModelContext(
                try ModelContainer(for: BooksV1.SavedBook.self, configurations: ModelConfiguration(url: url)))
            context.insert(BooksV1.SavedBook(title: "Dune", authors: ["Frank Herbert"], price: 10))
            try context.save()
        }
        let before = try files(folder)
        #expect(before.keys.sorted() == ["books.store"])
        #expect {
            _ = try ModelContainer(
                for: BooksV3.SavedBook.self, configurations: ModelConfiguration(url: url, allowsSave: false))
        } throws: { error in
            guard case SwiftDataError.writeNotAllowed(let message) = error else { return false }
            return message.contains("needs a migration")
        }
        let after = try files(folder)
        #expect(after.keys.sorted() == before.keys.sorted())
        #expect(after == before)
    }

    @Test func anInMemoryContainerThatMayNotSaveRefusesWritesToo() throws {
        let container = try ModelContainer(
            for: Tag.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true, allowsSave: false))
        #expect {
            try container.deleteAllData()
        } throws: { error in
            guard case SwiftDataError.writeNotAllowed(let message) = error else { return false }
            return message.contains("deleteAllData()") && message.contains("allowsSave is false")
        }
    }
}
