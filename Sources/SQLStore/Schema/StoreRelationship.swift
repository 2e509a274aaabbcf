/// A relationship of a ``StoreEntity``: rows of another entity (or its own) that a row refers to.
///
/// How it is stored follows from its cardinality and its inverse (see ``RelationshipMapping``): a to-one
/// relationship is a foreign-key column; a to-many one is its to-one inverse's foreign key read from the other side,
/// or else a join table.
package struct StoreRelationship: Sendable {
    /// The relationship's name (a to-one relationship's column has this name).
    package var name: String
    /// The name of the entity whose rows it refers to.
    package var destination: String
    /// Whether it refers to many rows.
    package var isToMany: Bool
    /// Whether it may refer to none (for a to-one relationship: whether its value may be nil).
    package var isOptional: Bool
    /// The destination's relationship declared as this one's inverse, by name; nil when none is declared (the
    /// mapping then infers the only one pointing back, if there is exactly one).
    package var inverseName: String?
    /// Whether a to-many relationship keeps its rows in the order they were related (a join table's `Z_ORDER`).
    package var isOrdered: Bool
    /// The relationship's name in an older version of the schema, for migration.
    package var originalName: String?

    package init(
        name: String, destination: String, isToMany: Bool, isOptional: Bool, inverseName: String? = nil,
        isOrdered: Bool = true,
        originalName: String? = nil
    ) {
        self.name = name
        self.destination = destination
        self.isToMany = isToMany
        self.isOptional = isOptional
        self.inverseName = inverseName
        self.isOrdered = isOrdered
        self.originalName = originalName
    }

    /// Whether it refers to at most one row.
    package var isToOne: Bool { !isToMany }
}
