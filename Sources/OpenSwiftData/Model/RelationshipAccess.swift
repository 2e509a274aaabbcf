// The hooks every persisted property's accessors call (code `@Model` generates). Reading an attribute does nothing
// (inlined away); setting one to a value equal to its current one is no change, and setting it to another value
// records its undo. The overloads for model types read relationships on first access (faults), hold each related
// model once, and keep both sides of a relationship in step when one side is set.

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
//
// Each returns the value the setter stores, or nil when the assignment changes nothing (an equal attribute value,
// the same related models): the setter then returns at once — no observer is told, the context records no change
// and no undo (as Core Data's `hasPersistentChangedValues` stays false).

/// An attribute of a type that is not `Equatable` is about to change: record its undo (it has no other side). Every
/// assignment is a change, as there is no telling whether the value differs.
public func _persistedValueWillChange<Model: PersistentModel, Value>(
    of model: Model, _ property: ReferenceWritableKeyPath<Model, Value>, from oldValue: Value, to newValue: Value
) -> Value? {
    registerUndoOfChange(model, property, from: oldValue)
    return newValue
}

/// An `Equatable` attribute is about to be set: nothing happens when the value is equal to the current one.
@inlinable
public func _persistedValueWillChange<Model: PersistentModel, Value: Equatable>(
    of model: Model, _ property: ReferenceWritableKeyPath<Model, Value>, from oldValue: Value, to newValue: Value
) -> Value? {
    if oldValue == newValue { return nil }
    registerUndoOfChange(model, property, from: oldValue)
    return newValue
}

/// An optional to-one relationship is about to change: update the other side. (`oldValue` is the storage, which
/// may be a fault: the current value is read through the property.)
public func _persistedValueWillChange<Model: PersistentModel, Related: PersistentModel>(
    of model: Model, _ property: ReferenceWritableKeyPath<Model, Related?>, from oldValue: Related?,
    to newValue: Related?
) -> Related?? {
    guard !RelationshipSync.isSyncing else { return .some(newValue) }
    let current = model[keyPath: property]
    if current === newValue { return nil }
    registerUndoOfChange(model, property, from: current)
    RelationshipSync.toOneWillChange(model, property, from: current, to: newValue)
    return .some(newValue)
}

/// A required to-one relationship is about to change: update the other side.
public func _persistedValueWillChange<Model: PersistentModel, Related: PersistentModel>(
    of model: Model, _ property: ReferenceWritableKeyPath<Model, Related>, from oldValue: Related, to newValue: Related
) -> Related? {
    guard !RelationshipSync.isSyncing else { return newValue }
    let current = model[keyPath: property]
    if current === newValue { return nil }
    registerUndoOfChange(model, property, from: current)
    RelationshipSync.toOneWillChange(model, property, from: current, to: newValue)
    return newValue
}

/// A to-many relationship is about to change: each model is kept once (the first time it occurs — setting the
/// inverse already added it, so `list.insert(model, at: 0)` after `model.owner = owner` does not add it twice), and
/// the other side of each model added or removed is updated.
public func _persistedValueWillChange<Model: PersistentModel, Related: PersistentModel>(
    of model: Model, _ property: ReferenceWritableKeyPath<Model, [Related]>, from oldValue: [Related],
    to newValue: [Related]
) -> [Related]? {
    // The other side's edits add a model only when it is absent.
    guard !RelationshipSync.isSyncing else { return newValue }
    let unique = withoutRepeats(newValue)
    let current = model[keyPath: property]
    if current.elementsEqual(unique, by: ===) { return nil }
    registerUndoOfChange(model, property, from: current)
    RelationshipSync.toManyWillChange(model, property, from: current.map { $0 }, to: unique.map { $0 })
    return unique
}

/// An optional to-many relationship is about to change: as a to-many one.
public func _persistedValueWillChange<Model: PersistentModel, Related: PersistentModel>(
    of model: Model, _ property: ReferenceWritableKeyPath<Model, [Related]?>, from oldValue: [Related]?,
    to newValue: [Related]?
) -> [Related]?? {
    guard !RelationshipSync.isSyncing else { return .some(newValue) }
    let unique = newValue.map(withoutRepeats)
    let current = model[keyPath: property]
    if current?.count == unique?.count, (current ?? []).elementsEqual(unique ?? [], by: ===) { return nil }
    registerUndoOfChange(model, property, from: current)
    RelationshipSync.toManyWillChange(
        model, property, from: (current ?? []).map { $0 }, to: (unique ?? []).map { $0 }
    )
    return .some(unique)
}

/// `models` with each model only where it first occurs.
private func withoutRepeats<Related: PersistentModel>(_ models: [Related]) -> [Related] {
    guard models.count > 1 else { return models }
    var seen = Set<ObjectIdentifier>()
    seen.reserveCapacity(models.count)
    var unique: [Related] = []
    unique.reserveCapacity(models.count)
    for model in models where seen.insert(ObjectIdentifier(model)).inserted { unique.append(model) }
    return unique.count == models.count ? models : unique
}
