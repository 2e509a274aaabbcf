import CPostgreSQL
import Foundation
import SQLStore

/// One connection to a PostgreSQL server (`PGconn*`, libpq), with a cache of statements prepared by name.
///
/// Every value is sent as a bound parameter, never in the SQL text: `Int64` as binary `int8`, `Double` as binary
/// `float8`, bytes as binary `bytea`; text in text format and of a type the server infers (so one value binds to a
/// `text`, `uuid` or `numeric` column alike; text containing NUL as binary `text`, which the server refuses); NULL as
/// NULL of a type the server infers. Results come back in binary
/// format (``PostgreSQLResult``). Not thread-safe: the owner serialises access, as for `SQLiteConnection`. The
/// connection closes (`PQfinish`) in `deinit` or ``close()``.
public final class PostgreSQLConnection {
    /// The `PGconn*`; nil once closed.
    public private(set) var handle: OpaquePointer?
    /// The server's host as libpq resolved the URL (`PQhost`): a name, an address, or a socket directory.
    public let host: String
    /// The server's port (`PQport`).
    public let port: String
    private var preparedNames: [PreparedKey: String] = [:]

    /// Connects (`PQconnectdb`) to `url`, a libpq connection URI or keyword string:
    /// `postgres://user@127.0.0.1:5432/postgres`, `host=/tmp port=5432 dbname=postgres`.
    /// - Throws: ``PostgreSQLError`` of kind ``PostgreSQLError/Kind/connection`` naming the host and port, when the
    ///   server is down, refuses the user, or the URL is malformed. The URL itself is never in the message (it may
    ///   hold a password).
    public init(url: String) throws(PostgreSQLError) {
        guard let connection = PQconnectdb(url) else {
            throw PostgreSQLError(kind: .connection, message: "libpq could not allocate a connection (out of memory)")
        }
        let host = PQhost(connection).map { String(cString: $0) } ?? ""
        let port = PQport(connection).map { String(cString: $0) } ?? ""
        guard PQstatus(connection) == CONNECTION_OK else {
            let reason = Self.trimmed(PQerrorMessage(connection))
            PQfinish(connection)
            let place =
                host.isEmpty ? "the server in the connection URL" : "\(host) port \(port.isEmpty ? "5432" : port)"
            throw PostgreSQLError(kind: .connection, message: "cannot connect to PostgreSQL at \(place): \(reason)")
        }
        cpostgresql_silence_notices(connection)
        self.handle = connection
        self.host = host
        self.port = port
    }

    deinit { close() }

    /// Closes the connection (`PQfinish`). Further use throws.
    public func close() {
        if let handle { PQfinish(handle) }
        handle = nil
        preparedNames.removeAll()
    }

    /// The server's version as an integer (`PQserverVersion`): 150018 for 15.18; 0 once closed.
    public var serverVersion: Int32 { handle.map { PQserverVersion($0) } ?? 0 }

    /// The process ID of this connection's server process (`PQbackendPID`): a notification's
    /// ``PostgreSQLNotification/processID`` when this connection sent it.
    public var backendProcessID: Int32 { handle.map { PQbackendPID($0) } ?? 0 }

    /// Whether the connection is open and not broken (`PQstatus` is `CONNECTION_OK`): a pool drops one that is not.
    public var isHealthy: Bool {
        guard let handle else { return false }
        return PQstatus(handle) == CONNECTION_OK
    }

    /// Whether a transaction is open (`PQtransactionStatus` is not idle), failed or not.
    public var isInTransaction: Bool {
        guard let handle else { return false }
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
    }

    // MARK: Running SQL

    /// Runs `sql` once with `arguments` bound to `$1`, `$2`… (`PQexecParams`).
    /// - Throws: ``PostgreSQLError`` with the server's SQLSTATE, message and detail, and `sql` (not the arguments).
    @discardableResult
    public func execute(_ sql: String, _ arguments: [StoredValue] = []) throws(PostgreSQLError) -> PostgreSQLResult {
        let connection = try openHandle()
        let result = Parameters(arguments).withPointers { types, values, lengths, formats in
            PQexecParams(connection, sql, Int32(arguments.count), types, values, lengths, formats, 1)
        }
        return try checked(result, sql: sql)
    }

    /// Runs `sql` with `arguments` as a statement prepared by name (`PQprepare` once, then `PQexecPrepared`), reused
    /// by every later call with the same text and the same kinds of values.
    /// - Throws: ``PostgreSQLError`` as ``execute(_:_:)``.
    @discardableResult
    public func executePrepared(_ sql: String, _ arguments: [StoredValue] = []) throws(PostgreSQLError)
        -> PostgreSQLResult
    {
        let connection = try openHandle()
        let parameters = Parameters(arguments)
        let key = PreparedKey(sql: sql, types: parameters.types)
        let name: String
        if let known = preparedNames[key] {
            name = known
        } else {
            name = "osd_\(preparedNames.count + 1)"
            let prepared = parameters.types.withUnsafeBufferPointer { types in
                PQprepare(connection, name, sql, Int32(types.count), types.baseAddress)
            }
            _ = try checked(prepared, sql: sql)
            preparedNames[key] = name
        }
        let result = parameters.withPointers { _, values, lengths, formats in
            PQexecPrepared(connection, name, Int32(arguments.count), values, lengths, formats, 1)
        }
        return try checked(result, sql: sql)
    }

