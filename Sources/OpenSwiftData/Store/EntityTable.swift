import SQLite

/// One entity's table: its columns and the SQL that reads and writes it.
///
/// Built once per container from the entity; every statement text is fixed here, so statement caching works and
/// no value is ever part of SQL text.
final class EntityTable: Sendable {
    /// One stored attribute's column.
    struct Column: Sendable {
        let name: String
        let attribute: Schema.Attribute
        /// Position among the entity's attributes (and in `ModelRowEncoder.values`).
        let index: Int
        nonisolated(unsafe) let keyPath: AnyKeyPath
        /// `@Attribute(.externalStorage)` on `Data`: the row holds the primary key of a row of
        /// ``ExternalData/table``, which holds the bytes.
        let isExternal: Bool
        /// How a query reads the value: the column, or for external data the bytes it refers to.
        let valueSQL: String
    }

    let entity: Schema.Entity
    let name: String
    let quotedName: String
    let columns: [Column]
    private nonisolated(unsafe) let columnsByKeyPath: [AnyKeyPath: Int]
    private let columnsByName: [String: Int]
    /// The indexes of the columns whose bytes live in ``ExternalData/table``.
    let externalColumnIndexes: [Int]
    /// Column-index groups, one per uniqueness constraint.
    let uniqueGroups: [[Int]]

    /// `"Z_PK", "a", "b", …` — the select list; the model's attributes start at result column 1.
    let selectList: String
    /// `INSERT … ON CONFLICT (<each unique group>) DO UPDATE SET … RETURNING "Z_PK"`: SwiftData's upsert.
    let upsertSQL: String
    /// `INSERT … RETURNING "Z_PK"`: fails on a unique conflict (``UniquenessConflictPolicy/throwError``).
    let insertSQL: String
    let deleteSQL: String
    let selectByPrimaryKeySQL: String

    init(entity: Schema.Entity, metadata: [Schema.PropertyMetadata]) throws(SwiftDataError) {
        self.entity = entity
        self.name = entity.name
        let quotedName = SQL.identifier(entity.name)
        self.quotedName = quotedName
        var columns: [Column] = []
        var byKeyPath: [AnyKeyPath: Int] = [:]
        for (index, property) in metadata.enumerated() {
            if property.attribute.codec.representation == .unsupported {
                throw .invalidSchema(
                    "\(entity.name).\(property.name) has type \(property.attribute.valueType), which cannot be stored: use a "
                        + "String, number, Bool, Date, Data, UUID, URL or Decimal, a RawRepresentable or Codable type, "
                        + "an optional of one of these, or mark the property @Transient"
                )
            }
            let isExternal = property.attribute.options.contains(.externalStorage) && property.attribute.codec.columnType == .blob
            let quotedColumn = "\(quotedName).\(SQL.identifier(property.name))"
            columns.append(Column(
                name: property.name, attribute: property.attribute, index: index, keyPath: property.keypath,
                isExternal: isExternal, valueSQL: isExternal ? ExternalData.bytesSQL(reference: quotedColumn) : quotedColumn
            ))
            byKeyPath[property.keypath] = index
        }
        self.columns = columns
        self.externalColumnIndexes = columns.filter(\.isExternal).map(\.index)
        self.columnsByKeyPath = byKeyPath
        self.columnsByName = Dictionary(columns.map { ($0.name, $0.index) }, uniquingKeysWith: { first, _ in first })

        let indexByName = Dictionary(columns.map { ($0.name, $0.index) }, uniquingKeysWith: { first, _ in first })
        func resolve(_ group: [String], _ what: String) throws(SwiftDataError) -> [Int] {
            var indexes: [Int] = []
            for name in group {
                guard let index = indexByName[name] else {
                    throw .invalidSchema("\(entity.name): \(what) names \(name), which is not a stored property")
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
        let returning = " RETURNING \(SQL.identifier(SQL.primaryKey))"
        self.insertSQL = insert + returning
        // Upsert: a row that meets an existing one on any unique group updates that row instead (SwiftData's rule).
        let assignments = quotedColumns.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        for group in uniqueGroups {
            let target = group.map { quotedColumns[$0] }.joined(separator: ", ")
            insert += " ON CONFLICT (\(target)) DO UPDATE SET \(assignments)"
        }
        self.upsertSQL = insert + returning
        self.deleteSQL = "DELETE FROM \(quotedName) WHERE \(SQL.identifier(SQL.primaryKey)) = ?"
        self.selectByPrimaryKeySQL = "SELECT \(selectList) FROM \(quotedName) WHERE \(SQL.identifier(SQL.primaryKey)) = ?"
    }


    /// The position of the attribute named `name`.
    func columnIndex(named name: String) -> Int? { columnsByName[name] }

    /// `UPDATE … SET` the given columns `WHERE "Z_PK" = ?`; the arguments are those columns' values, then the key.
    func updateSQL(columns indexes: [Int]) -> String {
        "UPDATE \(quotedName) SET "
            + indexes.map { "\(SQL.identifier(columns[$0].name)) = ?" }.joined(separator: ", ")
            + " WHERE \(SQL.identifier(SQL.primaryKey)) = ?"
    }

    /// The column a key path of the model names, if it is a stored attribute.
    func column(for keyPath: AnyKeyPath) -> Column? {
        columnsByKeyPath[keyPath].map { columns[$0] }
    }

    /// `CREATE TABLE` and `CREATE INDEX` statements for this entity.
    var creationSQL: [String] {
        let definitions = ["\(SQL.identifier(SQL.primaryKey)) INTEGER PRIMARY KEY AUTOINCREMENT"]
            + columns.map { column in
                let attribute = column.attribute
                let type = column.isExternal ? ColumnType.integer : attribute.codec.columnType
                let collation = column.isExternal ? nil : attribute.codec.collation
                return "\(SQL.identifier(column.name)) \(type.rawValue)" + (collation.map { " COLLATE \($0)" } ?? "")
                    + (attribute.isOptional ? "" : " NOT NULL")
            }
        var statements = ["CREATE TABLE IF NOT EXISTS \(quotedName) (\(definitions.joined(separator: ", ")))"]
        for column in columns where column.isExternal {
            statements += ExternalData.triggersSQL(table: name, column: column.name)
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
}
