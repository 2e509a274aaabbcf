/// Models kept in the order they were added, with constant-time membership by identity.
struct ModelSet {
    private var entries: [ObjectIdentifier: (sequence: Int, model: any PersistentModel)] = [:]
    private var nextSequence = 0

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    func contains(_ model: some PersistentModel) -> Bool { entries[ObjectIdentifier(model)] != nil }

    /// Adds `model` at the end; a model already present keeps its place.
    mutating func insert(_ model: any PersistentModel) {
        let key = ObjectIdentifier(model)
        guard entries[key] == nil else { return }
        entries[key] = (nextSequence, model)
        nextSequence += 1
    }

    mutating func remove(_ model: any PersistentModel) {
        entries[ObjectIdentifier(model)] = nil
    }

    mutating func removeAll() {
        entries.removeAll()
    }

    /// The models in the order they were added.
    var models: [any PersistentModel] {
        entries.values.sorted { $0.sequence < $1.sequence }.map(\.model)
    }

    /// The models of one type, in the order they were added.
    func models<T: PersistentModel>(of type: T.Type) -> [T] {
        entries.values.sorted { $0.sequence < $1.sequence }.compactMap { $0.model as? T }
    }

    func containsModel(of type: any PersistentModel.Type) -> Bool {
        entries.values.contains { Swift.type(of: $0.model) == type }
    }
}
