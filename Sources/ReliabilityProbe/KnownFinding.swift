/// An outcome the probes saw that was wrong, fixed by issue 13 §1 (the store layer). The cases stay as the names of
/// what each probe case guards; ``open`` lists the findings not fixed yet — none now, so every case is asserted. A
/// case marked with an open finding would still run in every run and be reported as `known (issue 13 §1)` without
/// failing the run (unless `--strict`); the mechanism stays for the next finding that waits on other work.
///
/// To assert a case once its fix has landed, delete its finding's line from ``open`` — the one switch for all of them.
enum KnownFinding: String, CaseIterable, Sendable {
    /// Every open rewrites the schema record (`StoreMigration`), so an open that only asks to read still writes the
    /// file and leaves `-wal`/`-shm` beside it.
    case openWrites
    /// Opening writes, so a store whose file is read-only cannot be opened even to read.
    case readOnlyFileUnreadable
    /// Opening writes, so a store in a read-only folder cannot be opened even to read.
    case readOnlyFolderUnreadable
    /// Validation reads only `sqlite_master`: overwritten data pages or a truncated file open, are then written,
    /// and fail later with "database disk image is malformed".
    case noIntegrityProbe
    /// Any SQLite file is adopted: OpenSwiftData adds its tables and switches the file to WAL for good.
    case adoptsForeignDatabase
    /// Processes creating one new store at once: one of them sometimes fails "database is locked" at
    /// `PRAGMA journal_mode = WAL` (`Store.init`), which does not wait out another process's lock.
    case concurrentCreateBusy
    /// A store in a folder that does not exist is created (folders and all) even when the caller only asks to read.
    case readCreatesMissingStore

    /// The findings not fixed yet. Remove a line when its fix lands: the cases it marks are then asserted. Every
    /// finding of issue 13 §1 is fixed (branch issue-13-store), so none is left.
    static let open: Set<KnownFinding> = []

    /// Whether this finding is still open (its cases are reported, not asserted).
    var isOpen: Bool { Self.open.contains(self) }

    var reason: String {
        switch self {
        case .openWrites: return "issue 13 §1: every open rewrites the schema record, so a read-only open writes"
        case .readOnlyFileUnreadable:
            return "issue 13 §1: opening writes (schema record, -wal/-shm), so a read-only file cannot even be read"
        case .readOnlyFolderUnreadable:
            return "issue 13 §1: opening writes, so a store in a read-only folder cannot even be read"
        case .noIntegrityProbe:
            return "issue 13 §1: validation reads only sqlite_master; a damaged file opens and is then written"
        case .adoptsForeignDatabase:
            return "issue 13 §1: a foreign SQLite database is adopted: tables added, switched to WAL"
        case .readCreatesMissingStore: return "issue 13 §1: a read-only open of a missing store creates it"
        case .concurrentCreateBusy:
            return
                "issue 13 §1: creating one store from several processes at once can fail \"database is locked\" at PRAGMA journal_mode = WAL"
        }
    }
}
