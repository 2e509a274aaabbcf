/// Models kept in the order they were added, with constant-time membership by identity.
struct ModelSet {
    /// Position of each member in `order`.
    private var positions: [ObjectIdentifier: Int] = [:]
    /// Members in insertion order; removed members leave a nil hole until the next compaction.
    private var order: [(any PersistentModel)?] = []
    /// How many members each model type has.
    private var typeCounts: [ObjectIdentifier: Int] = [:]

    var isEmpty: Bool { positions.isEmpty }
    var count: Int { positions.count }

    func contains(_ model: some PersistentModel) -> Bool { positions[ObjectIdentifier(model)] != nil }

    /// Adds `model` at the end; a model already present keeps its place.
    mutating func insert(_ model: any PersistentModel) {
        let key = ObjectIdentifier(model)
        guard positions[key] == nil else { return }
        positions[key] = order.count
        order.append(model)
        typeCounts[ObjectIdentifier(Swift.type(of: model)), default: 0] += 1
    }

    mutating func remove(_ model: any PersistentModel) {
        guard let position = positions.removeValue(forKey: ObjectIdentifier(model)) else { return }
        order[position] = nil
        let type = ObjectIdentifier(Swift.type(of: model))
        if let count = typeCounts[type], count > 1 { typeCounts[type] = count - 1 } else { typeCounts[type] = nil }
        // Compact once holes outnumber members, keeping removal amortised constant.
        if order.count > 32 && positions.count < order.count / 2 {
            order = order.compactMap { $0 }.map(Optional.some)
            for (index, member) in order.enumerated() {
                if let member { positions[ObjectIdentifier(member)] = index }
            }
        }
    }

    mutating func removeAll() {
        positions.removeAll()
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
        typeCounts[ObjectIdentifier(type)] != nil
    }
}
