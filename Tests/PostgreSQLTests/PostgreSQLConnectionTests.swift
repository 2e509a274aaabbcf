import Foundation
import PostgreSQL
import SQLStore
import StoreTestSupport
import Testing

/// The libpq wrapper against a throwaway server the suite starts itself (``TestServer``).
@Suite(.serialized) struct PostgreSQLConnectionTests {
    @Test func everyStoredValueKindRoundTrips() throws {
        let connection = try TestServer.connect()
        let table = uniqueTableName("values")
        try connection.execute(script: "CREATE TABLE \(table) (i bigint, r double precision, t text, b bytea)")
        let rows: [[StoredValue]] = [
            [.integer(0), .real(0), .text(""), .blob(Data())],
            [.integer(.max), .real(-1.5e300), .text("Grüße, 世界 👩‍👩‍👧"), .blob(Data([0, 1, 0xFF, 0]))],
            [
                .integer(.min), .real(.infinity), .text("line\nbreak\u{0}".replacingOccurrences(of: "\u{0}", with: "")),
                .blob(Data(repeating: 7, count: 1000)),
            ],
            [.integer(-42), .real(0.1 + 0.2), .text("x"), .blob(Data([0x5C, 0x78]))],
            [.null, .null, .null, .null],
        ]
        for (index, row) in rows.enumerated() {
            let sql = "INSERT INTO \(table) (i, r, t, b) VALUES ($1, $2, $3, $4)"
            if index.isMultiple(of: 2) {
                try connection.execute(sql, row)
            } else {
                try connection.executePrepared(sql, row)
            }
        }
        let result = try connection.execute("SELECT i, r, t, b FROM \(table) ORDER BY i NULLS LAST")
        #expect(result.rowCount == 5)
        #expect(try result.rows() == [rows[2], rows[3], rows[0], rows[1], rows[4]])
        #expect(result.integer(row: 0, column: 0) == .min)
        #expect(result.real(row: 1, column: 1) == 0.1 + 0.2)
        #expect(result.text(row: 3, column: 2) == "Grüße, 世界 👩‍👩‍👧")
        #expect(result.blob(row: 2, column: 3) == Data())
        #expect(result.isNull(row: 4, column: 0))
        #expect(result.integer(row: 0, column: 2) == nil)
        #expect(
            try connection.execute("SELECT $1::double precision", [.real(.nan)]).real(row: 0, column: 0)?.isNaN == true)
        #expect(
            try connection.execute("SELECT true, 7::integer, '\"j\"'::jsonb, '[1, 2]'::json").rows()
                == [[.integer(1), .integer(7), .text("\"j\""), .text("[1, 2]")]])
    }

    @Test func aBoundValueIsNeverSQL() throws {
        let connection = try TestServer.connect()
        let table = uniqueTableName("quotes")
        try connection.execute(script: "CREATE TABLE \(table) (t text)")
        let hostile = #"it's "$1" '); DROP TABLE \#(table); -- $2 ?"#
        try connection.execute("INSERT INTO \(table) (t) VALUES ($1)", [.text(hostile)])
        try connection.executePrepared("INSERT INTO \(table) (t) VALUES ($1)", [.text("$1")])
        #expect(
            try connection.execute("SELECT t FROM \(table) ORDER BY t").rows() == [[.text("$1")], [.text(hostile)]])
        #expect(
            try connection.execute("SELECT count(*) FROM \(table) WHERE t = $1", [.text(hostile)]).integer(
                row: 0, column: 0) == 1)
    }

    @Test func aPreparedStatementIsReusedForEachKindOfValue() throws {
        let connection = try TestServer.connect()
        let sql = "SELECT $1::text IS NULL, $2::bigint + 1"
        #expect(try connection.executePrepared(sql, [.null, .integer(1)]).rows() == [[.integer(1), .integer(2)]])
        #expect(
            try connection.executePrepared(sql, [.text("a"), .integer(41)]).rows() == [[.integer(0), .integer(42)]])
        #expect(try connection.executePrepared(sql, [.null, .integer(9)]).rows() == [[.integer(1), .integer(10)]])
        // Text and NULL are both sent without a type: one statement; an integer is another.
        #expect(
            try connection.executePrepared(sql, [.integer(5), .integer(9)]).rows() == [[.integer(0), .integer(10)]])
        #expect(try connection.execute("SELECT count(*) FROM pg_prepared_statements").integer(row: 0, column: 0) == 2)
    }

    /// Text binds to `uuid` and `numeric` columns (the server infers the parameter's type), and both read back as
    /// text: a UUID as `uuidString` spells it, a number as the server writes it.
    @Test func uuidAndNumericColumnsTakeTextAndReadAsText() throws {
        let connection = try TestServer.connect()
        let table = uniqueTableName("native")
        try connection.execute(script: "CREATE TABLE \(table) (k bigint, u uuid, n numeric)")
        let numbers = [
            "1.50", "-0.000001", "12345678901234567890.123456789", "NaN", "0", "10000", "0.0001", "-12.5", "100000000",
            "0.00000000000000000000000000000000000001", "9999.9999", "-10000.00001",
        ]
        let uuid = "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
        for (index, number) in numbers.enumerated() {
            try connection.executePrepared(
                "INSERT INTO \(table) (k, u, n) VALUES ($1, $2, $3)",
                [.integer(Int64(index)), index == 0 ? .null : .text(uuid), .text(number)])
        }
        let result = try connection.execute("SELECT u, n, n::text FROM \(table) ORDER BY k")
        #expect(result.isNull(row: 0, column: 0))
        #expect(try result.value(row: 1, column: 0) == .text(uuid.uppercased()))
        for row in 0..<result.rowCount {
            #expect(result.text(row: row, column: 1) == result.text(row: row, column: 2))
            #expect(result.text(row: row, column: 1) == numbers[Int(row)])
        }
        let matching = try connection.execute(
            "SELECT count(*) FROM \(table) WHERE u = $1 AND n > $2", [.text(uuid.uppercased()), .text("9.5")])
        #expect(matching.integer(row: 0, column: 0) == 5)  // NaN is above every number in PostgreSQL's order
    }

    @Test func aRolledBackTransactionLeavesNothing() throws {
        let connection = try TestServer.connect()
        let table = uniqueTableName("rollback")
        try connection.execute(script: "CREATE TABLE \(table) (n bigint)")
        struct Abandon: Error {}
        #expect(throws: Abandon.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO \(table) (n) VALUES ($1)", [.integer(1)])
                throw Abandon()
            }
        }
        #expect(connection.isInTransaction == false)
        #expect(try connection.execute("SELECT count(*) FROM \(table)").integer(row: 0, column: 0) == 0)
        // A failed statement the body swallowed still rolls the transaction back, and says so.
        let swallowed = #expect(throws: PostgreSQLError.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO \(table) (n) VALUES ($1)", [.integer(2)])
                _ = try? connection.execute("SELECT 1/0")
            }
        }
        #expect(swallowed?.sqlState == "25P02")
        #expect(try connection.execute("SELECT count(*) FROM \(table)").integer(row: 0, column: 0) == 0)
        let committed = try connection.transaction(isolation: .serializable) {
            try connection.execute("INSERT INTO \(table) (n) VALUES ($1)", [.integer(3)])
            return try connection.execute("SHOW transaction_isolation").text(row: 0, column: 0)
        }
        #expect(committed == "serializable")
        #expect(try connection.execute("SELECT n FROM \(table)").rows() == [[.integer(3)]])
    }

    @Test func aUniqueViolationIsATypedError() throws {
        let connection = try TestServer.connect()
        let table = uniqueTableName("unique")
        try connection.execute(script: "CREATE TABLE \(table) (name text UNIQUE)")
        let sql = "INSERT INTO \(table) (name) VALUES ($1)"
        try connection.execute(sql, [.text("secret-value")])
        let error = #expect(throws: PostgreSQLError.self) { try connection.execute(sql, [.text("secret-value")]) }
        #expect(error?.kind == .statement)
        #expect(error?.sqlState == "23505")
        #expect(error?.isUniqueViolation == true)
        #expect(error?.isConstraintViolation == true)
        #expect(error?.statement == sql)
        #expect(error?.message == "duplicate key value violates unique constraint \"\(table)_name_key\"")
        #expect(error?.detail == "Key (name)=(secret-value) already exists.")
        #expect(error.map { String(describing: $0) }?.contains("secret-value") == false)
        #expect(
            error.map { String(describing: $0) }
                == "PostgreSQL error 23505: duplicate key value violates unique constraint \"\(table)_name_key\" — while running: \(sql)"
        )
        let syntax = #expect(throws: PostgreSQLError.self) { try connection.execute("SELEC 1") }
        #expect(syntax?.sqlState == "42601")
    }

    @Test func notificationsArriveOnTheListeningConnection() throws {
        let listener = try TestServer.connect(), sender = try TestServer.connect()
        let channel = uniqueTableName("Changes")
        try listener.listen(channel)
        #expect(try listener.notifications().isEmpty)
        // A notification of a transaction that rolled back is never delivered; the ones after it are, in order.
        try? sender.transaction {
            try sender.notify(channel, payload: "rolled back")
            throw FixtureError("abandon")
        }
        try sender.notify(channel, payload: "saved 'Author' $1")
        try sender.notify(channel)
        var received: [PostgreSQLNotification] = []
        while received.count < 2 {
            let arrived = try listener.waitForNotifications(timeout: 60)
            if arrived.isEmpty { break }
            received += arrived
        }
        #expect(
            received == [
                PostgreSQLNotification(
                    channel: channel, payload: "saved 'Author' $1", processID: sender.backendProcessID),
                PostgreSQLNotification(channel: channel, payload: "", processID: sender.backendProcessID),
            ])
        try listener.unlisten(channel)
    }

    @Test func aClosedPortIsAClearError() throws {
        let port = try ClosedPort()
        let error = #expect(throws: PostgreSQLError.self) {
            _ = try PostgreSQLConnection(
                url: "postgres://someone:hunter2@127.0.0.1:\(port.number)/postgres?connect_timeout=10")
        }
        #expect(error?.kind == .connection)
        #expect(error?.message.hasPrefix("cannot connect to PostgreSQL at 127.0.0.1 port \(port.number): ") == true)
        #expect(error?.message.contains("refused") == true)
        #expect(error?.message.contains("hunter2") == false)
    }

    @Test func aClosedConnectionThrows() throws {
        let connection = try TestServer.connect()
        #expect(connection.serverVersion >= 150000)
        connection.close()
        let error = #expect(throws: PostgreSQLError.self) { try connection.execute("SELECT 1") }
        #expect(error?.kind == .client)
        #expect(error?.message == "the connection is closed")
    }

    /// The dialect's statements, as the store layer builds them, run on the server.
    @Test func theDialectsStatementsRun() throws {
        let connection = try TestServer.connect()
        let dialect = PostgreSQLDialect()
        try connection.execute(script: "CREATE SCHEMA IF NOT EXISTS dialect_run; SET search_path TO dialect_run")
        try connection.execute(script: "DROP TABLE IF EXISTS \"Author\", \"Book\", \"Tag\", \"Z_Book_tags\"")
        let mapping = try Library.mapping()
        let author = try mapping.named("Author"), book = try mapping.named("Book")
        for table in [author, book, try mapping.named("Tag")] {
            for statement in SchemaDefinition(dialect: dialect).create(table) {
                try connection.execute(script: statement)
            }
        }
        let upsert = dialect.statementText(
            InsertQuery(table: author, upserts: true).sql(dialect) + dialect.returningClause([#""Z_PK""#]))
        let first = try connection.execute(upsert, [.text("Le Guin"), .integer(80)]).integer(row: 0, column: 0)
        let again = try connection.execute(upsert, [.text("Le Guin"), .integer(88)]).integer(row: 0, column: 0)
        #expect(first != nil && first == again)
        try connection.execute(
            dialect.statementText(InsertQuery(table: author, upserts: false).sql(dialect)), [.text("Tolkien"), .null])
        let insertBook = dialect.statementText(InsertQuery(table: book, upserts: false).sql(dialect))
        try connection.execute(
            insertBook,
            [.text("Earthsea"), .real(9.5), .null, .text(#"["sea","magic"]"#), first.map(StoredValue.integer) ?? .null])
        try connection.execute(insertBook, [.text("Lathe"), .real(4), .blob(Data([1])), .text(#"[]"#), .null])

        let builder = SQLExpressionBuilder(dialect: dialect)
        let price = builder.value(
            of: try book.column("price"), row: builder.row(of: book), table: book, alias: book.quotedName)
        let request = FetchRequest(
            table: book,
            rows: .matching(builder.condition(builder.comparison(price, .greaterThan, builder.value(.real(5))))),
            limit: 10, offset: 0)
        let select = SelectQuery(request).sql(dialect)
        let rows = try connection.execute(dialect.statementText(select.text), select.arguments)
        #expect(rows.rowCount == 1)
        #expect(rows.text(row: 0, column: 1) == "Earthsea")
        let count = CountQuery(request).sql(dialect)
        #expect(
            try connection.execute(dialect.statementText(count.text), count.arguments).integer(row: 0, column: 0) == 1)
        let authors = SelectQuery(
            FetchRequest(table: author, rows: .matching(builder.constant(true)), limit: 10, afterKey: 0)
        ).sql(dialect)
        #expect(
            try connection.execute(dialect.statementText(authors.text), authors.arguments).rows().map {
                Array($0.dropFirst())
            }
                == [[.text("Le Guin"), .integer(88)], [.text("Tolkien"), .null]])

        let elements =
            "SELECT \(dialect.jsonElementKey(alias: "e")), \(dialect.jsonElementValue(alias: "e")) FROM \"Book\", "
            + dialect.jsonElements(of: "\"Book\".\"tagNames\"", alias: "e") + " ORDER BY 1"
        #expect(
            try connection.execute(elements).rows() == [[.integer(0), .text("sea")], [.integer(1), .text("magic")]])
        let lengths = "SELECT \(dialect.jsonArrayLength("\"tagNames\"")) FROM \"Book\" ORDER BY \"Z_PK\""
        #expect(try connection.execute(lengths).rows() == [[.integer(2)], [.integer(0)]])
        let empty = "SELECT \(dialect.jsonGroupArray("e.value")) FROM " + dialect.jsonElements(of: "'[]'", alias: "e")
        #expect(try connection.execute(empty).rows() == [[.text("[]")]])
        let extract = dialect.statementText(
            "SELECT \(dialect.jsonExtract("?", path: "?")), \(dialect.jsonIsObject("?"))")
        #expect(
            try connection.execute(extract, [.text(#"{"a":{"b":"deep"}}"#), .text(#"$."a"."b""#), .text("{}")]).rows()
                == [[.text("deep"), .integer(1)]])
        try connection.execute(script: "DROP SCHEMA dialect_run CASCADE")
    }
}

/// A port on 127.0.0.1 that refuses connections: bound by this process (so nobody else takes it) but not listening.
final class ClosedPort {
    let number: UInt16
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw FixtureError("socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw FixtureError("bind() failed: errno \(errno)")
        }
        self.descriptor = descriptor
        number = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }
}
