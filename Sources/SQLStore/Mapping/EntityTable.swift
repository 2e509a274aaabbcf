/// One entity's table: its columns, in order, and the SQL pieces every statement on it shares.
///
/// Built once per store from a ``StoreEntity``. Attributes and to-one relationships (a foreign key: the related
/// row's primary key) have a column; to-many relationships have none (they are stored on the other side, or in a
/// join table — see ``RelationshipMapping``). Every table has the integer primary key ``primaryKey`` first.
package final class EntityTable: Sendable {
    /// One column of the table.
    package struct Column: Sendable {
        /// What the column holds.
        package enum Kind: Sendable {
            case attribute(StoreAttribute)
            /// A to-one relationship's foreign key.
            case reference(StoreRelationship)
        }

        package let name: String
        package let kind: Kind
        /// Position among the columns (and in a row's values); a selected row has the primary key first, so a
        /// column is result column `index + 1`.
        package let index: Int
        /// Position among the entity's properties.
        package let propertyIndex: Int
        /// The row holds the primary key of a row of ``ExternalData/table``, which holds the bytes.
        package let isExternal: Bool
        /// How a query reads the value: the qualified column, or for external data the bytes it refers to.
        package let valueSQL: String

        /// The attribute, when the column holds one.
        package var attribute: StoreAttribute? {
            if case .attribute(let attribute) = kind { return attribute }
            return nil
        }

        /// Whether the column may hold NULL (optional attributes, and every foreign key: references are written
        /// after all inserts of a save, and their integrity is kept by the object layer).
        package var isNullable: Bool {
            switch kind {
            case .attribute(let attribute): attribute.isOptional
            case .reference: true
            }
        }

        /// Whether a value read from it can be nil to the object layer.
        package var isOptional: Bool {
            switch kind {
            case .attribute(let attribute): attribute.isOptional
            case .reference(let relationship): relationship.isOptional
            }
        }
    }

    /// The primary-key column every entity table has. Named as Core Data names it.
    package static let primaryKey = "Z_PK"
    /// The column of a table that holds a hierarchy of entities (model inheritance): each row's entity name, as
    /// text. Named after Core Data's `Z_ENT` (which holds a number); a name is kept so that adding a subentity
    /// renumbers nothing. Only a hierarchy's table has it.
    package static let entityColumn = "Z_ENT"

    package let entity: StoreEntity
    package let name: String
    package let quotedName: String
    package let columns: [Column]
    /// For each property (by index), its column, or nil for a to-many relationship.
    package let columnOfProperty: [Int?]
    private let propertiesByName: [String: Int]
    /// The indexes of the columns whose bytes live in ``ExternalData/table``.
    package let externalColumnIndexes: [Int]
    /// Column-index groups, one per uniqueness constraint.
    package let uniqueGroups: [[Int]]
    /// `"Z_PK", "T"."a", "T"."b", …` — every selected row's columns: the primary key, then the values.
    package let selectList: String
    /// `"T"."Z_PK"`.
    package let primaryKeySQL: String
    /// The index of the ``entityColumn`` column, when the table holds a hierarchy.
    package let entityColumnIndex: Int?
    /// `"Z_PK"`.
    package let quotedPrimaryKey: String

    /// - Throws: ``SchemaMappingError`` when a unique group or an index names something that is not a stored attribute.
    package init(entity: StoreEntity, dialect: any SQLDialect) throws(SchemaMappingError) {
        self.entity = entity
        self.name = entity.name
        let quotedName = dialect.quoted(entity.name)
        self.quotedName = quotedName
        let quotedPrimaryKey = dialect.quoted(Self.primaryKey)
        self.quotedPrimaryKey = quotedPrimaryKey
        primaryKeySQL = "\(quotedName).\(quotedPrimaryKey)"
        var columns: [Column] = []
        var columnOfProperty: [Int?] = []
        var byName: [String: Int] = [:]
        for (propertyIndex, property) in entity.properties.enumerated() {
            byName[property.name] = propertyIndex
            let quotedColumn = "\(quotedName).\(dialect.quoted(property.name))"
            switch property {
            case .attribute(let attribute):
                let isExternal = attribute.storesExternally && attribute.storageType == .blob
                columnOfProperty.append(columns.count)
                columns.append(
                    Column(
                        name: property.name, kind: .attribute(attribute), index: columns.count,
                        propertyIndex: propertyIndex,
                        isExternal: isExternal,
                        valueSQL: isExternal
                            ? ExternalData.bytesSQL(reference: quotedColumn, dialect: dialect) : quotedColumn
                    ))
            case .relationship(let relationship) where relationship.isToOne:
                columnOfProperty.append(columns.count)
                columns.append(
                    Column(
                        name: property.name, kind: .reference(relationship), index: columns.count,
                        propertyIndex: propertyIndex,
                        isExternal: false, valueSQL: quotedColumn
                    ))
            case .relationship:
                columnOfProperty.append(nil)
            }
        }
        self.columns = columns
        self.columnOfProperty = columnOfProperty
        self.externalColumnIndexes = columns.filter(\.isExternal).map(\.index)
        self.entityColumnIndex = columns.first { $0.name == Self.entityColumn }?.index
        self.propertiesByName = byName

        let columnByName = Dictionary(columns.map { ($0.name, $0.index) }, uniquingKeysWith: { first, _ in first })
        func resolve(_ group: [String], _ what: String) throws(SchemaMappingError) -> [Int] {
            var indexes: [Int] = []
            for name in group {
                guard let index = columnByName[name] else {
                    throw SchemaMappingError("\(entity.name): \(what) names \(name), which is not a stored attribute")
                }
                indexes.append(index)
            }
            return indexes
        }
        var uniqueGroups: [[Int]] = []
        for group in entity.uniquenessConstraints { uniqueGroups.append(try resolve(group, "#Unique")) }
        for group in entity.indices { _ = try resolve(group, "#Index") }
        self.uniqueGroups = uniqueGroups
        self.selectList = ([quotedPrimaryKey] + columns.map(\.valueSQL)).joined(separator: ", ")
    }

    /// The index of the property named `name` (attribute or relationship).
    package func propertyIndex(named name: String) -> Int? { propertiesByName[name] }

    /// The column of the property named `name`, if it has one.
    package func column(named name: String) -> Column? {
        propertiesByName[name].flatMap { columnOfProperty[$0] }.map { columns[$0] }
    }
}
