import Foundation
@testable import SQLStore
import Testing

/// The SQL of each expression-builder operation: text, bound values, and whether it can be NULL.
@Suite struct ExpressionBuilderTests {
    let mapping: SchemaMapping
    let author: EntityTable
    let book: EntityTable
    let tag: EntityTable
    let photo: EntityTable

    init() throws {
        mapping = try Library.mapping()
        author = try mapping.named("Author")
        book = try mapping.named("Book")
        tag = try mapping.named("Tag")
        photo = try mapping.named("Photo")
    }

    /// `table`'s column `name` on the statement's own row.
    func column(_ builder: SQLExpressionBuilder, _ table: EntityTable, _ name: String) throws -> SQLExpression {
        builder.value(of: try table.column(name), row: builder.row(of: table), table: table, alias: table.quotedName)
    }

    // MARK: Leaves and rows

    @Test func values() {
        let sql = SQLExpressionBuilder()
        let three = sql.value(.integer(3))
        #expect(three.fragment == SQLFragment("?", [.integer(3)]))
        #expect(!three.isNullable)
        #expect(sql.value(.real(.nan)).isNullable)
        #expect(sql.value(.null).isNilLiteral)
        #expect(sql.nilLiteral.fragment.text == "NULL")
        #expect(sql.constant(true).fragment.text == "1")
        #expect(sql.constant(false).fragment.text == "0")
    }

    @Test func columnsOfTheStatementsRowAndOfAReferencedOne() throws {
        let sql = SQLExpressionBuilder()
        let title = try column(sql, book, "title")
        #expect(title.fragment.text == #""Book"."title""#)
        #expect(!title.isNullable)
        let row = sql.row(of: book)
        #expect(row.fragment.text == #""Book"."Z_PK""#)
        let author = sql.reference(
            through: try book.column("author"), row: row, table: book, alias: book.quotedName, to: self.author)
        #expect(author.fragment.text == #""Book"."author""#)
        #expect(author.isNullable)
        let name = sql.value(of: try self.author.column("name"), row: author, table: self.author, alias: nil)
        #expect(name.fragment.text == #"(SELECT s1."name" FROM "Author" AS s1 WHERE s1."Z_PK" = "Book"."author")"#)
        #expect(name.isNullable)
        let bytes = try column(sql, photo, "bytes")
        #expect(bytes.fragment.text == #"(SELECT "Z_BYTES" FROM "Z_EXTERNALDATA" WHERE "Z_PK" = "Photo"."bytes")"#)
        guard case .identifier = sql.identifier(of: row, table: book).kind else {
            Issue.record("not an identifier")
            return
        }
        guard case .collection = sql.collection(try mapping.relationship(book, "tags"), of: row).kind else {
            Issue.record("not a collection")
            return
        }
    }

    // MARK: Logic and optionals

    @Test func logicMakesOperandsNonNull() throws {
        let sql = SQLExpressionBuilder()
        let cost = try column(sql, book, "cost")
        let isNull = sql.equality(cost, sql.nilLiteral, negated: false, optional: true)
        let nullable = sql.arithmetic(try column(sql, author, "age"), .add, sql.value(.integer(1)))
        #expect(sql.condition(nullable).fragment.text == #"COALESCE(("Author"."age" + ?), 0)"#)
        #expect(
            sql.and(nullable, isNull).fragment.text
                == #"(COALESCE(("Author"."age" + ?), 0) AND ("Book"."cost" IS NULL))"#)
        #expect(sql.or(isNull, isNull).fragment.text == #"(("Book"."cost" IS NULL) OR ("Book"."cost" IS NULL))"#)
        #expect(sql.not(nullable).fragment.text == #"(NOT COALESCE(("Author"."age" + ?), 0))"#)
        #expect(sql.not(nullable).fragment.arguments == [.integer(1)])
    }

