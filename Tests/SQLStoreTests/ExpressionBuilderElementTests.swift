import Foundation
@testable import SQLStore
import Testing

/// The SQL of the builder's operations on some elements of a JSON array (filters, range subscripts), on JSON
/// objects and paths, on filtered relationships, and of failures (the rows where the front end's own evaluation
/// would throw).
@Suite struct ExpressionBuilderElementTests {
    let mapping: SchemaMapping
    let author: EntityTable
    let book: EntityTable

    init() throws {
        mapping = try Library.mapping()
        author = try mapping.named("Author")
        book = try mapping.named("Book")
    }

    func column(_ builder: SQLExpressionBuilder, _ table: EntityTable, _ name: String) throws -> SQLExpression {
        builder.value(of: try table.column(name), row: builder.row(of: table), table: table, alias: table.quotedName)
    }

    /// A test on an element that fails where the element is nil (a force unwrap).
    func failingTest(_ sql: SQLExpressionBuilder, _ element: SQLExpression) -> SQLExpression {
        var test = sql.equality(element, sql.value(.text("a")), negated: false, optional: true)
        test.failure = sql.failsIfNull(element)
        return test
    }

    static let canonicalTags = #"json_each(osd_canonical_json("Book"."tagNames"))"#

    @Test func filteredElementsAreReadWhereTheyAre() throws {
        let sql = SQLExpressionBuilder()
        let tags = try column(sql, book, "tagNames")
        let all = JSONElements(array: sql.canonicalJSON(tags), elementNullable: true, isOrdered: true)
        let longer = sql.jsonFilter(all) { element in
            sql.comparison(sql.characterCount(element), .greaterThan, sql.value(.integer(1)))
        }
        // The filtered array, rebuilt as JSON for a consumer that needs the array itself.
        #expect(
            longer.fragment.text
                == "(SELECT json_group_array(CASE j2.type WHEN 'true' THEN json('true') WHEN 'false' THEN "
                + "json('false') WHEN 'real' THEN json(osd_json_number(j2.value)) ELSE j2.value END) FROM \(Self.canonicalTags) AS j2 "
                + "WHERE COALESCE((osd_character_count(j2.value) > ?), 0))")
        #expect(longer.fragment.arguments == [.integer(1)])
        #expect(longer.isRebuiltJSON && longer.failure == nil)
        let elements = try #require(longer.elements)
        let kept = "COALESCE((osd_character_count(%.value) > ?), 0)"
        func keeps(_ alias: String) -> String { kept.replacingOccurrences(of: "%", with: alias) }
        #expect(
            sql.jsonCount(elements).fragment.text
                == "(SELECT count(*) FROM \(Self.canonicalTags) AS j3 WHERE \(keeps("j3")))")
        #expect(
            sql.jsonIsEmpty(elements).fragment.text
                == "(NOT EXISTS (SELECT 1 FROM \(Self.canonicalTags) AS j4 WHERE \(keeps("j4"))))")
        let contains = sql.jsonContains(elements, sql.value(.text("sf")))
        #expect(
            contains.fragment.text
                == "EXISTS (SELECT 1 FROM \(Self.canonicalTags) AS e5 WHERE \(keeps("e5")) AND e5.value IS ?)")
        #expect(contains.fragment.arguments == [.integer(1), .text("sf")])
        #expect(
            sql.jsonFirst(elements).fragment.text
                == "(SELECT j6.value FROM \(Self.canonicalTags) AS j6 WHERE \(keeps("j6")) ORDER BY j6.key ASC LIMIT 1)"
        )
        #expect(
            sql.jsonFirst(elements, last: true).fragment.text
                == "(SELECT j7.value FROM \(Self.canonicalTags) AS j7 WHERE \(keeps("j7")) ORDER BY j7.key DESC LIMIT 1)"
        )
        #expect(
            sql.jsonMaximum(elements).fragment.text
                == "(SELECT max(e8.value) FROM \(Self.canonicalTags) AS e8 WHERE \(keeps("e8")))")
    }

    @Test func subscriptsFailOutsideTheArray() throws {
        let sql = SQLExpressionBuilder()
        let tags = try column(sql, book, "tagNames")
        let all = JSONElements(array: sql.canonicalJSON(tags), elementNullable: false, isOrdered: true)
        let slice = sql.jsonSlice(all, from: sql.value(.integer(1)), to: sql.value(.integer(3)))
        #expect(slice.fragment.text.hasSuffix("FROM \(Self.canonicalTags) AS j1 WHERE j1.key >= ? AND j1.key < ?)"))
        #expect(slice.fragment.arguments == [.integer(1), .integer(3)])
        let length = #"json_array_length(osd_canonical_json("Book"."tagNames"))"#
        #expect(
            slice.failure
                == SQLFragment(
                    "COALESCE(NOT (? >= 0 AND ? <= \(length) AND ? >= 0 AND ? <= \(length)), 1)",
                    [.integer(1), .integer(1), .integer(3), .integer(3)]
                ))
        let element = sql.jsonElement(at: sql.value(.integer(2)), of: tags, nullable: false)
        #expect(
            element.fragment
                == SQLFragment(
                    #"(SELECT i2.value FROM json_each("Book"."tagNames") AS i2 WHERE i2.key = ?)"#, [.integer(2)]))
        #expect(
            element.failure
                == SQLFragment(
                    #"COALESCE(NOT (? >= 0 AND ? < json_array_length("Book"."tagNames")), 1)"#,
                    [.integer(2), .integer(2)]
                ))
    }

    @Test func closuresThatCanFailFailOnTheFirstElementThatDecides() throws {
        let sql = SQLExpressionBuilder()
        let tags = try column(sql, book, "tagNames")
        let all = JSONElements(array: sql.canonicalJSON(tags), elementNullable: true, isOrdered: true)
        let any = sql.jsonAny(all) { element in failingTest(sql, element) }
        #expect(any.fragment.text == "EXISTS (SELECT 1 FROM \(Self.canonicalTags) AS e1 WHERE (e1.value IS ?))")
        // contains(where:) throws on an element when no earlier one matched (without throwing).
        #expect(
            any.failure?.text
                == "EXISTS (SELECT 1 FROM \(Self.canonicalTags) AS e1 WHERE (e1.value IS NULL) AND NOT EXISTS "
                + "(SELECT 1 FROM \(Self.canonicalTags) AS e2 WHERE e2.key < e1.key AND (e2.value IS ?) AND NOT (e2.value IS NULL)))"
        )
        let every = sql.jsonAll(all) { element in failingTest(sql, element) }
        #expect(
            every.failure?.text
                == "EXISTS (SELECT 1 FROM \(Self.canonicalTags) AS e3 WHERE (e3.value IS NULL) AND NOT EXISTS "
                + "(SELECT 1 FROM \(Self.canonicalTags) AS e4 WHERE e4.key < e3.key AND NOT (e4.value IS ?) AND NOT (e4.value IS NULL)))"
        )
        // filter tests every element.
        let filtered = sql.jsonFilter(all) { element in failingTest(sql, element) }
        #expect(filtered.failure?.text == "EXISTS (SELECT 1 FROM \(Self.canonicalTags) AS e5 WHERE (e5.value IS NULL))")
        #expect(sql.jsonAny(all) { element in sql.isNotNull(element) }.failure == nil)
    }

    @Test func dictionariesAndPaths() throws {
        let sql = SQLExpressionBuilder()
        let json = try column(sql, book, "tagNames")
        #expect(
            sql.jsonObjectCount(json).fragment.text == #"(CASE WHEN (json_type("Book"."tagNames") = 'object') THEN "#
                + #"(SELECT count(*) FROM json_each("Book"."tagNames") AS k1) ELSE json_array_length("Book"."tagNames") / 2 END)"#
        )
        #expect(
            sql.jsonObjectIsEmpty(json).fragment.text
                == #"(NOT EXISTS (SELECT 1 FROM json_each("Book"."tagNames") AS k2))"#)
        #expect(
            sql.jsonMember(json, key: sql.value(.integer(4)), integerKey: true).fragment
                == SQLFragment(
                    #"(SELECT k3.value FROM json_each("Book"."tagNames") AS k3 WHERE k3.key = CAST(? AS TEXT))"#,
                    [.integer(4)]))
        #expect(
            sql.jsonMember(json, key: sql.value(.text("k")), integerKey: false).fragment.text
                == #"(SELECT k4.value FROM json_each("Book"."tagNames") AS k4 WHERE k4.key = ?)"#)
        let width = sql.jsonValue(json, at: ["size", "width"], nullable: true)
        #expect(width.fragment == SQLFragment(#"json_extract("Book"."tagNames", ?)"#, [.text(#"$."size"."width""#)]))
        #expect(width.isNullable)
    }

    @Test func partialRangesRegexesAndNull() throws {
        let sql = SQLExpressionBuilder()
        let age = try column(sql, author, "age")
        #expect(
            sql.isInRange(age, from: sql.value(.integer(3)), to: nil, closed: false).fragment.text
                == #"COALESCE(("Author"."age" >= ?), 0)"#)
        #expect(
            sql.isInRange(age, from: nil, to: sql.value(.integer(3)), closed: true).fragment.text
                == #"COALESCE(("Author"."age" <= ?), 0)"#)
        #expect(
            sql.isInRange(age, from: nil, to: sql.value(.integer(3)), closed: false).fragment.text
                == #"COALESCE(("Author"."age" < ?), 0)"#)
        #expect(
            sql.containsRegex(try column(sql, author, "name"), pattern: "^a+$").fragment
                == SQLFragment(#"osd_regex_contains("Author"."name", ?)"#, [.text("^a+$")]))
        #expect(sql.isNotNull(age).fragment.text == #"("Author"."age" IS NOT NULL)"#)
    }

    @Test func failuresCountWhereTheirOperandIsEvaluated() throws {
        let sql = SQLExpressionBuilder()
        let age = try column(sql, author, "age")
        let fails = sql.failsIfNull(age)
        #expect(fails.text == #"("Author"."age" IS NULL)"#)
        let older = sql.comparison(age, .greaterThan, sql.value(.integer(1)))
        let test = #"COALESCE(("Author"."age" > ?), 0)"#
        #expect(sql.failure(fails, when: older)?.text == #"(\#(test) AND ("Author"."age" IS NULL))"#)
        #expect(sql.failure(fails, unless: older)?.text == #"(NOT \#(test) AND ("Author"."age" IS NULL))"#)
        #expect(sql.failure(fails, whenNull: age)?.text == #"("Author"."age" IS NULL AND ("Author"."age" IS NULL))"#)
        #expect(
            sql.failure(fails, whenNotNull: age)?.text == #"("Author"."age" IS NOT NULL AND ("Author"."age" IS NULL))"#)
        #expect(sql.failure(nil, when: older) == nil)
        #expect(sql.anyFailure([fails, nil, sql.alwaysFails])?.text == #"(("Author"."age" IS NULL) OR 1)"#)
        #expect(sql.anyFailure([nil, nil]) == nil)
        var failing = older
        failing.failure = fails
        #expect(
            sql.excludingFailures(failing).fragment
                == SQLFragment(#"(NOT ("Author"."age" IS NULL) AND \#(test))"#, [.integer(1)]))
        #expect(sql.excludingFailures(older).fragment.text == test)
    }

    @Test func filteredRelationshipsAndReferences() throws {
        let sql = SQLExpressionBuilder()
        let booksMapping = try mapping.relationship(author, "books")
        let books = sql.collection(booksMapping, of: sql.row(of: author))
        let cheap = sql.relatedFilter(books) { row in
            guard case .reference(let table, let alias) = row.kind, let price = try? table.column("price") else {
                return sql.constant(false)
            }
            var test = sql.comparison(
                sql.value(of: price, row: row, table: table, alias: alias), .lessThan, sql.value(.real(10)))
            test.failure = sql.failsIfNull(row)
            return test
        }
        let count = sql.relatedCount(cheap, booksMapping)
        #expect(
            count.fragment
                == SQLFragment(
                    #"(SELECT count(*) FROM "Book" AS c1 WHERE c1."author" = "Author"."Z_PK" AND (c1."price" < ?))"#,
                    [.real(10)]
                ))
        #expect(
            count.failure?.text
                == #"EXISTS (SELECT 1 FROM "Book" AS c1 WHERE c1."author" = "Author"."Z_PK" AND (c1."Z_PK" IS NULL))"#)
        // A choice between the same relationship, filtered, is not that relationship.
        guard case .computed = SQLExpressionBuilder.commonKind(cheap, books) else {
            Issue.record("a filtered relationship is not its relationship")
            return
        }
        let reference = sql.reference(
            through: try book.column("author"), row: sql.row(of: book), table: book, alias: book.quotedName, to: author)
        let age = try sql.throughReference(reference, table: author) { row in
            guard case .reference(let table, let alias) = row.kind else { return sql.nilLiteral }
            var value = sql.value(of: try table.column("age"), row: row, table: table, alias: alias)
            value.failure = sql.failsIfNull(value)
            return value
        }
        #expect(age.fragment.text == #"(SELECT o2."age" FROM "Author" AS o2 WHERE o2."Z_PK" = "Book"."author")"#)
        // Asked of the row the reference points to; no row (nil) does not fail.
        #expect(
            age.failure?.text
                == #"COALESCE((SELECT (o2."age" IS NULL) FROM "Author" AS o2 WHERE o2."Z_PK" = "Book"."author"), 0)"#)
    }
}
