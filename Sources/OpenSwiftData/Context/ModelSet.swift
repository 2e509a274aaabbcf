/// Models kept in the order they were added, with constant-time membership by identity.
///
/// Every first change of a fetched model inserts it here (from its setter), so membership avoids what a
/// `Dictionary<ObjectIdentifier, Int>` costs per operation (a seeded SipHash): positions live in a ``RowIDMap`` keyed
/// by the object's address, and the per-type counts in a short list (a context holds few model types).
struct ModelSet {
    /// Position of each member in `order`, by the member's address.
    private var positions = RowIDMap()
    /// Members in insertion order; removed members leave a nil hole until the next compaction.
    private var order: [(any PersistentModel)?] = []
    /// How many members each model type has (types with none are left out).
    private var typeCounts: [(type: ObjectIdentifier, count: Int)] = []

    var isEmpty: Bool { positions.count == 0 }
    var count: Int { positions.count }

    private static func key(_ model: AnyObject) -> Int64 {
        Int64(Int(bitPattern: ObjectIdentifier(model)))
    }

    func contains(_ model: some PersistentModel) -> Bool { positions[Self.key(model)] != nil }

    /// Adds `model` at the end; a model already present keeps its place.
    mutating func insert(_ model: any PersistentModel) {
        let key = Self.key(model)
        guard positions[key] == nil else { return }
        positions.set(order.count, for: key)
        order.append(model)
        let type = ObjectIdentifier(Swift.type(of: model))
        if let index = typeCounts.firstIndex(where: { $0.type == type }) {
            typeCounts[index].count += 1
        } else {
            typeCounts.append((type, 1))
        }
    }

    mutating func remove(_ model: any PersistentModel) {
        guard let position = positions.removeValue(forKey: Self.key(model)) else { return }
        order[position] = nil
        let type = ObjectIdentifier(Swift.type(of: model))
        if let index = typeCounts.firstIndex(where: { $0.type == type }) {
            if typeCounts[index].count > 1 { typeCounts[index].count -= 1 } else { typeCounts.remove(at: index) }
        }
        // Compact once holes outnumber members, keeping removal amortised constant.
        if order.count > 32 && positions.count < order.count / 2 {
            order = order.compactMap { $0 }.map(Optional.some)
            for (index, member) in order.enumerated() {
                if let member { positions.set(index, for: Self.key(member)) }
            }
        }
    }

    mutating func removeAll() {
        // A fresh table rather than `RowIDMap.removeAll()`, which keeps the size the largest set ever needed.
        positions = RowIDMap()
        order.removeAll()
        typeCounts.removeAll()
    }

    /// The models in the order they were added.
    var models: [any PersistentModel] {
        order.compactMap { $0 }
    }

    /// The models of one type, in the order they were added.
    func models<T: PersistentModel>(of type: T.Type) -> [T] {
        order.compactMap { $0 as? T }
    }

    func containsModel(of type: any PersistentModel.Type) -> Bool {
        let type = ObjectIdentifier(type)
        return typeCounts.contains { $0.type == type }
    }
}
