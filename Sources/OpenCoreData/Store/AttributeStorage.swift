import Foundation
import SQLStore

/// How an attribute's values are stored in its column, and read back: Core Data's SQLite encoding where it has
/// one (dates as seconds since 2001-01-01, Booleans as 0 and 1, UUIDs as their text), JSON text for a
/// transformable's `Codable` value, and decimals as exact text ordered by ``DecimalCollation``.
enum AttributeStorage {
    /// The column type of `attribute`; nil for one that is not stored (transient, undefined, composite).
    static func storageType(of attribute: NSAttributeDescription) -> StorageType? {
        guard !attribute.isTransient else { return nil }
        switch attribute.attributeType {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType, .booleanAttributeType:
            return .integer
        case .doubleAttributeType, .floatAttributeType, .dateAttributeType: return .real
        case .stringAttributeType, .decimalAttributeType, .UUIDAttributeType, .URIAttributeType,
            .transformableAttributeType,
            .objectIDAttributeType:
            return .text
        case .binaryDataAttributeType: return .blob
        case .undefinedAttributeType, .compositeAttributeType: return nil
        }
    }

    /// The value an object holds for `attribute` (its stored form, see ``ManagedValue``) as a column value.
    static func storedValue(_ value: Any?, for attribute: NSAttributeDescription) -> StoredValue {
        guard let value = unwrapped(value) else { return .null }
        switch attribute.attributeType {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType, .booleanAttributeType:
            guard let number = NumericValue(value) else { return .null }
            if case .boolean(let flag) = number { return .integer(flag ? 1 : 0) }
            return number.exactInteger.map { .integer($0) } ?? .integer(Int64(number.doubleValue))
        case .doubleAttributeType, .floatAttributeType:
            return NumericValue(value).map { .real($0.doubleValue) } ?? .null
        case .dateAttributeType:
            return (value as? Date).map { .real($0.timeIntervalSinceReferenceDate) } ?? .null
        case .stringAttributeType:
            return (value as? String).map { .text($0.canonicalForm) } ?? .null
        case .decimalAttributeType:
            guard let number = NumericValue(value) else { return .null }
            return .text(
                NSDecimalNumber(decimal: number.decimalValue).description(withLocale: Locale(identifier: "en_US_POSIX"))
            )
        case .UUIDAttributeType:
            return (value as? UUID).map { .text($0.uuidString) } ?? .null
        case .URIAttributeType:
            return (value as? URL).map { .text($0.absoluteString) } ?? .null
        case .objectIDAttributeType:
            return (value as? NSManagedObjectID).map { .text($0.uriRepresentation().absoluteString) } ?? .null
        case .binaryDataAttributeType:
            return (value as? Data).map { .blob($0) } ?? .null
        case .transformableAttributeType:
            if let encoded = value as? EncodedTransformableValue {
                return .text(String(decoding: encoded.json, as: UTF8.self))
            }
            guard let encodable = value as? any Encodable,
                let encoded = try? EncodedTransformableValue(encoding: encodable)
            else {
                return .null
            }
            return .text(String(decoding: encoded.json, as: UTF8.self))
        case .undefinedAttributeType, .compositeAttributeType:
            return .null
        }
    }

    /// A column value read back as the value an object holds for `attribute`; nil for NULL or a value that does not
    /// fit (written by someone else).
    static func value(_ stored: StoredValue, for attribute: NSAttributeDescription) -> Any? {
        switch (attribute.attributeType, stored) {
        case (_, .null): return nil
        case (.integer16AttributeType, .integer(let v)): return Int16(exactly: v)
        case (.integer32AttributeType, .integer(let v)): return Int32(exactly: v)
        case (.integer64AttributeType, .integer(let v)): return v
        case (.booleanAttributeType, .integer(let v)): return v != 0
        case (.doubleAttributeType, .real(let v)): return v
        case (.doubleAttributeType, .integer(let v)): return Double(v)
        case (.floatAttributeType, .real(let v)): return Float(v)
        case (.floatAttributeType, .integer(let v)): return Float(v)
        case (.dateAttributeType, .real(let v)): return Date(timeIntervalSinceReferenceDate: v)
        case (.dateAttributeType, .integer(let v)): return Date(timeIntervalSinceReferenceDate: Double(v))
        case (.stringAttributeType, .text(let v)): return v
        case (.decimalAttributeType, .text(let v)): return Decimal(string: v, locale: Locale(identifier: "en_US_POSIX"))
        case (.UUIDAttributeType, .text(let v)): return UUID(uuidString: v)
        case (.URIAttributeType, .text(let v)): return URL(string: v)
        case (.binaryDataAttributeType, .blob(let v)): return v
        case (.transformableAttributeType, .text(let v)): return EncodedTransformableValue(json: Data(v.utf8))
        default: return nil
        }
    }
}
