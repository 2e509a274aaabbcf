import Foundation
import SQLite

/// What opening finds out about a store's file before it reads it as a database: whether it exists, whether it and
/// its folder may be written, and whether its header agrees with its size.
enum StoreFile {
    /// How the store's connections open the file.
    enum Access: Equatable {
        /// Read and write (the normal case).
        case readWrite
        /// Read-write connections refusing every change (`PRAGMA query_only`): a read-only open of a file that may
        /// be written. Read-write so that the last connection to close removes the `-wal` and `-shm` files, which a
        /// `SQLITE_OPEN_READONLY` connection leaves behind (checked with SQLite 3.40.1).
        case queryOnly
        /// `SQLITE_OPEN_READONLY`: the file or its folder cannot be written, and a `-wal` beside it holds commits
        /// that must be read.
        case readOnly
        /// `immutable=1`: the file or its folder cannot be written and there is no `-wal`, so no one has the store
        /// open to write (a writer needs the `-wal`); SQLite reads it without locks and without `-wal`/`-shm` files
        /// (which it could not create in a read-only folder: https://www.sqlite.org/wal.html#readonly).
        case immutable

        var writes: Bool { self == .readWrite }
    }

    /// How the store at `url` can be opened, given whether only reading is asked for.
    /// - Throws: ``StoreError`` (`cannotOpen`) for a read-only open of a store that does not exist.
    static func access(_ url: URL, readOnly: Bool) throws(StoreError) -> Access {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else {
            if readOnly {
                throw StoreError(
                    kind: .cannotOpen,
                    message:
                        "there is no store at \(path), and a read-only open does not create one (nothing was created)"
                )
            }
            return .readWrite
        }
        let writable =
            FileManager.default.isWritableFile(atPath: path)
            && FileManager.default.isWritableFile(atPath: url.deletingLastPathComponent().path)
        if writable { return readOnly ? .queryOnly : .readWrite }
        return FileManager.default.fileExists(atPath: path + "-wal") ? .readOnly : .immutable
    }

    /// A reason the file is damaged that its header shows: its size is not a whole number of pages, or is smaller
    /// than the page count its header records (a truncated file). Nil when they agree, or when a `-wal` beside it
    /// holds pages the file does not have yet (a checkpoint in progress).
    ///
    /// The header is read through `connection` (`PRAGMA page_size`, `PRAGMA page_count`, which is the header's count
    /// when valid), never by opening the file: closing any other descriptor of the file would drop every POSIX
    /// lock this process's connections hold on it (fcntl locks belong to the process), and another process could
    /// then take the store for unused and delete its `-wal` (seen: rows lost when six processes created one store).
    static func headerDamage(_ url: URL, connection: SQLiteConnection) throws -> String? {
        let path = url.path
        func size(_ path: String) -> Int {
            (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        }
        let fileSize = size(path)
        guard fileSize > 0, size(path + "-wal") == 0,
            case .integer(let pageSize) = try connection.scalar("PRAGMA page_size"), pageSize >= 512,
            case .integer(let pages) = try connection.scalar("PRAGMA page_count")
        else { return nil }
        if fileSize % Int(pageSize) != 0 {
            return "its size (\(fileSize) bytes) is not a whole number of \(pageSize)-byte pages"
        }
        if fileSize < Int(pages) * Int(pageSize) {
            return
                "it is \(fileSize) bytes long but its header records \(pages) pages of \(pageSize) bytes (the file was truncated)"
        }
        return nil
    }
}
