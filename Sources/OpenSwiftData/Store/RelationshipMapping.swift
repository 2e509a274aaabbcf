import SQLite

/// How one relationship is stored, and its inverse.
///
/// - A to-one relationship is a foreign-key column of its own table (the related row's `Z_PK`).
/// - A to-many relationship whose inverse is to-one is that inverse's foreign key, read from the other side.
/// - Any other to-many relationship (many-to-many, or no inverse) is a join table
///   `Z_<Entity>_<property>` of `(Z_SOURCE, Z_TARGET, Z_ORDER)` rows, shared by both sides of a many-to-many
///   relationship (named after the side whose entity and property sort first).
/// - Several to-many relationships of one entity may name one to-one inverse (Backyard Birds' `leadingPlants` and
///   `trailingPlants`, both `inverse: \Plant.backyard`): the foreign key cannot tell which list a model is in, so
///   each of them is a join table of its own (named after it), and the to-one keeps its column.
struct RelationshipMapping: Sendable {
    enum Storage: Sendable {
        /// A column of the owner's table holding the destination's primary key.
        case foreignKey(column: Int)
        /// A column of the destination's table holding the owner's primary key.
        case inverseForeignKey(column: Int)
        /// A join table; `ownerColumn` holds the owner's key, `destinationColumn` the destination's.
        case joinTable(JoinTable, ownerColumn: String, destinationColumn: String)
    }

    let relationship: Schema.Relationship
    let propertyIndex: Int
    let owner: EntityTable
    let destination: EntityTable
    /// The destination's properties that are this relationship's inverse: one (or none) — or, for a to-one
    /// relationship that several to-many relationships of the destination name as their inverse, each of those.
    let inversePropertyIndexes: [Int]
    /// The owner's other relationships that name the same to-one inverse as this one (see ``Storage``).
    let siblingPropertyIndexes: [Int]
    let storage: Storage

    /// The inverse, when there is exactly one.
    var inverse: Schema.Relationship? {
        inverses.count == 1 ? inverses[0] : nil
    }

    /// Every inverse.
    var inverses: [Schema.Relationship] {
        inversePropertyIndexes.compactMap { destination.entity.properties[$0].relationship }
    }

    /// The owner's relationships that name the same to-one inverse as this one, this one excluded.
    var siblings: [Schema.Relationship] {
        siblingPropertyIndexes.compactMap { owner.entity.properties[$0].relationship }
    }
}

/// A join table of a to-many relationship.
struct JoinTable: Sendable, Hashable {
    let name: String
    /// The entity whose key is in `Z_SOURCE`.
    let sourceEntity: String
    /// The entity whose key is in `Z_TARGET`.
    let targetEntity: String

    var quotedName: String { SQL.identifier(name) }

    var creationSQL: [String] {
        [
            "CREATE TABLE IF NOT EXISTS \(quotedName) (\"Z_SOURCE\" INTEGER NOT NULL, \"Z_TARGET\" INTEGER NOT NULL, "
                + "\"Z_ORDER\" INTEGER NOT NULL, PRIMARY KEY (\"Z_SOURCE\", \"Z_TARGET\"))",
            "CREATE INDEX IF NOT EXISTS \(SQL.identifier("\(name)_target")) ON \(quotedName) (\"Z_TARGET\")",
            // Rows of either entity take their join rows with them, whatever the delete rule.
            "CREATE TRIGGER IF NOT EXISTS \(SQL.identifier(Self.triggerNames(of: name)[0])) AFTER DELETE ON \(SQL.identifier(sourceEntity)) "
                + "BEGIN DELETE FROM \(quotedName) WHERE \"Z_SOURCE\" = old.\"Z_PK\"; END",
            "CREATE TRIGGER IF NOT EXISTS \(SQL.identifier(Self.triggerNames(of: name)[1])) AFTER DELETE ON \(SQL.identifier(targetEntity)) "
                + "BEGIN DELETE FROM \(quotedName) WHERE \"Z_TARGET\" = old.\"Z_PK\"; END",
        ]
    }

    /// The triggers (on the two entities' tables) that delete a join table's rows with either side's row.
    static func triggerNames(of joinTable: String) -> [String] {
        ["\(joinTable)_source_delete", "\(joinTable)_target_delete"]
    }
}

/// Every entity's table and every relationship's mapping, resolved once per container.
struct SchemaMapping: Sendable {
    let tables: [EntityTable]
    /// By model type, then property index.
    let relationships: [ObjectIdentifier: [Int: RelationshipMapping]]
    let joinTables: [JoinTable]
    /// The identifier of the store the mapping belongs to (set by the store): a `PersistentIdentifier` of another
    /// store names none of its rows, whatever its key.
    var storeIdentifier: String?

