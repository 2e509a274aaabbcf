import Foundation
@testable import SQLStore
import Testing

/// How a schema is laid out as tables, and the DDL that creates them.
@Suite struct SchemaDefinitionTests {
    let definition = SchemaDefinition(dialect: SQLiteDialect())

    @Test func relationshipsAreStoredByCardinalityAndInverse() throws {
        let mapping = try Library.mapping()
        let author = try mapping.named("Author"), book = try mapping.named("Book"), tag = try mapping.named("Tag")
        guard case .foreignKey(let column) = try mapping.relationship(book, "author").storage else {
            Issue.record("Book.author is not a foreign key")
            return
        }
        #expect(book.columns[column].name == "author")
        guard case .inverseForeignKey(let inverseColumn) = try mapping.relationship(author, "books").storage else {
            Issue.record("Author.books is not its inverse's foreign key")
            return
        }
        #expect(book.columns[inverseColumn].name == "author")
        guard case .joinTable(let joinTable, "Z_TARGET", "Z_SOURCE") = try mapping.relationship(tag, "books").storage
        else {
            Issue.record("Tag.books is not the target side of Book.tags's join table")
            return
        }
        #expect(joinTable.name == "Z_Book_tags")
        #expect(mapping.joinTables.map(\.name) == ["Z_Book_tags"])
        #expect(try mapping.relationship(author, "books").inverse?.name == "author")
    }

    @Test func entityTables() throws {
        let mapping = try Library.mapping()
        #expect(
            definition.create(try mapping.named("Author")) == [
                #"CREATE TABLE IF NOT EXISTS "Author" ("Z_PK" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL, "age" INTEGER)"#,
                #"CREATE UNIQUE INDEX IF NOT EXISTS "Author_unique_name" ON "Author" ("name")"#,
            ])
        #expect(
            definition.create(try mapping.named("Book")) == [
                #"CREATE TABLE IF NOT EXISTS "Book" ("Z_PK" INTEGER PRIMARY KEY AUTOINCREMENT, "title" TEXT NOT NULL, "price" REAL NOT NULL, "#
                    + #""cost" TEXT COLLATE osd_decimal, "tagNames" TEXT NOT NULL, "author" INTEGER)"#,
                #"CREATE INDEX IF NOT EXISTS "Book_author_reference" ON "Book" ("author")"#,
                #"CREATE INDEX IF NOT EXISTS "Book_index_price" ON "Book" ("price")"#,
            ])
        #expect(
            definition.create(try mapping.named("Photo")) == [
                #"CREATE TABLE IF NOT EXISTS "Photo" ("Z_PK" INTEGER PRIMARY KEY AUTOINCREMENT, "bytes" INTEGER, "caption" TEXT NOT NULL)"#,
                #"CREATE TRIGGER IF NOT EXISTS "Photo_bytes_external_update" AFTER UPDATE OF "bytes" ON "Photo" WHEN old."bytes" IS NOT new."bytes" "#
                    + #"BEGIN DELETE FROM "Z_EXTERNALDATA" WHERE "Z_PK" = old."bytes"; END"#,
                #"CREATE TRIGGER IF NOT EXISTS "Photo_bytes_external_delete" AFTER DELETE ON "Photo" "#
                    + #"BEGIN DELETE FROM "Z_EXTERNALDATA" WHERE "Z_PK" = old."bytes"; END"#,
            ])
    }

    @Test func joinTablesAndReferenceTriggers() throws {
        let mapping = try Library.mapping()
        #expect(
            definition.create(mapping.joinTables[0]) == [
                #"CREATE TABLE IF NOT EXISTS "Z_Book_tags" ("Z_SOURCE" INTEGER NOT NULL, "Z_TARGET" INTEGER NOT NULL, "Z_ORDER" INTEGER NOT NULL, "#
                    + #"PRIMARY KEY ("Z_SOURCE", "Z_TARGET"))"#,
                #"CREATE INDEX IF NOT EXISTS "Z_Book_tags_target" ON "Z_Book_tags" ("Z_TARGET")"#,
                #"CREATE TRIGGER IF NOT EXISTS "Z_Book_tags_source_delete" AFTER DELETE ON "Book" BEGIN DELETE FROM "Z_Book_tags" WHERE "Z_SOURCE" = old."Z_PK"; END"#,
                #"CREATE TRIGGER IF NOT EXISTS "Z_Book_tags_target_delete" AFTER DELETE ON "Tag" BEGIN DELETE FROM "Z_Book_tags" WHERE "Z_TARGET" = old."Z_PK"; END"#,
            ])
        #expect(
            definition.referenceTriggers(mapping) == [
                #"CREATE TRIGGER IF NOT EXISTS "Book_author_reference_clear" AFTER DELETE ON "Author" "#
                    + #"BEGIN UPDATE "Book" SET "author" = NULL WHERE "author" = old."Z_PK"; END"#
            ])
    }

    @Test func schemasTheStoreCannotLayOutAreRefusedByName() {
        func refusal(_ entities: [StoreEntity]) -> String {
            do {
                _ = try SchemaMapping(schema: StoreSchema(entities: entities))
                return "accepted"
            } catch {
                return error.message
            }
        }
        let text = StoreAttribute(name: "name", storageType: .text, isOptional: false)
        #expect(
            refusal([
                StoreEntity(name: "Item", properties: [.attribute(text)]), StoreEntity(name: "item", properties: []),
            ])
                == "item and Item both map to the table item; SQL table names ignore case — rename one of them")
        #expect(
            refusal([StoreEntity(name: "Item", properties: [.attribute(text)], uniquenessConstraints: [["title"]])])
                == "Item: #Unique names title, which is not a stored attribute")
        #expect(
            refusal([
                StoreEntity(
                    name: "Item",
                    properties: [
                        .relationship(
                            StoreRelationship(name: "owner", destination: "Person", isToMany: false, isOptional: true))
                    ])
            ]) == "Item.owner refers to Person, which is not in the schema")
        #expect(
            refusal([
                StoreEntity(
                    name: "Item",
                    properties: [
                        .relationship(
                            StoreRelationship(
                                name: "owner", destination: "Person", isToMany: false, isOptional: true,
                                inverseName: "name"))
                    ]),
                StoreEntity(name: "Person", properties: [.attribute(text)]),
            ]) == "Item.owner declares the inverse name, which is not a relationship of Person")
    }
}
