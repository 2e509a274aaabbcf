import Foundation
@testable import SQLStore
import Testing

/// Migrations: the record, lightweight changes, refusals that write nothing, and steps that run code.
@Suite struct MigrationTests {
    static func people(_ extra: [StoreProperty] = []) -> StoreSchema {
        StoreSchema(entities: [
            StoreEntity(
                name: "Person",
                properties: [.attribute(StoreAttribute(name: "name", storageType: .text, isOptional: false))] + extra
            )
        ])
    }

    func open(_ url: URL, _ schema: StoreSchema, stages: (StoredSchema?) throws -> [MigrationStep] = { _ in [] }) throws
        -> SQLiteStore
    {
        try SQLiteStore.open(
            url: url, mapping: try SchemaMapping(schema: schema), version: schema.version, knownEntities: ["Person"],
            stages: stages)
    }

    func insertPerson(_ store: SQLiteStore, _ values: [StoredValue]) throws {
        var request = SaveRequest()
        request.inserts = [SaveRequest.Insert(table: try store.mapping.named("Person"), values: values)]
        _ = try store.save(request)
    }

    @Test func anOptionalAttributeIsAddedAndTheRecordFollows() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("people.store")
        let first = try open(url, Self.people())
        try insertPerson(first, [.text("Ada")])
        first.close()
        let schema = Self.people([.attribute(StoreAttribute(name: "age", storageType: .integer, isOptional: true))])
        var recorded: StoredSchema?
        let second = try open(url, schema) { stored in
            recorded = stored
            return []
        }
        #expect(recorded?.entity(named: "Person")?.columns.map(\.name) == ["name"])
        var rows: [[StoredValue]] = []
        try second.fetch(FetchRequest(table: try second.mapping.named("Person"))) { row in
            rows.append([row.value(at: 1), row.value(at: 2)])
        }
        #expect(rows == [[.text("Ada"), .null]])
    }

    @Test func aRequiredAttributeWithoutDefaultIsRefusedAndNothingIsWritten() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("people.store")
        let first = try open(url, Self.people())
        try insertPerson(first, [.text("Ada")])
        first.close()
        let before = try Data(contentsOf: url)
        let schema = Self.people([
            .attribute(
                StoreAttribute(name: "age", storageType: .integer, isOptional: false, valueTypeName: "Swift.Int"))
        ])
        #expect {
            try open(url, schema)
        } throws: { error in
            (error as? MigrationRefusal)?.message
                == "Person.age is a new required Swift.Int with no default value, and Person has 1 row(s): make it optional, give it a "
                + "default value, or migrate with a custom stage"
        }
        #expect(try Data(contentsOf: url) == before)
        // With a default, the rows take it.
        let defaulted = Self.people([
            .attribute(
                StoreAttribute(name: "age", storageType: .integer, isOptional: false, defaultValue: .integer(30)))
        ])
        let store = try open(url, defaulted)
        var ages: [Int64] = []
        try store.fetch(FetchRequest(table: try store.mapping.named("Person"))) { row in ages.append(row.int64(at: 2)) }
        #expect(ages == [30])
    }

    @Test func aStepsCodeRunsBetweenTheChangesInTheSameTransaction() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("people.store")
        let first = try open(url, Self.people())
        try insertPerson(first, [.text("Ada")])
        first.close()

        var v2 = Self.people([.attribute(StoreAttribute(name: "nickname", storageType: .text, isOptional: true))])
        v2.version = SchemaVersion(2, 0, 0)
        let v2Mapping = try SchemaMapping(schema: v2)
        var seen: [String] = []
        let step = MigrationStep(
            target: v2Mapping, version: v2.version, label: "1.0.0 → 2.0.0",
            source: try SchemaMapping(schema: Self.people()),
            willMigrate: { store in
                try store.fetch(FetchRequest(table: try store.mapping.named("Person"))) { row in
                    seen.append(row.text(at: 1))
                }
            },
            didMigrate: { store in
                let person = try store.mapping.named("Person")
                var request = SaveRequest()
                request.updates = [
                    SaveRequest.Update(table: person, key: 1, columns: [1], values: [.text("Ada"), .text("Countess")])
                ]
                _ = try store.save(request)
            }
        )
        var v3 = v2
        v3.version = SchemaVersion(3, 0, 0)
        let store = try open(url, v3) { stored in stored?.version == SchemaVersion(1, 0, 0) ? [step] : [] }
        #expect(seen == ["Ada"])
        var nicknames: [String] = []
        try store.fetch(FetchRequest(table: try store.mapping.named("Person"))) { row in
            nicknames.append(row.text(at: 2))
        }
        #expect(nicknames == ["Countess"])
        store.close()

        // A step that throws rolls everything back, the record included.
        var failing = MigrationStep(target: v2Mapping, version: SchemaVersion(4, 0, 0), label: "failing")
        failing.didMigrate = { _ in throw MigrationRefusal("no") }
        var v5 = v3
        v5.version = SchemaVersion(5, 0, 0)
        #expect(throws: MigrationRefusal.self) { try open(url, v5) { _ in [failing] } }
        var recorded: SchemaVersion?
        _ = try open(url, v3) { stored in
            recorded = stored?.version
            return []
        }
        #expect(recorded == SchemaVersion(3, 0, 0))
    }
}
