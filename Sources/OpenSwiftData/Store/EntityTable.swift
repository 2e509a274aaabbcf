import SQLite

/// One entity's table: its columns and the SQL that reads and writes it.
///
/// Built once per container from the entity; every statement text is fixed here, so statement caching works and
/// no value is ever part of SQL text. Properties and columns differ: attributes and to-one relationships (a
/// foreign key: the related row's `Z_PK`) have a column; to-many relationships have none (they are stored on the
/// other side, or in a join table — see ``RelationshipMapping``).
final class EntityTable: Sendable {
    /// One column of the table.
    struct Column: Sendable {
        enum Kind: Sendable {
            case attribute(Schema.Attribute)
            /// A to-one relationship's foreign key.
            case reference(Schema.Relationship)
        }

        let name: String
        let kind: Kind
        /// Position among the columns (and in `ModelRowEncoder.values`); the select list has `Z_PK` first.
        let index: Int
        /// Position among the entity's properties (`schemaMetadata` order).
        let propertyIndex: Int
        nonisolated(unsafe) let keyPath: AnyKeyPath
        /// `@Attribute(.externalStorage)` on `Data`: the row holds the primary key of a row of
        /// ``ExternalData/table``, which holds the bytes.
        let isExternal: Bool
        /// How a query reads the value: the column, or for external data the bytes it refers to.
        let valueSQL: String

        var attribute: Schema.Attribute? {
            if case .attribute(let attribute) = kind { return attribute }
            return nil
        }

        /// Whether the column may hold NULL (optional attributes, and every foreign key: references are written
        /// after all inserts of a save, and their integrity is kept by the context).
        var isNullable: Bool {
            switch kind {
            case .attribute(let attribute): attribute.isOptional
            case .reference: true
            }
        }

        /// Whether a value read from it can be nil in Swift.
        var isOptional: Bool {
            switch kind {
            case .attribute(let attribute): attribute.isOptional
            case .reference(let relationship): relationship.isOptional
            }
        }
    }

    let entity: Schema.Entity
    let name: String
    let quotedName: String
    let columns: [Column]
    /// For each property (by index), its column, or nil for a to-many relationship.
    let columnOfProperty: [Int?]
    private nonisolated(unsafe) let propertiesByKeyPath: [AnyKeyPath: Int]
    private let propertiesByName: [String: Int]
    /// The indexes of the columns whose bytes live in ``ExternalData/table``.
    let externalColumnIndexes: [Int]
    /// Column-index groups, one per uniqueness constraint.
    let uniqueGroups: [[Int]]

    /// `"Z_PK", "a", "b", …` — the select list; the model's columns start at result column 1.
    let selectList: String
    /// `INSERT … ON CONFLICT (<each unique group>) DO UPDATE SET …`: SwiftData's upsert. No `RETURNING` (it makes
    /// SQLite buffer the result and doubles the cost of an insert): the key is `sqlite3_last_insert_rowid`, or —
    /// when the row met an existing one — found with ``selectByUniqueGroupSQL``.
    let upsertSQL: String
    /// `INSERT …`: fails on a unique conflict (``UniquenessConflictPolicy/throwError``); the key is
    /// `sqlite3_last_insert_rowid`.
    let insertSQL: String
    /// Per unique group, `SELECT "Z_PK" … WHERE <each column of the group> = ?`.
    let selectByUniqueGroupSQL: [String]
    let deleteSQL: String
    let selectByPrimaryKeySQL: String
    /// `"Entity"."Z_PK"`.
    let primaryKeySQL: String
    /// `\Model.persistentModelID`, which predicates compare as the primary key.
    nonisolated(unsafe) let persistentModelIDKeyPath: AnyKeyPath