    @Test func conditionalAndCoalesce() throws {
        let sql = SQLExpressionBuilder()
        let price = try column(sql, book, "price")
        let test = sql.comparison(price, .lessThan, sql.value(.real(10)))
        let choice = sql.conditional(test, then: sql.value(.text("cheap")), else: sql.value(.text("dear")))
        #expect(choice.fragment.text == #"(CASE WHEN ("Book"."price" < ?) THEN ? ELSE ? END)"#)
        #expect(choice.fragment.arguments == [.real(10), .text("cheap"), .text("dear")])
        let coalesced = sql.coalesce(try column(sql, book, "cost"), sql.value(.text("0")))
        #expect(coalesced.fragment.text == #"COALESCE("Book"."cost", ?)"#)
        #expect(!coalesced.isNullable)
    }

    @Test func unlessNullAndThroughReference() throws {
        let sql = SQLExpressionBuilder()
        let cost = try column(sql, book, "cost")
        let count = sql.characterCount(cost.unwrapped)
        #expect(
            sql.unlessNull(cost, then: count).fragment.text
                == #"(CASE WHEN "Book"."cost" IS NULL THEN NULL ELSE osd_character_count("Book"."cost") END)"#)
        let title = try column(sql, book, "title")
        #expect(
            sql.unlessNull(title, then: sql.characterCount(title)).fragment.text
                == #"osd_character_count("Book"."title")"#)
        let reference = sql.reference(
            through: try book.column("author"), row: sql.row(of: book), table: book, alias: book.quotedName, to: author
        )
        let name = try sql.throughReference(reference, table: author) { row throws in
            guard case .reference(let table, let alias) = row.kind else { return sql.nilLiteral }
            return sql.value(of: try table.column("name"), row: row, table: table, alias: alias)
        }
        #expect(name.fragment.text == #"(SELECT o1."name" FROM "Author" AS o1 WHERE o1."Z_PK" = "Book"."author")"#)
        #expect(name.isNullable)
    }

    // MARK: Comparison

    @Test func equalityGivesNullItsMeaning() throws {
        let sql = SQLExpressionBuilder()
        let title = try column(sql, book, "title"), cost = try column(sql, book, "cost"),
            price = try column(sql, book, "price")
        #expect(
            sql.equality(title, sql.value(.text("Dune")), negated: false, optional: false).fragment.text
                == #"("Book"."title" = ?)"#)
        #expect(
            sql.equality(title, sql.value(.text("Dune")), negated: true, optional: false).fragment.text
                == #"("Book"."title" <> ?)"#)
        #expect(
            sql.equality(cost, sql.nilLiteral, negated: false, optional: true).fragment.text
                == #"("Book"."cost" IS NULL)"#)
        #expect(
            sql.equality(sql.nilLiteral, cost, negated: true, optional: true).fragment.text
                == #"("Book"."cost" IS NOT NULL)"#)
        #expect(
            sql.equality(cost, sql.value(.text("1.5")), negated: false, optional: true).fragment.text
                == #"("Book"."cost" IS ?)"#)
        #expect(
            sql.equality(cost, sql.value(.text("1.5")), negated: true, optional: true).fragment.text
                == #"("Book"."cost" IS NOT ?)"#)
        // A NULL where no nil can be is NaN: equal to nothing.
        #expect(
            sql.equality(price, sql.value(.real(.nan)), negated: false, optional: false).fragment.text
                == #"COALESCE("Book"."price" = ?, 0)"#)
        #expect(
            sql.equality(price, sql.value(.real(.nan)), negated: true, optional: false).fragment.text
                == #"COALESCE("Book"."price" <> ?, 1)"#)
        #expect(sql.bothNull(cost, cost).fragment.text == #"("Book"."cost" IS NULL AND "Book"."cost" IS NULL)"#)
    }

