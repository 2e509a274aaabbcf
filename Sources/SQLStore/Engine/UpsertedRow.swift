import SQLite

/// The key of the stored row the last upsert updated, told by the upsert itself: the conflict clause of each unique
/// group ends with `WHERE osd_upserted("Z_PK")` (`osd_upserted("Z_PK", "Z_OPT" + 1)` with Core Data's row version),
/// a function registered on the writer's connection that records its arguments and answers true, so the update
/// always runs. SQLite evaluates that `WHERE` only on the conflict path, with the stored row's values; a plain insert
/// leaves the record empty and its key is the last insert rowid. This replaces one indexed `SELECT` per conflicting
/// row (looking the row up again by its unique values) with one function call, and unlike `RETURNING` it makes SQLite
/// buffer nothing.
final class UpsertedRow {
    /// The SQL name of the function.
    static let functionName = "osd_upserted"

    /// The updated row's key, or nil when the last upsert inserted (or none ran since ``clear()``).
    private(set) var key: Int64?
    /// The updated row's new version, when the clause passes one.
    private(set) var version: Int64?

    /// Registers the function on `connection` (once per connection: registering it again would expire the
    /// connection's prepared statements). The connection's function holds this object.
    init(registeringOn connection: SQLiteConnection) throws(SQLiteError) {
        try connection.createFunction(Self.functionName, argumentCount: -1, deterministic: false) { arguments in
            if case .integer(let key) = arguments.value(at: 0) { self.key = key }
            if arguments.count > 1, case .integer(let version) = arguments.value(at: 1) { self.version = version }
            return .integer(1)
        }
    }

    /// Forgets the last upsert's row, before the next one runs.
    func clear() {
        key = nil
        version = nil
    }
}
