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
    /// The SQL of repeated `$0.property == value` predicates, translated once per property (shared by copies).
    let predicatePlans = PredicatePlanCache()

    /// - Throws: ``SwiftDataError/invalidSchema(_:)`` naming the model and property that cannot be stored.
    init(schema: Schema, dialect: any SQLDialect = SQLiteDialect()) throws(SwiftDataError) {
        let tables: SchemaMapping
        do {
            tables = try SchemaMapping(schema: try schema.storeSchema(), dialect: dialect)
        } catch let error as SchemaMappingError {
            throw .invalidSchema(error.message)
        } catch {
            throw .wrapping(error, url: nil)
        }
        self.tables = tables
        let layouts = try schema.entityLayouts()
        var entities: [EntityMapping] = []
        var byType: [ObjectIdentifier: EntityMapping] = [:]
        var byTable: [ObjectIdentifier: EntityMapping] = [:]
        var byEntityName: [String: EntityMapping] = [:]
        // Each table property's metadata (a hierarchy's table holds the properties of several classes).
        var tableProperties: [String: [Int: Schema.PropertyMetadata]] = [:]
        for entity in schema.entities {
            guard let layout = layouts[entity.name] else { continue }
            for (index, tableIndex) in layout.tableProperty.enumerated() where index < entity.properties.count {
                tableProperties[layout.root, default: [:]][tableIndex] = entity.properties[index]
            }
        }
        for entity in schema.entities {
            guard let layout = layouts[entity.name], let table = tables.table(named: layout.root) else { continue }
            var relationships: [Int: ModelRelationship] = [:]
            for (index, tableIndex) in layout.tableProperty.enumerated() {
                guard let relationship = entity.properties[index].relationship,
                    let storage = tables.relationship(of: table, propertyIndex: tableIndex)
                else { continue }
                let destination = tableProperties[storage.destination.name] ?? [:]
                let owner = tableProperties[table.name] ?? [:]
                relationships[index] = ModelRelationship(
                    storage: storage, relationship: relationship,
                    inverses: storage.inversePropertyIndexes.compactMap { destination[$0]?.relationship },
                    siblings: storage.siblingPropertyIndexes.compactMap { owner[$0]?.relationship },
                    propertyIndex: index
                )
            }
            let mapping = EntityMapping(entity: entity, table: table, layout: layout, relationships: relationships)
            entities.append(mapping)
            byType[ObjectIdentifier(entity.modelType)] = mapping
            byEntityName[entity.name] = mapping
            if layout.root == entity.name { byTable[ObjectIdentifier(table)] = mapping }
        }
        // A class's decoder jumps to each class's own columns (see ModelRowDecoder._$skipProperties(of:)).
        for mapping in entities where mapping.layout.isInHierarchy {
            var starts: [ObjectIdentifier: ModelRowDecoder._Position] = [:]
            for ancestor in mapping.layout.ancestors {
                guard let superclass = byEntityName[ancestor] else { break }
                let first = superclass.entity.properties.count
                let tableIndex =
                    first < mapping.layout.tableProperty.count ? mapping.layout.tableProperty[first] : Int.max
                let column = mapping.table.columns.count { $0.propertyIndex < tableIndex }
                starts[ObjectIdentifier(superclass.entity.modelType)] = ModelRowDecoder._Position(
                    column: Int32(StoreRow.firstValueColumn) + Int32(column), propertyIndex: first
                )
            }
            mapping.ownColumnStarts = starts
        }
        self.entities = entities
        self.byType = byType
        self.byTable = byTable
        self.byEntityName = byEntityName
        self.hasInheritance = entities.contains { $0.layout.isInHierarchy }
        var rootTypes: [ObjectIdentifier: ObjectIdentifier] = [:]
        for mapping in entities where mapping.layout.isInHierarchy {
            if let root = byEntityName[mapping.layout.root] {
                rootTypes[ObjectIdentifier(mapping.entity.modelType)] = ObjectIdentifier(root.entity.modelType)
            }
        }
        self.registryRoots = rootTypes
    }

    /// Whether some model of the schema has a model subclass (a table holds the entity column).
    let hasInheritance: Bool
    private let byEntityName: [String: EntityMapping]
    /// For each model type in a hierarchy, its root's type (see ``registryKey(_:)``).
    let registryRoots: [ObjectIdentifier: ObjectIdentifier]

    /// The mapping of the entity named `name`.
    func entity(named name: String) -> EntityMapping? { byEntityName[name] }

    /// The key a context registers instances of `type` under: the hierarchy's root for a class in one (a row is one
    /// instance whichever class it was fetched as), else the type itself.
    func registryKey(_ type: any PersistentModel.Type) -> ObjectIdentifier {
        let key = ObjectIdentifier(type)
        guard hasInheritance else { return key }
        return registryRoots[key] ?? key
    }

    /// The mapping of a model type, or ``SwiftDataError/modelNotInSchema(entityName:)``.
    func entity(for type: any PersistentModel.Type) throws(SwiftDataError) -> EntityMapping {
        guard let mapping = byType[ObjectIdentifier(type)] else { throw .modelNotInSchema(entityName: type.entityName) }
        return mapping
    }

    /// The mapping of a table of this store (for a hierarchy's table, its root's).
    func entity(of table: EntityTable) -> EntityMapping? { byTable[ObjectIdentifier(table)] }

    /// The mapping of the class a row of `table` is: for a hierarchy's table, the one its entity column names.
    func entity(of table: EntityTable, row: StoreRow) -> EntityMapping? {
        guard let column = table.entityColumnIndex else { return byTable[ObjectIdentifier(table)] }
        guard case .text(let name) = row.value(at: StoreRow.firstValueColumn + Int32(column)) else {
            return byTable[ObjectIdentifier(table)]
        }
        return byEntityName[name]
    }

    /// The relationships of a model type, by property index.
    func relationships(of type: any PersistentModel.Type) -> [Int: ModelRelationship] {
        byType[ObjectIdentifier(type)]?.relationships ?? [:]
    }
}

