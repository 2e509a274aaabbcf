import Foundation

extension NSManagedObject {
    /// The property named `key`, or the error naming the entity and key.
    func lookUp(_ key: String) -> Result<NSPropertyDescription, CoreDataError> {
        if let property = entity.property(named: key) { return .success(property) }
        return .failure(.unknownKey(entityName: entity.name ?? "?", key: key))
    }

    /// The value of `property` as `value(forKey:)` returns it.
    func publicValue(of property: NSPropertyDescription) -> Any? {
        let stored = values[property.name]
        if let attribute = property as? NSAttributeDescription {
            return ManagedValue.publicValue(stored, for: attribute)
        }
        if let relationship = property as? NSRelationshipDescription, relationship.isToMany {
            let objects = stored as? [NSManagedObject] ?? []
            return relationship.isOrdered ? NSOrderedSet(array: objects) : NSSet(array: objects)
        }
        return stored
    }

    /// Stores `value` for `key`, or returns why it cannot (and changes nothing then).
    func assign(_ value: Any?, forKey key: String, maintainingInverses: Bool) -> CoreDataError? {
        let property: NSPropertyDescription
        switch lookUp(key) {
        case .success(let found): property = found
        case .failure(let error): return error
        }
        let entityName = entity.name ?? "?"
        if let attribute = property as? NSAttributeDescription {
            switch ManagedValue.normalize(value, for: attribute) {
            case .success(let normalized):
                registerUndoOfValue(forKey: key)
                willChangeValue(forKey: key)
                values[key] = normalized
                didChangeValue(forKey: key)
                context?.objectDidChange(self)
                return nil
            case .failure(let problem):
                return .invalidValue(entityName: entityName, key: key, reason: "the value " + problem.reason)
            }
        }
        guard let relationship = property as? NSRelationshipDescription else { return nil }
        if relationship.isToMany {
            guard let objects = ManagedValue.relatedObjects(in: value) else {
                return .invalidValue(
                    entityName: entityName, key: key,
                    reason:
                        "a to-many relationship takes a set, ordered set or array of managed objects, not a \(type(of: unwrapped(value) ?? NSNull()))"
                )
            }
            if let problem = destinationProblem(objects, for: relationship) { return problem }
            setToMany(relationship, to: objects, maintainingInverses: maintainingInverses)
            return nil
        }
        let newValue = unwrapped(value)
        guard newValue == nil || newValue is NSManagedObject else {
            return .invalidValue(
                entityName: entityName, key: key,
                reason: "a to-one relationship takes a managed object or nil, not a \(type(of: newValue ?? NSNull()))")
        }
        let object = newValue as? NSManagedObject
        if let object, let problem = destinationProblem([object], for: relationship) { return problem }
        setToOne(relationship, to: object, maintainingInverses: maintainingInverses)
        return nil
    }

    /// Why `objects` cannot be the destination of `relationship` (another entity, another context), or nil.
    private func destinationProblem(_ objects: [NSManagedObject], for relationship: NSRelationshipDescription)
        -> CoreDataError?
    {
        let entityName = entity.name ?? "?"
        for object in objects {
            if let destination = relationship.destinationEntity,
                !(object.entity.isKindOf(entity: destination) || object.entity.name == destination.name)
            {
                return .invalidValue(
                    entityName: entityName, key: relationship.name,
                    reason: "it leads to \(destination.name ?? "?") objects, not \(object.entity.name ?? "?")")
            }
            if let mine = context, let theirs = object.context, mine !== theirs {
                return .invalidValue(
                    entityName: entityName, key: relationship.name, reason: "the object belongs to another context")
            }
        }
        return nil
    }

    /// ``value(forKey:)``, throwing ``CoreDataError/unknownKey(entityName:key:)`` for an unknown key instead of
    /// recording it. (Not in Core Data.)
    public func checkedValue(forKey key: String) throws -> Any? {
        switch lookUp(key) {
        case .success(let property): return publicValue(of: property)
        case .failure(let error): throw error
        }
    }

    /// ``setValue(_:forKey:)``, throwing what it would record (an unknown key, a value the property cannot hold).
    /// (Not in Core Data.)
    public func setCheckedValue(_ value: Any?, forKey key: String) throws {
        if let error = assign(value, forKey: key, maintainingInverses: true) { throw error }
    }

    /// The value at a dotted key path (`"owner.name"`, `"items.@count"`), through relationships; a to-many step
    /// gives the values of all its objects. Mirrors `value(forKeyPath:)`. An unknown key gives nil and is
    /// recorded, as in ``value(forKey:)``.
    public func value(forKeyPath keyPath: String) -> Any? {
        switch KeyValueCoding.value(of: self, keyPath: keyPath) {
        case .success(let value): return value
        case .failure(let error):
            report(error)
            return nil
        }
    }

    /// Sets the value at a dotted key path: every step but the last is read, the last is set on the object found
    /// (nothing happens when a step is nil). Mirrors `setValue(_:forKeyPath:)`.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        let components = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let last = components.last else { return }
        guard components.count > 1 else { return setValue(value, forKey: last) }
        let target = self.value(forKeyPath: components.dropLast().joined(separator: "."))
        if let object = target as? NSManagedObject {
            object.setValue(value, forKey: last)
        } else if let target {
            report(
                .invalidValue(
                    entityName: entity.name ?? "?", key: keyPath,
                    reason:
                        "\(type(of: target)) at \(components.dropLast().joined(separator: ".")) is not a managed object"
                ))
        }
    }

    /// The values of `keys` (NSNull for no value). Mirrors `dictionaryWithValues(forKeys:)`.
    public func dictionaryWithValues(forKeys keys: [String]) -> [String: Any] {
        var result: [String: Any] = [:]
        for key in keys { result[key] = value(forKey: key) ?? NSNull() }
        return result
    }

    /// The IDs of the objects a relationship holds, without reading them. Mirrors Core Data's
    /// `objectIDs(forRelationshipNamed:)`.
    public func objectIDs(forRelationshipNamed key: String) -> [NSManagedObjectID] {
        switch values[key] {
        case let objects as [NSManagedObject]: objects.map(\.objectID)
        case let object as NSManagedObject: [object.objectID]
        default: []
        }
    }
}
