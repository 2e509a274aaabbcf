/// Reads one row's columns, in order, into a model's stored properties. Used by the code `@Model` generates.
///
/// Each `decode` overload matches one overload of ``Schema/PropertyMetadata``'s initializer; the key path argument
/// only selects the overload (and names the property in errors — it is an autoclosure, so no key path is built
/// unless one is needed). The scalar overloads are inlinable: in the model's module they specialise to direct column
/// reads.
public struct ModelRowDecoder {
    @usableFromInline
    enum Source {
        case row(StoreRow)
        case values([StoredValue])
    }

    @usableFromInline let source: Source
    @usableFromInline let entityName: String
    @usableFromInline var column: Int32
    /// The index of the property the next `decode` reads (columns skip to-many relationships, properties do not).
    @usableFromInline var propertyIndex = 0
    /// Relationships left in the store, to be read on first access.
    var faults: [Int: RelationshipFault] = [:]
    /// The context reading the row, which reads the model a required to-one relationship refers to (required
    /// references cannot wait). Not retained: the decoder lives only while its context reads.
    @usableFromInline unowned(unsafe) var context: ModelContext?
    /// For a row of a hierarchy's table (model inheritance): where each class's own columns start, by the class
    /// above it. Empty for a row whose columns are the model's own, in order.
    var ownColumnStarts: [ObjectIdentifier: _Position] = [:]

    /// A decoder of the row a fetch is on, from its first value column (after the primary key).
    init(row: StoreRow, entityName: String, context: ModelContext? = nil) {
        self.source = .row(row)
        self.entityName = entityName
        self.column = StoreRow.firstValueColumn
        self.context = context
    }

    /// A decoder of the row a fetch is on, for a model of `entity` (in a hierarchy's table, each class's columns are
    /// found through the mapping).
    init(row: StoreRow, entity: EntityMapping) {
        self.init(row: row, entityName: entity.entity.name)
        self.ownColumnStarts = entity.ownColumnStarts
    }

    /// A decoder of values in column order.
    init(values: [StoredValue], entityName: String) {
        self.source = .values(values)
        self.entityName = entityName
        self.column = 0
    }

    /// Where the next `decode` reads: a column and a property index. Used by the row initializer `@Model` generates for
    /// a subclass, which reads its own properties (after the inherited ones) before its superclass's initializer
    /// reads the inherited ones.
    public struct _Position: Sendable {
        let column: Int32
        let propertyIndex: Int
    }

    /// Moves to the first of the properties declared by the class directly below `superclass` in the model being
    /// read, when the row is one of a hierarchy's table (whose columns are every class's, each class's together);
    /// nothing to do otherwise (they follow the inherited ones). Used by the `_$load` `@Model` generates for a
    /// subclass, after its superclass's.
    public mutating func _$beginProperties(after superclass: any PersistentModel.Type) {
        if !ownColumnStarts.isEmpty, let start = ownColumnStarts[ObjectIdentifier(superclass)] { _$position = start }
    }

    /// The position of the next `decode`; set to go back to one read before.
    public var _$position: _Position {
        get { _Position(column: column, propertyIndex: propertyIndex) }
        set {
            column = newValue.column
            propertyIndex = newValue.propertyIndex
        }
    }

    /// Moves past the properties `superclass` declares (and inherits): a column for each, but a to-many relationship,
    /// which has none; in a row of a hierarchy's table, to where the next class's own columns are.
    public mutating func _$skipProperties(of superclass: any PersistentModel.Type) {
        if !ownColumnStarts.isEmpty, let start = ownColumnStarts[ObjectIdentifier(superclass)] {
            _$position = start
            return
        }
        let properties = superclass.schemaMetadata
        column += Int32(properties.count { $0.relationship?.isToMany != true })
        propertyIndex += properties.count
    }

    @usableFromInline
    mutating func next() -> StoredValue {
        defer {
            column += 1
            propertyIndex += 1
        }
        return value(at: column)
    }

    @usableFromInline
    func value(at column: Int32) -> StoredValue {
        switch source {
        case .row(let row): return row.value(at: column)
        case .values(let values): return Int(column) < values.count ? values[Int(column)] : .null
        }
    }

    /// The error for a stored value that does not fit the property just read (`propertyIndex - 1`).
    @usableFromInline
    func mismatch(_ value: StoredValue, _ keyPath: AnyKeyPath, _ type: Any.Type) -> SwiftDataError {
        // The property's name from the model's metadata (a key path's description does not always hold it).
        let properties = (Swift.type(of: keyPath).rootType as? any PersistentModel.Type)?.schemaMetadata ?? []
        let name =
            properties.indices.contains(propertyIndex - 1)
            ? properties[propertyIndex - 1].name
            : String(describing: keyPath).split(separator: ".").last.map(String.init) ?? "?"
        return .invalidStoredValue(
            "\(entityName).\(name): the store holds \(value.storageClassName) \(value) where \(type) was expected"
        )
    }

