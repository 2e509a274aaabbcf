/// One entity of a ``StoreSchema``: a table of rows with the same properties.
package struct StoreEntity: Sendable {
    /// The entity's name, which is also its table's name.
    package var name: String
    /// Every property, attributes and relationships, in declaration order: the order of the table's columns
    /// (attributes and to-one relationships have one, to-many relationships none).
    package var properties: [StoreProperty]
    /// Groups of attribute names that are unique together (one `UNIQUE` index each; an insert meeting a stored row on
    /// any of them updates that row when the save upserts).
    package var uniquenessConstraints: [[String]]
    /// Groups of attribute names with an index.
    package var indices: [[String]]

    package init(
        name: String, properties: [StoreProperty], uniquenessConstraints: [[String]] = [], indices: [[String]] = []
    ) {
        self.name = name
        self.properties = properties
        self.uniquenessConstraints = uniquenessConstraints
        self.indices = indices
    }

    /// The attributes, in declaration order.
    package var attributes: [StoreAttribute] { properties.compactMap(\.attribute) }

    /// The relationships, in declaration order.
    package var relationships: [StoreRelationship] { properties.compactMap(\.relationship) }
}

/// A property of a ``StoreEntity``: an attribute (a value in a column) or a relationship (rows of an entity).
package enum StoreProperty: Sendable {
    case attribute(StoreAttribute)
    case relationship(StoreRelationship)

    /// The property's name.
    package var name: String {
        switch self {
        case .attribute(let attribute): attribute.name
        case .relationship(let relationship): relationship.name
        }
    }

    /// The attribute, when the property is one.
    package var attribute: StoreAttribute? {
        if case .attribute(let attribute) = self { return attribute }
        return nil
    }

    /// The relationship, when the property is one.
    package var relationship: StoreRelationship? {
        if case .relationship(let relationship) = self { return relationship }
        return nil
    }
}
