import Foundation
import OpenCoreData
import PostgreSQL
import SQLStore
import StoreTestSupport
import Testing

/// The stores a suite runs against (StoreTestSupport's `TestStore`, named `sqlite` and `postgreSQL` in test
/// names), with Core Data's store descriptions.
extension TestStore {
    /// The description of the store `name` in `folder`: for SQLite `<folder>/<name>.sqlite`, in memory when
    /// `folder` is nil; for PostgreSQL the test server's database, in a schema of the folder and name (so two
    /// containers of one folder share a store), or a new schema when `folder` is nil.
    func description(_ name: String, in folder: URL?) throws -> NSPersistentStoreDescription {
        switch self {
        case .sqlite:
            return NSPersistentStoreDescription(
                url: folder?.appendingPathComponent("\(name).sqlite") ?? URL(fileURLWithPath: "/dev/null"))
        case .postgreSQL:
            let description = NSPersistentStoreDescription(url: try Self.serverURL())
            description.setOption(
                Self.schemaName(folder.map { "\($0.path)/\(name)" }) as NSString,
                forKey: PostgreSQLSchemaOption)
            return description
        }
    }

    /// `t_` and 16 hex digits: of `key` (an FNV-1a hash, the same in every process), or new when `key` is nil.
    static func schemaName(_ key: String?) -> String {
        guard let key else {
            return "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return "t_" + String(hash, radix: 16).leftPadded(to: 16)
    }

    /// The rows `sql` selects from the store of `description` (PostgreSQL only; the SQLite suites read their files
    /// with `SQLiteConnection`), each value as stored.
    static func postgreSQLRows(_ sql: String, of description: NSPersistentStoreDescription) throws -> [[StoredValue]] {
        let connection = try TestServer.connect()
        defer { connection.close() }
        let schema = description.options[PostgreSQLSchemaOption] as? NSString ?? "public"
        try connection.execute(script: "SET search_path TO \"\(schema)\"")
        return try connection.execute(sql).rows()
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
