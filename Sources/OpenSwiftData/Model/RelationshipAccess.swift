// The hooks every persisted property's accessors call (code `@Model` generates). Reading an attribute does nothing
// (inlined away); setting one records its undo. The overloads for model types read relationships on first access
// (faults) and keep both sides of a relationship in step when one side is set.

// MARK: Reading

/// Returns `value`: attributes have nothing to resolve.
@inlinable
public func _persistedValue<Model: PersistentModel, Value>(
    of model: Model, _ property: KeyPath<Model, Value>, _ value: Value, _ store: (Value) -> Void
) -> Value {
    value
}

/// An optional to-one relationship: reads the related model on first access.
public func _persistedValue<Model: PersistentModel, Related: PersistentModel>(
    of model: Model, _ property: KeyPath<Model, Related?>, _ value: Related?, _ store: (Related?) -> Void
) -> Related? {
    guard !model._$persistentState.faults.isEmpty, let context = contextForFaults(of: model),
          let index = RelationshipMappings.propertyIndex(Model.self, property),
          case .toOne(let rowID) = model._$persistentState.faults[index]
    else { return value }
    let related = context.resolveReference(Related.self, rowID: rowID)
    model._$persistentState.faults[index] = nil
    store(related)
    return related
}

/// A to-many relationship: reads the related models on first access.
public func _persistedValue<Model: PersistentModel, Related: PersistentModel>(
    of model: Model, _ property: KeyPath<Model, [Related]>, _ value: [Related], _ store: ([Related]) -> Void
) -> [Related] {
    guard let related = loadFaultedToMany(model, property, Related.self) else { return value }
    store(related)
    return related
}

/// An optional to-many relationship: reads the related models on first access.
public func _persistedValue<Model: PersistentModel, Related: PersistentModel>(
    of model: Model, _ property: KeyPath<Model, [Related]?>, _ value: [Related]?, _ store: ([Related]?) -> Void
) -> [Related]? {
    guard let related = loadFaultedToMany(model, property, Related.self) else { return value }
    store(related)
    return related
}

private func loadFaultedToMany<Model: PersistentModel, Related: PersistentModel>(
    _ model: Model, _ property: AnyKeyPath, _ type: Related.Type
) -> [Related]? {
    guard !model._$persistentState.faults.isEmpty, let context = contextForFaults(of: model),
          let index = RelationshipMappings.propertyIndex(Model.self, property),
          model._$persistentState.faults[index] == .toMany
    else { return nil }
    model._$persistentState.faults[index] = nil
    return context.loadToMany(of: model, propertyIndex: index, as: Related.self)
}

/// The context to read a model's relationships through: its own, or — when that context was freed while the
/// relationships were still in the store — a fresh context of the same container (the models read then belong to no
/// context either, but their values are right).
private func contextForFaults(of model: some PersistentModel) -> ModelContext? {
    if let context = model._$persistentState.context { return context }
    return model._$persistentState.orphanContainer.map { ModelContext($0) }
}

// MARK: Writing

/// An attribute is about to change: record its undo (it has no other side).
public func _persistedValueWillChange<Model: PersistentModel, Value>(
    of model: Model, _ property: ReferenceWritableKeyPath<Model, Value>, to newValue: Value
) {
    registerUndoOfChange(model, property)
}

/// An optional to-one relationship is about to change: update the other side.
public func _persistedValueWillChange<Model: PersistentModel, Related: PersistentModel>(
    of model: Model, _ property: ReferenceWritableKeyPath<Model, Related?>, to newValue: Related?
) {
    guard !RelationshipSync.isSyncing else { return }
    registerUndoOfChange(model, property)
    RelationshipSync.toOneWillChange(model, property, from: model[keyPath: property], to: newValue)
}

/// A required to-one relationship is about to change: update the other side.
public func _persistedValueWillChange<Model: PersistentModel, Related: PersistentModel>(
    of model: Model, _ property: ReferenceWritableKeyPath<Model, Related>, to newValue: Related
) {
    guard !RelationshipSync.isSyncing else { return }
    registerUndoOfChange(model, property)
    RelationshipSync.toOneWillChange(model, property, from: model[keyPath: property], to: newValue)
}

/// A to-many relationship is about to change: update the other side of each model added or removed.
public func _persistedValueWillChange<Model: PersistentModel, Related: PersistentModel>(
    of model: Model, _ property: ReferenceWritableKeyPath<Model, [Related]>, to newValue: [Related]
) {
    guard !RelationshipSync.isSyncing else { return }
    registerUndoOfChange(model, property)
    RelationshipSync.toManyWillChange(model, property, from: model[keyPath: property].map { $0 }, to: newValue.map { $0 })
}

/// An optional to-many relationship is about to change: update the other side of each model added or removed.
public func _persistedValueWillChange<Model: PersistentModel, Related: PersistentModel>(
    of model: Model, _ property: ReferenceWritableKeyPath<Model, [Related]?>, to newValue: [Related]?
) {
    guard !RelationshipSync.isSyncing else { return }
    registerUndoOfChange(model, property)
    RelationshipSync.toManyWillChange(
        model, property, from: (model[keyPath: property] ?? []).map { $0 }, to: (newValue ?? []).map { $0 }
    )
}
