import Foundation
import SQLStore

/// How one attribute's Swift values map to stored values, chosen at compile time by the overloads of
/// ``Schema/PropertyMetadata`` (the same overloads ``ModelRowDecoder`` and ``ModelRowEncoder`` use).
struct AttributeCodec: Sendable {
    enum Representation: String, Sendable, Codable {
        /// A ``ColumnValue``, stored as itself.
        case scalar
        /// A `RawRepresentable` stored as its raw value.
        case rawValue
        /// Any other `Codable`, stored as JSON text.
        case json
        /// Any type, stored as the `Data` of its `.transformable(by:)` transformer.
        case transformable
        /// None of these: the container refuses the model.
        case unsupported
    }

    let representation: Representation
    let columnType: ColumnType
    let isOptional: Bool
    let valueType: any Any.Type
    /// The column's collating sequence, when not the store's default.
    var collation: String? = nil
    /// For a JSON attribute, the stored type (unwrapped when optional), to check stored values against in a migration.
    var jsonType: JSONAttributeType? = nil
}

/// The `Codable` type a JSON attribute stores. (`@unchecked Sendable`: a metatype is immutable, and only its
/// conformances are used.)
struct JSONAttributeType: @unchecked Sendable {
    let type: any Codable.Type
}

/// Converts a value captured in a predicate to what the store holds for it, following the same rules as attributes:
/// ``ColumnValue`` first, then `RawRepresentable` (by raw value), then `Encodable` (as JSON). Optional nil is NULL.
enum StoredValueConversion {
    static func storedValue(for value: Any) throws(SwiftDataError) -> StoredValue {
        if let identifier = value as? PersistentIdentifier {
            // A model is compared by its row's key; a temporary identifier matches no row.
            return .integer(identifier.primaryKey ?? -1)
        }
        if let column = value as? any ColumnValue {
            return try column.storedValue()
        }
        if let optional = value as? any OptionalProtocol {
            guard let wrapped = optional.wrappedAny else { return .null }
            return try storedValue(for: wrapped)
        }
        if let raw = value as? any RawRepresentable, let column = raw.rawValue as? any ColumnValue {
            return try column.storedValue()
        }
        if let encodable = value as? any Encodable {
            return try AttributeJSON.encode(encodable)
        }
        throw .unsupportedPredicate("a value of type \(type(of: value)) has no stored form")
    }
}

protocol OptionalProtocol {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalProtocol {
    var wrappedAny: Any? {
        switch self {
        case .none: nil
        case .some(let wrapped): wrapped
        }
    }
}
