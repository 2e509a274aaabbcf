extension ModelContext {
    /// `fetch(_:)` on a store of your own: the store gets the whole descriptor; what it leaves to the context
    /// (``DataStoreError/preferInMemoryFilter``, `preferInMemorySort`) is applied here, with `Predicate.evaluate`
    /// and the sort descriptors, as are this context's pending changes.
    func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, from dataStore: DataStoreModelStore)
        throws(SwiftDataError) -> [T]
    {
        let mergesPendingChanges = descriptor.includePendingChanges && hasPendingChanges(for: T.self)
        var request = descriptor
        if mergesPendingChanges {
            // The window applies after the merge.
            request.fetchLimit = nil
            request.fetchOffset = nil
        }
        let fetched = try dataStore.fetch(request, editingState: EditingState(id: editingIdentifier, author: author))
        let storeIdentifier = dataStore.identifier
        let version = dataStore.dataVersion()
        var models: [T] = []
        models.reserveCapacity(fetched.rows.count)
        for row in fetched.rows {
            models.append(
                try materialize(
                    T.self, values: row.values, key: row.key, identifier: row.identifier,
                    storeIdentifier: storeIdentifier, version: version))
        }
        if !fetched.filtered, let predicate = descriptor.predicate {
            var matching: [T] = []
            for model in models where try Self.evaluate(predicate, on: model) { matching.append(model) }
            models = matching
        }
        if mergesPendingChanges {
            models = try mergePendingChanges(into: models, descriptor: descriptor, alwaysSort: !fetched.sorted)
        } else if !fetched.sorted {
            models = sorted(models, by: descriptor.sortBy)
        }
        if fetched.windowed && !mergesPendingChanges { return models }
        return window(models, offset: descriptor.fetchOffset, limit: descriptor.fetchLimit)
    }

    /// The registered instance for a row of a store of your own (refreshed from its values when it has no unsaved
    /// changes), or a new one.
    private func materialize<T: PersistentModel>(
        _ type: T.Type, values: [StoredValue], key: Int64, identifier: PersistentIdentifier, storeIdentifier: String,
        version: Int64
    ) throws(SwiftDataError) -> T {
        var decoder = ModelRowDecoder(values: values, entityName: T.entityName)
        decoder.context = self
        do {
            if let existing = registeredInstance(T.self, rowID: key) {
                if existing._$persistentState.status == .registered, !existing._$persistentState.hasChanges,
                    existing._$persistentState.loadedVersion != version
                {
                    try existing._$load(from: &decoder)
                    existing._$persistentState.loadedVersion = version
                }
                return existing
            }
            let model = try T(_$row: &decoder)
            model._$persistentState.loadedVersion = version
            model._$persistentState.context = self
            model._$persistentState.markRegistered(rowID: key, storeIdentifier: storeIdentifier)
            model._$persistentState.dataStoreIdentifier = identifier
            register(model)
            return model
        } catch {
            throw .wrapping(error, url: nil)
        }
    }
}
