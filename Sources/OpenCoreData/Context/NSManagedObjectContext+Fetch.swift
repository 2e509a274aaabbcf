import Foundation
import SQLStore

/// What a fetch selects, whatever its result type.
struct FetchPlan {
    var entity: NSEntityDescription
    var predicate: NSPredicate?
    var sortDescriptors: [NSSortDescriptor]
    var limit: Int
    var offset: Int
    var includesPendingChanges: Bool
    var refreshesRefetchedObjects: Bool
    /// `relationshipKeyPathsForPrefetching`.
    var prefetchKeyPaths: [String] = []
}

extension NSManagedObjectContext {
    /// The objects (or IDs, dictionaries, a count) `request` selects. Mirrors `fetch(_:)`.
    ///
    /// The predicate and sort descriptors become the `WHERE` and `ORDER BY` of one `SELECT` on the entity's table
    /// (see `PredicateSQLTranslator`); what SQL cannot say (`LIKE`, `MATCHES`, `SUBQUERY`, key paths through
    /// to-many relationships in a sort) is evaluated in memory on the entity's rows, with the same result. With
    /// `includesPendingChanges` (the default) unsaved inserts and changes are matched in memory too and deleted
    /// objects left out. `fetchLimit` and `fetchOffset` apply to the whole result; `fetchBatchSize` is accepted
    /// (every object is read at once).
    ///
    /// - Throws: ``CoreDataError/invalidPredicateFormat(_:)`` for a predicate whose format did not parse (naming
    ///   the position and token), ``CoreDataError/unknownKey(entityName:key:)`` for a key the entity does not have,
    ///   ``CoreDataError/noPersistentStore``, ``CoreDataError/storeFailed(_:)``.
    public func fetch<T>(_ request: NSFetchRequest<T>) throws -> [T] {
        let plan = try fetchPlan(request)
        if request.resultType == .countResultType {
            return [NSNumber(value: try count(plan)) as? T].compactMap { $0 }
        }
        if request.resultType == .dictionaryResultType {
            var wider = plan
            if DictionaryResults.combinesObjects(request, entity: plan.entity) { (wider.limit, wider.offset) = (0, 0) }
            return try DictionaryResults.make(try fetchObjects(wider), request: request, entity: plan.entity).compactMap
            { $0 as? T }
        }
        let objects = try fetchObjects(plan)
        switch request.resultType {
        case .managedObjectIDResultType:
            return objects.compactMap { $0.objectID as? T }
        default:
            return objects.compactMap { $0 as? T }
        }
    }

    /// The number of objects `request` would fetch (after its offset and limit). Mirrors `count(for:)`: a
    /// `SELECT count(*)` when nothing needs memory.
    public func count<T>(for request: NSFetchRequest<T>) throws -> Int {
        try count(try fetchPlan(request))
    }

    func fetchPlan<T>(_ request: NSFetchRequest<T>) throws -> FetchPlan {
        if let error = request.predicate?.formatError { throw CoreDataError.invalidPredicateFormat(error) }
        guard let coordinator = persistentStoreCoordinator else { throw CoreDataError.noPersistentStore }
        let entity = request.entity ?? request.entityName.flatMap { coordinator.managedObjectModel.entitiesByName[$0] }
        guard let entity else {
            throw CoreDataError.unsupportedRequest("the model has no entity named \(request.entityName ?? "nil")")
        }
        return FetchPlan(
            entity: entity, predicate: request.predicate, sortDescriptors: request.sortDescriptors ?? [],
            limit: max(request.fetchLimit, 0), offset: max(request.fetchOffset, 0),
            includesPendingChanges: request.includesPendingChanges,
            refreshesRefetchedObjects: request.shouldRefreshRefetchedObjects,
            prefetchKeyPaths: request.relationshipKeyPathsForPrefetching ?? []
        )
    }

    /// The registered objects of `entity` with unsaved inserts or changes.
    private func pendingObjects(of entity: NSEntityDescription) -> [NSManagedObject] {
        orderedRegisteredObjects.filter {
            $0.entity.name == entity.name && ($0.isInsertedInContext || $0.isDeletedInContext || $0.isUpdated)
        }
    }

