/// A transaction's isolation level (https://www.postgresql.org/docs/15/transaction-iso.html), for
/// ``PostgreSQLConnection/transaction(isolation:_:)``.
public enum PostgreSQLIsolationLevel: String, Sendable, Hashable, CaseIterable {
    /// Each statement sees what was committed before it began (PostgreSQL's default).
    case readCommitted = "READ COMMITTED"
    /// Every statement sees what was committed before the transaction's first statement.
    case repeatableRead = "REPEATABLE READ"
    /// As if transactions ran one after another; a conflict fails with SQLSTATE 40001
    /// (``PostgreSQLError/isSerializationFailure``), to be run again.
    case serializable = "SERIALIZABLE"
}
