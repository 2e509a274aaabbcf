/// A context's instances, per entity by primary key: one instance per row.
///
/// Instances are held strongly and let go by sweeping: an instance nothing else refers to (no unsaved change, no
/// caller holding it) is dropped. A sweep runs when an entity's table has doubled since the last one (amortised
/// constant cost per registration), after each batch of `enumerate`, and whenever the context asks; so the registry
/// stays proportional to the models in use, without the cost of a weak reference per model.
final class ModelRegistry {
    /// One entity's instances: slots holding the models, and their primary keys, found through `slotOfRow` (a flat
    /// open-addressing table). (Kept in an array so a sweep can test each model for unique reference in place.)
    ///
    /// Its fields, and the registry's own, skip the run-time exclusivity check (each check costs about as much as the
    /// table look-up itself, several times per fetched row): they are touched only by the registry's own methods,
    /// which call out to nothing that could reach the registry again.
    private final class Entries {
        @exclusivity(unchecked) var slotOfRow = RowIDMap()
        @exclusivity(unchecked) var slots: [AnyObject?] = []
        @exclusivity(unchecked) var rowIDs: [Int64] = []
        @exclusivity(unchecked) var freeSlots: [Int] = []
        @exclusivity(unchecked) var sweepAt = 1_024

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
            slotOfRow.set(slot, for: rowID)
        }

        func remove(rowID: Int64) {
            guard let slot = slotOfRow.removeValue(forKey: rowID) else { return }
            slots[slot] = nil
            freeSlots.append(slot)
        }

        func sweep(_ isReleased: (AnyObject) -> Void) {
            var released = 0
            for slot in slots.indices where slots[slot] != nil && isKnownUniquelyReferenced(&slots[slot]) {
                if let model = slots[slot] { isReleased(model) }
                slots[slot] = nil
                released += 1
            }
            guard released > 0 else {
                sweepAt = max(1_024, count * 2)
                return
            }
            let live = slotOfRow.count - released
            if live < released || (slots.count > 4_096 && live < slots.count / 4) {
                // Most went (the batch `enumerate` just handed out): rebuilding the table and the slots from the
                // survivors is cheaper than removing each key, and keeps sweeps proportional to the live instances.
                compact()
            } else {
                for slot in slots.indices where slots[slot] == nil && slotOfRow[rowIDs[slot]] == slot {
                    slotOfRow.removeValue(forKey: rowIDs[slot])
                    freeSlots.append(slot)
                }
            }
            sweepAt = max(1_024, count * 2)
        }

        private func compact() {
            var newSlots: [AnyObject?] = []
            var newRowIDs: [Int64] = []
            newSlots.reserveCapacity(count)
            newRowIDs.reserveCapacity(count)
            slotOfRow.removeAll()
            for slot in slots.indices {
                guard let model = slots[slot] else { continue }
                slotOfRow.set(newSlots.count, for: rowIDs[slot])
                newSlots.append(model)
                newRowIDs.append(rowIDs[slot])
            }
            slots = newSlots
            rowIDs = newRowIDs
            freeSlots = []
        }
    }

    @exclusivity(unchecked) private var entities: [ObjectIdentifier: Entries] = [:]
    // The entity registered last: fetches register many models of one entity in a row.
    @exclusivity(unchecked) private var lastKey: ObjectIdentifier?
    @exclusivity(unchecked) private var lastEntries: Entries?

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
