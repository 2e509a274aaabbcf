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

    static func rawValueType<T: RawRepresentable>(of type: T.Type) -> Any.Type { T.RawValue.self }
}

extension SQLJSON {
    /// How a value of a type stored inside JSON (an element of an array, a property of a `Codable` struct) is read
    /// back by the database's JSON functions, compared with how the same value is bound as a parameter.
    enum FormInJSON {
        /// A number, string or Bool that the database reads back as the very value a parameter binds.
        case scalar
        /// Itself JSON (a struct, an array), compared as canonical JSON text.
        case json
        /// Written differently inside JSON than as a column: a `Float` (written short, bound widened), a `Decimal` (a
        /// JSON number, bound as text), `Data` (base64, bound as a blob), a `URL` (an object, bound as text).
        case different
    }

    static func formInJSON(_ type: Any.Type) -> FormInJSON {
        if let optional = type as? any OptionalType.Type { return formInJSON(optional.wrappedType) }
        let scalars: [Any.Type] = [
            String.self, Bool.self, Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self,
            UInt16.self, UInt32.self, UInt64.self, Double.self, Date.self, UUID.self,
        ]
        if scalars.contains(where: { $0 == type }) { return .scalar }
        if type is any ColumnValue.Type { return .different }
        if let raw = type as? any RawRepresentable.Type {
            let rawType = rawValueType(of: raw)
            if scalars.contains(where: { $0 == rawType }) { return .scalar }
            if rawType is any ColumnValue.Type { return .different }
        }
        return isStoredAsJSON(type) ? .json : .different
    }

    /// What a value of `type` read out of JSON is, when a ``FormInJSON/scalar`` (so the database reads it as the
    /// type it is bound as); nil for anything else.
    static func scalar(_ type: Any.Type) -> JSONScalar? {
        if let optional = type as? any OptionalType.Type { return scalar(optional.wrappedType) }
        if let raw = type as? any RawRepresentable.Type, !(type is any ColumnValue.Type) {
            return scalar(rawValueType(of: raw))
        }
        let integers: [Any.Type] = [
            Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self,
            UInt64.self,
        ]
        if integers.contains(where: { $0 == type }) { return .integer }
        if type == Double.self || type == Date.self { return .real }
        if type == String.self || type == UUID.self { return .text }
        if type == Bool.self { return .boolean }
        return nil
    }

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
