/// Every entity's table and every relationship's storage, resolved once per store from a ``StoreSchema``.
package struct SchemaMapping: Sendable {
    package let tables: [EntityTable]
    /// By table (its identity), then property index.
    private let relationshipsByTable: [ObjectIdentifier: [Int: RelationshipMapping]]
    package let joinTables: [JoinTable]
    private let tablesByName: [String: EntityTable]
    /// The SQL the tables are written for.
    package let dialect: any SQLDialect

    /// Lays out `schema` as tables.
    /// - Throws: ``SchemaMappingError`` naming the entity and property: two entities whose names differ only in case,
    ///   a relationship to an entity not in the schema or naming an inverse that is not a relationship of it,
    ///   several relationships naming one inverse (allowed only for to-many ones sharing a to-one inverse), a unique
    ///   group or index naming something that is not a stored attribute.
    package init(schema: StoreSchema, dialect: any SQLDialect = SQLiteDialect()) throws(SchemaMappingError) {
        self.dialect = dialect
        var tables: [EntityTable] = []
        var tablesByName: [String: EntityTable] = [:]
        var seenNames: [String: String] = [:]
        for entity in schema.entities {
            if let other = seenNames[entity.name.lowercased()] {
                throw SchemaMappingError(
                    "\(entity.name) and \(other) both map to the table \(entity.name); SQL table names ignore case — rename one of them"
                )
            }
            seenNames[entity.name.lowercased()] = entity.name
            let table = try EntityTable(entity: entity, dialect: dialect)
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
                    throw SchemaMappingError(
                        "\(table.name).\(property.name) refers to \(relationship.destination), which is not in the schema"
                    )
                }
                guard let inverse = try Self.inverse(of: index, in: table, destination: destination) else { continue }
                inverseOf[Side(entity: table.name, property: index)] = inverse
                claimants[Side(entity: destination.name, property: inverse), default: []].append(
                    Side(entity: table.name, property: index))
            }
        }
        // A relationship that several name as their inverse: allowed only when it is to-one and they are all to-many.
        var shared: [Side: [Side]] = [:]
        let claimed = claimants.filter { $0.value.count > 1 }.sorted {
            ($0.key.entity, $0.key.property) < ($1.key.entity, $1.key.property)
        }
        for (inverse, sides) in claimed {
            guard let inverseTable = tablesByName[inverse.entity] else { continue }
            let inverseProperty = inverseTable.entity.properties[inverse.property]
            let names = sides.compactMap { side in
                tablesByName[side.entity].map { "\($0.name).\($0.entity.properties[side.property].name)" }
            }
            let allToMany = sides.allSatisfy { side in
                tablesByName[side.entity]?.entity.properties[side.property].relationship?.isToMany ?? false
            }
            guard inverseProperty.relationship?.isToOne == true, allToMany else {
                let subject =
                    names.count == 2 ? "\(names[0]) and \(names[1]) both" : "\(names.joined(separator: ", ")) all"
                throw SchemaMappingError(
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
                guard let relationship = property.relationship, let destination = tablesByName[relationship.destination]
                else {
                    continue
                }
                let side = Side(entity: table.name, property: index)
                let inverse = inverseOf[side]
                // A to-one that several lists name as their inverse has each of them as its inverse.
                let inverses = shared[side].map { $0.map(\.property) } ?? inverse.map { [$0] } ?? []
                let siblings =
                    inverse.flatMap { shared[Side(entity: destination.name, property: $0)] }?
                    .filter { $0 != side }.map(\.property) ?? []
                let storage: RelationshipMapping.Storage
                if relationship.isToOne {
                    guard let column = table.columnOfProperty[index] else {
                        throw SchemaMappingError("\(table.name).\(property.name) has no column")
                    }
                    storage = .foreignKey(column: column)
                } else if let inverse, siblings.isEmpty,
                    let inverseRelationship = destination.entity.properties[inverse].relationship,
                    inverseRelationship.isToOne, let column = destination.columnOfProperty[inverse]
                {
                    storage = .inverseForeignKey(column: column)
                } else {
                    // Many-to-many or no inverse: a join table, named after the side that sorts first. A list that
                    // shares its inverse with others has one of its own, named after it.
                    var source = (entity: table.name, property: property.name)
                    var target = (
                        entity: destination.name, property: inverse.map { destination.entity.properties[$0].name }
                    )
                    var ownerIsSource = true
                    if siblings.isEmpty, let targetProperty = target.property,
                        (target.entity, targetProperty) < (source.entity, source.property)
                    {
                        (source, target) = ((target.entity, targetProperty), (source.entity, source.property))
                        ownerIsSource = false
                    }
                    let name = "Z_\(source.entity)_\(source.property)"
                    let joinTable = JoinTable(
                        name: name, sourceEntity: source.entity, targetEntity: target.entity, dialect: dialect)
                    joinTables[name] = joinTable
                    storage = .joinTable(
                        joinTable, ownerColumn: ownerIsSource ? JoinTable.sourceColumn : JoinTable.targetColumn,
                        destinationColumn: ownerIsSource ? JoinTable.targetColumn : JoinTable.sourceColumn
                    )
                }
                relationships[ObjectIdentifier(table), default: [:]][index] = RelationshipMapping(
                    relationship: relationship, propertyIndex: index, owner: table, destination: destination,
                    inversePropertyIndexes: inverses, siblingPropertyIndexes: siblings, storage: storage
                )
            }
        }
        self.tables = tables
        self.tablesByName = tablesByName
        self.relationshipsByTable = relationships
        self.joinTables = joinTables.values.sorted { $0.name < $1.name }
    }

    /// The table of the entity named `name`.
    package func table(named name: String) -> EntityTable? { tablesByName[name] }

    /// The storage of `table`'s relationships, by property index.
    package func relationships(of table: EntityTable) -> [Int: RelationshipMapping] {
        relationshipsByTable[ObjectIdentifier(table)] ?? [:]
    }

    /// The storage of `table`'s relationship property `propertyIndex`.
    package func relationship(of table: EntityTable, propertyIndex: Int) -> RelationshipMapping? {
        relationshipsByTable[ObjectIdentifier(table)]?[propertyIndex]
    }

    /// The destination property that is the inverse of `owner`'s property `index`: the one either side declares,
    /// or else the only relationship of the destination pointing back (when there is exactly one, and it is not the
    /// property itself).
    private static func inverse(of index: Int, in owner: EntityTable, destination: EntityTable)
        throws(SchemaMappingError) -> Int?
    {
        let property = owner.entity.properties[index]
        guard let relationship = property.relationship else { return nil }
        if let declared = relationship.inverseName {
            guard let inverse = destination.propertyIndex(named: declared),
                destination.entity.properties[inverse].relationship != nil
            else {
                throw SchemaMappingError(
                    "\(owner.name).\(property.name) declares the inverse \(declared), which is not a relationship of \(destination.name)"
                )
            }
            return inverse
        }
        let candidates = destination.entity.properties.enumerated().filter { candidate in
            guard let other = candidate.element.relationship, other.destination == owner.name else { return false }
            if owner === destination && candidate.offset == index { return false }
            // A property that names its inverse pairs only with that one.
            if let declared = other.inverseName { return declared == property.name }
            return true
        }
        if let declaring = candidates.first(where: { $0.element.relationship?.inverseName == property.name }) {
            return declaring.offset
        }
        // An entity related to itself names its inverse explicitly: `partner` and `friends` of a Person are not each
        // other's inverse just because they are the only two.
        return candidates.count == 1 && owner !== destination ? candidates[0].offset : nil
    }
}
