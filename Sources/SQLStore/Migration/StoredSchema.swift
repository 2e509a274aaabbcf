import Foundation
import SQLite

/// The schema a store was last written with, recorded in the store (`Z_METADATA`, key `schema`) so the next opening
/// can tell what changed: entities, columns and their types, relationships, unique groups, indexes, and the
/// schema's version. Its JSON is the format stores already hold; it only gains optional fields.
package struct StoredSchema: Codable, Equatable, Sendable {
    /// One column: an attribute, or a to-one relationship's foreign key.
    package struct Attribute: Codable, Equatable, Sendable {
        package var name: String
        package var originalName: String?
        /// The column's type (`INTEGER`, `REAL`, `TEXT`, `BLOB`).
        package var columnType: String
        /// How the object layer encodes values (``StoreAttribute/representation``; `reference` for a foreign key).
        package var representation: String
        /// The object layer's name of the values' type ("" when unknown).
        package var valueType: String
        package var isOptional: Bool
        package var isExternal: Bool

        /// The type without its module and namespaces, or the column type when unknown.
        package var readableType: String {
            valueType.isEmpty ? columnType : StoredSchema.unqualifiedTypeName(valueType)
        }

        /// Whether values of this column are stored as `other`'s are (its type compared without namespaces).
        package func isStored(like other: Attribute) -> Bool {
            columnType == other.columnType && representation == other.representation && isOptional == other.isOptional
                && isExternal == other.isExternal
                && StoredSchema.unqualifiedTypeName(valueType) == StoredSchema.unqualifiedTypeName(other.valueType)
        }
    }

    /// One relationship.
    package struct Relationship: Codable, Equatable, Sendable {
        package var name: String
        package var originalName: String?
        package var destination: String
        package var isToOne: Bool
        package var isOptional: Bool
        /// The join table holding it, if any.
        package var joinTable: String?

        package var isToMany: Bool { !isToOne }
        package var readable: String { isToOne ? destination : "[\(destination)]" }
    }

    /// One entity.
    package struct Entity: Codable, Equatable, Sendable {
        package var name: String
        /// Columns, in order (attributes and to-one relationships' foreign keys).
        package var columns: [Attribute]
        package var relationships: [Relationship]
        package var uniquenessConstraints: [[String]]
        package var indices: [[String]]

        package func column(named name: String) -> Attribute? { columns.first { $0.name == name } }
    }

    package var version: SchemaVersion
    package var entities: [Entity]
    /// Which version of the object layer's model the store is at (OpenCoreData records its model's version hash);
    /// nil when the layer names none.
    package var versionIdentifier: String?

    package func entity(named name: String) -> Entity? { entities.first { $0.name == name } }

    /// Whether this record describes `mapping`'s tables at `version`, whatever model version the object layer noted
    /// (the layer's own stages compare that one).
    package func describes(_ mapping: SchemaMapping, version: SchemaVersion) -> Bool {
        var expected = StoredSchema(mapping: mapping, version: version)
        expected.versionIdentifier = versionIdentifier
        return self == expected
    }

    /// The record of a mapping's schema as this version of the store writes it.
    package init(mapping: SchemaMapping, version: SchemaVersion) {
        self.version = version
        self.entities = mapping.tables.map { table in
            let relationships = mapping.relationships(of: table)
            return Entity(
                name: table.name,
                columns: table.columns.map { column in
                    switch column.kind {
                    case .attribute(let attribute):
                        return Attribute(
                            name: column.name, originalName: attribute.originalName,
                            columnType: attribute.storageType.rawValue,
                            representation: attribute.representation, valueType: attribute.valueTypeName,
                            isOptional: attribute.isOptional, isExternal: column.isExternal
                        )
                    case .reference(let relationship):
                        return Attribute(
                            name: column.name, originalName: relationship.originalName,
                            columnType: StorageType.integer.rawValue,
                            representation: "reference", valueType: relationship.destination, isOptional: true,
                            isExternal: false
                        )
                    }
                },
                relationships: table.entity.properties.enumerated().compactMap { index, property in
                    guard let relationship = property.relationship else { return nil }
                    var joinTable: String?
                    if case .joinTable(let table, _, _) = relationships[index]?.storage { joinTable = table.name }
                    return Relationship(
                        name: relationship.name, originalName: relationship.originalName,
                        destination: relationship.destination,
                        isToOne: relationship.isToOne, isOptional: relationship.isOptional, joinTable: joinTable
                    )
                },
                uniquenessConstraints: table.entity.uniquenessConstraints,
                indices: table.entity.indices
            )
        }
    }

    package init(version: SchemaVersion, entities: [Entity]) {
        self.version = version
        self.entities = entities
    }

    /// No entities: what a new store starts from.
    package static let empty = StoredSchema(version: SchemaVersion(0, 0, 0), entities: [])

    // MARK: Reading and writing

    /// The store's key-value table of its own records.
    package static let metadataTable = "Z_METADATA"
    /// The key of the record.
    static let schemaKey = "schema"
    /// The key of the store's identifier.
    static let identifierKey = "storeIdentifier"

    /// The record in the store, if it has one. Reads only.
    static func read(from connection: SQLiteConnection) throws -> StoredSchema? {
        guard try tableExists(metadataTable, connection) else { return nil }
        guard
            case .text(let json) = try connection.scalar(
                "SELECT \"value\" FROM \"\(metadataTable)\" WHERE \"key\" = ?", [.text(schemaKey)]
            )
        else { return nil }
        return try JSONDecoder().decode(StoredSchema.self, from: Data(json.utf8))
    }

    /// Records this schema in the store.
    func write(to connection: SQLiteConnection) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(self), as: UTF8.self)
        try connection.execute(
            "INSERT OR REPLACE INTO \"\(Self.metadataTable)\" (\"key\", \"value\") VALUES (?, ?)",
            [.text(Self.schemaKey), .text(json)]
        )
    }

    /// For a store written before schemas were recorded: what its tables say (column names and types; value types
    /// unknown). Nil when the store has no table of these entities.
    static func introspect(_ connection: SQLiteConnection, entities names: [String]) throws -> StoredSchema? {
        var entities: [Entity] = []
        for name in names where try tableExists(name, connection) {
            let columns = try connection.rows(
                "SELECT \"name\", \"type\", \"notnull\" FROM pragma_table_info(?)", [.text(name)])
            entities.append(
                Entity(
                    name: name,
                    columns: columns.compactMap { row in
                        guard case .text(let column) = row[0], column != EntityTable.primaryKey else { return nil }
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
        return entities.isEmpty ? nil : StoredSchema(version: SchemaVersion(0, 0, 0), entities: entities)
    }

    static func tableExists(_ name: String, _ connection: SQLiteConnection) throws -> Bool {
        try connection.scalar("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(name)]) != nil
    }

    // MARK: Comparing

    /// `Swift.Array<MyApp.V1.Settings>` → `Array<Settings>`: a type's name without the modules and types it is
    /// declared in, so one type declared in two versions' namespaces reads the same.
    package static func unqualifiedTypeName(_ name: String) -> String {
        var result = ""
        var token = ""
        var depth = 0
        func flush() {
            // The part after the last dot outside parentheses ("(unknown context at $10f0c)" has spaces of its own).
            var cut = token.startIndex
            var level = 0
            for index in token.indices {
                switch token[index] {
                case "(": level += 1
                case ")": level -= 1
                case "." where level == 0: cut = token.index(after: index)
                default: break
                }
            }
            result += token[cut...]
            token = ""
        }
        for character in name {
            if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
            if depth == 0 && "<>,[]:? ".contains(character) {
                flush()
                result.append(character)
            } else {
                token.append(character)
            }
        }
        flush()
        return result
    }

    /// How this record differs from `other` (the record of the schema named `otherName`), one entry per entity,
    /// attribute or relationship that only one of them has or that they store differently. Empty when they match:
    /// names, column types, storage, optionality and (unqualified) value types; not original names, unique groups
    /// or indexes, which lose no data.
    package func differences(from other: StoredSchema, otherName: String) -> [String] {
        var differences: [String] = []
        for entity in entities where other.entity(named: entity.name) == nil {
            differences.append("the entity \(entity.name) is in the store, not in \(otherName)")
        }
        for expected in other.entities {
            guard let entity = entity(named: expected.name) else {
                differences.append("the entity \(expected.name) is in \(otherName), not in the store")
                continue
            }
            for column in entity.columns {
                let name = "\(entity.name).\(column.name)"
                guard let wanted = expected.column(named: column.name) else {
                    differences.append("\(name) (\(column.readableType)) is in the store, not in \(otherName)")
                    continue
                }
                if !column.isStored(like: wanted) {
                    differences.append(
                        "\(name) is \(column.readableType) in the store, \(wanted.readableType) in \(otherName)")
                }
            }
            for wanted in expected.columns where entity.column(named: wanted.name) == nil {
                differences.append(
                    "\(entity.name).\(wanted.name) (\(wanted.readableType)) is in \(otherName), not in the store")
            }
            let relationships = Dictionary(
                entity.relationships.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let wantedRelationships = Dictionary(
                expected.relationships.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for relationship in entity.relationships where relationship.isToMany {
                let name = "\(entity.name).\(relationship.name)"
                guard let wanted = wantedRelationships[relationship.name] else {
                    differences.append(
                        "\(name) (to-many \(relationship.destination)) is in the store, not in \(otherName)")
                    continue
                }
                if wanted.destination != relationship.destination || wanted.isToOne != relationship.isToOne {
                    differences.append(
                        "\(name) relates \(relationship.readable) in the store, \(wanted.readable) in \(otherName)")
                }
            }
            for wanted in expected.relationships where wanted.isToMany && relationships[wanted.name] == nil {
                differences.append(
                    "\(entity.name).\(wanted.name) (to-many \(wanted.destination)) is in \(otherName), not in the store"
                )
            }
        }
        return differences
    }
}
