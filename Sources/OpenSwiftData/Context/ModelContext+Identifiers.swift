import Foundation

extension ModelContext {
    /// The identifiers of the models `descriptor` would fetch, in the same order. Mirrors SwiftData's
    /// `fetchIdentifiers(_:)`; without pending changes to merge, it reads only the primary keys
    /// (`SELECT "Z_PK" … WHERE … ORDER BY … LIMIT …`) and builds no model.
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws(SwiftDataError) -> [PersistentIdentifier] {
        if let rowIDs = try fetchRowIDs(descriptor) {
            let store = self.store.identifier
            return rowIDs.map { .permanent(entityName: T.entityName, storeIdentifier: store, rowID: $0) }
        }
        return try fetch(descriptor).map(\.persistentModelID)
    }

    /// The primary keys `descriptor` selects, or nil when the answer needs models (pending changes to merge, or a
    /// predicate evaluated in memory).
    func fetchRowIDs<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>, from source: StoreReadSource = .current
    ) throws(SwiftDataError) -> [Int64]? {
        let table = try store.table(for: T.self)
        let plan = try FetchPlan(table: table, schema: store.mapping, descriptor: descriptor, inMemoryFallback: evaluatesUnsupportedPredicatesInMemory)
        guard plan.isEntirelySQL, !(descriptor.includePendingChanges && hasPendingChanges(for: T.self)) else { return nil }
        return try store.fetchKeys(
            plan.query.request(limit: descriptor.fetchLimit, offset: descriptor.fetchOffset, keysOnly: true), from: source
        )
    }

    /// The models with these primary keys, in the order given (keys whose rows are gone are skipped).
    func fetchModels<T: PersistentModel>(
        _ type: T.Type, rowIDs: some Collection<Int64>, from source: StoreReadSource = .current
    ) throws(SwiftDataError) -> [T] {
        guard !rowIDs.isEmpty else { return [] }
        let table = try store.table(for: T.self)
        var found: [Int64: T] = [:]
        // SQLite allows 32,766 parameters per statement; stay well under it.
        let all = Array(rowIDs)
        for start in stride(from: 0, to: all.count, by: 500) {
            let chunk = Array(all[start..<min(start + 500, all.count)])
            for model in try fetchRows(T.self, table: table, request: FetchRequest(table: table, rows: .keys(chunk)), from: source) {
                found[model._$persistentState.rowID] = model
            }
        }
        return all.compactMap { found[$0] }
    }

    /// The model with `identifier`: the registered instance, an unsaved inserted one, or one read from the store.
    /// Mirrors SwiftData's `model(for:)`, which returns a fault that traps when its row does not exist; this throws
    /// instead.
    /// - Throws: ``SwiftDataError/modelNotFound(_:)`` when no row has that identifier (deleted, or from another
    ///   store); ``SwiftDataError/modelNotInSchema(entityName:)``.
    public func model(for identifier: PersistentIdentifier) throws(SwiftDataError) -> any PersistentModel {
        guard let entity = container.schema.entitiesByName[identifier.entityName] else {
            throw .modelNotInSchema(entityName: identifier.entityName)
        }
        if let model = try lookUp(entity.modelType, identifier) { return model }
        throw .modelNotFound(identifier)
    }

    private func lookUp<T: PersistentModel>(_ type: T.Type, _ identifier: PersistentIdentifier) throws(SwiftDataError) -> T? {
        if let registered: T = registeredModel(for: identifier) { return refreshedIfStale(registered) }
        guard let rowID = identifier.primaryKey, identifier.storeIdentifier == store.identifier else { return nil }
        return try fetchModels(T.self, rowIDs: [rowID]).first
    }
}
