/// Collects a model's stored properties, in order, as stored values. Used by the code `@Model` generates.
///
/// Each `encode` overload matches one overload of ``Schema/PropertyMetadata``'s initializer.
public struct ModelRowEncoder {
    var values: [StoredValue] = []
    /// The index of the property the next `encode` writes.
    var propertyIndex = 0
    /// The faults of the model being encoded: a reference not read yet is written as the key it holds.
    let faults: [Int: RelationshipFault]
    /// References to models not saved yet: (column, model), written once those models have rows.
    var deferredReferences: [(column: Int, target: any PersistentModel)] = []

    init(capacity: Int, faults: [Int: RelationshipFault] = [:]) {
        values.reserveCapacity(capacity)
        self.faults = faults
    }

    private mutating func append(_ value: StoredValue) {
        values.append(value)
        propertyIndex += 1
    }

    // MARK: ColumnValue

    public mutating func encode<T: ColumnValue>(_ value: T) throws(SwiftDataError) {
        append(try value.storedValue())
    }

    public mutating func encode<T: ColumnValue>(_ value: T?) throws(SwiftDataError) {
        append(try value.storedValue())
    }

    // MARK: RawRepresentable

    public mutating func encode<T: RawRepresentable>(_ value: T) throws(SwiftDataError) where T.RawValue: ColumnValue {
        append(try value.rawValue.storedValue())
    }

    public mutating func encode<T: RawRepresentable>(_ value: T?) throws(SwiftDataError) where T.RawValue: ColumnValue {
        append(try value.map { v throws(SwiftDataError) in try v.rawValue.storedValue() } ?? .null)
    }

    public mutating func encode<T: RawRepresentable & Codable>(_ value: T) throws(SwiftDataError) where T.RawValue: ColumnValue {
        append(try value.rawValue.storedValue())
    }

    public mutating func encode<T: RawRepresentable & Codable>(_ value: T?) throws(SwiftDataError) where T.RawValue: ColumnValue {
        append(try value.map { v throws(SwiftDataError) in try v.rawValue.storedValue() } ?? .null)
    }

    // MARK: Codable (JSON)

    public mutating func encode<T: Codable>(_ value: T) throws(SwiftDataError) {
        append(try AttributeJSON.encode(value))
    }

    public mutating func encode<T: Codable>(_ value: T?) throws(SwiftDataError) {
        append(try value.map { v throws(SwiftDataError) in try AttributeJSON.encode(v) } ?? .null)
    }

    // MARK: Anything else

    /// For a property whose type cannot be stored; ``ModelContainer`` refuses such models, so this only throws.
    @_disfavoredOverload
    public mutating func encode<T>(_ value: T) throws(SwiftDataError) {
        throw .invalidSchema("a value of type \(T.self) cannot be stored")
    }

    // MARK: Relationships

    /// A to-one relationship's foreign key.
    public mutating func encode<T: PersistentModel>(_ value: T?) throws(SwiftDataError) {
        if case .toOne(let rowID) = faults[propertyIndex] {
            append(.integer(rowID))
            return
        }
        guard let value else {
            append(.null)
            return
        }
        let rowID = value._$persistentState.rowID
        if rowID == 0 || value._$persistentState.status == .inserted {
            deferredReferences.append((values.count, value))
            append(.null)
        } else {
            append(.integer(rowID))
        }
    }

    /// A required to-one relationship's foreign key.
    public mutating func encode<T: PersistentModel>(_ value: T) throws(SwiftDataError) {
        try encode(Optional(value))
    }

    /// A to-many relationship has no column.
    public mutating func encode<T: PersistentModel>(_ value: [T]) throws(SwiftDataError) {
        propertyIndex += 1
    }

    /// A to-many relationship has no column.
    public mutating func encode<T: PersistentModel>(_ value: [T]?) throws(SwiftDataError) {
        propertyIndex += 1
    }
}
