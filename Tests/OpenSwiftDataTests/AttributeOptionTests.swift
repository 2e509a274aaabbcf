import Foundation
import OpenSwiftData
import SQLite
import Testing

@Suite struct AttributeOptionTests {
    @Test func externalStorageKeepsBytesOutOfTheRow() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("photos.store")
        let big = Data((0..<200_000).map { UInt8($0 % 251) })
        do {
            let container = try ModelContainer(for: Photo.self, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            context.insert(Photo(caption: "one", image: big, thumbnail: Data([1, 2, 3])))
            context.insert(Photo(caption: "two", image: Data()))
            try context.save()

            let fetched = try ModelContext(container).fetch(FetchDescriptor<Photo>())
            #expect(fetched.map(\.image) == [big, Data()])
            #expect(fetched.map(\.thumbnail) == [Data([1, 2, 3]), nil])
            // Predicates see the bytes, not the reference.
            let empty = Data()
            #expect(try expectSQLMatchesEvaluate(#Predicate<Photo> { $0.image == empty }, in: context) == 1)
            #expect(try expectSQLMatchesEvaluate(#Predicate<Photo> { $0.thumbnail == nil }, in: context) == 1)
        }
        // The rows hold small references; the bytes sit in Z_EXTERNALDATA.
        let raw = try SQLiteConnection(location: .file(url.path))
        #expect(try raw.rows("SELECT typeof(\"image\") FROM \"Photo\"") == [[.text("integer")], [.text("integer")]])
        #expect(try raw.scalar("SELECT max(length(\"Z_BYTES\")) FROM \"Z_EXTERNALDATA\"") == .integer(200_000))
        #expect(try raw.scalar("SELECT count(*) FROM \"Z_EXTERNALDATA\"") == .integer(3))
        raw.close()

        // Replacing and deleting free the old bytes.
        let container = try ModelContainer(for: Photo.self, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let photos = try context.fetch(FetchDescriptor<Photo>())
        photos[0].image = Data([9])
        try context.save()
        context.delete(photos[1])
        try context.save()
        let check = try SQLiteConnection(location: .file(url.path))
        #expect(try check.scalar("SELECT count(*) FROM \"Z_EXTERNALDATA\"") == .integer(2))
        #expect(try check.scalar("SELECT max(length(\"Z_BYTES\")) FROM \"Z_EXTERNALDATA\"") == .integer(3))
        check.close()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Photo>()).map(\.image) == [Data([9])])
    }

    @Test func ephemeralPropertiesAreObservedButNotStored() throws {
        #expect(!Photo.schemaMetadata.map(\.name).contains("isSelected"))
        let context = ModelContext(try inMemoryContainer(Photo.self))
        let photo = Photo(caption: "c", image: Data())
        context.insert(photo)
        try context.save()
        photo.isSelected = true
        #expect(!context.hasChanges)
        #expect(photo.isSelected)
        let fresh = try ModelContext(context.container).fetch(FetchDescriptor<Photo>())
        #expect(fresh.first?.isSelected == false)
    }

    @Test func onlyChangedColumnsAreWritten() throws {
        let container = try inMemoryContainer(Tag.self)
        let first = ModelContext(container)
        first.insert(Tag(name: "shared", uses: 1))
        try first.save()
        // Two contexts change different properties of one row; both changes survive.
        let aContext = ModelContext(container)
        let a = try #require(try aContext.fetch(FetchDescriptor<Tag>()).first)
        let bContext = ModelContext(container)
        let b = try #require(try bContext.fetch(FetchDescriptor<Tag>()).first)
        a.uses = 50
        try aContext.save()
        b.name = "renamed"
        try bContext.save()
        let stored = try #require(try ModelContext(container).fetch(FetchDescriptor<Tag>()).first)
        #expect(stored.name == "renamed")
        #expect(stored.uses == 50)
    }
}
