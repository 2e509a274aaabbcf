import SQLite

/// Collects a model's stored properties, in order, as SQLite values. Used by the code `@Model` generates.
///
/// Each `encode` overload matches one overload of ``Schema/PropertyMetadata``'s initializer.
public struct ModelRowEncoder {
    var values: [SQLiteValue] = []

    init(capacity: Int) {
        values.reserveCapacity(capacity)
    }

    // MARK: ColumnValue

    public mutating func encode<T: ColumnValue>(_ value: T) throws(SwiftDataError) {
        values.append(try value.sqliteValue())
    }

    public mutating func encode<T: ColumnValue>(_ value: T?) throws(SwiftDataError) {
        values.append(try value.sqliteValue())
    }

    // MARK: RawRepresentable

    public mutating func encode<T: RawRepresentable>(_ value: T) throws(SwiftDataError) where T.RawValue: ColumnValue {
        values.append(try value.rawValue.sqliteValue())
    }

    public mutating func encode<T: RawRepresentable>(_ value: T?) throws(SwiftDataError) where T.RawValue: ColumnValue {
        values.append(try value.map { v throws(SwiftDataError) in try v.rawValue.sqliteValue() } ?? .null)
    }

    public mutating func encode<T: RawRepresentable & Codable>(_ value: T) throws(SwiftDataError) where T.RawValue: ColumnValue {
        values.append(try value.rawValue.sqliteValue())
    }

    public mutating func encode<T: RawRepresentable & Codable>(_ value: T?) throws(SwiftDataError) where T.RawValue: ColumnValue {
        values.append(try value.map { v throws(SwiftDataError) in try v.rawValue.sqliteValue() } ?? .null)
    }

    // MARK: Codable (JSON)

    public mutating func encode<T: Codable>(_ value: T) throws(SwiftDataError) {
        values.append(try AttributeJSON.encode(value))
    }

    public mutating func encode<T: Codable>(_ value: T?) throws(SwiftDataError) {
        values.append(try value.map { v throws(SwiftDataError) in try AttributeJSON.encode(v) } ?? .null)
    }

    // MARK: Anything else

    /// For a property whose type cannot be stored; ``ModelContainer`` refuses such models, so this only throws.
    @_disfavoredOverload
    public mutating func encode<T>(_ value: T) throws(SwiftDataError) {
        throw .invalidSchema("a value of type \(T.self) cannot be stored")
    }
}
