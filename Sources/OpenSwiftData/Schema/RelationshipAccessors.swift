/// Typed access to one relationship property, captured when `@Model`'s metadata is built (where the model and
/// destination types are known), so the context can walk and edit relationships of any model.
///
/// `add` and `remove` write through the property's public setter, so observers and change tracking see them; the
/// caller suppresses the other-side update (``RelationshipSync``) while it runs them.
struct RelationshipAccessors: @unchecked Sendable {
    // @unchecked: the closures capture only key paths, which are immutable.

    /// The models the property holds now (reading it from the store on first access).
    let related: (any PersistentModel) -> [any PersistentModel]
    /// Makes the property hold `target`: a to-one property is set to it, a to-many one appends it if absent.
    let add: (_ model: any PersistentModel, _ target: any PersistentModel) -> Void
    /// Makes the property stop holding `target`: a to-one property holding it becomes nil (a required one is left
    /// as it is), a to-many one drops it.
    let remove: (_ model: any PersistentModel, _ target: any PersistentModel) -> Void

    /// Whether `model`'s property holds `target`.
    func holds(_ model: any PersistentModel, _ target: any PersistentModel) -> Bool {
        related(model).contains { $0 === target }
    }

    static func toOne<Root, Value: PersistentModel>(_ keyPath: ReferenceWritableKeyPath<Root, Value?>)
        -> RelationshipAccessors
    {
        RelationshipAccessors(
            related: { model in (model as? Root).flatMap { $0[keyPath: keyPath] }.map { [$0] } ?? [] },
            add: { model, target in
                guard let root = model as? Root, let target = target as? Value, root[keyPath: keyPath] !== target else {
                    return
                }
                root[keyPath: keyPath] = target
            },
            remove: { model, target in
                guard let root = model as? Root, root[keyPath: keyPath] === target else { return }
                root[keyPath: keyPath] = nil
            }
        )
    }

    static func requiredToOne<Root, Value: PersistentModel>(_ keyPath: ReferenceWritableKeyPath<Root, Value>)
        -> RelationshipAccessors
    {
        RelationshipAccessors(
            related: { model in (model as? Root).map { [$0[keyPath: keyPath]] } ?? [] },
            add: { model, target in
                guard let root = model as? Root, let target = target as? Value, root[keyPath: keyPath] !== target else {
                    return
                }
                root[keyPath: keyPath] = target
            },
            remove: { _, _ in }
        )
    }

    static func toMany<Root, Value: PersistentModel>(_ keyPath: ReferenceWritableKeyPath<Root, [Value]>)
        -> RelationshipAccessors
    {
        RelationshipAccessors(
            related: { model in (model as? Root).map { $0[keyPath: keyPath] } ?? [] },
            add: { model, target in
                guard let root = model as? Root, let target = target as? Value else { return }
                let current = root[keyPath: keyPath]
                if !current.contains(where: { $0 === target }) { root[keyPath: keyPath] = current + [target] }
            },
            remove: { model, target in
                guard let root = model as? Root else { return }
                let current = root[keyPath: keyPath]
                if current.contains(where: { $0 === target }) {
                    root[keyPath: keyPath] = current.filter { $0 !== target }
                }
            }
        )
    }

    static func optionalToMany<Root, Value: PersistentModel>(_ keyPath: ReferenceWritableKeyPath<Root, [Value]?>)
        -> RelationshipAccessors
    {
        RelationshipAccessors(
            related: { model in (model as? Root).flatMap { $0[keyPath: keyPath] } ?? [] },
            add: { model, target in
                guard let root = model as? Root, let target = target as? Value else { return }
                let current = root[keyPath: keyPath] ?? []
                if !current.contains(where: { $0 === target }) { root[keyPath: keyPath] = current + [target] }
            },
            remove: { model, target in
                guard let root = model as? Root else { return }
                let current = root[keyPath: keyPath] ?? []
                if current.contains(where: { $0 === target }) {
                    root[keyPath: keyPath] = current.filter { $0 !== target }
                }
            }
        )
    }
}
