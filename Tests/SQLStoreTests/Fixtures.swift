import Foundation
@testable import SQLStore

/// A small library, described as any front end would describe it: authors with books (the books hold the foreign
/// key), books with tags (many-to-many: a join table), and photos whose bytes live outside their row.
enum Library {
    static let author = StoreEntity(
        name: "Author",
        properties: [
            .attribute(
                StoreAttribute(name: "name", storageType: .text, isOptional: false, valueTypeName: "Swift.String")),
            .attribute(
                StoreAttribute(
                    name: "age", storageType: .integer, isOptional: true, valueTypeName: "Swift.Optional<Swift.Int>")),
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
            .attribute(
                StoreAttribute(name: "cost", storageType: .text, isOptional: true, collation: DecimalCollation.name)),
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

    static let photo = StoreEntity(
        name: "Photo",
        properties: [
            .attribute(StoreAttribute(name: "bytes", storageType: .blob, isOptional: true, storesExternally: true)),
            .attribute(
                StoreAttribute(name: "caption", storageType: .text, isOptional: false, defaultValue: .text("untitled"))),
        ]
    )

    static var schema: StoreSchema { StoreSchema(entities: [author, book, tag, photo]) }

    static func mapping() throws -> SchemaMapping { try SchemaMapping(schema: schema) }
}

extension SchemaMapping {
    /// The table named `name` (a fixture has it).
    func named(_ name: String) throws -> EntityTable {
        guard let table = table(named: name) else { throw FixtureError("no table \(name)") }
        return table
    }

    /// The storage of `table`'s property `property`.
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

/// A fresh folder under the system temp directory, removed when the value is freed.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("SQLStoreTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
