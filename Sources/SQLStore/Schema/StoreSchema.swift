/// What a store holds, described without any object layer's types: entities with their attributes,
/// relationships, unique groups and indexes, and a version. OpenSwiftData maps its `Schema` of `@Model` classes to
/// one, OpenCoreData its `NSManagedObjectModel`; ``SchemaMapping`` turns it into tables.
package struct StoreSchema: Sendable {
    /// The entities, in the order given (the order of tables, and of their creation).
    package var entities: [StoreEntity]
    /// The version recorded with the store (``StoredSchema``).
    package var version: SchemaVersion

    package init(entities: [StoreEntity], version: SchemaVersion = SchemaVersion(1, 0, 0)) {
        self.entities = entities
        self.version = version
    }
}

/// A schema's version, compared in order major, minor, patch; recorded as `{"major":…,"minor":…,"patch":…}`.
package struct SchemaVersion: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    package var major: Int
    package var minor: Int
    package var patch: Int

    package init(_ major: Int, _ minor: Int, _ patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    package static func < (lhs: SchemaVersion, rhs: SchemaVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// `1.2.0`.
    package var description: String { "\(major).\(minor).\(patch)" }
}
