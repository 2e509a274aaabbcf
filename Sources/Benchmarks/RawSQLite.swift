import CSQLite
import Foundation

/// A failure of the benchmark itself (not a measurement), with a message for the person running it.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The raw side: a connection through the SQLite C API, as a hand-written program would hold one.
///
/// Opened like OpenSwiftData's writer (`SQLITE_OPEN_NOMUTEX`, busy timeout 5,000 ms, `journal_mode=WAL`,
/// `synchronous=NORMAL`, `foreign_keys=ON`).
final class RawDatabase {
    let handle: OpaquePointer
    let path: String

    init(path: String) throws {
        var db: OpaquePointer?
        let code = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw BenchError("raw SQLite: cannot open \(path): \(message)")
        }
        handle = db
        self.path = path
        sqlite3_busy_timeout(db, 5_000)
        try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
    }

    deinit { sqlite3_close_v2(handle) }

    /// Commits one write that changes nothing (`user_version` set to its value), so that the first commit into
    /// a new WAL file — which syncs the WAL header and its folder — happens in set-up, as it does when
    /// OpenSwiftData's container opens the store (its migration check runs in a write transaction).
    func startWAL() throws {
        let read = try prepare("PRAGMA user_version")
        guard try read.step() else { throw BenchError("raw SQLite: PRAGMA user_version returned no row") }
        let version = read.int(at: 0)
        read.reset()
        try transaction { try execute("PRAGMA user_version = \(version)") }
    }

    var errorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? errorMessage
            sqlite3_free(message)
            throw BenchError("raw SQLite: \(sql): \(text)")
        }
    }

    func prepare(_ sql: String) throws -> RawStatement { try RawStatement(database: self, sql: sql) }

    /// Runs `body` in a `BEGIN IMMEDIATE` … `COMMIT` transaction (as OpenSwiftData's writes do), rolling back if
    /// it throws.
    func transaction(_ body: () throws -> Void) throws {
        try execute("BEGIN IMMEDIATE")
        do {
            try body()
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}

/// A prepared statement, reused: bind, step, reset.
final class RawStatement {
    let handle: OpaquePointer
    private let database: RawDatabase
    private let sql: String

    init(database: RawDatabase, sql: String) throws {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw BenchError("raw SQLite: cannot prepare \(sql): \(database.errorMessage)")
        }
        handle = statement
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    func bind(_ value: Int, at index: Int32) { sqlite3_bind_int64(handle, index, Int64(value)) }
    func bind(_ value: Double, at index: Int32) { sqlite3_bind_double(handle, index, value) }
    func bind(_ value: Bool, at index: Int32) { sqlite3_bind_int64(handle, index, value ? 1 : 0) }
    func bind(_ value: Date, at index: Int32) {
        sqlite3_bind_double(handle, index, value.timeIntervalSinceReferenceDate)
    }
    func bind(_ value: String, at index: Int32) { sqlite3_bind_text(handle, index, value, -1, csqlite_transient()) }
    func bind(_ value: String?, at index: Int32) {
        if let value { bind(value, at: index) } else { sqlite3_bind_null(handle, index) }
    }

    /// True for a row, false when done.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw BenchError("raw SQLite: \(sql): \(database.errorMessage)")
        }
    }

    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    func int(at column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    func int64(at column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func double(at column: Int32) -> Double { sqlite3_column_double(handle, column) }
    func bool(at column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }
    func date(at column: Int32) -> Date { Date(timeIntervalSinceReferenceDate: sqlite3_column_double(handle, column)) }

    func text(at column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        return String(
            decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self
        )
    }

    func optionalText(at column: Int32) -> String? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : text(at: column)
    }
}

/// A row read by the raw side: the model's fields and the primary key.
struct RawItem: ItemFields {
    var id: Int64
    var sku: String
    var title: String
    var category: Int
    var price: Double
    var isActive: Bool
    var createdAt: Date
    var note: String?
    var quantity: Int
}

/// The raw side's SQL for the `BenchItem` table, written by hand against the layout OpenSwiftData creates.
enum RawSQL {
    static let columns = #""Z_PK", "sku", "title", "category", "price", "isActive", "createdAt", "note", "quantity""#
    static let insert = #"""
        INSERT INTO "BenchItem" ("sku", "title", "category", "price", "isActive", "createdAt", "note", "quantity")
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """#
    static let upsert =
        insert + #"""
             ON CONFLICT ("sku") DO UPDATE SET "title" = excluded."title", "category" = excluded."category",
            "price" = excluded."price", "isActive" = excluded."isActive", "createdAt" = excluded."createdAt",
            "note" = excluded."note", "quantity" = excluded."quantity"
            """#
    static let selectAll = #"SELECT \#(columns) FROM "BenchItem" ORDER BY "Z_PK""#
    static let selectCategory = #"SELECT \#(columns) FROM "BenchItem" WHERE "category" = ? ORDER BY "Z_PK""#
    static let selectContains = #"SELECT \#(columns) FROM "BenchItem" WHERE instr("title", ?) > 0 ORDER BY "Z_PK""#
    static let selectSKU = #"SELECT \#(columns) FROM "BenchItem" WHERE "sku" = ?"#
    static let selectSortedPage = #"SELECT \#(columns) FROM "BenchItem" ORDER BY "price", "Z_PK" LIMIT ? OFFSET ?"#
    static let count = #"SELECT count(*) FROM "BenchItem" WHERE "isActive" AND "quantity" >= ?"#
    static let countAll = #"SELECT count(*) FROM "BenchItem""#
    static let updateQuantity = #"UPDATE "BenchItem" SET "quantity" = ? WHERE "Z_PK" = ?"#
    static let deleteAll = #"DELETE FROM "BenchItem""#

    /// Binds `values` to an `insert` or `upsert` statement.
    static func bind(_ values: ItemValues, to statement: RawStatement) {
        statement.bind(values.sku, at: 1)
        statement.bind(values.title, at: 2)
        statement.bind(values.category, at: 3)
        statement.bind(values.price, at: 4)
        statement.bind(values.isActive, at: 5)
        statement.bind(values.createdAt, at: 6)
        statement.bind(values.note, at: 7)
        statement.bind(values.quantity, at: 8)
    }

    /// The current row of a statement selecting `columns`.
    static func item(from statement: RawStatement) -> RawItem {
        RawItem(
            id: statement.int64(at: 0), sku: statement.text(at: 1), title: statement.text(at: 2),
            category: statement.int(at: 3), price: statement.double(at: 4), isActive: statement.bool(at: 5),
            createdAt: statement.date(at: 6), note: statement.optionalText(at: 7), quantity: statement.int(at: 8)
        )
    }

    /// Steps `statement` to the end, collecting its rows, then resets it.
    static func items(from statement: RawStatement) throws -> [RawItem] {
        defer { statement.reset() }
        var items: [RawItem] = []
        while try statement.step() { items.append(item(from: statement)) }
        return items
    }

}

/// Every row of the store file at `path`, read with a connection of its own, as an ``Outcome`` whose signature
/// also covers the primary keys and the order: the check that both sides left the same data behind.
func storeState(path: String) throws -> Outcome {
    let database = try RawDatabase(path: path)
    let statement = try database.prepare(RawSQL.selectAll)
    let items = try RawSQL.items(from: statement)
    var keys: UInt64 = 0
    for item in items { keys = keys &* 31 &+ UInt64(bitPattern: item.id) }
    let contents = Outcome(items: items, ordered: true)
    return Outcome(rows: contents.rows, signature: "\(contents.signature)/pk\(String(keys, radix: 16))")
}