    // MARK: ColumnValue

    /// A `ColumnValue` attribute, read from its column (`init(row:column:)`, else `init(storedValue:)`).
    /// Throws `SwiftDataError.invalidStoredValue(_:)`, naming the property, when the stored value is not a `T`.
    @inlinable
    public mutating func decode<Root, T: ColumnValue>(_ keyPath: @autoclosure () -> KeyPath<Root, T>)
        throws(SwiftDataError) -> T
    {
        let index = column
        column += 1
        propertyIndex += 1
        if case .row(let row) = source, let decoded = T(row: row, column: index) { return decoded }
        let value = value(at: index)
        guard let decoded = T(storedValue: value) else { throw mismatch(value, keyPath(), T.self) }
        return decoded
    }

    /// An optional `ColumnValue` attribute, read from its column; nil for NULL.
    /// Throws `SwiftDataError.invalidStoredValue(_:)`, naming the property, when the stored value is not a `T`.
    @inlinable
    public mutating func decode<Root, T: ColumnValue>(_ keyPath: @autoclosure () -> KeyPath<Root, T?>)
        throws(SwiftDataError) -> T?
    {
        let index = column
        column += 1
        propertyIndex += 1
        if case .row(let row) = source, let decoded = T?(row: row, column: index) { return decoded }
        let value = value(at: index)
        guard let decoded = T?(storedValue: value) else { throw mismatch(value, keyPath(), T?.self) }
        return decoded
    }

    // MARK: RawRepresentable

    /// A `RawRepresentable` attribute whose raw value is a `ColumnValue`, read from its stored raw value.
    /// Throws `SwiftDataError.invalidStoredValue(_:)`, naming the property, when the stored value is no raw
    /// value of a `T`.
    public mutating func decode<Root, T: RawRepresentable>(_ keyPath: @autoclosure () -> KeyPath<Root, T>)
        throws(SwiftDataError) -> T
    where T.RawValue: ColumnValue {
        let value = next()
        guard let raw = T.RawValue(storedValue: value), let decoded = T(rawValue: raw) else {
            throw mismatch(value, keyPath(), T.self)
        }
        return decoded
    }

    /// An optional `RawRepresentable` attribute whose raw value is a `ColumnValue`; nil for NULL.
    /// Throws `SwiftDataError.invalidStoredValue(_:)`, naming the property, when the stored value is no raw
    /// value of a `T`.
    public mutating func decode<Root, T: RawRepresentable>(_ keyPath: @autoclosure () -> KeyPath<Root, T?>)
        throws(SwiftDataError) -> T?
    where T.RawValue: ColumnValue {
        let value = next()
        if case .null = value { return nil }
        guard let raw = T.RawValue(storedValue: value), let decoded = T(rawValue: raw) else {
            throw mismatch(value, keyPath(), T?.self)
        }
        return decoded
    }

    /// A `RawRepresentable` and `Codable` attribute whose raw value is a `ColumnValue`, read from its stored raw
    /// value (not JSON). Throws `SwiftDataError.invalidStoredValue(_:)`, naming the property, when the
    /// stored value is no raw value of a `T`.
    public mutating func decode<Root, T: RawRepresentable & Codable>(_ keyPath: @autoclosure () -> KeyPath<Root, T>)
        throws(SwiftDataError) -> T
    where T.RawValue: ColumnValue {
        let value = next()
        guard let raw = T.RawValue(storedValue: value), let decoded = T(rawValue: raw) else {
            throw mismatch(value, keyPath(), T.self)
        }
        return decoded
    }

    /// An optional `RawRepresentable` and `Codable` attribute whose raw value is a `ColumnValue` (not JSON); nil for
    /// NULL. Throws `SwiftDataError.invalidStoredValue(_:)`, naming the property, when the stored value is
    /// no raw value of a `T`.
    public mutating func decode<Root, T: RawRepresentable & Codable>(_ keyPath: @autoclosure () -> KeyPath<Root, T?>)
        throws(SwiftDataError) -> T?
    where T.RawValue: ColumnValue {
        let value = next()
        if case .null = value { return nil }
        guard let raw = T.RawValue(storedValue: value), let decoded = T(rawValue: raw) else {
            throw mismatch(value, keyPath(), T?.self)
        }
        return decoded
    }

    // MARK: Codable (JSON)

