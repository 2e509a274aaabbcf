import Foundation
import OpenSwiftData
import PostgreSQL
import StoreTestSupport
import Testing

/// Values with a PostgreSQL type of their own.
@Model
final class TypedValues {
    var name: String
    var identifier: UUID
    var maybeIdentifier: UUID?
    var amount: Decimal
    var maybeAmount: Decimal?
    var related: [UUID]

    init(
        name: String, identifier: UUID, maybeIdentifier: UUID? = nil, amount: Decimal, maybeAmount: Decimal? = nil,
        related: [UUID] = []
    ) {
        self.name = name
        self.identifier = identifier
        self.maybeIdentifier = maybeIdentifier
        self.amount = amount
        self.maybeAmount = maybeAmount
        self.related = related
    }
}

/// The PostgreSQL store's column types (`uuid`, `numeric`), the conversion of a store an older build made with
/// `text` columns, and its `osd_` functions made current at every open.
@Suite(.serialized) struct PostgreSQLTypeMappingTests {
    init() throws {
        _ = try TestServer.url.get()
    }

    static let uuids = [
        "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "00000000-0000-0000-0000-000000000001",
        "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF", "9A3B0C1D-2E4F-4A5B-8C6D-7E8F90A1B2C3",
    ].compactMap(UUID.init(uuidString:))

    static func decimal(_ text: String) -> Decimal {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }

    static let amounts = ["12345678901234567890.123456789", "-0.000001", "10", "9.5", "1e3", "-2"].map(decimal)

    /// Four rows of every kind of value.
    static func insertRows(_ context: ModelContext) throws {
        for (index, identifier) in uuids.enumerated() {
            context.insert(
                TypedValues(
                    name: "row \(index)", identifier: identifier,
                    maybeIdentifier: index.isMultiple(of: 2) ? uuids[(index + 1) % uuids.count] : nil,
                    amount: amounts[index], maybeAmount: index == 1 ? nil : amounts[index + 2],
                    related: Array(uuids.prefix(index))))
        }
        try context.save()
    }

    /// The rows as comparable tuples, in name order.
    static func values(_ context: ModelContext) throws -> [String] {
        try context.fetch(FetchDescriptor<TypedValues>(sortBy: [SortDescriptor(\.name)])).map {
            "\($0.name) \($0.identifier) \($0.maybeIdentifier.map(\.uuidString) ?? "nil") \($0.amount) "
                + "\($0.maybeAmount.map(\.description) ?? "nil") \($0.related.map(\.uuidString))"
        }
    }

    /// A connection to the test server with `schema` first on its `search_path`.
    static func connection(_ schema: String) throws -> PostgreSQLConnection {
        let connection = try TestServer.connect()
        try connection.execute(script: "SET search_path TO \"\(schema)\"")
        return connection
    }

    /// Each column of `TypedValues`'s table with its declared type.
    static func columnTypes(_ connection: PostgreSQLConnection, _ schema: String) throws -> [String: String] {
        let result = try connection.execute(
            "SELECT a.attname::text, format_type(a.atttypid, NULL) FROM pg_attribute a JOIN pg_class c "
                + "ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 "
                + "AND c.relname = 'TypedValues' AND a.attnum > 0 AND NOT a.attisdropped", [.text(schema)])
        var types: [String: String] = [:]
        for row in 0..<result.rowCount {
            types[result.text(row: row, column: 0) ?? ""] = result.text(row: row, column: 1)
        }
        return types
    }

    /// The table's UUID and Decimal columns as an older build declared them: `text`, holding `uuidString` and the
    /// decimal's description.
    static func writeOldMapping(_ connection: PostgreSQLConnection) throws {
        for column in ["identifier", "maybeIdentifier"] {
            try connection.execute(
                script:
                    "ALTER TABLE \"TypedValues\" ALTER COLUMN \"\(column)\" TYPE text USING upper(\"\(column)\"::text)")
        }
        for column in ["amount", "maybeAmount"] {
            try connection.execute(
                script: "ALTER TABLE \"TypedValues\" ALTER COLUMN \"\(column)\" TYPE text USING \"\(column)\"::text")
        }
        try connection.execute(script: "DELETE FROM \"Z_METADATA\" WHERE \"key\" = 'functions'")
    }

    @Test func uuidAndDecimalColumnsHaveTheirOwnTypes() throws {
        let location = try TestStoreLocation(.postgreSQL)
        _ = try location.container(TypedValues.self)
        let types = try Self.columnTypes(try Self.connection(location.schemaName), location.schemaName)
        #expect(types["identifier"] == "uuid" && types["maybeIdentifier"] == "uuid")
        #expect(types["amount"] == "numeric" && types["maybeAmount"] == "numeric")
        #expect(types["name"] == "text" && types["related"] == "text")
    }

