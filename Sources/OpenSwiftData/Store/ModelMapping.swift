import SQLStore

/// The store's tables seen from the model layer: for each model type its entity, its table, and the key paths of
/// its properties — the side tables the store layer, which knows no Swift key path, leaves to OpenSwiftData.
/// Built once per container (and per version of a migration plan).
struct ModelMapping: Sendable {
    /// The store layer's tables and relationship storage.
    let tables: SchemaMapping
    /// One per model type, in the schema's order.
    let entities: [EntityMapping]
    private let byType: [ObjectIdentifier: EntityMapping]
    private let byTable: [ObjectIdentifier: EntityMapping]
    /// The identifier of the store the mapping belongs to (set when the store is open): a `PersistentIdentifier` of
    /// another store names none of its rows, whatever its key.
    var storeIdentifier: String?

    /// - Throws: ``SwiftDataError/invalidSchema(_:)`` naming the model and property that cannot be stored.
    init(schema: Schema) throws(SwiftDataError) {
        let tables: SchemaMapping
        do {
            tables = try SchemaMapping(schema: try schema.storeSchema())
        } catch let error as SchemaMappingError {
            throw .invalidSchema(error.message)
        } catch {
            throw .wrapping(error, url: nil)
        }
        self.tables = tables
        var entities: [EntityMapping] = []
        var byType: [ObjectIdentifier: EntityMapping] = [:]
        var byTable: [ObjectIdentifier: EntityMapping] = [:]
        let schemaEntities = schema.entitiesByName
        for (entity, table) in zip(schema.entities, tables.tables) {
            var relationships: [Int: ModelRelationship] = [:]
            for (index, storage) in tables.relationships(of: table) {
                guard let relationship = entity.properties[index].relationship else { continue }
                let destination = schemaEntities[storage.destination.name]
                relationships[index] = ModelRelationship(
                    storage: storage, relationship: relationship,
                    inverses: storage.inversePropertyIndexes.compactMap { destination?.properties[$0].relationship },
                    siblings: storage.siblingPropertyIndexes.compactMap { entity.properties[$0].relationship }
                )
            }
            let mapping = EntityMapping(entity: entity, table: table, relationships: relationships)
            entities.append(mapping)
            byType[ObjectIdentifier(entity.modelType)] = mapping
            byTable[ObjectIdentifier(table)] = mapping
        }
        self.entities = entities
        self.byType = byType
        self.byTable = byTable
    }

    /// The mapping of a model type, or ``SwiftDataError/modelNotInSchema(entityName:)``.
    func entity(for type: any PersistentModel.Type) throws(SwiftDataError) -> EntityMapping {
        guard let mapping = byType[ObjectIdentifier(type)] else { throw .modelNotInSchema(entityName: type.entityName) }
        return mapping
    }

    /// The mapping of a table of this store.
    func entity(of table: EntityTable) -> EntityMapping? { byTable[ObjectIdentifier(table)] }

    /// The relationships of a model type, by property index.
    func relationships(of type: any PersistentModel.Type) -> [Int: ModelRelationship] {
        byType[ObjectIdentifier(type)]?.relationships ?? [:]
    }
}

/// One model type's entity and table, and its properties by key path.
final class EntityMapping: Sendable {
    let entity: Schema.Entity
    let table: EntityTable
    /// The relationships, by property index.
    let relationships: [Int: ModelRelationship]
    /// The relationships, in property order.
    let orderedRelationships: [ModelRelationship]
    private nonisolated(unsafe) let propertiesByKeyPath: [AnyKeyPath: Int]
    /// The columns of attributes marked `.preserveValueOnDeletion`, whose values a deletion's history keeps.
    let preservedColumns: [EntityTable.Column]
    /// `\Model.persistentModelID`, which predicates compare as the primary key.
    nonisolated(unsafe) let persistentModelIDKeyPath: AnyKeyPath

    init(entity: Schema.Entity, table: EntityTable, relationships: [Int: ModelRelationship]) {
        self.entity = entity
        self.table = table
        self.relationships = relationships
        self.orderedRelationships = relationships.values.sorted { $0.propertyIndex < $1.propertyIndex }
        var byKeyPath: [AnyKeyPath: Int] = [:]
        for (index, property) in entity.properties.enumerated() { byKeyPath[property.keypath] = index }
        self.propertiesByKeyPath = byKeyPath
        self.preservedColumns = entity.properties.indices.compactMap { index in
            guard entity.properties[index].attribute?.options.contains(.preserveValueOnDeletion) == true,
                  let column = table.columnOfProperty[index] else { return nil }
            return table.columns[column]
        }
        self.persistentModelIDKeyPath = Self.identifierKeyPath(entity.modelType)
    }

    private static func identifierKeyPath<Model: PersistentModel>(_ type: Model.Type) -> AnyKeyPath {
        \Model.persistentModelID
    }

    /// The entity's (and table's) name.
    var name: String { table.name }

    /// The index of the property a key path of the model names.
    func propertyIndex(for keyPath: AnyKeyPath) -> Int? { propertiesByKeyPath[keyPath] }

    /// The index of the property named `name`.
    func propertyIndex(named name: String) -> Int? { table.propertyIndex(named: name) }

    /// The column of the stored attribute (or to-one relationship) a key path names.
    func column(for keyPath: AnyKeyPath) -> EntityTable.Column? {
        propertiesByKeyPath[keyPath].flatMap { table.columnOfProperty[$0] }.map { table.columns[$0] }
    }
}

/// A relationship of a model type: how the store keeps it, and the model layer's side of it (its delete rule, its
/// accessors, its inverses).
struct ModelRelationship: Sendable {
    let storage: RelationshipMapping
    let relationship: Schema.Relationship
    /// The destination's relationships that are its inverse (see ``RelationshipMapping/inversePropertyIndexes``).
    let inverses: [Schema.Relationship]
    /// The owner's other relationships that name the same to-one inverse (see ``RelationshipMapping``).
    let siblings: [Schema.Relationship]

    /// The inverse, when there is exactly one.
    var inverse: Schema.Relationship? { inverses.count == 1 ? inverses[0] : nil }

    var propertyIndex: Int { storage.propertyIndex }
    /// The destination's entity name.
    var destinationName: String { storage.destination.name }
    /// Whether its references are rows of a join table (rewritten when it changes).
    var usesJoinTable: Bool { storage.usesJoinTable }
}
