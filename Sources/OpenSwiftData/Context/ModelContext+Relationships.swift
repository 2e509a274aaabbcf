import Foundation

extension ModelContext {
    // MARK: Reading relationships

    /// The model of type `T` with primary key `rowID`: the registered instance, or one read from the store; nil when
    /// the row does not exist (a reference left by `.noAction`, or deleted elsewhere).
    func resolveReference<T: PersistentModel>(_ type: T.Type, rowID: Int64) -> T? {
        if let registered = registeredInstance(T.self, rowID: rowID) { return refreshedIfStale(registered) }
        do {
            return try fetchModels(T.self, rowIDs: [rowID]).first
        } catch {
            OpenSwiftDataDiagnostics.report(
                .readFailed, "reading \(T.entityName) \(rowID) failed: \(error)", error: error)
            return nil
        }
    }

    /// The models a to-many relationship of `owner` holds in the store, in the order they were related.
    func loadToMany<Owner: PersistentModel, T: PersistentModel>(of owner: Owner, propertyIndex: Int, as type: T.Type)
        -> [T]
    {
        let rowID = owner._$persistentState.rowID
        guard rowID != 0, let mapping = store.relationships(of: Owner.self)[propertyIndex],
            mapping.relationship.isToMany
        else { return [] }
        let destination = mapping.storage.destination
        do {
            return try fetchRows(
                T.self, table: destination,
                request: FetchRequest(table: destination, rows: .related(mapping.storage, owner: rowID)))
        } catch {
            OpenSwiftDataDiagnostics.report(
                .readFailed, "reading \(Owner.entityName).\(mapping.relationship.name) failed: \(error)", error: error)
            return []
        }
    }

    /// Reads the model a required to-one relationship refers to, while another row is being read (so on a
    /// statement of its own, through the writer: the store's lock is held, and is re-entrant).
    func resolveRequiredReference(_ type: any PersistentModel.Type, rowID: Int64) throws -> (any PersistentModel)? {
        try resolveRequired(type, rowID)
    }

    private func resolveRequired<T: PersistentModel>(_ type: T.Type, _ rowID: Int64) throws -> T? {
        if let registered = registeredInstance(T.self, rowID: rowID) { return registered }
        if let deletions = batchDeletions(of: T.self), deletions.contains(where: { $0.excludes(rowID) }) { return nil }
        let table = try store.table(for: T.self)
        let storeIndex = StoreIdentifiers.index(of: store.identifier)
        let version = store.dataVersion()
        var model: T?
        try store.fetch(FetchRequest(table: table, rows: .key(rowID)), from: .writer) { row in
            model = try materialize(T.self, row: row, table: table, storeIndex: storeIndex, version: version)
        }
        return model
    }

    // MARK: Saving relationships

    /// Adds to `deleted` every model a `.cascade` rule reaches, applies `.nullify` to the other sides in memory,
    /// and throws for `.deny`.
    func applyDeleteRules(to deleted: [any PersistentModel]) throws(SwiftDataError) -> [any PersistentModel] {
        var all = deleted
        var seen = Set(deleted.map { ObjectIdentifier($0) })
        var index = 0
        while index < all.count {
            let model = all[index]
            index += 1
            let entityName = type(of: model).entityName
            for mapping in (try? store.mapping.entity(for: type(of: model)))?.orderedRelationships ?? [] {
                guard let accessors = mapping.relationship.accessors else { continue }
                let related = accessors.related(model).filter { $0._$persistentState.status != .removed }
                switch mapping.relationship.deleteRule {
                case .cascade:
                    for item in related where seen.insert(ObjectIdentifier(item)).inserted {
                        deleteForCascade(item)
                        all.append(item)
                    }
                case .deny:
                    let remaining = related.filter { !seen.contains(ObjectIdentifier($0)) }
                    if !remaining.isEmpty {
                        throw .deleteDenied(
                            entityName: entityName, relationship: mapping.relationship.name, count: remaining.count)
                    }
                case .nullify:
                    let inverses = mapping.inverses.compactMap(\.accessors)
                    if !inverses.isEmpty {
                        RelationshipSync.$isSyncing.withValue(true) {
                            for item in related where !seen.contains(ObjectIdentifier(item)) {
                                for inverse in inverses { inverse.remove(item, model) }
                            }
                        }
                    }
                case .noAction:
                    break
                }
            }
        }
        return all
    }

    private func deleteForCascade(_ model: some PersistentModel) {
        delete(model)
    }

