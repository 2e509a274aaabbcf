import Foundation

/// Version hashes: what tells two versions of a model apart for the store (Core Data's `versionHash` family).
///
/// An entity's hash covers its name, its superentity's name, whether it is abstract, its `versionHashModifier`
/// and each stored property's hash; a property's covers its name, whether it is optional and transient, its
/// `versionHashModifier`, and for an attribute its type, for a relationship its destination's name, counts and
/// order. Renaming identifiers, default values, validation and user info are left out, as in Core Data.
/// **Differs:** the hashes are 8 bytes (64-bit FNV-1a), not Core Data's 32-byte SHA-256, so they do not equal
/// Apple's values; they are stable across runs and machines.
enum ModelVersionHash {
    static func hash(_ text: String) -> Data {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return withUnsafeBytes(of: value.bigEndian) { Data($0) }
    }

    static func hex(_ data: Data) -> String {
        data.map { String(format: "%02x", $0) }.joined()
    }

    static func canonical(_ property: NSPropertyDescription) -> String {
        var parts = [
            property.name, property.isOptional ? "optional" : "required", property.isTransient ? "transient" : "stored",
            property.versionHashModifier ?? "",
        ]
        if let attribute = property as? NSAttributeDescription {
            parts.append("attribute \(attribute.attributeType.rawValue)")
        } else if let relationship = property as? NSRelationshipDescription {
            parts.append(
                "relationship \(relationship.destinationEntity?.name ?? "") \(relationship.minCount) \(relationship.maxCount) \(relationship.isOrdered)"
            )
        }
        return parts.joined(separator: "\u{1}")
    }
}

extension NSPropertyDescription {
    /// A hash of what the store keeps of the property (see ``NSManagedObjectModel/entityVersionHashesByName``).
    /// Mirrors Core Data's `versionHash`.
    public var versionHash: Data { ModelVersionHash.hash(ModelVersionHash.canonical(self)) }
}

extension NSEntityDescription {
    /// A hash of what the store keeps of the entity: two model versions whose entities have equal hashes store
    /// them alike. Mirrors Core Data's `versionHash`.
    public var versionHash: Data {
        let properties = properties.sorted { $0.name < $1.name }.map { ModelVersionHash.hex($0.versionHash) }
        let parts =
            [name ?? "", superentity?.name ?? "", isAbstract ? "abstract" : "concrete", versionHashModifier ?? ""]
            + properties
        return ModelVersionHash.hash(parts.joined(separator: "\u{1}"))
    }
}

extension NSManagedObjectModel {
    /// Each entity's ``NSEntityDescription/versionHash`` by entity name. Mirrors Core Data's
    /// `entityVersionHashesByName`.
    public var entityVersionHashesByName: [String: Data] {
        var hashes: [String: Data] = [:]
        for entity in entities { if let name = entity.name { hashes[name] = entity.versionHash } }
        return hashes
    }

    /// One hash of every entity's (hex): recorded in the store as the version it is at. Not in Core Data (whose
    /// store metadata keeps the entity hashes themselves).
    var modelVersionHash: String {
        let text = entityVersionHashesByName.sorted { $0.key < $1.key }.map {
            "\($0.key)=\(ModelVersionHash.hex($0.value))"
        }
        return ModelVersionHash.hex(ModelVersionHash.hash(text.joined(separator: "\u{1}")))
    }
}