    @Test func valuesRoundTripExactly() throws {
        let location = try TestStoreLocation(.postgreSQL)
        try Self.insertRows(ModelContext(try location.container(TypedValues.self)))
        let stored = try ModelContext(try location.container(TypedValues.self)).fetch(
            FetchDescriptor<TypedValues>(sortBy: [SortDescriptor(\.name)]))
        #expect(stored.map(\.identifier) == Self.uuids)
        #expect(stored.map(\.amount) == Array(Self.amounts.prefix(4)))
        #expect(stored.map(\.amount.description) == ["12345678901234567890.123456789", "-0.000001", "10", "9.5"])
        #expect(stored.map(\.maybeAmount) == [Self.amounts[2], nil, Self.amounts[4], Self.amounts[5]])
        #expect(stored.map(\.related) == (0..<4).map { Array(Self.uuids.prefix($0)) })
        // The SQLite store reads the same values back.
        let sqlite = try TestStoreLocation(.sqlite)
        try Self.insertRows(ModelContext(try sqlite.container(TypedValues.self)))
        #expect(
            try Self.values(ModelContext(try sqlite.container(TypedValues.self)))
                == Self.values(ModelContext(try location.container(TypedValues.self))))
    }

    @Test func predicatesAndSortsMatchEvaluate() throws {
        let context = ModelContext(try TestStore.postgreSQL.container(TypedValues.self))
        try Self.insertRows(context)
        let sorted = try context.fetch(FetchDescriptor<TypedValues>(sortBy: [SortDescriptor(\.amount)])).map(\.amount)
        #expect(sorted == Self.amounts.prefix(4).sorted())
        let descending = try context.fetch(
            FetchDescriptor<TypedValues>(sortBy: [SortDescriptor(\.maybeAmount, order: .reverse)])
        ).map(\.maybeAmount)
        #expect(descending == [Self.amounts[4], Self.amounts[2], Self.amounts[5], nil])
        let nine = Self.decimal("9.5"), ten = Self.decimal("10.000"), zero = Decimal(0)
        #expect(try expectSQLMatchesEvaluate(#Predicate<TypedValues> { $0.amount > nine }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<TypedValues> { $0.amount == ten }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<TypedValues> { $0.amount != ten }, in: context) == 3)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<TypedValues> { ($0.maybeAmount ?? zero) < ten }, in: context) == 2)
        let first = Self.uuids[0], second = Self.uuids[1]
        let some = [Self.uuids[1], Self.uuids[3]]
        #expect(try expectSQLMatchesEvaluate(#Predicate<TypedValues> { $0.identifier == first }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<TypedValues> { $0.identifier != first }, in: context) == 3)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<TypedValues> { $0.maybeIdentifier == second }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<TypedValues> { $0.maybeIdentifier == nil }, in: context) == 2)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<TypedValues> { some.contains($0.identifier) }, in: context) == 2)
        #expect(try expectSQLMatchesEvaluate(#Predicate<TypedValues> { $0.related.contains(second) }, in: context) == 2)
    }

    /// A store an older build made (`text` columns for UUIDs and decimals, no record of its functions) opens with
    /// its columns converted and every value equal.
    @Test func aStoreWithTheOldMappingConvertsAtOpen() throws {
        let location = try TestStoreLocation(.postgreSQL)
        try Self.insertRows(ModelContext(try location.container(TypedValues.self)))
        let expected = try Self.values(ModelContext(try location.container(TypedValues.self)))
        let connection = try Self.connection(location.schemaName)
        try Self.writeOldMapping(connection)
        #expect(try Self.columnTypes(connection, location.schemaName)["identifier"] == "text")
        let context = ModelContext(try location.container(TypedValues.self))
        let types = try Self.columnTypes(connection, location.schemaName)
        #expect(types["identifier"] == "uuid" && types["maybeIdentifier"] == "uuid")
        #expect(types["amount"] == "numeric" && types["maybeAmount"] == "numeric")
        #expect(try Self.values(context) == expected)
        let first = Self.uuids[0], nine = Self.decimal("9.5")
        #expect(try expectSQLMatchesEvaluate(#Predicate<TypedValues> { $0.identifier == first }, in: context) == 1)
        #expect(try expectSQLMatchesEvaluate(#Predicate<TypedValues> { $0.amount > nine }, in: context) == 2)
    }

    /// An old store holding text that is no UUID fails to open, naming the column, and stays as it was.
    @Test func aFailedConversionLeavesTheStoreAsItWas() throws {
        let location = try TestStoreLocation(.postgreSQL)
        try Self.insertRows(ModelContext(try location.container(TypedValues.self)))
        let connection = try Self.connection(location.schemaName)
        try Self.writeOldMapping(connection)
        try connection.execute(
            "UPDATE \"TypedValues\" SET \"identifier\" = $1 WHERE \"name\" = $2", [.text("not a UUID"), .text("row 2")])
        #expect {
            _ = try location.container(TypedValues.self)
        } throws: { error in
            "\(error)".contains("TypedValues.identifier holds text that is not a UUID")
        }
        let types = try Self.columnTypes(connection, location.schemaName)
        #expect(types["identifier"] == "text" && types["amount"] == "text")
        let rows = try connection.execute(
            "SELECT \"identifier\", \"amount\" FROM \"TypedValues\" ORDER BY \"name\"")
        #expect(
            try rows.rows() == [
                [.text(Self.uuids[0].uuidString), .text("12345678901234567890.123456789")],
                [.text(Self.uuids[1].uuidString), .text("-0.000001")], [.text("not a UUID"), .text("10")],
                [.text(Self.uuids[3].uuidString), .text("9.5")],
            ])
        let recorded = try connection.execute("SELECT count(*) FROM \"Z_METADATA\" WHERE \"key\" = 'functions'")
        #expect(recorded.integer(row: 0, column: 0) == 0)
    }

    /// The body of `osd_contains(text, text)` as `pg_proc` holds it.
    static func containsBody(_ connection: PostgreSQLConnection) throws -> String? {
        let result = try connection.execute(
            "SELECT p.prosrc FROM pg_proc p WHERE p.oid = 'osd_contains(text, text)'::regprocedure")
        return result.text(row: 0, column: 0)
    }

    /// A function an older build created with another body is the current one after the next open — whether or not
    /// the store records its functions' version.
    @Test(arguments: [false, true]) func aFunctionWithAnOldBodyIsRepairedAtOpen(keepsRecord: Bool) throws {
        let location = try TestStoreLocation(.postgreSQL)
        try Self.insertRows(ModelContext(try location.container(TypedValues.self)))
        let connection = try Self.connection(location.schemaName)
        let current = try Self.containsBody(connection)
        try connection.execute(
            script: "CREATE OR REPLACE FUNCTION osd_contains(a text, b text) RETURNS boolean LANGUAGE sql IMMUTABLE "
                + "AS $$ SELECT false $$")
        if !keepsRecord { try connection.execute(script: "DELETE FROM \"Z_METADATA\" WHERE \"key\" = 'functions'") }
        let reopened = ModelContext(try location.container(TypedValues.self))
        #expect(try Self.containsBody(connection) == current)
        #expect(
            try expectSQLMatchesEvaluate(#Predicate<TypedValues> { $0.name.contains("row") }, in: reopened) == 4)
    }

    /// A function whose return type an older build declared differently (which `CREATE OR REPLACE` cannot change)
    /// is dropped and created again.
    @Test func aFunctionWithAnOldSignatureIsReplacedAtOpen() throws {
        let location = try TestStoreLocation(.postgreSQL)
        _ = try location.container(TypedValues.self)
        let connection = try Self.connection(location.schemaName)
        try connection.execute(script: "DROP FUNCTION osd_character_count(text)")
        try connection.execute(
            script: "CREATE FUNCTION osd_character_count(t text) RETURNS integer LANGUAGE sql IMMUTABLE "
                + "AS $$ SELECT 0 $$")
        try connection.execute(script: "DELETE FROM \"Z_METADATA\" WHERE \"key\" = 'functions'")
        _ = try location.container(TypedValues.self)
        let result = try connection.execute(
            "SELECT format_type(prorettype, NULL), pg_get_function_identity_arguments(oid) FROM pg_proc "
                + "WHERE oid = 'osd_character_count(text)'::regprocedure")
        #expect(result.text(row: 0, column: 0) == "bigint")
        #expect(result.text(row: 0, column: 1) == "a text")
    }

    /// Opening a store whose functions are current changes none of them (their `pg_proc` rows stay the same).
    @Test func anUnchangedStoreRecreatesNoFunctionAtOpen() throws {
        let location = try TestStoreLocation(.postgreSQL)
        _ = try location.container(TypedValues.self)
        let connection = try Self.connection(location.schemaName)
        let query =
            "SELECT string_agg(p.oid::text || ':' || p.xmin::text, ',' ORDER BY p.oid) FROM pg_proc p "
            + "JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1"
        let before = try connection.execute(query, [.text(location.schemaName)]).text(row: 0, column: 0)
        _ = try location.container(TypedValues.self)
        #expect(try connection.execute(query, [.text(location.schemaName)]).text(row: 0, column: 0) == before)
        #expect(before?.isEmpty == false)
    }
}
