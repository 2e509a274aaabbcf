import Foundation

/// Relationship changes, keeping the inverse on the related objects in step at once (Core Data does this too,
/// so that `cart.items` contains an item as soon as `item.cart = cart`).
extension NSManagedObject {
    func toManyObjects(_ name: String) -> [NSManagedObject] {
        values[name] as? [NSManagedObject] ?? []
    }

    func setToOne(_ relationship: NSRelationshipDescription, to object: NSManagedObject?, maintainingInverses: Bool) {
        let name = relationship.name
        let old = values[name] as? NSManagedObject
        guard old !== object else { return }
        registerUndoOfValue(forKey: name)
        willChangeValue(forKey: name)
        values[name] = object
        didChangeValue(forKey: name)
        context?.objectDidChange(self)
        guard maintainingInverses, let inverse = relationship.inverseRelationship else { return }
        old?.forget(self, through: inverse)
        object?.adopt(self, through: inverse, inverseOf: relationship)
    }

    func setToMany(_ relationship: NSRelationshipDescription, to objects: [NSManagedObject], maintainingInverses: Bool)
    {
        let name = relationship.name
        let old = toManyObjects(name)
        let oldIDs = Set(old.map(ObjectIdentifier.init))
        let newIDs = Set(objects.map(ObjectIdentifier.init))
        guard old.count != objects.count || !zip(old, objects).allSatisfy({ $0 === $1 }) else { return }
        registerUndoOfValue(forKey: name)
        willChangeValue(forKey: name)
        values[name] = objects
        didChangeValue(forKey: name)
        context?.objectDidChange(self)
        guard maintainingInverses, let inverse = relationship.inverseRelationship else { return }
        for removed in old where !newIDs.contains(ObjectIdentifier(removed)) {
            removed.forget(self, through: inverse)
        }
        for added in objects where !oldIDs.contains(ObjectIdentifier(added)) {
            added.adopt(self, through: inverse, inverseOf: relationship)
        }
    }

    /// `object` left this object's `relationship` from the other side: drop it here.
    private func forget(_ object: NSManagedObject, through relationship: NSRelationshipDescription) {
        let name = relationship.name
        if relationship.isToMany {
            let objects = toManyObjects(name)
            guard objects.contains(where: { $0 === object }) else { return }
            registerUndoOfValue(forKey: name)
            values[name] = objects.filter { $0 !== object }
        } else {
            guard values[name] as? NSManagedObject === object else { return }
            registerUndoOfValue(forKey: name)
            values[name] = nil
        }
        context?.objectDidChange(self)
    }

    /// `object` now refers to this object through `inverse`'s other side: refer back through `relationship`,
    /// taking this object away from whatever it referred to before when `relationship` is to-one.
    private func adopt(
        _ object: NSManagedObject, through relationship: NSRelationshipDescription,
        inverseOf inverse: NSRelationshipDescription
    ) {
        let name = relationship.name
        if relationship.isToMany {
            let objects = toManyObjects(name)
            guard !objects.contains(where: { $0 === object }) else { return }
            registerUndoOfValue(forKey: name)
            values[name] = objects + [object]
        } else {
            let previous = values[name] as? NSManagedObject
            guard previous !== object else { return }
            registerUndoOfValue(forKey: name)
            values[name] = object
            previous?.forget(self, through: inverse)
        }
        context?.objectDidChange(self)
    }

    /// The to-many relationship whose name, capitalized as Xcode does in accessor names, is `capitalizedName`.
    private func accessorRelationship(_ capitalizedName: String) -> NSRelationshipDescription? {
        let candidates = entity.relationships.filter { relationship in
            relationship.name.prefix(1).uppercased() + relationship.name.dropFirst() == capitalizedName
        }
        return candidates.first(where: { $0.name.prefix(1).lowercased() + $0.name.dropFirst() == $0.name })
            ?? candidates.first
    }

