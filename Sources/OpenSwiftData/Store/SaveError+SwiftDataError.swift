import SQLStore

extension SwiftDataError {
    /// What a store's failed save (`SaveError`, which wrote nothing) is to a caller of `save()`: the database's
    /// refusal as ``storeFailed(_:)``, a unique conflict as ``uniqueConstraintViolation(entityName:attributes:values:)``
    /// naming the group's values, a store not as the save left it as ``invalidStoredValue(_:)``.
    init(_ error: SaveError) {
        switch error {
        case .store(let error):
            self = .storeFailed(error)
        case .uniqueConflict(let entity, let columns, let values):
            self = .uniqueConstraintViolation(
                entityName: entity, attributes: columns, values: values.map(\.description).joined(separator: ", "))
        case .inconsistent(let message):
            self = .invalidStoredValue(message)
        }
    }
}
