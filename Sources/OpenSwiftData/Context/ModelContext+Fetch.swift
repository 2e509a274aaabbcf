import Foundation

extension ModelContext {
    /// The models matching `descriptor`. Mirrors SwiftData's `fetch(_:)`.
    ///
    /// Runs one `SELECT` with the predicate as `WHERE`, the sort descriptors (then the primary key) as
    /// `ORDER BY`, and `LIMIT ? OFFSET ?` (see the store layer's `SelectQuery`). When `includePendingChanges` is true and this context has unsaved changes
    /// to `T`, the rows are merged with them — pending inserts and changed models that match are added, pending
    /// deletes and changed models that no longer match are dropped, the result is sorted again in memory — and the
    /// window is applied after that merge. The stored rows a pending `delete(model:where:)` removes are left out.
    /// - Throws: ``SwiftDataError/unsupportedPredicate(_:)`` or ``SwiftDataError/unsupportedSortDescriptor(_:)``
    ///   when the descriptor cannot be translated; ``SwiftDataError/modelNotInSchema(entityName:)``; store errors.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws(SwiftDataError) -> [T] {
        if let dataStore = store as? DataStoreModelStore { return try fetch(descriptor, from: dataStore) }
        let table = try store.table(for: T.self)
        let plan = try FetchPlan(
            table: table, schema: store.mapping, descriptor: descriptor,
            inMemoryFallback: evaluatesUnsupportedPredicatesInMemory)
        let mergesPendingChanges = descriptor.includePendingChanges && hasPendingChanges(for: T.self)
        if !mergesPendingChanges && plan.isEntirelySQL {
            let request = plan.query.request(limit: descriptor.fetchLimit, offset: descriptor.fetchOffset)
            return try fetchRows(
                T.self, table: table, request: request, includesPendingChanges: descriptor.includePendingChanges)
        }
        var models = try fetchRows(
            T.self, table: table, request: plan.query.request(),
            includesPendingChanges: descriptor.includePendingChanges)
        if plan.filtersInMemory, let predicate = descriptor.predicate {
            var matching: [T] = []
            for model in models where try Self.evaluate(predicate, on: model) { matching.append(model) }
            models = matching
        }
        if mergesPendingChanges {
            models = try mergePendingChanges(into: models, descriptor: descriptor, alwaysSort: plan.sortsInMemory)
        } else if plan.sortsInMemory {
            models = sorted(models, by: descriptor.sortBy)
        }
        return window(models, offset: descriptor.fetchOffset, limit: descriptor.fetchLimit)
    }

    /// The number of models `descriptor` would fetch (limit and offset apply). Mirrors SwiftData's
    /// `fetchCount(_:)`; runs `SELECT count(*)` when the predicate is translated and no pending change of `T` is
    /// involved.
    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws(SwiftDataError) -> Int {
        if store is DataStoreModelStore { return try fetch(descriptor).count }
        let table = try store.table(for: T.self)
        var countable = descriptor
        countable.sortBy = []
        let plan = try FetchPlan(
            table: table, schema: store.mapping, descriptor: countable,
            inMemoryFallback: evaluatesUnsupportedPredicatesInMemory)
        if (descriptor.includePendingChanges && hasPendingChanges(for: T.self)) || plan.filtersInMemory {
            return try fetch(countable).count
        }
        let total = try store.fetchCount(plan.query.request())
        let afterOffset = max(total - max(descriptor.fetchOffset ?? 0, 0), 0)
        return descriptor.fetchLimit.map { min(afterOffset, max($0, 0)) } ?? afterOffset
    }

    /// Whether `model` matches: a model on which `Predicate.evaluate` throws (a nil force-unwrap, an index out of
    /// range) does not, as a row on which it would throw does not match in SQL.
    static func evaluate<T>(_ predicate: Predicate<T>, on model: T) throws(SwiftDataError) -> Bool {
        (try? predicate.evaluate(model)) ?? false
    }

    // MARK: Rows to models

    /// Runs `request` (which selects whole rows) and returns the rows as registered models. Reads from `source`
    /// (a snapshot, say). Rows a pending ``delete(model:where:)`` removes are skipped, unless
    /// `includesPendingChanges` is false.
    func fetchRows<T: PersistentModel>(
        _ type: T.Type, table: EntityTable, request: FetchRequest, from source: StoreReadSource = .current,
        includesPendingChanges: Bool = true
    ) throws(SwiftDataError) -> [T] {
        let storeIndex = StoreIdentifiers.index(of: store.identifier)
        let version = store.dataVersion()
        let deletions = includesPendingChanges ? batchDeletions(of: T.self) : nil
        // Collected as plain references: in this unspecialised code each `append` to a `[T]` looks up `Array<T>`'s
        // metadata (≈ 330 instructions a row); an `[AnyObject]` needs none.
        var models: [AnyObject] = []
        try store.fetch(request, from: source) { row in
            if let deletions, deletions.contains(where: { $0.excludes(row.primaryKey) }) { return }
            models.append(
                try self.materialize(T.self, row: row, table: table, storeIndex: storeIndex, version: version)
            )
        }
        // Every element is the `T` `materialize` returned. (Not `map`: unspecialised, it costs as much per element.)
        let count = models.count
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            for (index, model) in models.enumerated() {
                buffer.initializeElement(at: index, to: unsafeDowncast(model, to: T.self))
            }
            initialized = count
        }
    }

    /// The registered instance for the current row (refreshed from it when it has no unsaved changes), or a new one.
    /// A row of a hierarchy's table is read as the class its entity column names (a `Car` row fetched as a
    /// `Vehicle` is a `Car`).
    func materialize<T: PersistentModel>(
        _ type: T.Type, row: StoreRow, table: EntityTable, storeIndex: StoreIdentifiers.Index, version: Int64
    ) throws -> T {
        if table.entityColumnIndex != nil {
            return try materializeInHierarchy(
                T.self, row: row, table: table, storeIndex: storeIndex, version: version)
        }
        let rowID = row.primaryKey
        if let existing = registeredInstance(T.self, rowID: rowID) {
            // Read the row again only if the store changed since the instance was read (and it has no unsaved
            // change of its own).
            let (status, hasChanges, loadedVersion) = existing.withState {
                ($0.status, $0.hasChanges, $0.loadedVersion)
            }
            if status == .registered, !hasChanges, !isCurrent(loadedAt: loadedVersion, at: version) {
                var decoder = ModelRowDecoder(row: row, entityName: table.name, context: self)
                try existing._$load(from: &decoder)
                existing._$persistentState.markLoaded(faults: decoder.faults, version: version)
            }
            return existing
        }
        // The common case of a fetch: a row this context has no instance of. Nothing to compare or refresh.
        var decoder = ModelRowDecoder(row: row, entityName: table.name, context: self)
        return registerFetched(
            try T(_$row: &decoder), decoder: decoder, rowID: rowID, storeIndex: storeIndex, version: version)
    }

    /// ``materialize(_:row:table:storeIndex:version:)`` for a row of a hierarchy's table.
    private func materializeInHierarchy<T: PersistentModel>(
        _ type: T.Type, row: StoreRow, table: EntityTable, storeIndex: StoreIdentifiers.Index, version: Int64
    ) throws -> T {
        let rowID = row.primaryKey
        guard let entity = store.mapping.entity(of: table, row: row) else {
            throw SwiftDataError.invalidStoredValue(
                "\(table.name) \(rowID): its \(EntityTable.entityColumn) names no model class of the schema"
            )
        }
        var decoder = ModelRowDecoder(row: row, entity: entity)
        decoder.context = self
        if let existing = registeredInstance(of: entity.entity.modelType, rowID: rowID) {
            let (status, hasChanges, loadedVersion) = existing.withState {
                ($0.status, $0.hasChanges, $0.loadedVersion)
            }
            if status == .registered, !hasChanges, loadedVersion != version {
                try existing._$load(from: &decoder)
                existing._$persistentState.markLoaded(faults: decoder.faults, version: version)
            }
            guard let model = existing as? T else { throw Self.notA(T.self, entity: entity, rowID: rowID) }
            return model
        }
        let created = try entity.entity.modelType.init(_$row: &decoder)
        guard let model = created as? T else { throw Self.notA(T.self, entity: entity, rowID: rowID) }
        return registerFetched(
            model, decoder: decoder, rowID: rowID, storeIndex: storeIndex, version: version)
    }

    /// Registers `model`, just read from row `rowID` by `decoder`, as this context's instance of that row.
    private func registerFetched<T: PersistentModel>(
        _ model: T, decoder: ModelRowDecoder, rowID: Int64, storeIndex: StoreIdentifiers.Index, version: Int64
    ) -> T {
        model._$persistentState.markFetched(
            context: self, rowID: rowID, store: storeIndex, faults: decoder.faults, version: version)
        register(model, rowID: rowID)
        return model
    }

    private static func notA(_ type: any PersistentModel.Type, entity: EntityMapping, rowID: Int64) -> SwiftDataError {
        .invalidStoredValue(
            "\(entity.entity.name) \(rowID) was read as a \(type.entityName), which it is not a kind of")
    }

    // MARK: Pending changes in fetches

    func hasPendingChanges<T: PersistentModel>(for type: T.Type) -> Bool {
        if insertedModels.containsModel(of: type) || changedModels.containsModel(of: type)
            || deletedModels.containsModel(of: type)
            || batchDeletions(of: type) != nil
        {
            return true
        }
        guard store.mapping.hasInheritance else { return false }
        // A fetch of a class in a hierarchy returns its subclasses' models too.
        return store.mapping.entities.contains { entity in
            let subclass = entity.entity.modelType
            return ObjectIdentifier(subclass) != ObjectIdentifier(type) && ModelHierarchy.isSubclass(subclass, of: type)
                && (insertedModels.containsModel(of: subclass) || changedModels.containsModel(of: subclass)
                    || deletedModels.containsModel(of: subclass))
        }
    }

    func mergePendingChanges<T: PersistentModel>(
        into stored: [T], descriptor: FetchDescriptor<T>, alwaysSort: Bool
    ) throws(SwiftDataError) -> [T] {
        func matches(_ model: T) throws(SwiftDataError) -> Bool {
            guard let predicate = descriptor.predicate else { return true }
            return try Self.evaluate(predicate, on: model)
        }
        var result: [T] = []
        var seen = Set<ObjectIdentifier>()
        for model in stored {
            let state = model._$persistentState
            guard state.status == .registered else { continue }
            // A changed model's stored row matched; its current values decide.
            if state.hasChanges, try !matches(model) { continue }
            result.append(model)
            seen.insert(ObjectIdentifier(model))
        }
        var added = false
        for model in changedModels.models(of: T.self) + insertedModels.models(of: T.self)
        where !seen.contains(ObjectIdentifier(model)) && model._$persistentState.status != .deleted {
            if try matches(model) {
                result.append(model)
                added = true
            }
        }
        guard alwaysSort || added || stored.contains(where: { $0._$persistentState.hasChanges }) else { return result }
        return sorted(result, by: descriptor.sortBy)
    }

    /// Sorts in memory by the descriptors, then by row order (saved rows by primary key, then unsaved ones in
    /// insertion order) — the same total order the SQL uses.
    func sorted<T: PersistentModel>(_ models: [T], by descriptors: [SortDescriptor<T>]) -> [T] {
        let positions = Dictionary(uniqueKeysWithValues: models.enumerated().map { (ObjectIdentifier($1), $0) })
        func rowOrder(_ model: T) -> (Int64, Int) {
            let rowID = model._$persistentState.rowID
            return (rowID == 0 ? Int64.max : rowID, positions[ObjectIdentifier(model)] ?? 0)
        }
        return models.sorted { lhs, rhs in
            for descriptor in descriptors {
                switch descriptor.compare(lhs, rhs) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
            return rowOrder(lhs) < rowOrder(rhs)
        }
    }

    func window<T>(_ models: [T], offset: Int?, limit: Int?) -> [T] {
        let start = min(max(offset ?? 0, 0), models.count)
        let end = limit.map { min(start + max($0, 0), models.count) } ?? models.count
        return Array(models[start..<end])
    }
}