    @Test func setEqualityIgnoresOrder() throws {
        let sql = SQLExpressionBuilder()
        let tags = try column(sql, book, "tagNames")
        let equal = sql.setEquality(tags, sql.value(.text(#"["a","b"]"#)), negated: false)
        #expect(
            equal.fragment.text
                == #"(json_array_length("Book"."tagNames") = json_array_length(?) AND NOT EXISTS (SELECT 1 FROM "#
                + #"json_each("Book"."tagNames") AS s1a WHERE NOT EXISTS (SELECT 1 FROM json_each(?) AS s1b WHERE s1b.value IS s1a.value)))"#
        )
        #expect(equal.fragment.arguments == [.text(#"["a","b"]"#), .text(#"["a","b"]"#)])
        #expect(
            sql.setEquality(tags, sql.nilLiteral, negated: true).fragment.text == #"("Book"."tagNames" IS NOT NULL)"#)
        let nullable = sql.setEquality(sql.value(.real(.nan)), tags, negated: true)
        #expect(
            nullable.fragment.text.hasPrefix(
                "(NOT (CASE WHEN ? IS NULL OR \"Book\".\"tagNames\" IS NULL THEN (? IS NULL AND"))
    }

    @Test func orderingsAreFalseOnNull() throws {
        let sql = SQLExpressionBuilder()
        #expect(
            sql.comparison(try column(sql, book, "price"), .greaterThanOrEqual, sql.value(.real(1))).fragment.text
                == #"("Book"."price" >= ?)"#)
        #expect(
            sql.comparison(try column(sql, author, "age"), .lessThanOrEqual, sql.value(.integer(40))).fragment.text
                == #"COALESCE(("Author"."age" <= ?), 0)"#)
        #expect(
            sql.comparison(try column(sql, author, "age"), .greaterThan, sql.value(.integer(40))).fragment.text
                == #"COALESCE(("Author"."age" > ?), 0)"#)
    }

    // MARK: Arithmetic

    @Test func arithmetic() throws {
        let sql = SQLExpressionBuilder()
        let price = try column(sql, book, "price"), age = try column(sql, author, "age")
        #expect(sql.arithmetic(price, .add, sql.value(.real(1))).fragment.text == #"("Book"."price" + ?)"#)
        #expect(sql.arithmetic(price, .subtract, price).fragment.text == #"("Book"."price" - "Book"."price")"#)
        #expect(sql.arithmetic(price, .multiply, price).fragment.text == #"("Book"."price" * "Book"."price")"#)
        #expect(sql.arithmetic(age, .add, sql.value(.integer(1))).isNullable)
        #expect(sql.integerDivision(age, sql.value(.integer(2))).fragment.text == #"("Author"."age" / ?)"#)
        #expect(sql.remainder(age, sql.value(.integer(2))).fragment.text == #"("Author"."age" % ?)"#)
        #expect(sql.remainder(sql.value(.integer(4)), sql.value(.integer(2))).isNullable)
        #expect(sql.floatDivision(price, sql.value(.real(0))).fragment.text == #"osd_float_divide("Book"."price", ?)"#)
        #expect(sql.negation(price, floatingPoint: true).fragment.text == #"("Book"."price" * -1)"#)
        #expect(sql.negation(age, floatingPoint: false).fragment.text == #"(- "Author"."age")"#)
    }

    // MARK: Strings

    @Test func stringMatching() throws {
        let sql = SQLExpressionBuilder()
        let title = try column(sql, book, "title"), cost = try column(sql, book, "cost")
        let earth = sql.value(.text("earth"))
        #expect(sql.matches(title, .contains, earth).fragment.text == #"osd_contains("Book"."title", ?)"#)
        let insensitive = sql.matches(title, .contains, earth, options: [.caseInsensitive, .diacriticInsensitive])
        #expect(insensitive.fragment.text == #"osd_contains("Book"."title", ?, ?)"#)
        #expect(insensitive.fragment.arguments == [.text("earth"), .integer(3)])
        #expect(
            sql.matches(cost, .startsWith, earth).fragment.text == #"COALESCE(osd_starts_with("Book"."cost", ?), 0)"#)
        #expect(
            sql.matches(title, .endsWith, earth, options: .caseInsensitive).fragment.arguments == [
                .text("earth"), .integer(1),
            ])
        #expect(sql.matches(title, .endsWith, earth).fragment.text == #"osd_ends_with("Book"."title", ?)"#)
        #expect(sql.matches(title, .equals, earth).fragment.text == #"osd_equals("Book"."title", ?, ?)"#)
        #expect(
            sql.matches(title, .localizedStandardContains, earth, options: .caseInsensitive).fragment.text
                == #"osd_localized_standard_contains("Book"."title", ?)"#)
        #expect(
            sql.compare(title, .caseInsensitive, earth).fragment.text
                == #"osd_case_insensitive_compare("Book"."title", ?)"#)
        #expect(sql.compare(cost, .localized, earth).fragment.text == #"osd_localized_compare("Book"."cost", ?)"#)
        #expect(sql.compare(cost, .localized, earth).isNullable)
        #expect(sql.characterCount(title).fragment.text == #"osd_character_count("Book"."title")"#)
        #expect(sql.isEmptyText(title).fragment.text == #"("Book"."title" = '')"#)
    }

