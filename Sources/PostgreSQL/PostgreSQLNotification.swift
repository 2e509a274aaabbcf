/// A notification a ``PostgreSQLConnection`` received on a channel it listens to (`LISTEN`), sent by `NOTIFY` or
/// `pg_notify` in a transaction that committed.
public struct PostgreSQLNotification: Sendable, Hashable {
    /// The channel's name.
    public let channel: String
    /// The payload (empty when the sender gave none).
    public let payload: String
    /// The process ID of the sending connection's server process (`pg_backend_pid()`).
    public let processID: Int32

    public init(channel: String, payload: String, processID: Int32) {
        self.channel = channel
        self.payload = payload
        self.processID = processID
    }
}
