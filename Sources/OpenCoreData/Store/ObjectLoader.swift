import Foundation
import SQLStore

/// Turns a store's rows into a context's managed objects: one object per row (the registered one when the context
/// has it), with its attributes, its to-one relationships' objects and its to-many relationships' objects, whose
/// rows are read too — so a fetched object is never a fault.
///
/// Objects are registered before their values are set, so rows that refer to each other (inverses, cycles) meet
/// the same objects.
final class ObjectLoader {
    private let context: NSManagedObjectContext
    private let store: NSPersistentStore
    private let model: NSManagedObjectModel
    private var toFill: [(object: NSManagedObject, table: EntityTable, key: Int64, row: [StoredValue])] = []
    private var missingRows: [String: (table: EntityTable, keys: [Int64])] = [:]
    private var shells: [ObjectIdentifier: NSManagedObject] = [:]
    /// The to-many relationships (`Entity.relationship`) whose rows are read for a whole round of objects at once.
    private var prefetching: Set<String> = []
    /// The related keys those reads found, by `Entity.relationship`, then by owner's key (an owner with none: []).
    private var prefetched: [String: [Int64: [Int64]]] = [:]

    init(context: NSManagedObjectContext, store: NSPersistentStore, model: NSManagedObjectModel) {
        self.context = context
        self.store = store
        self.model = model
    }

    /// Reads the to-many relationships `keyPaths` name (Core Data's `relationshipKeyPathsForPrefetching`, from
    /// `entity`; `books.reviews` names `books` of `entity` and `reviews` of its destination) for every object of a
    /// round in one statement per relationship (``SQLiteStore/fetchRelated(_:owners:from:_:)``), instead of one per
    /// object. Unknown names end their key path.
    func prefetch(_ keyPaths: [String], from entity: NSEntityDescription) {
        for keyPath in keyPaths {
            var current: NSEntityDescription? = entity
            for name in keyPath.split(separator: ".").map(String.init) {
                guard let owner = current, let relationship = owner.relationshipsByName[name] else { break }
                prefetching.insert(Self.prefetchKey(owner.name ?? "", name))
                current = relationship.destinationEntity
            }
        }
    }

    private static func prefetchKey(_ entityName: String, _ relationship: String) -> String {
        "\(entityName).\(relationship)"
    }

    /// Every column of each row `request` selects (which must select every column), with its key.
    static func rows(_ request: FetchRequest, from store: NSPersistentStore) throws -> [(
        key: Int64, row: [StoredValue]
    )] {
        var rows: [(key: Int64, row: [StoredValue])] = []
        let count = Int32(request.table.columns.count)
        try store.engine.fetch(request) { row in
            var values: [StoredValue] = []
            values.reserveCapacity(Int(count))
            for index in 0..<count { values.append(row.value(at: index + StoreRow.firstValueColumn)) }
            rows.append((row.primaryKey, values))
        }
        return rows
    }

    /// The object of the row `key` of `table`: the registered one, or a new one whose values are read by
    /// ``finish()`` — from `row` when given, else from the store. `refresh` reads a registered object's values again.
    func object(_ table: EntityTable, key: Int64, row: [StoredValue]?, refresh: Bool = false) -> NSManagedObject? {
        guard let entity = model.entitiesByName[table.name] else { return nil }
        let objectID = NSManagedObjectID.permanent(for: entity, storeIdentifier: store.identifier, primaryKey: key)
        if let existing = context.registeredObject(for: objectID) {
            if refresh || shells[ObjectIdentifier(existing)] != nil {
                if let row {
                    toFill.append((existing, table, key, row))
                } else if refresh {
                    missingRows[table.name, default: (table, [])].keys.append(key)
                }
            }
            return existing
        }
        let object = ManagedObjectClassRegistry.objectClass(for: entity).init(entity: entity, insertInto: nil)
        object.storedObjectID = objectID
        object.context = context
        context.register(object)
        shells[ObjectIdentifier(object)] = object
        if let row {
            toFill.append((object, table, key, row))
        } else {
            missingRows[table.name, default: (table, [])].keys.append(key)
        }
        return object
    }