/// One model type's entity and table, and its properties by key path.
final class EntityMapping: @unchecked Sendable {
    let entity: Schema.Entity
    /// The table its rows are in: its own, or for a subclass its hierarchy's root's.
    let table: EntityTable
    /// Where its rows live (see ``Schema/EntityLayout``).
    let layout: Schema.EntityLayout
    /// The relationships, by property index.
    let relationships: [Int: ModelRelationship]
    /// The relationships, in property order.
    let orderedRelationships: [ModelRelationship]
    private let propertiesByKeyPath: [AnyKeyPath: Int]
    private let propertiesByName: [String: Int]
    /// For each property (by index), its column in ``table``, or nil for a to-many relationship.
    let columnOfProperty: [Int?]
    /// For each column of ``table``, the property (by index) it holds, or nil (another class's column in a
    /// hierarchy's table, or the entity column).
    let propertyOfColumn: [Int?]
    /// For each column of ``table``, the other columns of the unique groups it is in (whose values name a unique
    /// conflict), or nil when it is in none.
    let uniqueGroupColumns: [[Int]?]
    /// The properties with a column, in order (the values `_$encode` writes), each with its column.
    let storedProperties: [(property: Int, column: EntityTable.Column)]
    /// For each value the model's `_$encode` writes (its own column order), the table column it goes to; nil when
    /// the two orders are the same (a model outside a hierarchy).
    let tableColumnOfValue: [Int]?
    /// The columns of attributes marked `.preserveValueOnDeletion`, whose values a deletion's history keeps.
    let preservedColumns: [EntityTable.Column]
    /// `\Model.persistentModelID`, which predicates compare as the primary key.
    let persistentModelIDKeyPath: AnyKeyPath
    /// Where each class's own columns start in a row of the table, by the class above it (for the row decoder of a
    /// class in a hierarchy). Set once, while the mapping is built.
    fileprivate(set) var ownColumnStarts: [ObjectIdentifier: ModelRowDecoder._Position] = [:]

