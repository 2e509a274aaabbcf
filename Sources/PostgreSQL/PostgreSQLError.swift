/// An error of a PostgreSQL connection: the server's SQLSTATE, message and detail, and the statement that failed —
/// never the values bound to it, which may be a user's secrets.
public struct PostgreSQLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the failure happened.
    public enum Kind: Sendable, Hashable {
        /// The server could not be reached or refused the connection (down, wrong port, authentication).
        case connection
        /// The server ran the statement and reported an error (it has an ``PostgreSQLError/sqlState``).
        case statement
        /// libpq or this wrapper refused the call: a closed or broken connection, a value it cannot send.
        case client
    }

    /// Where the failure happened.
    public let kind: Kind
    /// The server's five-character SQLSTATE (https://www.postgresql.org/docs/15/errcodes-appendix.html), for example
    /// `23505` (`unique_violation`); nil when the server sent none.
    public let sqlState: String?
    /// The server's primary message, or libpq's, or this wrapper's.
    public let message: String
    /// The server's detail (`DETAIL:` in psql), when it sent one. For a unique violation it names the key and its
    /// value (`Key (name)=(…) already exists.`), which may be a user's secret: ``description`` leaves it out.
    public let detail: String?
    /// The SQL statement that failed, when there was one.
    public let statement: String?

    public init(kind: Kind, sqlState: String? = nil, message: String, detail: String? = nil, statement: String? = nil) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
        self.detail = detail
        self.statement = statement
    }

    /// SQLSTATE class 23: a NOT NULL, foreign key, UNIQUE or CHECK constraint failed.
    public var isConstraintViolation: Bool { sqlState?.hasPrefix("23") ?? false }
    /// SQLSTATE `23505`: a UNIQUE constraint or primary key failed.
    public var isUniqueViolation: Bool { sqlState == "23505" }
    /// SQLSTATE `40001` or `40P01`: a serializable transaction met a concurrent one, or a deadlock: run it again.
    public var isSerializationFailure: Bool { sqlState == "40001" || sqlState == "40P01" }

    /// `PostgreSQL error 23505: duplicate key value violates unique constraint "t_name_key" — while running:
    /// INSERT …`: without ``detail``, which may repeat a bound value.
    public var description: String {
        var text = sqlState.map { "PostgreSQL error \($0): \(message)" } ?? "PostgreSQL: \(message)"
        if let statement { text += " — while running: \(statement)" }
        return text
    }
}
