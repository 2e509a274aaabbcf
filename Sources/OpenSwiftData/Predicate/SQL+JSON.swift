import Foundation
import SQLStore

// Values stored as JSON text (collections, other `Codable` values) are compared in SQL as text, so both sides must
// be in the one form equal Swift values share: the store layer's canonical JSON (strings in NFC, no negative zero),
// which `SQLExpressionBuilder.canonicalJSON` applies to both sides. This file decides which values are JSON.

enum SQLJSON {
    /// Whether values of `type` are stored as JSON text: the rule `StoredValueConversion` follows (a `ColumnValue` is
    /// stored as itself, an optional as its wrapped type or NULL, a `RawRepresentable` as its raw value).
    static func isStoredAsJSON(_ type: Any.Type) -> Bool {
        if type is any ColumnValue.Type { return false }
        if let optional = type as? any OptionalType.Type { return isStoredAsJSON(optional.wrappedType) }
        if let raw = type as? any RawRepresentable.Type { return !(rawValueType(of: raw) is any ColumnValue.Type) }
        return true
    }

    private static func rawValueType<T: RawRepresentable>(of type: T.Type) -> Any.Type { T.RawValue.self }
}

extension SQLJSON {
    /// Whether values of `type` (or its wrapped type) are sets, whose JSON lists the elements in hash order, so that
    /// equal sets can be written differently.
    static func isUnordered(_ type: Any.Type) -> Bool {
        if type is any UnorderedCollection.Type { return true }
        if let optional = type as? any OptionalType.Type { return isUnordered(optional.wrappedType) }
        return false
    }
}

/// Collections compared as sets: equal whatever the order of their elements.
protocol UnorderedCollection {}

extension Set: UnorderedCollection {}

/// Lets `SQLJSON` see through `Optional` at the type level.
protocol OptionalType {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalType {
    static var wrappedType: Any.Type { Wrapped.self }
}
