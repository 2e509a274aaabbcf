import Foundation
import SQLStore

extension ModelContainer {
    /// Checks the whole store file with SQLite's `PRAGMA integrity_check` (every page, record and index entry; about
    /// twice the cost of the `PRAGMA quick_check` that opening runs on files up to 64 MB — see RELIABILITY.md).
    /// Not in SwiftData: an OpenSwiftData addition. Reads only. An in-memory store is always sound.
    /// - Throws: ``SwiftDataError/storeNotADatabase(url:reason:)`` listing the first problems found (up to 20);
    ///   ``SwiftDataError/storeFailed(_:)`` when the check cannot run.
    public func checkIntegrity() throws(SwiftDataError) {
        guard let store = store as? SQLiteModelStore else { return }
        let problems: [String]
        do {
            problems = try store.store.integrityCheck()
        } catch {
            throw .wrapping(error, url: store.url)
        }
        guard problems != ["ok"], let url = store.url else { return }
        throw .storeNotADatabase(
            url: url, reason: "PRAGMA integrity_check found: " + problems.prefix(20).joined(separator: "; "))
    }

    /// Copies the store to the file at `url` with SQLite's online backup API (`sqlite3_backup_*`): a consistent copy
    /// as of one moment, taken while contexts go on reading and saving; an existing file at `url` is replaced. The
    /// copy is a store of its own that a container opens like any other. Not in SwiftData: an OpenSwiftData
    /// addition (see also ``ModelConfiguration/backsUpBeforeMigration``).
    /// - Throws: ``SwiftDataError/storeFailed(_:)`` when the copy cannot be written (a partial copy may be left).
    public func backup(to url: URL) throws(SwiftDataError) {
        guard let store = store as? SQLiteModelStore else { return }
        do {
            try store.store.backup(to: url)
        } catch {
            throw .wrapping(error, url: store.url)
        }
    }
}