    /// Runs one or more statements that take no parameters (`PQexec`): `SET …`, several DDL statements.
    /// - Throws: ``PostgreSQLError`` of the first statement that fails (the rest do not run).
    public func execute(script sql: String) throws(PostgreSQLError) {
        let connection = try openHandle()
        _ = try checked(PQexec(connection, sql), sql: sql)
    }

    // MARK: Transactions

    /// Runs `body` inside `BEGIN ISOLATION LEVEL … ; COMMIT`; a thrown error rolls back (`ROLLBACK`) and is rethrown.
    /// Nested calls run inside the outer transaction (their `isolation` is ignored).
    /// - Throws: what `body` throws; ``PostgreSQLError`` when `BEGIN` or `COMMIT` fails, or when `COMMIT` rolled back
    ///   because a statement inside failed and `body` did not throw (SQLSTATE `25P02`).
    public func transaction<T>(isolation: PostgreSQLIsolationLevel = .readCommitted, _ body: () throws -> T) throws -> T
    {
        if isInTransaction { return try body() }
        try execute(script: "BEGIN ISOLATION LEVEL \(isolation.rawValue)")
        let value: T
        do {
            value = try body()
        } catch {
            try? execute(script: "ROLLBACK")
            throw error
        }
        let commit = try execute("COMMIT")
        if commit.commandStatus == "ROLLBACK" {
            throw PostgreSQLError(
                kind: .statement, sqlState: "25P02",
                message: "the transaction was rolled back: a statement inside it failed", statement: "COMMIT"
            )
        }
        return value
    }

    // MARK: LISTEN / NOTIFY

    /// Starts receiving notifications on `channel` (`LISTEN "channel"`, the name quoted as an identifier).
    public func listen(_ channel: String) throws(PostgreSQLError) {
        try execute(script: "LISTEN \(Self.quoted(channel))")
    }

    /// Stops receiving notifications on `channel` (`UNLISTEN "channel"`).
    public func unlisten(_ channel: String) throws(PostgreSQLError) {
        try execute(script: "UNLISTEN \(Self.quoted(channel))")
    }

    /// Sends `payload` on `channel` (`SELECT pg_notify($1, $2)`, both bound): delivered to every listener when the
    /// current transaction commits, at once outside one.
    public func notify(_ channel: String, payload: String = "") throws(PostgreSQLError) {
        try execute("SELECT pg_notify($1, $2)", [.text(channel), .text(payload)])
    }

    /// The notifications that have arrived, without waiting: reads what the socket holds (`PQconsumeInput`), then
    /// takes every queued notification (`PQnotifies`).
    /// - Throws: ``PostgreSQLError`` (``PostgreSQLError/Kind/client``) when the connection is broken.
    public func notifications() throws(PostgreSQLError) -> [PostgreSQLNotification] {
        let connection = try openHandle()
        guard PQconsumeInput(connection) == 1 else {
            throw PostgreSQLError(kind: .client, message: Self.trimmed(PQerrorMessage(connection)))
        }
        var received: [PostgreSQLNotification] = []
        while let notify = PQnotifies(connection) {
            let item = notify.pointee
            received.append(
                PostgreSQLNotification(
                    channel: String(cString: item.relname), payload: item.extra.map { String(cString: $0) } ?? "",
                    processID: item.be_pid
                )
            )
            PQfreemem(notify)
        }
        return received
    }

