import Foundation

/// A model's identifier and its stored values by property name: the snapshot contexts hand a ``DataStore``.
/// Mirrors SwiftData's `DefaultSnapshot`. `Codable`, so a store can write it as it is (as JSON, say).
///
/// Each value is the property's value as the SQLite store would hold it (``StoredValue``): numbers and `Bool` as
/// integers or reals, strings as text, `Date` as seconds since 2001 (real), `UUID` and `Data` as bytes, `Codable`
/// values and arrays as JSON text, nil as `.null`.
public struct DefaultSnapshot: DataStoreSnapshot, Hashable {
    public let persistentIdentifier: PersistentIdentifier
    /// The stored values, by property name (an addition: SwiftData's are reached only through its `BackingData`).
    public let values: [String: StoredValue]

    init(persistentIdentifier: PersistentIdentifier, values: [String: StoredValue]) {
        self.persistentIdentifier = persistentIdentifier
        self.values = values
    }

    public func copy(
        persistentIdentifier: PersistentIdentifier, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]?
    ) -> DefaultSnapshot {
        // Values hold no identifiers (no relationships in a store of your own), so only the identity changes.
        DefaultSnapshot(persistentIdentifier: persistentIdentifier, values: values)
    }

    /// The stored value of property `name` (`.null` for a property the snapshot lacks). An addition.
    public subscript(name: String) -> StoredValue { values[name] ?? .null }

    private enum CodingKeys: String, CodingKey {
        case persistentIdentifier, values
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        persistentIdentifier = try container.decode(PersistentIdentifier.self, forKey: .persistentIdentifier)
        values = try container.decode([String: SnapshotValue].self, forKey: .values).mapValues(\.value)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(persistentIdentifier, forKey: .persistentIdentifier)
        try container.encode(values.mapValues(SnapshotValue.init), forKey: .values)
    }
}

/// A stored value as JSON: `{"integer": 3}`, `{"text": "…"}`, `{"blob": "<base64>"}`, `{"null": true}`.
private struct SnapshotValue: Codable {
    let value: StoredValue

    init(_ value: StoredValue) { self.value = value }

    private enum CodingKeys: String, CodingKey {
        case null, integer, real, text, blob
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let integer = try container.decodeIfPresent(Int64.self, forKey: .integer) {
            value = .integer(integer)
        } else if let real = try container.decodeIfPresent(Double.self, forKey: .real) {
            value = .real(real)
        } else if let text = try container.decodeIfPresent(String.self, forKey: .text) {
            value = .text(text)
        } else if let blob = try container.decodeIfPresent(Data.self, forKey: .blob) {
            value = .blob(blob)
        } else {
            value = .null
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch value {
        case .null: try container.encode(true, forKey: .null)
        case .integer(let integer): try container.encode(integer, forKey: .integer)
        case .real(let real): try container.encode(real, forKey: .real)
        case .text(let text): try container.encode(text, forKey: .text)
        case .blob(let blob): try container.encode(blob, forKey: .blob)
        }
    }
}