    init(
        entity: Schema.Entity, table: EntityTable, layout: Schema.EntityLayout, relationships: [Int: ModelRelationship]
    ) {
        self.entity = entity
        self.table = table
        self.layout = layout
        self.relationships = relationships
        self.orderedRelationships = relationships.values.sorted { $0.propertyIndex < $1.propertyIndex }
        var byKeyPath: [AnyKeyPath: Int] = [:]
        var byName: [String: Int] = [:]
        for (index, property) in entity.properties.enumerated() {
            byKeyPath[property.keypath] = index
            byName[property.name] = index
        }
        self.propertiesByKeyPath = byKeyPath
        self.propertiesByName = byName
        let columnOfProperty = entity.properties.indices.map { index in
            index < layout.tableProperty.count ? table.columnOfProperty[layout.tableProperty[index]] : nil
        }
        self.columnOfProperty = columnOfProperty
        var propertyOfColumn = [Int?](repeating: nil, count: table.columns.count)
        for (property, column) in columnOfProperty.enumerated() {
            if let column, column < propertyOfColumn.count { propertyOfColumn[column] = property }
        }
        self.propertyOfColumn = propertyOfColumn
        var uniqueGroupColumns = [[Int]?](repeating: nil, count: table.columns.count)
        for group in table.uniqueGroups {
            for column in group where column < uniqueGroupColumns.count {
                uniqueGroupColumns[column] = (uniqueGroupColumns[column] ?? []) + group
            }
        }
        self.uniqueGroupColumns = uniqueGroupColumns
        self.storedProperties = columnOfProperty.enumerated().compactMap { index, column in
            column.map { (index, table.columns[$0]) }
        }
        self.tableColumnOfValue = layout.isInHierarchy ? columnOfProperty.compactMap { $0 } : nil
        self.preservedColumns = entity.properties.indices.compactMap { index in
            guard entity.properties[index].attribute?.options.contains(.preserveValueOnDeletion) == true,
                let column = columnOfProperty[index]
            else { return nil }
            return table.columns[column]
        }
        self.persistentModelIDKeyPath = Self.identifierKeyPath(entity.modelType)
    }

    /// A row of the table from the values `_$encode` wrote: in the table's order, with the entity column set and
    /// other classes' columns NULL. The values themselves outside a hierarchy.
    func tableValues(_ values: [StoredValue]) -> [StoredValue] {
        guard let tableColumnOfValue else { return values }
        var row = [StoredValue](repeating: .null, count: table.columns.count)
        for (index, column) in tableColumnOfValue.enumerated() where index < values.count {
            row[column] = values[index]
        }
        if let entityColumn = table.entityColumnIndex, let code = layout.code { row[entityColumn] = .text(code) }
        return row
    }

    /// The table columns of the changed properties `properties` (in property order).
    func columns(of properties: PropertyIndexSet) -> [Int] {
        var columns: [Int] = []
        properties.forEach { property in
            if property < columnOfProperty.count, let column = columnOfProperty[property] { columns.append(column) }
        }
        return columns
    }

    /// The table column of the value `_$encode` wrote at `index`.
    func tableColumn(ofValue index: Int) -> Int {
        guard let tableColumnOfValue else { return index }
        return index < tableColumnOfValue.count ? tableColumnOfValue[index] : index
    }

    /// The entity-column condition a fetch of this class adds (its rows and its subclasses'), or nil when every row of
    /// the table is one (a model outside a hierarchy, or a hierarchy's root).
    var entityCodes: [String]? {
        guard layout.isInHierarchy, layout.root != entity.name else { return nil }
        return layout.codes
    }

    private static func identifierKeyPath<Model: PersistentModel>(_ type: Model.Type) -> AnyKeyPath {
        \Model.persistentModelID
    }

    /// The entity's name (its table's, outside a hierarchy).
    var name: String { entity.name }

    /// The index of the property a key path of the model names.
    func propertyIndex(for keyPath: AnyKeyPath) -> Int? { propertiesByKeyPath[keyPath] }

    /// The index of the property named `name`.
    func propertyIndex(named name: String) -> Int? { propertiesByName[name] }

    /// The column of the stored attribute (or to-one relationship) a key path names.
    func column(for keyPath: AnyKeyPath) -> EntityTable.Column? {
        propertiesByKeyPath[keyPath].flatMap { columnOfProperty[$0] }.map { table.columns[$0] }
    }

    /// The column of property `index`.
    func column(ofProperty index: Int) -> EntityTable.Column? {
        index < columnOfProperty.count ? columnOfProperty[index].map { table.columns[$0] } : nil
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
    /// The index of the property among its model's (for a subclass, not the table's).
    let propertyIndex: Int

    /// The inverse, when there is exactly one.
    var inverse: Schema.Relationship? { inverses.count == 1 ? inverses[0] : nil }

    /// The destination's entity name.
    var destinationName: String { storage.destination.name }
    /// Whether its references are rows of a join table (rewritten when it changes).
    var usesJoinTable: Bool { storage.usesJoinTable }
}