    /// Waits until at least one notification has arrived or `timeout` seconds have passed (`poll` on the socket,
    /// `PQsocket`), and returns the notifications (empty after the timeout).
    /// - Throws: ``PostgreSQLError`` (``PostgreSQLError/Kind/client``) when the connection is broken.
    public func waitForNotifications(timeout: Double) throws(PostgreSQLError) -> [PostgreSQLNotification] {
        let connection = try openHandle()
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let received = try notifications()
            if !received.isEmpty { return received }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return [] }
            var descriptor = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, Double(Int32.max)).rounded(.up)))
            if ready < 0, errno != EINTR {
                throw PostgreSQLError(kind: .client, message: "waiting for notifications failed: errno \(errno)")
            }
        }
    }

    // MARK: Helpers

    /// `name` as a quoted identifier (`"name"`, embedded quotes doubled).
    public static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private func openHandle() throws(PostgreSQLError) -> OpaquePointer {
        guard let handle else { throw PostgreSQLError(kind: .client, message: "the connection is closed") }
        if PQstatus(handle) != CONNECTION_OK {
            throw PostgreSQLError(
                kind: .client,
                message: "the connection to \(host) port \(port) is broken: "
                    + Self.trimmed(PQerrorMessage(handle)))
        }
        return handle
    }

    /// `result` when it succeeded; else the server's error, with `sql` (freeing the result).
    private func checked(_ result: OpaquePointer?, sql: String) throws(PostgreSQLError) -> PostgreSQLResult {
        guard let result else {
            throw PostgreSQLError(
                kind: .client, message: handle.map { Self.trimmed(PQerrorMessage($0)) } ?? "no result", statement: sql)
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return PostgreSQLResult(handle: result)
        default:
            func field(_ code: UInt8) -> String? { PQresultErrorField(result, Int32(code)).map { String(cString: $0) } }
            let sqlState = field(UInt8(ascii: "C"))
            let message = field(UInt8(ascii: "M")) ?? Self.trimmed(PQresultErrorMessage(result))
            let detail = field(UInt8(ascii: "D"))
            PQclear(result)
            throw PostgreSQLError(
                kind: sqlState == nil ? .client : .statement, sqlState: sqlState, message: message, detail: detail,
                statement: sql)
        }
    }

    private static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "unknown error" }
        return String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(
            of: "\n\t", with: " "
        ).replacingOccurrences(of: "\n", with: "; ")
    }
}

/// A prepared statement's identity: its text and the types its values were prepared with.
private struct PreparedKey: Hashable {
    let sql: String
    let types: [UInt32]
}

/// Bound values in libpq's binary parameter format: one buffer, with each value's offset and length.
private struct Parameters {
    var types: [UInt32] = []
    var bytes: [UInt8] = []
    /// Each value's offset into `bytes` and its length; nil for NULL.
    var slices: [(offset: Int, length: Int)?] = []
    /// The indexes of the values sent in text format (NUL-terminated text of unspecified type).
    var isText: [Int] = []

    init(_ values: [StoredValue]) {
        types.reserveCapacity(values.count)
        slices.reserveCapacity(values.count)
        for value in values {
            let start = bytes.count
            switch value {
            case .null:
                types.append(0)
                slices.append(nil)
                continue
            case .integer(let integer):
                types.append(PostgreSQLType.int8)
                withUnsafeBytes(of: integer.bigEndian) { bytes.append(contentsOf: $0) }
            case .real(let real):
                types.append(PostgreSQLType.float8)
                withUnsafeBytes(of: real.bitPattern.bigEndian) { bytes.append(contentsOf: $0) }
            case .text(let text):
                if text.utf8.contains(0) {
                    // Text format ends at a NUL: sent as binary `text`, which the server refuses whole (a value is
                    // never cut short).
                    types.append(PostgreSQLType.text)
                    bytes.append(contentsOf: text.utf8)
                } else {
                    // Of unknown type, in text format: the server reads it as what the statement needs — `text`,
                    // or a `uuid` or `numeric` column's own type.
                    types.append(PostgreSQLType.unspecified)
                    bytes.append(contentsOf: text.utf8)
                    bytes.append(0)
                    isText.append(slices.count)
                }
            case .blob(let data):
                types.append(PostgreSQLType.bytea)
                bytes.append(contentsOf: data)
            }
            slices.append((start, bytes.count - start))
        }
    }

    /// Calls `body` with libpq's four parallel arrays (types, values, lengths, formats), valid during the call.
    func withPointers<R>(
        _ body: (
            UnsafePointer<UInt32>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?
        ) -> R
    ) -> R {
        let lengths = slices.map { Int32($0?.length ?? 0) }
        var formats = [Int32](repeating: 1, count: slices.count)
        for index in isText { formats[index] = 0 }
        // A zero-length value still needs a non-NULL pointer, or libpq sends NULL.
        let empty: [CChar] = [0]
        return bytes.withUnsafeBufferPointer { buffer in
            empty.withUnsafeBufferPointer { emptyBuffer in
                let base = UnsafeRawPointer(buffer.baseAddress)
                let pointers: [UnsafePointer<CChar>?] = slices.map { slice in
                    guard let slice else { return nil }
                    guard slice.length > 0, let base else { return emptyBuffer.baseAddress }
                    return (base + slice.offset).assumingMemoryBound(to: CChar.self)
                }
                return types.withUnsafeBufferPointer { types in
                    pointers.withUnsafeBufferPointer { values in
                        lengths.withUnsafeBufferPointer { lengths in
                            formats.withUnsafeBufferPointer { formats in
                                body(types.baseAddress, values.baseAddress, lengths.baseAddress, formats.baseAddress)
                            }
                        }
                    }
                }
            }
        }
    }
}
