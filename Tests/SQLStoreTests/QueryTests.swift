import Foundation
@testable import SQLStore
import Testing

/// The SQL text of each query type, as it reaches the database.
@Suite struct QueryTests {
    let dialect = SQLiteDialect()
    let authorList = #""Z_PK", "Author"."name", "Author"."age""#
    let bookList = #""Z_PK", "Book"."title", "Book"."price", "Book"."cost", "Book"."tagNames", "Book"."author""#

    func select(_ request: FetchRequest) -> SQLFragment { SelectQuery(request).sql(dialect) }

    @Test func selectEveryRowOrdersByKey() throws {
        let author = try Library.mapping().named("Author")
        #expect(
            select(FetchRequest(table: author)).text
                == "SELECT \(authorList) FROM \"Author\" ORDER BY \"Author\".\"Z_PK\"")
    }

    @Test func selectWhereSortLimitOffset() throws {
        let mapping = try Library.mapping()
        let book = try mapping.named("Book")
        let builder = SQLExpressionBuilder()
        let price = builder.value(
            of: try book.column("price"), row: builder.row(of: book), table: book, alias: book.quotedName)
        let condition = builder.condition(builder.comparison(price, .greaterThan, builder.value(.real(5))))
        let request = FetchRequest(
            table: book, rows: .matching(condition),
            sort: [
                SortTerm(column: try book.column("price"), ascending: false),
                SortTerm(column: try book.column("title"), collation: "osd_localizedStandard"),
            ],
            limit: 20, offset: 10
        )
        let sql = select(request)
        #expect(
            sql.text
                == "SELECT \(bookList) FROM \"Book\" WHERE ((\"Book\".\"price\" > ?)) ORDER BY \"Book\".\"price\" DESC, "
                + "\"Book\".\"title\" COLLATE osd_localizedStandard ASC, \"Book\".\"Z_PK\" LIMIT ? OFFSET ?")
        #expect(sql.arguments == [.real(5), .integer(20), .integer(10)])
        #expect(
            CountQuery(request).sql(dialect).text == "SELECT count(*) FROM \"Book\" WHERE ((\"Book\".\"price\" > ?))")
        #expect(CountQuery(request).sql(dialect).arguments == [.real(5)])
    }

    @Test func anOffsetAloneStillLimits() throws {
        let author = try Library.mapping().named("Author")
        let sql = select(FetchRequest(table: author, offset: 3))
        #expect(sql.text.hasSuffix(" ORDER BY \"Author\".\"Z_PK\" LIMIT ? OFFSET ?"))
        #expect(sql.arguments == [.integer(-1), .integer(3)])
    }

    @Test func primaryKeysOnly() throws {
        let author = try Library.mapping().named("Author")
        #expect(
            select(FetchRequest(table: author, columns: .primaryKey)).text
                == "SELECT \"Author\".\"Z_PK\" FROM \"Author\" ORDER BY \"Author\".\"Z_PK\"")
        #expect(
            select(FetchRequest(table: author, rows: .keys([1, 2]), columns: .primaryKey)).text
                == "SELECT \"Z_PK\" FROM \"Author\" WHERE \"Z_PK\" IN (?, ?)")
    }

    @Test func batchesAfterAKey() throws {
        let author = try Library.mapping().named("Author")
        let sql = select(FetchRequest(table: author, limit: 100, afterKey: 5))
        #expect(
            sql.text
                == "SELECT \(authorList) FROM \"Author\" WHERE \"Author\".\"Z_PK\" > ? ORDER BY \"Author\".\"Z_PK\" LIMIT ?"
        )
        #expect(sql.arguments == [.integer(5), .integer(100)])
        let builder = SQLExpressionBuilder()
        let filtered = select(
            FetchRequest(table: author, rows: .matching(builder.constant(true)), limit: 100, afterKey: 5))
        #expect(
            filtered.text
                == "SELECT \(authorList) FROM \"Author\" WHERE (1) AND \"Author\".\"Z_PK\" > ? ORDER BY \"Author\".\"Z_PK\" LIMIT ?"
        )
    }

    @Test func rowsByKey() throws {
        let author = try Library.mapping().named("Author")
        let keys = select(FetchRequest(table: author, rows: .keys([4, 5, 6])))
        #expect(keys.text == "SELECT \(authorList) FROM \"Author\" WHERE \"Z_PK\" IN (?, ?, ?)")
        #expect(keys.arguments == [.integer(4), .integer(5), .integer(6)])
        let one = select(FetchRequest(table: author, rows: .key(9)))
        #expect(one.text == "SELECT \(authorList) FROM \"Author\" WHERE \"Z_PK\" = ?")
        #expect(one.arguments == [.integer(9)])
        let unique = select(FetchRequest(table: author, rows: .unique(group: 0, values: [.text("Le Guin")])))
        #expect(unique.text == "SELECT \"Z_PK\" FROM \"Author\" WHERE \"name\" = ?")
        #expect(unique.arguments == [.text("Le Guin")])
    }

    @Test func rowsOfARelationship() throws {
        let mapping = try Library.mapping()
        let author = try mapping.named("Author"), book = try mapping.named("Book")
        let byForeignKey = select(
            FetchRequest(table: book, rows: .related(try mapping.relationship(author, "books"), owner: 7)))
        #expect(
            byForeignKey.text
                == "SELECT \(bookList) FROM \"Book\" WHERE \"Book\".\"author\" = ? ORDER BY \"Book\".\"Z_PK\"")
        #expect(byForeignKey.arguments == [.integer(7)])
        let byJoinTable = select(
            FetchRequest(
                table: try mapping.named("Tag"), rows: .related(try mapping.relationship(book, "tags"), owner: 3)))
        #expect(
            byJoinTable.text
                == "SELECT \"Z_PK\", \"Tag\".\"label\" FROM \"Tag\" JOIN \"Z_Book_tags\" ON \"Z_Book_tags\".\"Z_TARGET\" = \"Tag\".\"Z_PK\" "
                + "WHERE \"Z_Book_tags\".\"Z_SOURCE\" = ? ORDER BY \"Z_Book_tags\".\"Z_ORDER\", \"Tag\".\"Z_PK\"")
        let toOne = select(
            FetchRequest(table: author, rows: .related(try mapping.relationship(book, "author"), owner: 2)))
        #expect(
            toOne.text
                == "SELECT \(authorList) FROM \"Author\" WHERE \"Author\".\"Z_PK\" = (SELECT \"author\" FROM \"Book\" WHERE \"Z_PK\" = ?)"
        )
    }

    @Test func externalBytesAreReadWhereTheyLive() throws {
        let photo = try Library.mapping().named("Photo")
        #expect(
            photo.selectList
                == #""Z_PK", (SELECT "Z_BYTES" FROM "Z_EXTERNALDATA" WHERE "Z_PK" = "Photo"."bytes"), "Photo"."caption""#
        )
        #expect(InsertQuery.externalData(dialect) == #"INSERT INTO "Z_EXTERNALDATA" ("Z_BYTES") VALUES (?)"#)
    }

    @Test func insertAndUpsertOnEachUniqueGroup() throws {
        let mapping = try SchemaMapping(
            schema: StoreSchema(entities: [
                StoreEntity(
                    name: "Place",
                    properties: [
                        .attribute(StoreAttribute(name: "name", storageType: .text, isOptional: false)),
                        .attribute(StoreAttribute(name: "code", storageType: .text, isOptional: false)),
                        .attribute(StoreAttribute(name: "latitude", storageType: .real, isOptional: false)),
                    ],
                    uniquenessConstraints: [["name"], ["code", "latitude"]]
                ),
                StoreEntity(name: "Marker", properties: []),
            ]))
        let place = try mapping.named("Place")
        #expect(
            InsertQuery(table: place, upserts: false).sql(dialect)
                == #"INSERT INTO "Place" ("name", "code", "latitude") VALUES (?, ?, ?)"#)
        let assignments = #""name" = excluded."name", "code" = excluded."code", "latitude" = excluded."latitude""#
        #expect(
            InsertQuery(table: place, upserts: true).sql(dialect)
                == #"INSERT INTO "Place" ("name", "code", "latitude") VALUES (?, ?, ?)"#
                + " ON CONFLICT (\"name\") DO UPDATE SET \(assignments) ON CONFLICT (\"code\", \"latitude\") DO UPDATE SET \(assignments)"
        )
        #expect(
            InsertQuery(table: try mapping.named("Marker"), upserts: true).sql(dialect)
                == #"INSERT INTO "Marker" DEFAULT VALUES"#)
        // The recording upsert (the save's): a clause leaves out its own group's text columns, equal on a conflict
        // and so identical, but keeps a real one (-0.0 meets 0.0).
        #expect(
            InsertQuery(table: place, upserts: true).sql(dialect, recordingKeyWith: "osd_upserted")
                == #"INSERT INTO "Place" ("name", "code", "latitude") VALUES (?, ?, ?)"#
                + #" ON CONFLICT ("name") DO UPDATE SET "code" = excluded."code", "latitude" = excluded."latitude""#
                + #" WHERE osd_upserted("Z_PK")"#
                + #" ON CONFLICT ("code", "latitude") DO UPDATE SET "name" = excluded."name", "latitude" = excluded."latitude""#
                + #" WHERE osd_upserted("Z_PK")"#)
    }

    @Test func updateOfGivenColumns() throws {
        let book = try Library.mapping().named("Book")
        #expect(
            UpdateQuery(table: book, columns: [0, 4]).sql(dialect)
                == #"UPDATE "Book" SET "title" = ?, "author" = ? WHERE "Z_PK" = ?"#)
    }

    @Test func deletes() throws {
        let book = try Library.mapping().named("Book")
        let one = DeleteQuery(table: book, rows: .key(9)).sql(dialect)
        #expect(one.text == #"DELETE FROM "Book" WHERE "Z_PK" = ?"#)
        #expect(one.arguments == [.integer(9)])
        #expect(DeleteQuery(table: book, rows: .all).sql(dialect).text == #"DELETE FROM "Book""#)
        let builder = SQLExpressionBuilder()
        let title = builder.value(
            of: try book.column("title"), row: builder.row(of: book), table: book, alias: book.quotedName)
        let matching = DeleteQuery(
            table: book,
            rows: .matching(builder.equality(title, builder.value(.text("Dune")), negated: false, optional: false)))
        #expect(matching.sql(dialect).text == #"DELETE FROM "Book" WHERE (("Book"."title" = ?)) RETURNING "Z_PK""#)
        #expect(matching.sql(dialect).arguments == [.text("Dune")])
        let keys = DeleteQuery(table: book, rows: .keys([1, 2])).sql(dialect)
        #expect(keys.text == #"DELETE FROM "Book" WHERE "Z_PK" IN (?, ?) RETURNING "Z_PK""#)
        #expect(keys.arguments == [.integer(1), .integer(2)])
    }

    @Test func joinRows() throws {
        let mapping = try Library.mapping()
        guard
            case .joinTable(let joinTable, let owner, let destination) = try mapping.relationship(
                try mapping.named("Book"), "tags"
            ).storage
        else {
            Issue.record("Book.tags is not a join table")
            return
        }
        let query = JoinRowsQuery(joinTable: joinTable, ownerColumn: owner, destinationColumn: destination)
        #expect(query.deleteSQL(dialect) == #"DELETE FROM "Z_Book_tags" WHERE "Z_SOURCE" = ?"#)
        #expect(
            query.insertSQL(dialect)
                == #"INSERT OR REPLACE INTO "Z_Book_tags" ("Z_SOURCE", "Z_TARGET", "Z_ORDER") VALUES (?, ?, ?)"#)
    }

    @Test func identifiersAreQuoted() {
        #expect(dialect.quoted(#"a"b"#) == #""a""b""#)
        #expect(dialect.quoted("plain") == #""plain""#)
        #expect(dialect.statementText("SELECT ?") == "SELECT ?")
    }
}
