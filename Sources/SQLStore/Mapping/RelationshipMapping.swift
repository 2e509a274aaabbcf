/// How one relationship is stored, and its inverse.
///
/// - A to-one relationship is a foreign-key column of its own table (the related row's `Z_PK`).
/// - A to-many relationship whose inverse is to-one is that inverse's foreign key, read from the other side.
/// - Any other to-many relationship (many-to-many, or no inverse) is a join table
///   `Z_<Entity>_<property>` of `(Z_SOURCE, Z_TARGET, Z_ORDER)` rows, shared by both sides of a many-to-many
///   relationship (named after the side whose entity and property sort first).
/// - Several to-many relationships of one entity may name one to-one inverse (Backyard Birds' `leadingPlants` and
///   `trailingPlants`, both inverses of `Plant.backyard`): the foreign key cannot tell which list a row is in, so
///   each of them is a join table of its own (named after it), and the to-one keeps its column.
package struct RelationshipMapping: Sendable {
    /// Where the relationship's references are.
    package enum Storage: Sendable {
        /// A column of the owner's table holding the destination's primary key.
        case foreignKey(column: Int)
        /// A column of the destination's table holding the owner's primary key.
        case inverseForeignKey(column: Int)
        /// A join table; `ownerColumn` holds the owner's key, `destinationColumn` the destination's.
        case joinTable(JoinTable, ownerColumn: String, destinationColumn: String)
    }

    package let relationship: StoreRelationship
    package let propertyIndex: Int
    package let owner: EntityTable
    package let destination: EntityTable
    /// The destination's properties that are this relationship's inverse: one (or none) — or, for a to-one
    /// relationship that several to-many relationships of the destination name as their inverse, each of those.
    package let inversePropertyIndexes: [Int]
    /// The owner's other relationships that name the same to-one inverse as this one (see ``Storage``).
    package let siblingPropertyIndexes: [Int]
    package let storage: Storage

    /// The inverse, when there is exactly one.
    package var inverse: StoreRelationship? {
        inverses.count == 1 ? inverses[0] : nil
    }

    /// Every inverse.
    package var inverses: [StoreRelationship] {
        inversePropertyIndexes.compactMap { destination.entity.properties[$0].relationship }
    }

    /// Whether the references are rows of a join table.
    package var usesJoinTable: Bool {
        if case .joinTable = storage { return true }
        return false
    }
}