    init(entity: Schema.Entity) throws(SwiftDataError) {
        self.entity = entity
        self.name = entity.name
        let quotedName = SQL.identifier(entity.name)
        self.quotedName = quotedName
        primaryKeySQL = "\(quotedName).\(SQL.identifier(SQL.primaryKey))"
        persistentModelIDKeyPath = Self.identifierKeyPath(entity.modelType)
        var columns: [Column] = []
        var columnOfProperty: [Int?] = []
        var byKeyPath: [AnyKeyPath: Int] = [:]
        var byName: [String: Int] = [:]
        for (propertyIndex, property) in entity.properties.enumerated() {
            byKeyPath[property.keypath] = propertyIndex
            byName[property.name] = propertyIndex
            let quotedColumn = "\(quotedName).\(SQL.identifier(property.name))"
            switch property.kind {
            case .attribute(let attribute):
                if attribute.codec.representation == .unsupported {
                    throw .invalidSchema(
                        "\(entity.name).\(property.name) has type \(attribute.valueType), which cannot be stored: use a "
                            + "String, number, Bool, Date, Data, UUID, URL or Decimal, a RawRepresentable or Codable type, "
                            + "an optional of one of these, a @Model class or an array of one, or mark the property @Transient"
                    )
                }
                let isExternal = attribute.options.contains(.externalStorage) && attribute.codec.columnType == .blob
                columnOfProperty.append(columns.count)
                columns.append(Column(
                    name: property.name, kind: .attribute(attribute), index: columns.count, propertyIndex: propertyIndex,
                    keyPath: property.keypath, isExternal: isExternal,
                    valueSQL: isExternal ? ExternalData.bytesSQL(reference: quotedColumn) : quotedColumn
                ))
            case .relationship(let relationship) where relationship.isToOneRelationship:
                columnOfProperty.append(columns.count)
                columns.append(Column(
                    name: property.name, kind: .reference(relationship), index: columns.count, propertyIndex: propertyIndex,
                    keyPath: property.keypath, isExternal: false, valueSQL: quotedColumn
                ))
            case .relationship:
                columnOfProperty.append(nil)
            }
        }
        self.columns = columns
        self.columnOfProperty = columnOfProperty
        self.externalColumnIndexes = columns.filter(\.isExternal).map(\.index)
        self.propertiesByKeyPath = byKeyPath
        self.propertiesByName = byName

        let columnByName = Dictionary(columns.map { ($0.name, $0.index) }, uniquingKeysWith: { first, _ in first })
        func resolve(_ group: [String], _ what: String) throws(SwiftDataError) -> [Int] {
            var indexes: [Int] = []
            for name in group {
                guard let index = columnByName[name] else {
                    throw .invalidSchema("\(entity.name): \(what) names \(name), which is not a stored attribute")
                }
                indexes.append(index)
            }
            return indexes
        }
        var uniqueGroups: [[Int]] = []
        for group in entity.uniquenessConstraints { uniqueGroups.append(try resolve(group, "#Unique")) }
        for group in entity.indices { _ = try resolve(group, "#Index") }
        self.uniqueGroups = uniqueGroups

        let quotedColumns = columns.map { SQL.identifier($0.name) }
        self.selectList = ([SQL.identifier(SQL.primaryKey)] + columns.map(\.valueSQL)).joined(separator: ", ")
        var insert = "INSERT INTO \(quotedName) (\(quotedColumns.joined(separator: ", "))) VALUES (\(SQL.placeholders(columns.count)))"
        if columns.isEmpty { insert = "INSERT INTO \(quotedName) DEFAULT VALUES" }
        self.insertSQL = insert
        // Upsert: a row that meets an existing one on any unique group updates that row instead (SwiftData's rule).
        let assignments = quotedColumns.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        for group in uniqueGroups {
            let target = group.map { quotedColumns[$0] }.joined(separator: ", ")
            insert += " ON CONFLICT (\(target)) DO UPDATE SET \(assignments)"
        }
        self.upsertSQL = insert
        self.selectByUniqueGroupSQL = uniqueGroups.map { group in
            "SELECT \(SQL.identifier(SQL.primaryKey)) FROM \(quotedName) WHERE "
                + group.map { "\(quotedColumns[$0]) = ?" }.joined(separator: " AND ")
        }
        self.deleteSQL = "DELETE FROM \(quotedName) WHERE \(SQL.identifier(SQL.primaryKey)) = ?"
        self.selectByPrimaryKeySQL = "SELECT \(selectList) FROM \(quotedName) WHERE \(SQL.identifier(SQL.primaryKey)) = ?"
    }