    func count(_ plan: FetchPlan) throws -> Int {
        processPendingChanges()
        if parent == nil, !plan.includesPendingChanges || pendingObjects(of: plan.entity).isEmpty,
            let store = persistentStoreCoordinator?.persistentStores.first,
            let table = store.engine.mapping.table(named: plan.entity.name ?? "")
        {
            let translator = PredicateSQLTranslator(
                mapping: store.engine.mapping, table: table, storeIdentifier: store.identifier)
            if let rows = try? plan.predicate.map({ FetchRequest.Rows.matching(try translator.condition($0)) }) ?? .all
            {
                let total = try storeCall { try store.engine.count(FetchRequest(table: table, rows: rows)) }
                let afterOffset = max(total - plan.offset, 0)
                return plan.limit > 0 ? min(afterOffset, plan.limit) : afterOffset
            }
        }
        return try fetchObjects(plan).count
    }

    /// The objects a plan selects, in order.
    func fetchObjects(_ plan: FetchPlan) throws -> [NSManagedObject] {
        processPendingChanges()
        var objects: [NSManagedObject]
        var pagedInSQL = false
        let pending = plan.includesPendingChanges ? pendingObjects(of: plan.entity) : []
        if let parent {
            var wider = plan
            (wider.limit, wider.offset, wider.includesPendingChanges) = (0, 0, true)
            objects = try parent.performAndWait {
                try parent.fetchObjects(wider).map { importObject($0) }
            }
        } else {
            let store = try requireStore()
            guard let table = store.engine.mapping.table(named: plan.entity.name ?? "") else {
                throw CoreDataError.unsupportedRequest(
                    "the store has no table for the entity \(plan.entity.name ?? "?")")
            }
            let translator = PredicateSQLTranslator(
                mapping: store.engine.mapping, table: table, storeIdentifier: store.identifier)
            var rows = FetchRequest.Rows.all
            var inMemory: NSPredicate?
            if let predicate = plan.predicate {
                do {
                    rows = .matching(try translator.condition(predicate))
                } catch is PredicateSQLTranslator.Untranslatable {
                    inMemory = predicate
                }
            }
            let sort = Self.sortTerms(plan.sortDescriptors, table: table)
            pagedInSQL = inMemory == nil && sort != nil && pending.isEmpty
            let request = FetchRequest(
                table: table, rows: rows, sort: sort ?? [],
                limit: pagedInSQL && plan.limit > 0 ? plan.limit : nil,
                offset: pagedInSQL && plan.offset > 0 ? plan.offset : nil
            )
            let loader = ObjectLoader(
                context: self, store: store,
                model: store.persistentStoreCoordinator?.managedObjectModel ?? NSManagedObjectModel())
            loader.prefetch(plan.prefetchKeyPaths, from: plan.entity)
            let fetched = try storeCall { try ObjectLoader.rows(request, from: store) }
            objects = fetched.compactMap {
                loader.object(table, key: $0.key, row: $0.row, refresh: plan.refreshesRefetchedObjects)
            }
            try storeCall { try loader.finish() }
            objects = objects.filter { $0.context === self }
            if let inMemory {
                objects = try objects.filter { try inMemory.checkedEvaluate(with: $0) }
            }
        }
        if plan.includesPendingChanges {
            let changed = Set(pending.map(ObjectIdentifier.init))
            objects = objects.filter { !changed.contains(ObjectIdentifier($0)) && !$0.isDeletedInContext }
            for object in pending where !object.isDeletedInContext {
                if try plan.predicate?.checkedEvaluate(with: object) ?? true { objects.append(object) }
            }
        } else {
            // Without pending changes, the objects as stored: unsaved inserts are left out.
            objects = objects.filter { !$0.isInsertedInContext }
        }
        guard !pagedInSQL else { return objects }
        objects = objects.sorted(using: plan.sortDescriptors)
        if plan.offset > 0 { objects = Array(objects.dropFirst(plan.offset)) }
        if plan.limit > 0 { objects = Array(objects.prefix(plan.limit)) }
        return objects
    }