    /// Reads the rows still needed and sets every new object's values. Objects whose row no longer exists leave
    /// the context.
    func finish() throws {
        while !toFill.isEmpty || !missingRows.isEmpty {
            let missing = missingRows
            missingRows = [:]
            for (_, entry) in missing {
                var found = Set<Int64>()
                let keys = Array(Set(entry.keys))
                for start in stride(from: 0, to: keys.count, by: 500) {
                    let chunk = Array(keys[start..<min(start + 500, keys.count)])
                    for (key, row) in try Self.rows(FetchRequest(table: entry.table, rows: .keys(chunk)), from: store) {
                        found.insert(key)
                        _ = object(entry.table, key: key, row: row, refresh: true)
                    }
                }
                for key in keys where !found.contains(key) {
                    guard let entity = model.entitiesByName[entry.table.name],
                        let gone = context.registeredObject(
                            for: .permanent(for: entity, storeIdentifier: store.identifier, primaryKey: key))
                    else { continue }
                    context.unregister(gone)
                    gone.context = nil
                }
            }
            let batch = toFill
            toFill = []
            try readPrefetched(for: batch)
            for item in batch { try fill(item.object, table: item.table, key: item.key, row: item.row) }
        }
        shells = [:]
    }

    /// For the objects about to be filled, the relationships being prefetched: one read per relationship and
    /// table, whose related rows become objects (filled in the next round) and whose keys ``fill`` takes.
    private func readPrefetched(
        for batch: [(object: NSManagedObject, table: EntityTable, key: Int64, row: [StoredValue])]
    ) throws {
        guard !prefetching.isEmpty else { return }
        let inRound = Set(batch.map { ObjectIdentifier($0.object) })
        var owners: [ObjectIdentifier: (table: EntityTable, entityName: String, keys: [Int64])] = [:]
        for item in batch {
            owners[ObjectIdentifier(item.table), default: (item.table, item.object.entity.name ?? "", [])].keys.append(
                item.key)
        }
        for (_, group) in owners {
            for (_, mapping) in store.engine.mapping.relationships(of: group.table).sorted(by: { $0.key < $1.key })
            where mapping.relationship.isToMany
                && prefetching.contains(Self.prefetchKey(group.entityName, mapping.relationship.name))
            {
                let cacheKey = Self.prefetchKey(group.entityName, mapping.relationship.name)
                var keysByOwner: [Int64: [Int64]] = [:]
                for owner in group.keys { keysByOwner[owner] = [] }
                var rows: [(key: Int64, row: [StoredValue])] = []
                let count = Int32(mapping.destination.columns.count)
                try store.engine.fetchRelated(mapping, owners: Array(keysByOwner.keys)) { owner, row in
                    var values: [StoredValue] = []
                    values.reserveCapacity(Int(count))
                    for index in 0..<count { values.append(row.value(at: index + StoreRow.firstValueColumn)) }
                    keysByOwner[owner, default: []].append(row.primaryKey)
                    rows.append((row.primaryKey, values))
                }
                // Rows of objects in this round are theirs already (a member who is another member's friend).
                let destinationEntity = model.entitiesByName[mapping.destination.name]
                for (key, row) in rows {
                    if let destinationEntity,
                        let existing = context.registeredObject(
                            for: .permanent(for: destinationEntity, storeIdentifier: store.identifier, primaryKey: key)),
                        inRound.contains(ObjectIdentifier(existing))
                    {
                        continue
                    }
                    _ = object(mapping.destination, key: key, row: row)
                }
                prefetched[cacheKey, default: [:]].merge(keysByOwner) { $1 }
            }
        }
    }

    private func fill(_ object: NSManagedObject, table: EntityTable, key: Int64, row: [StoredValue]) throws {
        shells[ObjectIdentifier(object)] = nil
        var values: [String: Any] = [:]
        let entity = object.entity
        var version: Int64?
        for column in table.columns where row.indices.contains(column.index) {
            let stored = row[column.index]
            switch column.kind {
            case .attribute(let attribute):
                if attribute.name == StoreSchemaBuilder.versionColumn, case .integer(let stored) = stored {
                    version = stored
                    continue
                }
                guard let description = entity.attributesByName[attribute.name] else { continue }
                if let value = AttributeStorage.value(stored, for: description) { values[attribute.name] = value }
            case .reference(let relationship):
                guard case .integer(let target) = stored,
                    let destination = store.engine.mapping.table(named: relationship.destination)
                else { continue }
                if let related = self.object(destination, key: target, row: nil) { values[relationship.name] = related }
            }
        }
        for (_, mapping) in store.engine.mapping.relationships(of: table) where mapping.relationship.isToMany {
            let keys =
                try prefetched[Self.prefetchKey(entity.name ?? "", mapping.relationship.name)]?[key]
                ?? store.engine.fetchKeys(FetchRequest(table: mapping.destination, rows: .related(mapping, owner: key)))
            values[mapping.relationship.name] = keys.compactMap { self.object(mapping.destination, key: $0, row: nil) }
        }
        // Transient properties keep what they hold in memory.
        for property in entity.properties where property.isTransient {
            if let value = object.values[property.name] { values[property.name] = value }
        }
        object.didFetch(objectID: object.objectID, values: values, into: context)
        object.storedVersion = version
    }
}