    init(schema: Schema) throws(SwiftDataError) {
        var tables: [EntityTable] = []
        var tablesByName: [String: EntityTable] = [:]
        var seenNames: [String: String] = [:]
        for entity in schema.entities {
            let typeName = String(reflecting: entity.modelType)
            if let other = seenNames[entity.name.lowercased()] {
                throw .invalidSchema(
                    "\(typeName) and \(other) both map to the table \(entity.name); SQLite table names ignore case and "
                        + "module — rename one of the classes"
                )
            }
            seenNames[entity.name.lowercased()] = typeName
            let table = try EntityTable(entity: entity)
            tables.append(table)
            tablesByName[entity.name] = table
        }

        // Each relationship's inverse first: whether several relationships name one inverse decides how they are
        // stored.
        struct Side: Hashable {
            let entity: String
            let property: Int
        }
        var inverseOf: [Side: Int] = [:]
        var claimants: [Side: [Side]] = [:]
        for table in tables {
            for (index, property) in table.entity.properties.enumerated() {
                guard let relationship = property.relationship else { continue }
                guard let destination = tablesByName[relationship.destination] else {
                    throw .invalidSchema("\(table.name).\(property.name) refers to \(relationship.destination), which is not in the schema")
                }
                guard let inverse = try Self.inverse(of: index, in: table, destination: destination) else { continue }
                inverseOf[Side(entity: table.name, property: index)] = inverse
                claimants[Side(entity: destination.name, property: inverse), default: []].append(Side(entity: table.name, property: index))
            }
        }
        // A relationship that several name as their inverse: allowed only when it is to-one and they are all to-many.
        var shared: [Side: [Side]] = [:]
        let claimed = claimants.filter { $0.value.count > 1 }.sorted { ($0.key.entity, $0.key.property) < ($1.key.entity, $1.key.property) }
        for (inverse, sides) in claimed {
            guard let inverseTable = tablesByName[inverse.entity] else { continue }
            let inverseProperty = inverseTable.entity.properties[inverse.property]
            let names = sides.compactMap { side in
                tablesByName[side.entity].map { "\($0.name).\($0.entity.properties[side.property].name)" }
            }
            let allToMany = sides.allSatisfy { side in
                tablesByName[side.entity]?.entity.properties[side.property].relationship?.isToMany ?? false
            }
            guard inverseProperty.relationship?.isToOneRelationship == true, allToMany else {
                let subject = names.count == 2 ? "\(names[0]) and \(names[1]) both" : "\(names.joined(separator: ", ")) all"
                throw .invalidSchema(
                    "\(subject) name \(inverseTable.name).\(inverseProperty.name) as their inverse, so the store could not tell "
                        + "which of them a related model is in (only to-many relationships may share a to-one inverse); give each "
                        + "relationship its own inverse"
                )
            }
            shared[inverse] = sides
        }

        var relationships: [ObjectIdentifier: [Int: RelationshipMapping]] = [:]
        var joinTables: [String: JoinTable] = [:]
        for table in tables {
            for (index, property) in table.entity.properties.enumerated() {
                guard let relationship = property.relationship, let destination = tablesByName[relationship.destination] else {
                    continue
                }
                let side = Side(entity: table.name, property: index)
                let inverse = inverseOf[side]
                // A to-one that several lists name as their inverse has each of them as its inverse.
                let inverses = shared[side].map { $0.map(\.property) } ?? inverse.map { [$0] } ?? []
                let siblings = inverse.flatMap { shared[Side(entity: destination.name, property: $0)] }?
                    .filter { $0 != side }.map(\.property) ?? []
                let storage: RelationshipMapping.Storage
                if relationship.isToOneRelationship {
                    guard let column = table.columnOfProperty[index] else {
                        throw .invalidSchema("\(table.name).\(property.name) has no column")
                    }
                    storage = .foreignKey(column: column)
                } else if let inverse, siblings.isEmpty, let inverseRelationship = destination.entity.properties[inverse].relationship,
                          inverseRelationship.isToOneRelationship, let column = destination.columnOfProperty[inverse] {
                    storage = .inverseForeignKey(column: column)
                } else {
                    // Many-to-many or no inverse: a join table, named after the side that sorts first. A list that
                    // shares its inverse with others has one of its own, named after it.
                    var source = (entity: table.name, property: property.name)
                    var target = (entity: destination.name, property: inverse.map { destination.entity.properties[$0].name })
                    var ownerIsSource = true
                    if siblings.isEmpty, let targetProperty = target.property,
                       (target.entity, targetProperty) < (source.entity, source.property) {
                        (source, target) = ((target.entity, targetProperty), (source.entity, source.property))
                        ownerIsSource = false
                    }
                    let name = "Z_\(source.entity)_\(source.property)"
                    let joinTable = JoinTable(name: name, sourceEntity: source.entity, targetEntity: target.entity)
                    joinTables[name] = joinTable
                    storage = .joinTable(
                        joinTable, ownerColumn: ownerIsSource ? "Z_SOURCE" : "Z_TARGET",
                        destinationColumn: ownerIsSource ? "Z_TARGET" : "Z_SOURCE"
                    )
                }
                relationships[ObjectIdentifier(table.entity.modelType), default: [:]][index] = RelationshipMapping(
                    relationship: relationship, propertyIndex: index, owner: table, destination: destination,
                    inversePropertyIndexes: inverses, siblingPropertyIndexes: siblings, storage: storage
                )
            }
        }
        self.tables = tables
        self.relationships = relationships
        self.joinTables = joinTables.values.sorted { $0.name < $1.name }
    }