    /// The `ORDER BY` terms of sort descriptors on attributes of numbers, strings, dates and decimals (with the
    /// collation of their string comparison); nil when one needs memory (a key path, another kind of value).
    static func sortTerms(_ descriptors: [NSSortDescriptor], table: EntityTable) -> [SortTerm]? {
        var terms: [SortTerm] = []
        for descriptor in descriptors {
            guard let keyed = descriptor as? KeyedSortDescriptor, let key = keyed.sortKey,
                let column = table.column(named: key),
                let attribute = column.attribute, !column.isExternal
            else { return nil }
            let kind = PredicateSQLTranslator.kind(of: attribute)
            guard [.number, .string, .date, .decimal].contains(kind) else { return nil }
            var collation: String?
            if kind == .string {
                switch keyed.comparison {
                case .compare, .unsupported: collation = nil
                case .caseInsensitive: collation = StringOrder.caseInsensitive.collation
                case .localized: collation = StringOrder.localized.collation
                case .localizedCaseInsensitive: collation = StringOrder.localizedCaseInsensitive.collation
                case .localizedStandard: collation = StringOrder.localizedStandard.collation
                }
            }
            terms.append(SortTerm(column: column, collation: collation, ascending: keyed.ascending))
        }
        return terms
    }

    /// The coordinator's store, or ``CoreDataError/noPersistentStore``.
    func requireStore() throws -> NSPersistentStore {
        guard let coordinator = persistentStoreCoordinator else { throw CoreDataError.noPersistentStore }
        return try coordinator.requireStore()
    }

    /// `body`, with the store layer's errors as ``CoreDataError/storeFailed(_:)``.
    func storeCall<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw CoreDataError.storeFailed(error.description)
        }
    }

    // MARK: Objects by ID

    /// The object with `objectID`: the registered one, or one read from the store (or the parent). Mirrors
    /// `existingObject(with:)`.
    /// - Throws: ``CoreDataError/objectNotFound(_:)`` when there is no such object.
    public func existingObject(with objectID: NSManagedObjectID) throws -> NSManagedObject {
        guard let object = try materializedObject(for: objectID) else { throw CoreDataError.objectNotFound(objectID) }
        return object
    }

    /// The object with `objectID`. Mirrors `object(with:)`. **Differs:** where Core Data hands back a fault that
    /// raises when a missing object is used, an ID with no object gives an object of the entity with no values, in
    /// no context.
    public func object(with objectID: NSManagedObjectID) -> NSManagedObject {
        if let object = try? materializedObject(for: objectID) { return object }
        let object = ManagedObjectClassRegistry.objectClass(for: objectID.entity).init(
            entity: objectID.entity, insertInto: nil)
        object.storedObjectID = objectID
        return object
    }

    /// The registered object with `objectID`, or the one the parent or the store has; nil when none has it.
    func materializedObject(for objectID: NSManagedObjectID) throws -> NSManagedObject? {
        if let object = registeredObject(for: objectID) { return object }
        if let parent {
            return try parent.performAndWait { try parent.materializedObject(for: objectID).map { importObject($0) } }
        }
        guard let key = objectID.primaryKey else { return nil }
        let store = try requireStore()
        guard objectID.storeIdentifier == store.identifier,
            let table = store.engine.mapping.table(named: objectID.entity.name ?? "")
        else {
            return nil
        }
        let loader = ObjectLoader(
            context: self, store: store,
            model: store.persistentStoreCoordinator?.managedObjectModel ?? NSManagedObjectModel())
        let object = loader.object(table, key: key, row: nil)
        try storeCall { try loader.finish() }
        return object?.context === self ? object : nil
    }

    /// This context's object for `source`, an object of another context (the parent, or a child) with the same
    /// ID: the registered one, or a new one with `source`'s values (its related objects imported too) as its
    /// committed values.
    func importObject(_ source: NSManagedObject) -> NSManagedObject {
        if let existing = registeredObject(for: source.objectID) { return existing }
        let object = ManagedObjectClassRegistry.objectClass(for: source.entity).init(
            entity: source.entity, insertInto: nil)
        object.storedObjectID = source.objectID
        object.context = self
        register(object)
        object.didFetch(objectID: source.objectID, values: importedValues(source.values), into: self)
        object.storedVersion = source.storedVersion
        return object
    }

    /// Values of another context's object, its related objects replaced by this context's.
    func importedValues(_ values: [String: Any]) -> [String: Any] {
        values.mapValues { importedValue($0) }
    }

    func importedValue(_ value: Any) -> Any {
        if let object = value as? NSManagedObject { return importObject(object) }
        if let objects = value as? [NSManagedObject] { return objects.map { importObject($0) } }
        return value
    }
}
