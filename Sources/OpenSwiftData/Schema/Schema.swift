/// The set of model types a container stores, with a version. Mirrors SwiftData's `Schema`.
///
/// Building a schema does not check the models; ``ModelContainer`` does, and throws
/// ``SwiftDataError`` naming the model and property when one cannot be stored.
public final class Schema: Sendable {
    /// A schema's version, compared in order major, minor, patch. Mirrors SwiftData's `Schema.Version`.
    public struct Version: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
        /// The major version, compared first. Mirrors SwiftData's `Schema.Version.major`.
        public let major: Int
        /// The minor version, compared when the major versions are equal. Mirrors SwiftData's `Schema.Version.minor`.
        public let minor: Int
        /// The patch version, compared last. Mirrors SwiftData's `Schema.Version.patch`.
        public let patch: Int

        /// The version `major.minor.patch`, such as `Schema.Version(1, 0, 0)`. Mirrors SwiftData's
        /// `Schema.Version.init(_:_:_:)`.
        public init(_ major: Int, _ minor: Int, _ patch: Int) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }

        public static func < (lhs: Version, rhs: Version) -> Bool {
            (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }

        public var description: String { "\(major).\(minor).\(patch)" }
    }

    /// One entity per model type, in the order given.
    public let entities: [Entity]
    /// The schema's version; 1.0.0 unless given.
    public let version: Version

    /// A schema of these model types and every model type their relationships reach (as SwiftData does).
    public init(_ types: [any PersistentModel.Type], version: Version = Version(1, 0, 0)) {
        var seen = Set<ObjectIdentifier>()
        var entities: [Entity] = []
        var pending = types[...]
        while let type = pending.popFirst() {
            guard seen.insert(ObjectIdentifier(type)).inserted else { continue }
            let entity = Entity(modelType: type)
            entities.append(entity)
            pending.append(contentsOf: entity.relationships.compactMap(\.destinationType))
        }
        self.entities = entities
        self.version = version
    }

    /// A schema of these model types.
    public convenience init(_ types: any PersistentModel.Type..., version: Version = Version(1, 0, 0)) {
        self.init(types, version: version)
    }

    /// The entities by name.
    public var entitiesByName: [String: Entity] {
        Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