    private static func identifierKeyPath<Model: PersistentModel>(_ type: Model.Type) -> AnyKeyPath {
        \Model.persistentModelID
    }

    /// The index of the property named `name` (attribute or relationship).
    func propertyIndex(named name: String) -> Int? { propertiesByName[name] }

    /// The index of the property a key path of the model names.
    func propertyIndex(for keyPath: AnyKeyPath) -> Int? { propertiesByKeyPath[keyPath] }

    /// `UPDATE … SET` the given columns `WHERE "Z_PK" = ?`; the arguments are those columns' values, then the key.
    func updateSQL(columns indexes: [Int]) -> String {
        "UPDATE \(quotedName) SET "
            + indexes.map { "\(SQL.identifier(columns[$0].name)) = ?" }.joined(separator: ", ")
            + " WHERE \(SQL.identifier(SQL.primaryKey)) = ?"
    }

    /// The column of the stored attribute (or to-one relationship) a key path names.
    func column(for keyPath: AnyKeyPath) -> Column? {
        propertiesByKeyPath[keyPath].flatMap { columnOfProperty[$0] }.map { columns[$0] }
    }

    /// `CREATE TABLE` and `CREATE INDEX` statements for this entity.
    var creationSQL: [String] {
        let definitions = ["\(SQL.identifier(SQL.primaryKey)) INTEGER PRIMARY KEY AUTOINCREMENT"] + columns.map(Self.definition)
        var statements = ["CREATE TABLE IF NOT EXISTS \(quotedName) (\(definitions.joined(separator: ", ")))"]
        for column in columns where column.isExternal {
            statements += ExternalData.triggersSQL(table: name, column: column.name)
        }
        for column in columns {
            guard case .reference = column.kind else { continue }
            // Foreign keys are searched on every to-many read and every delete of the related row.
            statements.append(
                "CREATE INDEX IF NOT EXISTS \(SQL.identifier("\(name)_\(column.name)_reference")) ON \(quotedName) (\(SQL.identifier(column.name)))"
            )
        }
        for group in uniqueGroups {
            let names = group.map { columns[$0].name }
            statements.append(
                "CREATE UNIQUE INDEX IF NOT EXISTS \(SQL.identifier("\(name)_unique_\(names.joined(separator: "_"))")) "
                    + "ON \(quotedName) (\(names.map(SQL.identifier).joined(separator: ", ")))"
            )
        }
        for group in entity.indices {
            statements.append(
                "CREATE INDEX IF NOT EXISTS \(SQL.identifier("\(name)_index_\(group.joined(separator: "_"))")) "
                    + "ON \(quotedName) (\(group.map(SQL.identifier).joined(separator: ", ")))"
            )
        }
        return statements
    }

    /// A column's definition in `CREATE TABLE`.
    static func definition(_ column: Column) -> String {
        switch column.kind {
        case .attribute(let attribute):
            let type = column.isExternal ? ColumnType.integer : attribute.codec.columnType
            let collation = column.isExternal ? nil : attribute.codec.collation
            return "\(SQL.identifier(column.name)) \(type.rawValue)" + (collation.map { " COLLATE \($0)" } ?? "")
                + (attribute.isOptional ? "" : " NOT NULL")
        case .reference:
            return "\(SQL.identifier(column.name)) INTEGER"
        }
    }
}
