import Foundation
import SQLStore
import Synchronization

// Key paths into a `Codable` value stored as JSON: `$0.address.city`, `$0.size?.width`. The row holds the value's
// JSON (sorted keys, the strings made NFC by `osd_canonical_json`), and the store layer's `jsonValue(_:at:)` reads the
// member.
//
// Which JSON key a key path reads is found by decoding the type once from a `ProbeDecoder` that gives every key a
// value of its own, and seeing which one the key path returns; a computed property, or one whose `init(from:)`
// changes what it decodes, returns none and stays untranslated. A member whose JSON form differs from its column
// form (`Float`, `Decimal`, `Data`, `URL`) is refused: see `SQLJSON.FormInJSON`.

enum SQLCodablePaths {
    private struct Key: Hashable, @unchecked Sendable {
        let root: ObjectIdentifier
        let keyPath: AnyKeyPath
    }

    /// JSON keys by root type and key path; nil when the key path reads no one key.
    private static let paths = Mutex<[Key: [String]?]>([:])

    static func translate<Root, Value>(
        _ keyPath: KeyPath<Root, Value>, on base: SQLExpression, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression? {
        guard SQLJSON.isStoredAsJSON(Root.self), !(Root.self is any StoredCollection.Type),
            let decodable = Root.self as? any Decodable.Type
        else { return nil }
        let key = Key(root: ObjectIdentifier(Root.self), keyPath: keyPath)
        let path: [String]?
        if let known = paths.withLock({ $0[key] }) {
            path = known
        } else {
            path = jsonPath(keyPath, decodable)
            paths.withLock { $0[key] = path }
        }
        let described = "\(PredicateTranslator.describe(keyPath)) of \(base.described(as: Root.self))"
        guard let path, !path.isEmpty else {
            throw .unsupportedPredicate(
                "\(described) has no SQL translation: it is not a property \(Root.self) encodes under a key of its own "
                    + "(computed properties have no stored value)"
            )
        }
        if SQLJSON.formInJSON(Value.self) == .different {
            throw .unsupportedPredicate(
                "\(described) has no SQL translation: a \(Value.self) is written differently inside JSON than in a column "
                    + "(Float, Decimal, Data and URL are)"
            )
        }
        guard path.allSatisfy({ !$0.contains("\"") }) else {
            throw .unsupportedPredicate("\(described) has no SQL translation: its JSON key contains a quotation mark")
        }
        var result = translator.sql.jsonValue(
            translator.sql.canonicalJSON(base), at: path,
            nullable: base.isNullable || Value.self is any OptionalType.Type, scalar: SQLJSON.scalar(Value.self)
        )
        result.name = base.name.map { "\($0)." + path.joined(separator: ".") }
        return result
    }

    /// The JSON keys, outermost first, under which `Root` encodes the value `keyPath` reads.
    private static func jsonPath<Root, Value, Decoded: Decodable>(_ keyPath: KeyPath<Root, Value>, _ type: Decoded.Type)
        -> [String]?
    {
        guard let keyPath = keyPath as? KeyPath<Decoded, Value>,
            let made = ProbeDecoder.make(Decoded.self, mode: .sentinels(trueBool: nil))
        else { return nil }
        let value = made.value[keyPath: keyPath]
        if Value.self == Bool.self || Value.self == Bool?.self {
            // Bools have two values: find the one Bool which, alone true, makes the key path true.
            guard (value as? Bool) != true else { return nil }
            let paths = made.record.boolPaths.filter { path in
                guard let remade = ProbeDecoder.make(Decoded.self, mode: .sentinels(trueBool: path)) else {
                    return false
                }
                return (remade.value[keyPath: keyPath] as? Bool) == true
            }
            return paths.count == 1 ? paths[0] : nil
        }
        guard let fingerprint = fingerprint(value) else { return nil }
        let matches = made.record.values.filter { fingerprint == self.fingerprint($0.value) }
        return matches.count == 1 ? matches[0].path : nil
    }

    /// A value as JSON text, to tell values apart.
    private static func fingerprint(_ value: Any) -> StoredValue? {
        guard let encodable = value as? any Encodable else { return nil }
        return try? AttributeJSON.encode(encodable)
    }
}
