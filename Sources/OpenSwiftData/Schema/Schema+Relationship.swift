extension Schema {
    /// A stored reference from one model to others. Mirrors SwiftData's `Schema.Relationship`.
    ///
    /// `@Relationship(…)` builds one with only the declared options; the schema fills in the name, the
    /// destination and the cardinality from the property's type: `Author?` and `Author` are to-one (optional and
    /// required), `[Book]` (and `[Book]?`) to-many.
    public final class Relationship: Sendable, CustomStringConvertible {
        /// Options of a relationship. Mirrors SwiftData's `Schema.Relationship.Option`.
        public struct Option: Hashable, Sendable {
            let name: String
            /// Accepted for source compatibility.
            public static let unique = Option(name: "unique")
        }

        /// What deleting a model does to the models this relationship holds. Mirrors SwiftData's
        /// `Schema.Relationship.DeleteRule`.
        public enum DeleteRule: String, Hashable, Codable, Sendable {
            /// The related models stay; their references back to the deleted model become nil (or drop it).
            case nullify
            /// The related models are deleted too (recursively).
            case cascade
            /// The save throws while any related model exists.
            case deny
            /// Nothing is done; references back to the deleted model read as nil (or as the deleted instance,
            /// holding its last values) — never a trap.
            case noAction
        }

        /// The property's name.
        public let name: String
        /// The declared options.
        public let options: [Option]
        /// What deleting the owning model does to the related ones; `.nullify` unless declared.
        public let deleteRule: DeleteRule
        /// The fewest related models a save accepts (0 or nil: no minimum).
        public let minimumModelCount: Int?
        /// The most related models a save accepts (0 or nil: no maximum).
        public let maximumModelCount: Int?
        /// The property's name in an older schema version, for migration.
        public let originalName: String?
        /// A string that changes the relationship's version hash, for migration.
        public let hashModifier: String?
        /// The declared inverse (a key path on the destination), if any.
        public nonisolated(unsafe) let inverseKeyPath: AnyKeyPath?
        /// The destination entity's name.
        public let destination: String
        /// Whether the property holds one model (`Author?`, `Author`) rather than many (`[Book]`).
        public let isToOneRelationship: Bool
        /// Whether the property's type is optional (`Author?`, `[Book]?`).
        public let isOptional: Bool
        let destinationType: (any PersistentModel.Type)?
        let accessors: RelationshipAccessors?

        /// The form `@Relationship(…)` builds: declared options only. Mirrors SwiftData's initializer.
        public init(
            _ options: Option..., deleteRule: DeleteRule = .nullify, minimumModelCount: Int? = 0,
            maximumModelCount: Int? = 0, originalName: String? = nil, inverse: AnyKeyPath? = nil,
            hashModifier: String? = nil
        ) {
            self.name = ""
            self.options = options
            self.deleteRule = deleteRule
            self.minimumModelCount = minimumModelCount
            self.maximumModelCount = maximumModelCount
            self.originalName = originalName
            self.hashModifier = hashModifier
            self.inverseKeyPath = inverse
            self.destination = ""
            self.isToOneRelationship = true
            self.isOptional = true
            self.destinationType = nil
            self.accessors = nil
        }

        init(
            name: String, declared: Relationship?, destination: any PersistentModel.Type, isToOne: Bool,
            isOptional: Bool,
            accessors: RelationshipAccessors
        ) {
            self.name = name
            self.options = declared?.options ?? []
            self.deleteRule = declared?.deleteRule ?? .nullify
            self.minimumModelCount = declared?.minimumModelCount
            self.maximumModelCount = declared?.maximumModelCount
            self.originalName = declared?.originalName
            self.hashModifier = declared?.hashModifier
            self.inverseKeyPath = declared?.inverseKeyPath
            self.destination = destination.entityName
            self.isToOneRelationship = isToOne
            self.isOptional = isOptional
            self.destinationType = destination
            self.accessors = accessors
        }

        /// Whether the property holds many models.
        public var isToMany: Bool { !isToOneRelationship }

        public var description: String {
            "\(name): \(isToOneRelationship ? destination : "[\(destination)]")\(isOptional ? "?" : "") (\(deleteRule))"
        }
    }
}
