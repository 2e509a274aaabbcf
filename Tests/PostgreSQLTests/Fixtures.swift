import Foundation
import SQLStore

/// A small library as any front end would describe it: authors with books (the books hold the foreign key), books
/// with tags (many-to-many: a join table). No custom collations: a PostgreSQL store does not have SQLite's.
enum Library {
    static let author = StoreEntity(
        name: "Author",
        properties: [
            .attribute(StoreAttribute(name: "name", storageType: .text, isOptional: false)),
            .attribute(StoreAttribute(name: "age", storageType: .integer, isOptional: true)),
            .relationship(
                StoreRelationship(
                    name: "books", destination: "Book", isToMany: true, isOptional: false, inverseName: "author")),
        ],
        uniquenessConstraints: [["name"]]
    )

    static let book = StoreEntity(
        name: "Book",
        properties: [
            .attribute(StoreAttribute(name: "title", storageType: .text, isOptional: false)),
            .attribute(StoreAttribute(name: "price", storageType: .real, isOptional: false)),
            .attribute(StoreAttribute(name: "cover", storageType: .blob, isOptional: true)),
            .attribute(StoreAttribute(name: "tagNames", storageType: .text, isOptional: false, representation: "json")),
            .relationship(StoreRelationship(name: "author", destination: "Author", isToMany: false, isOptional: true)),
            .relationship(
                StoreRelationship(
                    name: "tags", destination: "Tag", isToMany: true, isOptional: false, inverseName: "books")),
        ],
        indices: [["price"]]
    )

    static let tag = StoreEntity(
        name: "Tag",
        properties: [
            .attribute(StoreAttribute(name: "label", storageType: .text, isOptional: false)),
            .relationship(StoreRelationship(name: "books", destination: "Book", isToMany: true, isOptional: false)),
        ]
    )

    static func mapping() throws -> SchemaMapping {
        try SchemaMapping(schema: StoreSchema(entities: [author, book, tag]))
    }
}

extension SchemaMapping {
    func named(_ name: String) throws -> EntityTable {
        guard let table = table(named: name) else { throw FixtureError("no table \(name)") }
        return table
    }

    func relationship(_ table: EntityTable, _ property: String) throws -> RelationshipMapping {
        guard let index = table.propertyIndex(named: property),
            let mapping = relationship(of: table, propertyIndex: index)
        else {
            throw FixtureError("no relationship \(table.name).\(property)")
        }
        return mapping
    }
}

extension EntityTable {
    func column(_ name: String) throws -> Column {
        guard let column = column(named: name) else { throw FixtureError("no column \(self.name).\(name)") }
        return column
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
