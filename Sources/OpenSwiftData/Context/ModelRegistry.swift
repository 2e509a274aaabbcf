/// A context's instances, per entity by primary key: one instance per row.
///
/// Instances are held strongly and let go by sweeping: an instance nothing else refers to (no unsaved change, no
/// caller holding it) is dropped. A sweep runs when an entity's table has doubled since the last one (amortised
/// constant cost per registration), after each batch of `enumerate`, and whenever the context asks; so the registry
/// stays proportional to the models in use, without the cost of a weak reference per model.
final class ModelRegistry {
    /// One entity's instances: slots holding the models, and their primary keys, found through `slotOfRow`.
    /// (Kept in an array so a sweep can test each model for unique reference in place.)
    private final class Entries {
        var slotOfRow: [Int64: Int] = [:]
        var slots: [AnyObject?] = []
        var rowIDs: [Int64] = []
        var freeSlots: [Int] = []
        var sweepAt = 1_024

        var count: Int { slotOfRow.count }

        func instance(rowID: Int64) -> AnyObject? {
            slotOfRow[rowID].flatMap { slots[$0] }
        }

        func set(_ model: AnyObject, rowID: Int64) {
            if let slot = slotOfRow[rowID] {
                slots[slot] = model
                return
            }
            let slot: Int
            if let free = freeSlots.popLast() {
                slot = free
                slots[slot] = model
                rowIDs[slot] = rowID
            } else {
                slot = slots.count
                slots.append(model)
                rowIDs.append(rowID)
            }
            slotOfRow[rowID] = slot
        }

        func remove(rowID: Int64) {
            guard let slot = slotOfRow.removeValue(forKey: rowID) else { return }
            slots[slot] = nil
            freeSlots.append(slot)
        }

        func sweep(_ isReleased: (AnyObject) -> Void) {
            for slot in slots.indices where slots[slot] != nil && isKnownUniquelyReferenced(&slots[slot]) {
                if let model = slots[slot] { isReleased(model) }
                slots[slot] = nil
                slotOfRow.removeValue(forKey: rowIDs[slot])
                freeSlots.append(slot)
            }
            // Shrink when mostly empty, so sweeps stay proportional to the live instances.
            if slots.count > 4_096 && count < slots.count / 4 { compact() }
            sweepAt = max(1_024, count * 2)
        }

        private func compact() {
            var newSlots: [AnyObject?] = []
            var newRowIDs: [Int64] = []
            newSlots.reserveCapacity(count)
            newRowIDs.reserveCapacity(count)
            slotOfRow.removeAll(keepingCapacity: true)
            for slot in slots.indices {
                guard let model = slots[slot] else { continue }
                slotOfRow[rowIDs[slot]] = newSlots.count
                newSlots.append(model)
                newRowIDs.append(rowIDs[slot])
            }
            slots = newSlots
            rowIDs = newRowIDs
            freeSlots = []
        }
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
        entries(type, create: false)?.instance(rowID: rowID)
    }

    func register(_ model: AnyObject, type: ObjectIdentifier, rowID: Int64) {
        guard let entries = entries(type, create: true) else { return }
        entries.set(model, rowID: rowID)
        if entries.count >= entries.sweepAt { entries.sweep { _ in } }
    }

    /// Removes the entry for `rowID`, if it is `model`.
    func unregister(_ model: AnyObject, type: ObjectIdentifier, rowID: Int64) {
        guard let entries = entries(type, create: false), entries.instance(rowID: rowID) === model else { return }
        entries.remove(rowID: rowID)
    }

    /// Every registered instance of `type`.
    func instances(_ type: ObjectIdentifier) -> [AnyObject] {
        entries(type, create: false).map { $0.slots.compactMap { $0 } } ?? []
    }

    /// Every registered instance.
    var allInstances: [AnyObject] {
        entities.values.flatMap { $0.slots.compactMap { $0 } }
    }

    /// Drops the instances only the registry refers to; `isReleased` is called with each, before it goes.
    func sweep(_ isReleased: (AnyObject) -> Void = { _ in }) {
        for entries in entities.values { entries.sweep(isReleased) }
    }
}
