extension Schema {
    /// One model type as the store sees it: its name, attributes and constraints. Mirrors SwiftData's `Schema.Entity`.
    public final class Entity: Sendable, CustomStringConvertible {
        /// The entity's name: the model class's name. It is also the SQLite table's name.
        public let name: String
        /// Every stored property, attributes and relationships, in declaration order.
        public let properties: [PropertyMetadata]
        /// The attributes (column values), in declaration order.
        public let attributes: [Attribute]
        /// The relationships, in declaration order.
        public let relationships: [Relationship]
        /// Groups of attribute names that are unique together: one per `@Attribute(.unique)` and per `#Unique` group.
        public let uniquenessConstraints: [[String]]
        /// Groups of attribute names that have an SQLite index (from `#Index`).
        public let indices: [[String]]
        /// The model class.
        public let modelType: any PersistentModel.Type

        init(modelType: any PersistentModel.Type) {
            self.modelType = modelType
            self.name = String(describing: modelType)
            let properties = modelType.schemaMetadata
            self.properties = properties
            let attributes = properties.compactMap(\.attribute)
            self.attributes = attributes
            self.relationships = properties.compactMap(\.relationship)
            let declared = modelType._$entityMetadata
            var groups = attributes.filter(\.isUnique).map { [$0.name] }
            for group in declared.uniquenessConstraints where !groups.contains(group) {
                groups.append(group)
            }
            self.uniquenessConstraints = groups
            self.indices = declared.indices
        }

        /// The attribute named `name`, if any.
        public func attribute(named name: String) -> Attribute? {
            attributes.first { $0.name == name }
        }

        /// The relationship named `name`, if any.
        public func relationship(named name: String) -> Relationship? {
            relationships.first { $0.name == name }
        }

        public var description: String { name }
    }

    /// Constraints and indexes `@Model` reads from `#Unique` and `#Index` in the class body.
    public struct EntityMetadata: Sendable {
        /// Attribute-name groups from `#Unique`.
        public let uniquenessConstraints: [[String]]
        /// Attribute-name groups from `#Index`.
        public let indices: [[String]]

        /// Metadata of these `#Unique` groups and `#Index` groups (attribute names; none by default). Used by the code
        /// `@Model` generates.
        public init(uniquenessConstraints: [[String]] = [], indices: [[String]] = []) {
            self.uniquenessConstraints = uniquenessConstraints
            self.indices = indices
        }

        /// A subclass's metadata: these groups, then the subclass's own. Used by the code `@Model` generates.
        public func inherited(by subclass: EntityMetadata) -> EntityMetadata {
            EntityMetadata(
                uniquenessConstraints: uniquenessConstraints + subclass.uniquenessConstraints,
                indices: indices + subclass.indices
            )
        }
    }
}
