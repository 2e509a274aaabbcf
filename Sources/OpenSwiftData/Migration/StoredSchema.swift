import Foundation
import SQLite

/// The schema a store was last written with, recorded in the store (`Z_METADATA`, key `schema`) so the next
/// container can tell what changed: entities, attributes and their types, relationships, unique groups, indexes,
/// and the schema's version.
struct StoredSchema: Codable, Equatable, Sendable {
    struct Attribute: Codable, Equatable, Sendable {
        var name: String
        var originalName: String?
        /// SQLite's column type (`INTEGER`, `REAL`, `TEXT`, `BLOB`).
        var columnType: String
        /// How the value is stored: `scalar`, `rawValue`, `json` (or `reference` for a to-one relationship).
        var representation: String
        /// The Swift type, as `String(reflecting:)` spells it ("" when unknown).
        var valueType: String
        var isOptional: Bool
        var isExternal: Bool
    }

    struct Relationship: Codable, Equatable, Sendable {
        var name: String
        var originalName: String?
        var destination: String
        var isToOne: Bool
        var isOptional: Bool
        /// The join table holding it, if any.
        var joinTable: String?
    }

    struct Entity: Codable, Equatable, Sendable {
        var name: String
        /// Columns, in order (attributes and to-one relationships' foreign keys).
        var columns: [Attribute]
        var relationships: [Relationship]
        var uniquenessConstraints: [[String]]
        var indices: [[String]]

        func column(named name: String) -> Attribute? { columns.first { $0.name == name } }
    }

    var version: Schema.Version
    var entities: [Entity]

    func entity(named name: String) -> Entity? { entities.first { $0.name == name } }

    /// The record of a schema as this version of OpenSwiftData stores it.
    init(mapping: SchemaMapping, version: Schema.Version) {
        self.version = version
        self.entities = mapping.tables.map { table in
            let relationships = mapping.relationships[ObjectIdentifier(table.entity.modelType)] ?? [:]
            return Entity(
                name: table.name,
                columns: table.columns.map { column in
                    switch column.kind {
                    case .attribute(let attribute):
                        return Attribute(
                            name: column.name, originalName: attribute.originalName, columnType: attribute.codec.columnType.rawValue,
                            representation: attribute.codec.representation.rawValue, valueType: String(reflecting: attribute.valueType),
                            isOptional: attribute.isOptional, isExternal: column.isExternal
                        )
                    case .reference(let relationship):
                        return Attribute(
                            name: column.name, originalName: relationship.originalName, columnType: ColumnType.integer.rawValue,
                            representation: "reference", valueType: relationship.destination, isOptional: true, isExternal: false
                        )
                    }
                },
                relationships: table.entity.properties.enumerated().compactMap { index, property in
                    guard let relationship = property.relationship else { return nil }
                    var joinTable: String?
                    if case .joinTable(let table, _, _) = relationships[index]?.storage { joinTable = table.name }
                    return Relationship(
                        name: relationship.name, originalName: relationship.originalName, destination: relationship.destination,
                        isToOne: relationship.isToOneRelationship, isOptional: relationship.isOptional, joinTable: joinTable
                    )
                },
                uniquenessConstraints: table.entity.uniquenessConstraints,
                indices: table.entity.indices
            )
        }
    }

    // MARK: Reading and writing

    static let metadataTable = "Z_METADATA"

    /// The record in the store, if it has one. Reads only.
    static func read(from connection: SQLiteConnection) throws -> StoredSchema? {
        guard try tableExists(metadataTable, connection) else { return nil }
        guard case .text(let json) = try connection.scalar(
            "SELECT \"value\" FROM \"\(metadataTable)\" WHERE \"key\" = ?", [.text("schema")]
        ) else { return nil }
        return try JSONDecoder().decode(StoredSchema.self, from: Data(json.utf8))
    }

    /// Records this schema in the store.
    func write(to connection: SQLiteConnection) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(self), as: UTF8.self)
        try connection.execute(
            "INSERT OR REPLACE INTO \"\(Self.metadataTable)\" (\"key\", \"value\") VALUES (?, ?)", [.text("schema"), .text(json)]
        )
    }

    /// For a store written before schemas were recorded: what its tables say (column names and types; Swift
    /// types unknown). Nil when the store has no table of these entities.
    static func introspect(_ connection: SQLiteConnection, entities names: [String]) throws -> StoredSchema? {
        var entities: [Entity] = []
        for name in names where try tableExists(name, connection) {
            let columns = try connection.rows("SELECT \"name\", \"type\", \"notnull\" FROM pragma_table_info(?)", [.text(name)])
            entities.append(Entity(
                name: name,
                columns: columns.compactMap { row in
                    guard case .text(let column) = row[0], column != SQL.primaryKey else { return nil }
                    let type: String = if case .text(let type) = row[1] { type } else { "" }
                    let notNull: Bool = if case .integer(let flag) = row[2] { flag != 0 } else { false }
                    return Attribute(
                        name: column, originalName: nil, columnType: type, representation: "", valueType: "",
                        isOptional: !notNull, isExternal: false
                    )
                },
                relationships: [], uniquenessConstraints: [], indices: []
            ))
        }
        return entities.isEmpty ? nil : StoredSchema(version: Schema.Version(0, 0, 0), entities: entities)
    }

    private init(version: Schema.Version, entities: [Entity]) {
        self.version = version
        self.entities = entities
    }

    static func tableExists(_ name: String, _ connection: SQLiteConnection) throws -> Bool {
        try connection.scalar("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(name)]) != nil
    }
}
