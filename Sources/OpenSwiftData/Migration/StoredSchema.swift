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

        /// The Swift type without its module and namespaces, or the column type when unknown.
        var readableType: String {
            valueType.isEmpty ? columnType : StoredSchema.unqualifiedTypeName(valueType)
        }

        /// Whether values of this column are stored as `other`'s are (its Swift type compared without namespaces).
        func isStored(like other: Attribute) -> Bool {
            columnType == other.columnType && representation == other.representation && isOptional == other.isOptional
                && isExternal == other.isExternal
                && StoredSchema.unqualifiedTypeName(valueType) == StoredSchema.unqualifiedTypeName(other.valueType)
        }
    }

    struct Relationship: Codable, Equatable, Sendable {
        var name: String
        var originalName: String?
        var destination: String
        var isToOne: Bool
        var isOptional: Bool
        /// The join table holding it, if any.
        var joinTable: String?

        var isToMany: Bool { !isToOne }
        var readable: String { isToOne ? destination : "[\(destination)]" }
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

    // MARK: Comparing

    /// `Swift.Array<MyApp.V1.Settings>` → `Array<Settings>`: a type's name without the modules and types it is
    /// declared in, so one type declared in two versions' namespaces reads the same.
    static func unqualifiedTypeName(_ name: String) -> String {
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
    /// names, column types, storage, optionality and (unqualified) Swift types; not original names, unique groups
    /// or indexes, which lose no data.
    func differences(from other: StoredSchema, otherName: String) -> [String] {
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
                    differences.append("\(name) is \(column.readableType) in the store, \(wanted.readableType) in \(otherName)")
                }
            }
            for wanted in expected.columns where entity.column(named: wanted.name) == nil {
                differences.append("\(entity.name).\(wanted.name) (\(wanted.readableType)) is in \(otherName), not in the store")
            }
            let relationships = Dictionary(entity.relationships.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let wantedRelationships = Dictionary(expected.relationships.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for relationship in entity.relationships where relationship.isToMany {
                let name = "\(entity.name).\(relationship.name)"
                guard let wanted = wantedRelationships[relationship.name] else {
                    differences.append("\(name) (to-many \(relationship.destination)) is in the store, not in \(otherName)")
                    continue
                }
                if wanted.destination != relationship.destination || wanted.isToOne != relationship.isToOne {
                    differences.append("\(name) relates \(relationship.readable) in the store, \(wanted.readable) in \(otherName)")
                }
            }
            for wanted in expected.relationships where wanted.isToMany && relationships[wanted.name] == nil {
                differences.append("\(entity.name).\(wanted.name) (to-many \(wanted.destination)) is in \(otherName), not in the store")
            }
        }
        return differences
    }

    static func tableExists(_ name: String, _ connection: SQLiteConnection) throws -> Bool {
        try connection.scalar("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(name)]) != nil
    }
}
