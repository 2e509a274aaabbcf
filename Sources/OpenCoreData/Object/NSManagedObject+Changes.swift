import Foundation

/// Change tracking: what the object's values are now against what was last fetched or saved.
extension NSManagedObject {
    /// Whether the object was inserted into its context and not saved since. Mirrors Core Data's `isInserted`.
    public var isInserted: Bool { context != nil && isInsertedInContext }

    /// Whether the object was deleted in its context and the deletion is not saved yet. Mirrors Core Data's
    /// `isDeleted`.
    public var isDeleted: Bool { context != nil && isDeletedInContext }

    /// Whether a saved object has property values that differ from the saved ones. Mirrors Core Data's
    /// `isUpdated`.
    public var isUpdated: Bool {
        context != nil && !isInsertedInContext && !isDeletedInContext && hasPersistentChangedValues
    }

    /// Whether the object is inserted, deleted or updated. Mirrors Core Data's `hasChanges`.
    public var hasChanges: Bool { isInserted || isDeleted || isUpdated }

    /// Whether any stored (non-transient) property differs from its last fetched or saved value. Mirrors Core
    /// Data's `hasPersistentChangedValues`.
    public var hasPersistentChangedValues: Bool { !changedKeys(includingTransient: false).isEmpty }

    /// The keys whose values differ from the committed ones, in property order.
    func changedKeys(includingTransient: Bool) -> [String] {
        guard valuesMayDiffer else { return [] }
        let committed = self.committed ?? [:]
        return entity.properties.compactMap { property in
            guard includingTransient || !property.isTransient else { return nil }
            return ManagedValue.isEqual(values[property.name], committed[property.name]) ? nil : property.name
        }
    }

    /// The stored properties whose values differ from those last fetched or saved, with their new values
    /// (`NSNull` for none; a to-many relationship as an `NSSet`). For an object never saved, every property with
    /// a value. Mirrors Core Data's `changedValues()`.
    public func changedValues() -> [String: Any] {
        var result: [String: Any] = [:]
        for key in changedKeys(includingTransient: false) {
            guard let property = entity.property(named: key) else { continue }
            result[key] = publicValue(of: property) ?? NSNull()
        }
        return result
    }

    /// The changes since the last change notification; here the same as ``changedValues()``, since contexts
    /// post no per-event notification yet. Mirrors Core Data's `changedValuesForCurrentEvent()`.
    public func changedValuesForCurrentEvent() -> [String: Any] { changedValues() }

    /// The values of `keys` (every property for nil) as last fetched or saved (`NSNull` for no value); empty for
    /// an object never fetched or saved. Mirrors Core Data's `committedValues(forKeys:)`.
    public func committedValues(forKeys keys: [String]?) -> [String: Any] {
        guard let committed else { return [:] }
        var result: [String: Any] = [:]
        for key in keys ?? entity.properties.map(\.name) {
            guard let property = entity.property(named: key) else { continue }
            let value = committed[key]
            if let attribute = property as? NSAttributeDescription {
                result[key] = ManagedValue.publicValue(value, for: attribute) ?? NSNull()
            } else if let relationship = property as? NSRelationshipDescription, relationship.isToMany {
                let objects = value as? [NSManagedObject] ?? []
                result[key] = relationship.isOrdered ? NSOrderedSet(array: objects) : NSSet(array: objects)
            } else {
                result[key] = value ?? NSNull()
            }
        }
        return result
    }

    // MARK: The seam a context and its store use

    /// The object's values were read from the store (its ID is permanent): they become both current and
    /// committed, and `awakeFromFetch()` runs.
    func didFetch(objectID: NSManagedObjectID, values fetched: [String: Any], into context: NSManagedObjectContext) {
        storedObjectID = objectID
        self.context = context
        values = fetched
        committed = fetched
        valuesMayDiffer = false
        isInsertedInContext = false
        isDeletedInContext = false
        faulted = false
        awakeFromFetch()
    }

    /// The object was saved: its values are now the committed ones, and it gets its permanent ID when it had a
    /// temporary one.
    func didCommit(permanentID: NSManagedObjectID?) {
        if let permanentID { storedObjectID = permanentID }
        committed = values
        valuesMayDiffer = false
        isInsertedInContext = false
        clearReportedErrors()
    }

    /// Puts the committed values back (a rollback, or `refresh(_:mergeChanges: false)`).
    func revertToCommittedValues() {
        values = committed ?? [:]
        valuesMayDiffer = false
        clearReportedErrors()
    }
}
