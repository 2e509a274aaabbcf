// A store of one's own, in the shape of Apple's WWDC24 "Create a custom data store with SwiftData" example: every
// model as JSON in one file; inserted models get permanent identifiers (a UUID primary key) in place of their
// temporary ones. It leaves filtering and sorting to the context, as Apple's example does
// (`DataStoreError.preferInMemoryFilter` / `.preferInMemorySort`); with neither it applies the limit and offset itself.
import Foundation
#if canImport(SwiftData)
import SwiftData
#else
import OpenSwiftData
#endif

final class JSONStoreConfiguration: DataStoreConfiguration {
    typealias Store = JSONStore

    var name: String
    var schema: Schema?
    var fileURL: URL

    init(name: String, schema: Schema? = nil, fileURL: URL) {
        self.name = name
        self.schema = schema
        self.fileURL = fileURL
    }

    static func == (lhs: JSONStoreConfiguration, rhs: JSONStoreConfiguration) -> Bool {
        lhs.name == rhs.name
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }
}

final class JSONStore: DataStore {
    typealias Configuration = JSONStoreConfiguration
    typealias Snapshot = DefaultSnapshot

    var configuration: JSONStoreConfiguration
    var name: String
    var schema: Schema
    var identifier: String

    init(_ configuration: JSONStoreConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        self.configuration = configuration
        self.name = configuration.name
        self.schema = configuration.schema ?? Schema([])
        self.identifier = configuration.fileURL.lastPathComponent
    }

    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<
        T, DefaultSnapshot
    > {
        if request.descriptor.predicate != nil {
            throw DataStoreError.preferInMemoryFilter
        } else if request.descriptor.sortBy.count > 0 {
            throw DataStoreError.preferInMemorySort
        }
        let all = try read()
        var snapshots = all.filter { $0.persistentIdentifier.entityName == T.entityName }
        let offset = min(max(request.descriptor.fetchOffset ?? 0, 0), snapshots.count)
        snapshots = Array(snapshots[offset...])
        if let limit = request.descriptor.fetchLimit { snapshots = Array(snapshots.prefix(max(limit, 0))) }
        return DataStoreFetchResult(descriptor: request.descriptor, fetchedSnapshots: snapshots)
    }

    func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<
        DefaultSnapshot
    > {
        var remappedIdentifiers = [PersistentIdentifier: PersistentIdentifier]()
        var serialized = try read()
        for snapshot in request.inserted {
            let permanentIdentifier = try PersistentIdentifier.identifier(
                for: identifier, entityName: snapshot.persistentIdentifier.entityName, primaryKey: UUID()
            )
            let permanentSnapshot = snapshot.copy(
                persistentIdentifier: permanentIdentifier, remappedIdentifiers: remappedIdentifiers)
            serialized.append(permanentSnapshot)
            remappedIdentifiers[snapshot.persistentIdentifier] = permanentIdentifier
        }
        for snapshot in request.updated {
            if let index = serialized.firstIndex(where: { $0.persistentIdentifier == snapshot.persistentIdentifier }) {
                serialized[index] = snapshot
            }
        }
        for snapshot in request.deleted {
            serialized.removeAll { $0.persistentIdentifier == snapshot.persistentIdentifier }
        }
        try write(serialized)
        return DataStoreSaveChangesResult(for: identifier, remappedIdentifiers: remappedIdentifiers)
    }

    func erase() throws {
        try write([])
    }

    // The file's models, in the order they were inserted.
    func read() throws -> [DefaultSnapshot] {
        guard FileManager.default.fileExists(atPath: configuration.fileURL.path) else { return [] }
        return try JSONDecoder().decode([DefaultSnapshot].self, from: Data(contentsOf: configuration.fileURL))
    }

    func write(_ snapshots: [DefaultSnapshot]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(snapshots).write(to: configuration.fileURL, options: .atomic)
    }
}