    /// The suffix of the triggers ``referenceTriggersSQL`` creates, to find them again.
    static let referenceTriggerSuffix = "_reference_clear"

    /// One trigger per foreign-key column: when the referenced row is deleted — by a save, by
    /// `delete(model:where:)`, by another process — the column is set to NULL, so a stored reference never points at
    /// a missing row and a predicate such as `$0.author == nil` agrees with what reading the model gives.
    var referenceTriggersSQL: [String] {
        var statements: [String] = []
        for table in tables {
            for (_, mapping) in (relationships[ObjectIdentifier(table.entity.modelType)] ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard case .foreignKey(let columnIndex) = mapping.storage else { continue }
                let column = SQL.identifier(table.columns[columnIndex].name)
                let name = SQL.identifier("\(table.name)_\(table.columns[columnIndex].name)\(Self.referenceTriggerSuffix)")
                statements.append(
                    "CREATE TRIGGER IF NOT EXISTS \(name) AFTER DELETE ON \(mapping.destination.quotedName) "
                        + "BEGIN UPDATE \(table.quotedName) SET \(column) = NULL WHERE \(column) = old.\"Z_PK\"; END"
                )
            }
        }
        return statements
    }

    /// Drops every trigger ``referenceTriggersSQL`` made (before tables are dropped or rebuilt: a trigger naming a
    /// missing table makes SQLite refuse `ALTER TABLE … RENAME`).
    static func dropReferenceTriggers(_ connection: SQLiteConnection) throws {
        let rows = try connection.rows(
            "SELECT \"name\" FROM sqlite_master WHERE type = 'trigger' AND substr(\"name\", -?) = ?",
            [.integer(Int64(referenceTriggerSuffix.count)), .text(referenceTriggerSuffix)]
        )
        for row in rows {
            guard case .text(let name) = row[0] else { continue }
            try connection.execute("DROP TRIGGER IF EXISTS \(SQL.identifier(name))")
        }
    }

    /// The destination property that is the inverse of `owner`'s property `index`: the one either side declares
    /// with `@Relationship(inverse:)`, or else the only relationship of the destination pointing back (when there is
    /// exactly one, and it is not the property itself).
    private static func inverse(of index: Int, in owner: EntityTable, destination: EntityTable) throws(SwiftDataError) -> Int? {
        let property = owner.entity.properties[index]
        guard let relationship = property.relationship else { return nil }
        if let declared = relationship.inverseKeyPath {
            guard let inverse = destination.propertyIndex(for: declared), destination.entity.properties[inverse].relationship != nil else {
                throw .invalidSchema("\(owner.name).\(property.name) declares the inverse \(declared), which is not a relationship of \(destination.name)")
            }
            return inverse
        }
        let candidates = destination.entity.properties.enumerated().filter { candidate in
            guard let other = candidate.element.relationship, other.destination == owner.name else { return false }
            if owner === destination && candidate.offset == index { return false }
            // A property that names its inverse pairs only with that one.
            if let declared = other.inverseKeyPath { return declared == property.keypath }
            return true
        }
        if let declaring = candidates.first(where: { $0.element.relationship?.inverseKeyPath == property.keypath }) {
            return declaring.offset
        }
        // A model related to its own kind names its inverse explicitly: `partner` and `friends` of a Person are
        // not each other's inverse just because they are the only two.
        return candidates.count == 1 && owner !== destination ? candidates[0].offset : nil
    }
}
