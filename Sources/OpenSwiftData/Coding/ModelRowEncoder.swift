/// Collects a model's stored properties, in order, as stored values. Used by the code `@Model` generates.
///
/// Each `encode` overload matches one overload of ``Schema/PropertyMetadata``'s initializer.
public struct ModelRowEncoder {
    var values: [StoredValue] = []
    /// The index of the property the next `encode` writes.
    var propertyIndex = 0
    /// The faults of the model being encoded: a reference not read yet is written as the key it holds.
    var faults: [Int: RelationshipFault]
    /// References to models not saved yet: (column, model), written once those models have rows.
    var deferredReferences: [(column: Int, target: any PersistentModel)] = []
    /// The table of the model being encoded, to name a property in an error.
    var table: EntityTable?

    init(capacity: Int, faults: [Int: RelationshipFault] = [:]) {
        values.reserveCapacity(capacity)
        self.faults = faults
        self.table = nil
    }

    /// An encoder for a model of `table`'s entity.
    init(table: EntityTable, faults: [Int: RelationshipFault] = [:]) {
        values.reserveCapacity(table.columns.count)
        self.faults = faults
        self.table = table
    }

    /// Starts on another model (one encoder serves a whole save): no values, and `faults` for its references.
    mutating func reset(table: EntityTable, faults: [Int: RelationshipFault]) {
        values.removeAll(keepingCapacity: true)
        deferredReferences.removeAll(keepingCapacity: true)
        propertyIndex = 0
        self.faults = faults
        self.table = table
    }

    private mutating func append(_ value: StoredValue) {
        values.append(value)
        propertyIndex += 1
    }

    // MARK: Transformable

    /// A `.transformable(by:)` attribute: the `Data` its transformer's `transformedValue(_:)` makes (NULL for nil).
    public mutating func encode<T>(_ value: T, transformedBy attribute: Schema.Attribute) throws(SwiftDataError) {
        let property =
            table.map { table in
                table.columns.first { $0.propertyIndex == propertyIndex }.map { "\(table.name).\($0.name)" }
                    ?? table.name
            } ?? attribute.name
        var unwrapped: Any? = value
        if let optional = value as? any OptionalProtocol { unwrapped = optional.wrappedAny }
        guard let unwrapped else {
            append(.null)
            return
        }
        let transformer = try attribute.transformer(for: property)
        switch transformer.transformedValue(unwrapped) {
        case let data as Data: append(.blob(data))
        case nil: append(.null)
        case let other?:
            throw .invalidStoredValue(
                "\(property): \(type(of: transformer)).transformedValue(_:) returned a \(type(of: other)); a transformable attribute stores Data"
            )
        }
    }

    // MARK: ColumnValue

    /// A `ColumnValue` attribute: its `storedValue()`. Throws what that throws (`SwiftDataError.valueOutOfRange(_:)`
    /// for a value with no stored representation).
    public mutating func encode<T: ColumnValue>(_ value: T) throws(SwiftDataError) {
        append(try value.storedValue())
    }

    /// An optional `ColumnValue` attribute: its `storedValue()`, NULL for nil. Throws what `storedValue()` throws.
    public mutating func encode<T: ColumnValue>(_ value: T?) throws(SwiftDataError) {
        append(try value.storedValue())
    }

    // MARK: Floating point
    //
    // SQLite has no NaN: it binds one as NULL, which a non-optional column refuses and an optional one reads back as
    // nil. Saving NaN throws instead, naming the property, so that no value changes on its way through the store.

    /// A `Double` attribute, as REAL. Throws `SwiftDataError.valueOutOfRange(_:)`, naming the property, for NaN.
    public mutating func encode(_ value: Double) throws(SwiftDataError) {
        if value.isNaN { throw notANumber() }
        append(.real(value))
    }

    /// An optional `Double` attribute, as REAL (NULL for nil). Throws `SwiftDataError.valueOutOfRange(_:)`, naming
    /// the property, for NaN.
    public mutating func encode(_ value: Double?) throws(SwiftDataError) {
        guard let value else { return append(.null) }
        try encode(value)
    }

    /// A `Float` attribute, as REAL (widened to `Double`). Throws `SwiftDataError.valueOutOfRange(_:)`, naming the
    /// property, for NaN.
    public mutating func encode(_ value: Float) throws(SwiftDataError) {
        if value.isNaN { throw notANumber() }
        append(.real(Double(value)))
    }

    /// An optional `Float` attribute, as REAL (widened to `Double`; NULL for nil). Throws
    /// `SwiftDataError.valueOutOfRange(_:)`, naming the property, for NaN.
    public mutating func encode(_ value: Float?) throws(SwiftDataError) {
        guard let value else { return append(.null) }
        try encode(value)
    }

    private func notANumber() -> SwiftDataError {
        let property = table.flatMap { table in
            propertyIndex < table.entity.properties.count
                ? "\(table.name).\(table.entity.properties[propertyIndex].name)" : nil
        }
        return .valueOutOfRange(
            "\(property ?? "a floating-point property") is NaN, which SQLite cannot store (it would be saved as NULL): store a "
                + "number, or nil in an optional property"
        )
    }

    // MARK: RawRepresentable

    /// A `RawRepresentable` attribute whose raw value is a `ColumnValue`: its raw value's `storedValue()`. Throws
    /// what that throws.
    public mutating func encode<T: RawRepresentable>(_ value: T) throws(SwiftDataError) where T.RawValue: ColumnValue {
        append(try value.rawValue.storedValue())
    }

    /// An optional `RawRepresentable` attribute whose raw value is a `ColumnValue`: its raw value's `storedValue()`,
    /// NULL for nil. Throws what `storedValue()` throws.
    public mutating func encode<T: RawRepresentable>(_ value: T?) throws(SwiftDataError) where T.RawValue: ColumnValue {
        append(try value.map { v throws(SwiftDataError) in try v.rawValue.storedValue() } ?? .null)
    }

    /// A `RawRepresentable` and `Codable` attribute whose raw value is a `ColumnValue`: its raw value's
    /// `storedValue()` (not JSON). Throws what that throws.
    public mutating func encode<T: RawRepresentable & Codable>(_ value: T) throws(SwiftDataError)
    where T.RawValue: ColumnValue {
        append(try value.rawValue.storedValue())
    }

    /// An optional `RawRepresentable` and `Codable` attribute whose raw value is a `ColumnValue`: its raw value's
    /// `storedValue()` (not JSON), NULL for nil. Throws what `storedValue()` throws.
    public mutating func encode<T: RawRepresentable & Codable>(_ value: T?) throws(SwiftDataError)
    where T.RawValue: ColumnValue {
        append(try value.map { v throws(SwiftDataError) in try v.rawValue.storedValue() } ?? .null)
    }

    // MARK: Codable (JSON)

    /// Any other `Codable` attribute: its JSON, as TEXT. Throws `SwiftDataError.valueOutOfRange(_:)` when
    /// `JSONEncoder` cannot encode it.
    public mutating func encode<T: Codable>(_ value: T) throws(SwiftDataError) {
        append(try AttributeJSON.encode(value))
    }

    /// Any other optional `Codable` attribute: its JSON, as TEXT (NULL for nil). Throws
    /// `SwiftDataError.valueOutOfRange(_:)` when `JSONEncoder` cannot encode it.
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
