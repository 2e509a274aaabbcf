/// A context's instances, per entity by primary key: one instance per row.
///
/// Instances are held strongly and let go by sweeping: an instance nothing else refers to (no unsaved change, no
/// caller holding it) is dropped. A sweep runs when an entity's table has doubled since the last one (amortised
/// constant cost per registration), after each batch of `enumerate`, and whenever the context asks; so the registry
/// stays proportional to the models in use, without the cost of a weak reference per model.
final class ModelRegistry {
    private final class Entries {
        var models: [Int64: AnyObject] = [:]
        var sweepAt = 1_024
    }

    private var entities: [ObjectIdentifier: Entries] = [:]
    // The entity registered last: fetches register many models of one entity in a row.
    private var lastKey: ObjectIdentifier?
    private var lastEntries: Entries?

    private func entries(_ key: ObjectIdentifier, create: Bool) -> Entries? {
        if key == lastKey, let lastEntries { return lastEntries }
        var found = entities[key]
        if found == nil && create {
            found = Entries()
            entities[key] = found
        }
        if let found {
            lastKey = key
            lastEntries = found
        }
        return found
    }

    /// The instance registered for row `rowID` of `type`.
    func instance(_ type: ObjectIdentifier, rowID: Int64) -> AnyObject? {
        entries(type, create: false)?.models[rowID]
    }

    func register(_ model: AnyObject, type: ObjectIdentifier, rowID: Int64) {
        guard let entries = entries(type, create: true) else { return }
        entries.models[rowID] = model
        if entries.models.count >= entries.sweepAt { sweep(entries) }
    }

    /// Removes the entry for `rowID`, if it is `model`.
    func unregister(_ model: AnyObject, type: ObjectIdentifier, rowID: Int64) {
        guard let entries = entries(type, create: false), entries.models[rowID] === model else { return }
        entries.models.removeValue(forKey: rowID)
    }

    /// Every registered instance of `type`.
    func instances(_ type: ObjectIdentifier) -> [AnyObject] {
        entries(type, create: false).map { Array($0.models.values) } ?? []
    }

    /// Every registered instance.
    var allInstances: [AnyObject] {
        entities.values.flatMap(\.models.values)
    }

    /// Drops the instances only the registry refers to; `isReleased` is called with each, before it goes.
    func sweep(_ isReleased: (AnyObject) -> Void = { _ in }) {
        for entries in entities.values { sweep(entries, isReleased) }
    }

    private func sweep(_ entries: Entries, _ isReleased: (AnyObject) -> Void = { _ in }) {
        var released: [Int64] = []
        for index in entries.models.indices where isKnownUniquelyReferenced(&entries.models.values[index]) {
            released.append(entries.models.keys[index])
        }
        for key in released {
            if let model = entries.models.removeValue(forKey: key) { isReleased(model) }
        }
        entries.sweepAt = max(1_024, entries.models.count * 2)
    }
}