    /// JSON of a `T`; a value stored before `T` gained fields is read with those fields at their defaults (see
    /// ``DefaultInitializable``).
    public mutating func decode<Root, T: Codable>(_ keyPath: @autoclosure () -> KeyPath<Root, T>) throws(SwiftDataError)
        -> T
    {
        let index = propertyIndex
        let value = next()
        guard let decoded = AttributeJSON.decode(T.self, from: value, model: Root.self, property: index) else {
            throw mismatch(value, keyPath(), T.self)
        }
        return decoded
    }

    /// An optional `Codable` attribute, read from its JSON as the non-optional overload reads it; nil for NULL.
    /// Throws `SwiftDataError.invalidStoredValue(_:)`, naming the property, when the stored value is not JSON of a `T`.
    public mutating func decode<Root, T: Codable>(_ keyPath: @autoclosure () -> KeyPath<Root, T?>)
        throws(SwiftDataError) -> T?
    {
        let index = propertyIndex
        let value = next()
        if case .null = value { return nil }
        guard let decoded = AttributeJSON.decode(T.self, from: value, model: Root.self, property: index) else {
            throw mismatch(value, keyPath(), T?.self)
        }
        return decoded
    }

    // MARK: Transformable

    /// A `.transformable(by:)` attribute: its transformer's `reverseTransformedValue(_:)` of the stored bytes.
    public mutating func decode<Root, T>(
        _ keyPath: @autoclosure () -> KeyPath<Root, T>, transformedBy attribute: Schema.Attribute
    ) throws(SwiftDataError) -> T {
        let value = next()
        let property =
            "\(entityName).\(String(describing: keyPath()).split(separator: ".").last.map(String.init) ?? "?")"
        if case .null = value {
            guard let none = (Optional<Any>.none as Any) as? T else { throw mismatch(value, keyPath(), T.self) }
            return none
        }
        guard case .blob(let bytes) = value else { throw mismatch(value, keyPath(), T.self) }
        let transformer = try attribute.transformer(for: property)
        let reversed = transformer.reverseTransformedValue(bytes)
        if let decoded = reversed as? T { return decoded }
        if reversed == nil, let none = (Optional<Any>.none as Any) as? T { return none }
        throw .invalidStoredValue(
            "\(property): \(type(of: transformer)).reverseTransformedValue(_:) returned \(reversed.map { "a \(type(of: $0))" } ?? "nil") where \(T.self) was expected"
        )
    }

    // MARK: Anything else

    /// For a property whose type cannot be stored; ``ModelContainer`` refuses such models, so this only throws.
    @_disfavoredOverload
    public mutating func decode<Root, T>(_ keyPath: @autoclosure () -> KeyPath<Root, T>) throws(SwiftDataError) -> T {
        throw .invalidSchema("\(entityName): \(keyPath()) has type \(T.self), which cannot be stored")
    }

    // MARK: Relationships

    /// An optional to-one relationship: left as a fault holding the related row's key.
    public mutating func decode<Root, T: PersistentModel>(_ keyPath: @autoclosure () -> KeyPath<Root, T?>)
        throws(SwiftDataError) -> T?
    {
        let index = propertyIndex
        let value = next()
        switch value {
        case .null: return nil
        case .integer(let rowID):
            faults[index] = .toOne(rowID)
            return nil
        default: throw mismatch(value, keyPath(), T?.self)
        }
    }

    /// A required to-one relationship: read at once (a fault cannot stand in for a non-optional value).
    public mutating func decode<Root, T: PersistentModel>(_ keyPath: @autoclosure () -> KeyPath<Root, T>)
        throws(SwiftDataError) -> T
    {
        let value = next()
        guard case .integer(let rowID) = value else { throw mismatch(value, keyPath(), T.self) }
        let related: T?
        do {
            related = try context?.resolveRequiredReference(T.self, rowID: rowID) as? T
        } catch let error as SwiftDataError {
            throw error
        } catch {
            throw .invalidStoredValue("\(entityName): reading \(keyPath()) failed: \(error)")
        }
        guard let related else {
            throw .invalidStoredValue(
                "\(entityName): \(keyPath()) refers to \(T.entityName) \(rowID), which does not exist; make the relationship optional, or give it the .deny or .cascade delete rule"
            )
        }
        return related
    }

    /// A to-many relationship: it has no column; left as a fault, read on first access.
    public mutating func decode<Root, T: PersistentModel>(_ keyPath: @autoclosure () -> KeyPath<Root, [T]>)
        throws(SwiftDataError) -> [T]
    {
        faults[propertyIndex] = .toMany
        propertyIndex += 1
        return []
    }

    /// An optional to-many relationship: as a to-many one.
    public mutating func decode<Root, T: PersistentModel>(_ keyPath: @autoclosure () -> KeyPath<Root, [T]?>)
        throws(SwiftDataError) -> [T]?
    {
        faults[propertyIndex] = .toMany
        propertyIndex += 1
        return []
    }
}