    /// After a save removed models, every registered model that still refers to one of them forgets it — an
    /// optional to-one becomes nil, a to-many drops it — as the store's triggers already did to the rows, so nothing
    /// is left to save. A reference still in the store (a fault) is left to read nil.
    ///
    /// `deletedWithRules` went through ``applyDeleteRules(to:)``, whose `.nullify` already cleared the references its
    /// inverses reach: only relationships without an inverse, or whose inverse is `.noAction`, are looked at for them.
    /// `deletedWithoutRules` (a batch deletion's, or rows deleted elsewhere) and the rows `rows` names are looked for
    /// in every relationship to their entity.
    func forgetReferences(
        deletedWithRules: [any PersistentModel], deletedWithoutRules: [any PersistentModel],
        rows: [PersistentIdentifier]
    ) {
        guard !deletedWithRules.isEmpty || !deletedWithoutRules.isEmpty || !rows.isEmpty else { return }
        let removedModels = Set((deletedWithRules + deletedWithoutRules).map { ObjectIdentifier($0) })
        var removedKeys: [String: Set<Int64>] = [:]
        var withoutRules = Set<String>()
        for model in deletedWithRules {
            removedKeys[type(of: model).entityName, default: []].insert(model._$persistentState.rowID)
        }
        for model in deletedWithoutRules {
            removedKeys[type(of: model).entityName, default: []].insert(model._$persistentState.rowID)
            withoutRules.insert(type(of: model).entityName)
        }
        for row in rows {
            if let key = row.primaryKey { removedKeys[row.entityName, default: []].insert(key) }
            withoutRules.insert(row.entityName)
        }
        applyingStoredState {
            for entity in store.mapping.entities {
                let mappings = entity.orderedRelationships.filter { mapping in
                    guard removedKeys[mapping.destinationName] != nil else { return false }
                    let inverses = mapping.inverses
                    return withoutRules.contains(mapping.destinationName) || inverses.isEmpty
                        || inverses.contains { $0.deleteRule == .noAction }
                }
                guard !mappings.isEmpty else { continue }
                for owner in registeredInstances(of: entity.entity.modelType) {
                    for mapping in mappings {
                        if let fault = owner._$persistentState.faults[mapping.propertyIndex] {
                            if case .toOne(let key) = fault, removedKeys[mapping.destinationName]?.contains(key) == true
                            {
                                owner._$persistentState.faults[mapping.propertyIndex] = nil
                            }
                            continue
                        }
                        guard let accessors = mapping.relationship.accessors else { continue }
                        for target in accessors.related(owner) where removedModels.contains(ObjectIdentifier(target)) {
                            accessors.remove(owner, target)
                        }
                    }
                }
            }
        }
    }

    /// Throws when a to-many relationship of a model being saved holds fewer or more models than it allows.
    func validateRelationshipCounts(_ models: [any PersistentModel]) throws(SwiftDataError) {
        // The limited relationships of each type, found once per run of models of one type.
        var limitedRelationships = PerTypeRun<[ModelRelationship]>()
        for model in models {
            let limited = limitedRelationships.value(for: model) { type in
                store.relationships(of: type).values.filter {
                    $0.relationship.isToMany
                        && ($0.relationship.minimumModelCount ?? 0 > 0 || $0.relationship.maximumModelCount ?? 0 > 0)
                }
            }
            for mapping in limited {
                let minimum = mapping.relationship.minimumModelCount ?? 0
                let maximum = mapping.relationship.maximumModelCount ?? 0
                guard let accessors = mapping.relationship.accessors else { continue }
                let count = accessors.related(model).filter { !$0._$persistentState.isDeletedOrRemoved }.count
                if count < minimum || (maximum > 0 && count > maximum) {
                    throw .relationshipCountViolation(
                        entityName: type(of: model).entityName, relationship: mapping.relationship.name,
                        count: count, minimum: minimum, maximum: maximum
                    )
                }
            }
        }
    }

    /// The join rows to rewrite: every changed join-table relationship of `models`, whose targets are keyed by `key`
    /// (an inserted model by its place in the save's inserts; one without a row is left out).
    func joinRows(_ models: [any PersistentModel], key: (any PersistentModel) -> SaveRequest.RowKey?) -> [SaveRequest
        .JoinRows]
    {
        var rows: [SaveRequest.JoinRows] = []
        for model in models where model._$persistentState.status != .deleted {
            let changed = model._$persistentState.changedProperties
            let isNew = model._$persistentState.status == .inserted
            for mapping in store.relationships(of: type(of: model)).values {
                guard mapping.usesJoinTable, isNew || changed.contains(mapping.propertyIndex),
                    model._$persistentState.faults[mapping.propertyIndex] == nil,
                    let accessors = mapping.relationship.accessors, let owner = key(model)
                else { continue }
                var targets: [(key: SaveRequest.RowKey, order: Int)] = []
                for (order, item) in accessors.related(model).enumerated()
                where !item._$persistentState.isDeletedOrRemoved {
                    if let target = key(item) { targets.append((target, order)) }
                }
                rows.append(SaveRequest.JoinRows(relationship: mapping.storage, owner: owner, targets: targets))
            }
        }
        return rows
    }
}
