import Foundation
import SQLite

/// How one attribute's Swift values map to SQLite values, chosen at compile time by the overloads of
/// ``Schema/PropertyMetadata`` (the same overloads ``ModelRowDecoder`` and ``ModelRowEncoder`` use).
struct AttributeCodec: Sendable {
    enum Representation: String, Sendable, Codable {
        /// A ``ColumnValue``, stored as itself.
        case scalar
        /// A `RawRepresentable` stored as its raw value.
        case rawValue
        /// Any other `Codable`, stored as JSON text.
        case json
        /// None of these: the container refuses the model.
        case unsupported
    }

    let representation: Representation
    let columnType: ColumnType
    let isOptional: Bool
    let valueType: any Any.Type
    /// The column's collating sequence, when not SQLite's default.
    var collation: String? = nil
}

/// JSON coding of `Codable` attributes: sorted keys, so equal values are stored as equal text.
enum AttributeJSON {
    static func encode<T: Encodable>(_ value: T) throws(SwiftDataError) -> SQLiteValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .deferredToDate
        do {
            return .text(String(decoding: try encoder.encode(value), as: UTF8.self))
        } catch {
            throw .valueOutOfRange("cannot encode \(T.self) as JSON: \(error)")
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, from value: SQLiteValue) -> T? {
        let data: Data
        switch value {
        case .text(let text): data = Data(text.utf8)
        case .blob(let blob): data = blob
        default: return nil
        }
        return try? JSONDecoder().decode(T.self, from: data)
    }
}

/// Converts a value captured in a predicate to what the store holds for it, following the same rules as attributes:
/// ``ColumnValue`` first, then `RawRepresentable` (by raw value), then `Encodable` (as JSON). Optional nil is NULL.
enum SQLiteConversion {
    static func sqliteValue(for value: Any) throws(SwiftDataError) -> SQLiteValue {
        if let identifier = value as? PersistentIdentifier {
            // A model is compared by its row's key; a temporary identifier matches no row.
            return .integer(identifier.primaryKey ?? -1)
        }
        if let column = value as? any ColumnValue {
            return try column.sqliteValue()
        }
        if let optional = value as? any OptionalProtocol {
            guard let wrapped = optional.wrappedAny else { return .null }
            return try sqliteValue(for: wrapped)
        }
        if let raw = value as? any RawRepresentable, let column = raw.rawValue as? any ColumnValue {
            return try column.sqliteValue()
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