    /// Core Data's CONTAINS, BEGINSWITH and ENDSWITH search with `range(of:options:)` even without options: the
    /// three-argument functions, with options 0.
    @Test func stringMatchingByRange() throws {
        let sql = SQLExpressionBuilder()
        let title = try column(sql, book, "title")
        let earth = sql.value(.text("earth"))
        let byRange = sql.matches(title, .contains, earth, searchesByRange: true)
        #expect(byRange.fragment.text == #"osd_contains("Book"."title", ?, ?)"#)
        #expect(byRange.fragment.arguments == [.text("earth"), .integer(0)])
        #expect(
            sql.matches(title, .startsWith, earth, options: .caseInsensitive, searchesByRange: true).fragment.arguments
                == [.text("earth"), .integer(1)])
    }

    // MARK: IN and ranges

    @Test func membershipAndRanges() throws {
        let sql = SQLExpressionBuilder()
        let age = try column(sql, author, "age"), price = try column(sql, book, "price")
        let members = sql.isIn(age, [.integer(1), .null, .integer(2)])
        #expect(members.fragment.text == #"COALESCE("Author"."age" IN (?, ?) OR "Author"."age" IS NULL, 0)"#)
        #expect(members.fragment.arguments == [.integer(1), .integer(2)])
        #expect(sql.isIn(age, []).fragment.text == "0")
        #expect(sql.isIn(age, [.null]).fragment.text == #"COALESCE("Author"."age" IS NULL, 0)"#)
        let closed = sql.isInRange(price, from: sql.value(.real(1)), to: sql.value(.real(2)), closed: true)
        #expect(closed.fragment.text == #"("Book"."price" BETWEEN ? AND ?)"#)
        #expect(closed.fragment.arguments == [.real(1), .real(2)])
        let halfOpen = sql.isInRange(price, from: sql.value(.real(1)), to: sql.value(.real(2)), closed: false)
        #expect(halfOpen.fragment.text == #"("Book"."price" >= ? AND "Book"."price" < ?)"#)
        #expect(
            sql.isInRange(age, from: sql.value(.integer(1)), to: sql.value(.integer(2)), closed: true).fragment.text
                == #"COALESCE(("Author"."age" BETWEEN ? AND ?), 0)"#)
    }

    // MARK: JSON

    @Test func jsonArrays() throws {
        let sql = SQLExpressionBuilder()
        let tags = try column(sql, book, "tagNames")
        #expect(sql.canonicalJSON(tags).fragment.text == #"osd_canonical_json("Book"."tagNames")"#)
        // A bound value is made canonical now: NFC, and no negative zero.
        #expect(
            sql.canonicalJSON(sql.value(.text("[\"e\u{301}\",-0.0]"))).fragment.arguments == [.text("[\"\u{e9}\",0.0]")]
        )
        #expect(sql.jsonCount(tags).fragment.text == #"json_array_length("Book"."tagNames")"#)
        #expect(sql.jsonIsEmpty(tags).fragment.text == #"(json_array_length("Book"."tagNames") = 0)"#)
        #expect(
            sql.jsonContains(tags, sql.value(.text("sf"))).fragment.text
                == #"EXISTS (SELECT 1 FROM json_each("Book"."tagNames") AS e1 WHERE e1.value IS ?)"#)
        let any = sql.jsonAny(tags) { element in
            sql.equality(element, sql.value(.text("sf")), negated: false, optional: false)
        }
        #expect(any.fragment.text == #"EXISTS (SELECT 1 FROM json_each("Book"."tagNames") AS e2 WHERE (e2.value = ?))"#)
        let all = sql.jsonAll(tags) { element in sql.characterCount(element) }
        #expect(
            all.fragment.text
                == #"NOT EXISTS (SELECT 1 FROM json_each("Book"."tagNames") AS e3 WHERE NOT osd_character_count(e3.value))"#
        )
        #expect(
            sql.jsonMaximum(tags).fragment.text == #"(SELECT max(e4.value) FROM json_each("Book"."tagNames") AS e4)"#)
        #expect(
            sql.jsonMinimum(tags).fragment.text == #"(SELECT min(e5.value) FROM json_each("Book"."tagNames") AS e5)"#)
        #expect(sql.jsonMinimum(tags).isNullable)
    }

    // MARK: To-many relationships

    @Test func subqueriesThroughTheForeignKey() throws {
        let sql = SQLExpressionBuilder()
        let books = sql.collection(try mapping.relationship(author, "books"), of: sql.row(of: author))
        let mapping = try mapping.relationship(author, "books")
        #expect(
            sql.relatedIsEmpty(books, mapping).fragment.text
                == #"(NOT EXISTS (SELECT 1 FROM "Book" AS c1 WHERE c1."author" = "Author"."Z_PK"))"#)
        #expect(
            sql.relatedCount(books, mapping).fragment.text
                == #"(SELECT count(*) FROM "Book" AS c2 WHERE c2."author" = "Author"."Z_PK")"#)
        let any = try sql.relatedAny(books, mapping) { row throws in
            guard case .reference(let table, let alias) = row.kind else { return sql.nilLiteral }
            return sql.equality(
                sql.value(of: try table.column("title"), row: row, table: table, alias: alias),
                sql.value(.text("Dune")), negated: false,
                optional: false
            )
        }
        #expect(
            any.fragment.text
                == #"(EXISTS (SELECT 1 FROM "Book" AS r3 WHERE r3."author" = "Author"."Z_PK" AND (r3."title" = ?)))"#)
        #expect(any.fragment.arguments == [.text("Dune")])
        let all = sql.relatedAll(books, mapping) { row in
            sql.equality(row, sql.nilLiteral, negated: true, optional: true)
        }
        #expect(
            all.fragment.text
                == #"(NOT EXISTS (SELECT 1 FROM "Book" AS r4 WHERE r4."author" = "Author"."Z_PK" AND NOT (r4."Z_PK" IS NOT NULL)))"#
        )
    }

    @Test func subqueriesThroughAJoinTableAndAToOne() throws {
        let sql = SQLExpressionBuilder()
        let tagsMapping = try mapping.relationship(book, "tags")
        let tags = sql.collection(tagsMapping, of: sql.row(of: book))
        let contains = sql.relatedContains(tags, tagsMapping, sql.value(.integer(5)))
        #expect(
            contains.fragment.text
                == #"(EXISTS (SELECT 1 FROM "Tag" AS r1 JOIN "Z_Book_tags" AS r1j ON r1j."Z_TARGET" = r1."Z_PK" "#
                + #"WHERE r1j."Z_SOURCE" = "Book"."Z_PK" AND r1."Z_PK" = ?))"#)
        #expect(contains.fragment.arguments == [.integer(5)])
        let authorMapping = try mapping.relationship(book, "author")
        let author = sql.collection(authorMapping, of: sql.row(of: book))
        #expect(
            sql.relatedIsEmpty(author, authorMapping).fragment.text
                == #"(NOT EXISTS (SELECT 1 FROM "Author" AS c2 WHERE c2."Z_PK" = "#
                + #"(SELECT c2o."author" FROM "Book" AS c2o WHERE c2o."Z_PK" = "Book"."Z_PK")))"#)
    }
}