    private func withAccessorRelationship(
        _ capitalizedName: String, _ body: (NSRelationshipDescription, inout [NSManagedObject]) -> CoreDataError?
    ) {
        guard let relationship = accessorRelationship(capitalizedName), relationship.isToMany else {
            let key = capitalizedName.prefix(1).lowercased() + capitalizedName.dropFirst()
            report(.unknownKey(entityName: entity.name ?? "?", key: key))
            return
        }
        var objects = toManyObjects(relationship.name)
        if let error = body(relationship, &objects) { return report(error) }
        if let error = assign(objects, forKey: relationship.name, maintainingInverses: true) { report(error) }
    }

    private func invalid(_ relationship: NSRelationshipDescription, _ reason: String) -> CoreDataError {
        .invalidValue(entityName: entity.name ?? "?", key: relationship.name, reason: reason)
    }

    private static func indexes(_ value: Any) -> [Int]? {
        if let index = value as? Int { return [index] }
        if let set = value as? IndexSet { return Array(set) }
        if let set = value as? NSIndexSet { return Array(set as IndexSet) }
        return nil
    }

    // MARK: The bodies of the relationship accessors Xcode generates (expanded from `@NSManaged func …`)

    /// `addToItems(_:)`: adds an object, or every object of a set, ordered set or array.
    public func _managedAdd(_ value: Any, toRelationship capitalizedName: String) {
        withAccessorRelationship(capitalizedName) { relationship, objects in
            guard let added = ManagedValue.relatedObjects(in: value) else {
                return invalid(relationship, "cannot add a \(type(of: value))")
            }
            for object in added where !objects.contains(where: { $0 === object }) { objects.append(object) }
            return nil
        }
    }

    /// `removeFromItems(_:)`: removes an object, or every object of a set, ordered set or array.
    public func _managedRemove(_ value: Any, fromRelationship capitalizedName: String) {
        withAccessorRelationship(capitalizedName) { relationship, objects in
            guard let removed = ManagedValue.relatedObjects(in: value) else {
                return invalid(relationship, "cannot remove a \(type(of: value))")
            }
            let ids = Set(removed.map(ObjectIdentifier.init))
            objects.removeAll { ids.contains(ObjectIdentifier($0)) }
            return nil
        }
    }

    /// `removeFromItems(at:)`: removes the objects at an index or an index set (an ordered relationship).
    public func _managedRemove(at index: Any, fromRelationship capitalizedName: String) {
        withAccessorRelationship(capitalizedName) { relationship, objects in
            guard let positions = Self.indexes(index), positions.allSatisfy(objects.indices.contains) else {
                return invalid(relationship, "index \(index) is out of bounds for \(objects.count) objects")
            }
            for position in positions.sorted(by: >) { objects.remove(at: position) }
            return nil
        }
    }

    /// `insertIntoItems(_:at:)`: inserts an object at an index, or an array of objects at an index set.
    public func _managedInsert(_ value: Any, at index: Any, intoRelationship capitalizedName: String) {
        withAccessorRelationship(capitalizedName) { relationship, objects in
            guard let inserted = ManagedValue.relatedObjects(in: value), let positions = Self.indexes(index),
                positions.count == inserted.count
            else {
                return invalid(relationship, "cannot insert a \(type(of: value)) at \(index)")
            }
            for (object, position) in zip(inserted, positions).sorted(by: { $0.1 < $1.1 }) {
                objects.removeAll { $0 === object }
                guard position <= objects.count else {
                    return invalid(relationship, "index \(position) is out of bounds for \(objects.count) objects")
                }
                objects.insert(object, at: position)
            }
            return nil
        }
    }

    /// `replaceItems(at:with:)`: replaces the object at an index, or the objects at an index set.
    public func _managedReplace(at index: Any, with value: Any, inRelationship capitalizedName: String) {
        withAccessorRelationship(capitalizedName) { relationship, objects in
            guard let replacements = ManagedValue.relatedObjects(in: value), let positions = Self.indexes(index),
                positions.count == replacements.count, positions.allSatisfy(objects.indices.contains)
            else {
                return invalid(relationship, "cannot replace the objects at \(index) with a \(type(of: value))")
            }
            for (position, object) in zip(positions, replacements) { objects[position] = object }
            return nil
        }
    }
}
