import Foundation

extension ModelContext {
    /// The identifiers of the models `descriptor` would fetch, in the same order. Mirrors SwiftData's
    /// `fetchIdentifiers(_:)`; without pending changes to merge, it reads only the primary keys
    /// (`SELECT "Z_PK" … WHERE … ORDER BY … LIMIT …`) and builds no model.
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws(SwiftDataError)
        -> [PersistentIdentifier]
    {
        try fetchIdentifiers(descriptor, batchSize: 0)
    }

    /// The identifiers of the models `descriptor` would fetch, in the same order. Mirrors SwiftData's
    /// `fetchIdentifiers(_:batchSize:)`, which returns a `FetchResultsCollection<PersistentIdentifier>`; this returns
    /// an array, which is iterated, counted and subscripted the same way. Identifiers are small, so every one is read
    /// at once whatever `batchSize` (SwiftData's hint for how many rows to read at a time); the SQL is that of
    /// ``fetchIdentifiers(_:)``.
    public func fetchIdentifiers<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>, batchSize: Int
    ) throws(SwiftDataError) -> [PersistentIdentifier] {
        // A hierarchy's rows are of several classes, which only their rows tell.
        if try store.table(for: T.self).entityColumnIndex == nil, let rowIDs = try fetchRowIDs(descriptor) {
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
        let plan = try FetchPlan(
            table: table, schema: store.mapping, descriptor: descriptor,
            inMemoryFallback: evaluatesUnsupportedPredicatesInMemory)
        guard plan.isEntirelySQL, !(descriptor.includePendingChanges && hasPendingChanges(for: T.self)) else {
            return nil
        }
        return try store.fetchKeys(
            plan.query.request(limit: descriptor.fetchLimit, offset: descriptor.fetchOffset, keysOnly: true),
            from: source
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
            for model in try fetchRows(
                T.self, table: table, request: FetchRequest(table: table, rows: .keys(chunk)), from: source)
            {
                found[model._$persistentState.rowID] = model
            }
        }
        return all.compactMap { found[$0] }
    }

    /// The model with `identifier`: the registered instance, an unsaved inserted one, or one read from the store
    /// (`SELECT … WHERE "Z_PK" = ?`). Mirrors SwiftData's `model(for:)`, and like it never throws.
    ///
    /// When no row has the identifier (its model was deleted, or the identifier is of another store) SwiftData
    /// returns a fault whose properties trap when read. This never traps: it returns a *placeholder*, a new instance
    /// of the identifier's model type that belongs to no context (``PersistentModel/modelContext`` is nil, as for a
    /// model whose deletion was saved), whose ``PersistentModel/persistentModelID`` is `identifier`, and whose stored
    /// properties hold nil for optionals, else the zero of their column (0, 0.0, "", no bytes; a `Codable` value its
    /// declared default), with empty to-many relationships. A type that cannot be built that way (a required to-one
    /// relationship, a `Codable` property with no default), or an entity not in the schema, gives a placeholder of
    /// another type, so `as? T` is nil. A failed read of the store is reported to
    /// ``OpenSwiftDataDiagnostics/handler`` and answered with a placeholder too.
    ///
    /// To tell a missing row from a present one, use ``existingModel(for:)``, which throws.
    public func model(for identifier: PersistentIdentifier) -> any PersistentModel {
        do {
            return try existingModel(for: identifier)
        } catch {
            switch error {
            case .modelNotFound, .modelNotInSchema: break
            default:
                OpenSwiftDataDiagnostics.report(.readFailed, "reading \(identifier) failed: \(error)", error: error)
            }
            guard let entity = container.schema.entitiesByName[identifier.entityName],
                let placeholder = placeholder(entity.modelType, identifier)
            else { return MissingModel(identifier) }
            return placeholder
        }
    }

    /// The model with `identifier`: the registered instance, an unsaved inserted one, or one read from the store.
    /// Not in SwiftData: the throwing form of ``model(for:)``, in the manner of Core Data's
    /// `existingObject(with:)`.
    /// - Throws: ``SwiftDataError/modelNotFound(_:)`` when no row has that identifier (deleted, or from another
    ///   store); ``SwiftDataError/modelNotInSchema(entityName:)``; ``SwiftDataError/storeFailed(_:)`` when the read
    ///   fails.
    public func existingModel(for identifier: PersistentIdentifier) throws(SwiftDataError) -> any PersistentModel {
        guard let entity = container.schema.entitiesByName[identifier.entityName] else {
            throw .modelNotInSchema(entityName: identifier.entityName)
        }
        if let model = try lookUp(entity.modelType, identifier) { return model }
        throw .modelNotFound(identifier)
    }

    /// A model of type `T` standing for `identifier`'s missing row (see ``model(for:)``), or nil when `T` cannot be
    /// read from zero values.
    private func placeholder<T: PersistentModel>(_ type: T.Type, _ identifier: PersistentIdentifier) -> T? {
        guard let entity = try? store.mapping.entity(for: T.self) else { return nil }
        let values: [StoredValue] = entity.storedProperties.map { property, column in
            guard let attribute = column.attribute, entity.entity.properties[property].attribute?.isOptional == false
            else { return .null }
            if let defaultValue = attribute.defaultValue { return defaultValue }
            return attribute.representation == "json" ? .text("{}") : attribute.storageType.zeroValue
        }
        var decoder = ModelRowDecoder(values: values, entityName: T.entityName)
        guard let model = try? T(_$row: &decoder) else { return nil }
        model._$persistentState.status = .removed
        model._$persistentState.temporaryIdentifier = identifier
        return model
    }

    private func lookUp<T: PersistentModel>(_ type: T.Type, _ identifier: PersistentIdentifier) throws(SwiftDataError)
        -> T?
    {
        if let registered: T = registeredModel(for: identifier) { return refreshedIfStale(registered) }
        guard let rowID = identifier.primaryKey, identifier.storeIdentifier == store.identifier else { return nil }
        return try fetchModels(T.self, rowIDs: [rowID]).first
    }
}
