/// How ``SQLiteStore/open(url:mapping:version:knownEntities:options:stages:log:)`` opens a store: what the object
/// layer's configuration asks for (SwiftData's `ModelConfiguration`, Core Data's store description).
package struct StoreOpenOptions: Sendable {
    /// Open only to read (SwiftData's `allowsSave: false`): nothing is written, a missing store is not created, and
    /// a store that needs a migration is refused.
    package var readOnly = false
    /// Open a SQLite file that has tables of its own and no store metadata (someone else's database), adding the
    /// store's tables to it; refused otherwise.
    package var adoptsForeignDatabase = false
    /// Copy the store (SQLite's online backup API) to `<file>.backup-<UTC time>` beside it before a migration
    /// changes it.
    package var backsUpBeforeMigration = false
    /// How long a connection waits for another connection's lock before failing (`sqlite3_busy_timeout`), in
    /// milliseconds.
    package var busyTimeout: Int32 = 5_000
    /// The largest file, in bytes, that opening reads whole with `PRAGMA quick_check`; larger files get only the
    /// header checks (see ``StoreFile``). Measured in RELIABILITY.md: about 0.5 s per 1,000,000 rows (142 MB).
    package var quickCheckLimit = 64 << 20
    /// Called each time switching a new store to WAL meets another connection's lock and is tried again (tests
    /// use it to release a lock at the right moment).
    package var onBusyRetry: (@Sendable () -> Void)?

    package init() {}
}
