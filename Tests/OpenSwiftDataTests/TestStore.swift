import Foundation
import OpenSwiftData
import StoreTestSupport
import Testing

/// The stores a suite runs against (StoreTestSupport's `TestStore`, named `sqlite` and `postgreSQL` in test
/// names), with this layer's configurations.
extension TestStore {
    /// A configuration of a new, empty store of this kind: in memory for SQLite; a schema of its own (`t_<uuid>`)
    /// in the test server's database for PostgreSQL.
    func configuration(schemaName: String? = nil) throws -> ModelConfiguration {
        switch self {
        case .sqlite:
            return ModelConfiguration(isStoredInMemoryOnly: true)
        case .postgreSQL:
            var configuration = ModelConfiguration(url: try Self.serverURL())
            configuration.postgreSQL.schemaName = schemaName ?? Self.newSchemaName()
            return configuration
        }
    }

    /// A new container of an empty store of this kind for `types`.
    func container(_ types: any PersistentModel.Type...) throws -> ModelContainer {
        try ModelContainer(for: types, configurations: [try configuration()])
    }

    /// A new store of this kind that outlives its containers (a file for SQLite, a schema for PostgreSQL), for tests
    /// that reopen a store or open it from two containers as two processes would.
    func location() throws -> TestStoreLocation { try TestStoreLocation(self) }

    /// A schema name no other test uses.
    static func newSchemaName() -> String {
        "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
    }
}

/// A store that outlives its containers: a file in a temporary folder (SQLite) or a schema of its own on the test
/// server (PostgreSQL). Every ``configuration()`` names the same store.
struct TestStoreLocation {
    let store: TestStore
    /// The SQLite file's folder, removed when the last copy of the location goes.
    private let folder: TemporaryDirectory?
    let schemaName: String

    init(_ store: TestStore) throws {
        self.store = store
        self.schemaName = TestStore.newSchemaName()
        self.folder = store == .sqlite ? try TemporaryDirectory() : nil
    }

    /// The SQLite file (nil on PostgreSQL).
    var url: URL? { folder?.file("store.store") }

    /// A configuration of the store.
    func configuration() throws -> ModelConfiguration {
        if let url { return ModelConfiguration(url: url) }
        return try store.configuration(schemaName: schemaName)
    }

    /// A new container of the store for `types`.
    func container(_ types: any PersistentModel.Type...) throws -> ModelContainer {
        try ModelContainer(for: types, configurations: [try configuration()])
    }
}
