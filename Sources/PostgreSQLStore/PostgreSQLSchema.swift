import Foundation
import PostgreSQL
import SQLStore

/// The store's tables on a PostgreSQL server, and how they are created and migrated.
///
/// Opening runs one transaction: `pg_advisory_xact_lock` on a key of the schema's name (so of several servers
/// opening one store at once, one creates or migrates it and the others, waiting on the lock, then read the record
/// it wrote and find nothing to do), `CREATE SCHEMA IF NOT EXISTS`, the metadata table, the stored-schema record
/// (the same JSON ``StoredSchema`` the SQLite store keeps in `Z_METADATA`) and, when it differs from the target,
/// a lightweight migration (``migrate(_:from:)``), and the history's tables when missing; at every open, the `osd_`
/// functions made this build's (``PostgreSQLFunctions/ensureCurrent(on:schema:)``) and the `text` columns an older
/// build gave UUIDs and decimals converted (``convertColumnTypes(_:)``). A failure rolls everything back.
///
/// Tables are ``SchemaDefinition``'s, in ``PostgreSQLDialect``'s types (`bigint`, `double precision`, `text`,
/// `bytea`, `uuid`, `numeric`; keys are identity columns). SQLite's triggers become PL/pgSQL trigger functions that
/// do the same: a deleted row clears the foreign keys that referred to it and takes its join rows and external bytes
/// with it.
struct PostgreSQLSchema {
    let mapping: SchemaMapping
    let version: SchemaVersion
    let schemaName: String

    private var dialect: any SQLDialect { mapping.dialect }
    private func q(_ identifier: String) -> String { dialect.quoted(identifier) }

    /// Creates or migrates the store; returns its identifier.
    ///
    /// A store that records a schema goes through `stages`' steps in order, as the SQLite store's migration does
    /// (``MigrationStep``): a custom step's `willMigrate` gets an executor over this connection seen through the
    /// step's source tables, the tables change, the record is written, then `didMigrate` gets one seen through the
    /// step's target — all inside this one transaction, so a callback that throws rolls everything back. Then, when
    /// the record still is not the target's, one lightweight migration to it.
    func prepare(
        _ connection: PostgreSQLConnection, options: PostgreSQLStoreOptions,
        stages: (StoredSchema?) throws -> [MigrationStep]
    ) throws -> String {
        try connection.transaction(isolation: .readCommitted) {
            try connection.execute("SELECT pg_advisory_xact_lock($1)", [.integer(Self.lockKey(schemaName))])
            try connection.execute(script: "CREATE SCHEMA IF NOT EXISTS \(q(schemaName))")
            try connection.execute(script: SchemaDefinition(dialect: dialect).createMetadata)
            for statement in PostgreSQLStore.createHistoryTables { try connection.execute(script: statement) }
            // Before the tables: the triggers a creation or migration makes call these functions.
            try PostgreSQLFunctions.ensureCurrent(on: connection, schema: schemaName)
            let stored = try readRecord(connection)
            let steps = try stages(stored)
            var target = StoredSchema(mapping: mapping, version: version)
            guard var record = stored else {
                try create(connection)
                if let last = steps.last, StoredSchema(mapping: last.target, version: last.version) == target {
                    target.versionIdentifier = last.versionIdentifier
                }
                try writeRecord(target, connection)
                return try identifier(connection)
            }
            let identifier = try identifier(connection)
            func executor(_ mapping: SchemaMapping) -> PostgreSQLStore {
                PostgreSQLStore(migratingOn: connection, identifier: identifier, mapping: mapping, options: options)
            }
            for step in steps {
                if let willMigrate = step.willMigrate, let source = step.source { try willMigrate(executor(source)) }
                let changes = !record.describes(step.target, version: step.version)
                if changes {
                    try PostgreSQLSchema(mapping: step.target, version: step.version, schemaName: schemaName)
                        .migrate(connection, from: record, allowsTypeChanges: step.isCustom)
                }
                var next = StoredSchema(mapping: step.target, version: step.version)
                next.versionIdentifier = step.versionIdentifier ?? (changes ? nil : record.versionIdentifier)
                if next != record { try writeRecord(next, connection) }
                record = next
                if let didMigrate = step.didMigrate { try didMigrate(executor(step.target)) }
            }
            if !record.describes(mapping, version: version) {
                try migrate(connection, from: record, allowsTypeChanges: false)
                try writeRecord(target, connection)
            }
            try convertColumnTypes(connection)
            return identifier
        }
    }

    /// The advisory-lock key of a schema: a stable 64-bit FNV-1a hash of its name (Swift's `hashValue` changes
    /// between processes).
    static func lockKey(_ schemaName: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in ("OpenSwiftData store " + schemaName).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }

    // MARK: Creating

    /// Every table, index, function and trigger of the store.
    private func create(_ connection: PostgreSQLConnection) throws {
        let definition = SchemaDefinition(dialect: dialect)
        try connection.execute(script: definition.createExternalData)
        try connection.execute(
            script:
                "CREATE SEQUENCE IF NOT EXISTS \(q(PostgreSQLStore.dataVersionSequence)) AS bigint MINVALUE 0 START 0")
        for table in mapping.tables {
            for statement in definition.create(table) { try connection.execute(script: statement) }
        }
        for joinTable in mapping.joinTables {
            for statement in definition.create(joinTable) { try connection.execute(script: statement) }
        }
        try createTriggers(connection)
    }

    /// The triggers of every table (`CREATE OR REPLACE TRIGGER`, so running them again is harmless).
    private func createTriggers(_ connection: PostgreSQLConnection) throws {
        for table in mapping.tables {
            for column in table.columns where column.isExternal {
                try connection.execute(
                    script: "CREATE OR REPLACE TRIGGER \(q("\(table.name)_\(column.name)_external_delete")) "
                        + "AFTER DELETE ON \(table.quotedName) FOR EACH ROW EXECUTE FUNCTION "
                        + "osd_delete_external_data(\(literal(column.name)))")
                try connection.execute(
                    script: "CREATE OR REPLACE TRIGGER \(q("\(table.name)_\(column.name)_external_update")) "
                        + "AFTER UPDATE OF \(q(column.name)) ON \(table.quotedName) FOR EACH ROW EXECUTE FUNCTION "
                        + "osd_delete_external_data(\(literal(column.name)))")
            }
            for (_, relationship) in mapping.relationships(of: table).sorted(by: { $0.key < $1.key }) {
                guard case .foreignKey(let columnIndex) = relationship.storage else { continue }
                let column = table.columns[columnIndex].name
                try connection.execute(
                    script:
                        "CREATE OR REPLACE TRIGGER \(q("\(table.name)_\(column)\(SchemaDefinition.referenceTriggerSuffix)")) "
                        + "AFTER DELETE ON \(relationship.destination.quotedName) FOR EACH ROW EXECUTE FUNCTION "
                        + "osd_clear_reference(\(literal(table.name)), \(literal(column)))")
            }
        }
        for joinTable in mapping.joinTables {
            let names = JoinTable.triggerNames(of: joinTable.name)
            try connection.execute(
                script: "CREATE OR REPLACE TRIGGER \(q(names[0])) AFTER DELETE ON \(q(joinTable.sourceEntity)) "
                    + "FOR EACH ROW EXECUTE FUNCTION osd_delete_join_rows(\(literal(joinTable.name)), "
                    + "\(literal(JoinTable.sourceColumn)))")
            try connection.execute(
                script: "CREATE OR REPLACE TRIGGER \(q(names[1])) AFTER DELETE ON \(q(joinTable.targetEntity)) "
                    + "FOR EACH ROW EXECUTE FUNCTION osd_delete_join_rows(\(literal(joinTable.name)), "
                    + "\(literal(JoinTable.targetColumn)))")
        }
    }

    // MARK: Column types

    /// Gives each `UUID` and `Decimal` column its own type (``PostgreSQLDialect/nativeTypeName(of:)``) where an
    /// older build made it `text`: `ALTER TABLE … ALTER COLUMN … TYPE uuid USING "c"::uuid` (or `numeric`), in the
    /// opening transaction, so a value that does not convert fails the open and leaves the store as it was. The
    /// text the older build wrote (`uuidString`, a decimal's description) converts exactly and reads back the same.
    /// One catalog read when nothing is to change.
    /// - Throws: ``StoreError`` naming the column when a stored value is not a UUID or a number.
    private func convertColumnTypes(_ connection: PostgreSQLConnection) throws {
        var wanted: [String: [(column: String, type: String)]] = [:]
        for table in mapping.tables {
            for column in table.columns where !column.isExternal {
                guard let attribute = column.attribute, let type = PostgreSQLDialect.nativeTypeName(of: attribute)
                else { continue }
                wanted[table.name, default: []].append((column.name, type))
            }
        }
        guard !wanted.isEmpty else { return }
        let declared = try connection.execute(
            "SELECT c.relname::text, a.attname::text, format_type(a.atttypid, NULL) FROM pg_attribute a "
                + "JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace "
                + "WHERE n.nspname = $1 AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped",
            [.text(schemaName)])
        var types: [String: [String: String]] = [:]
        for row in 0..<declared.rowCount {
            guard let table = declared.text(row: row, column: 0), let column = declared.text(row: row, column: 1)
            else { continue }
            types[table, default: [:]][column] = declared.text(row: row, column: 2)
        }
        for (table, columns) in wanted.sorted(by: { $0.key < $1.key }) {
            for (column, type) in columns where types[table]?[column] == "text" {
                do {
                    try connection.execute(
                        script:
                            "ALTER TABLE \(q(table)) ALTER COLUMN \(q(column)) TYPE \(type) USING \(q(column))::\(type)"
                    )
                } catch {
                    throw StoreError(
                        kind: .other,
                        message:
                            "\(table).\(column) holds text that is not a \(type == "uuid" ? "UUID" : "decimal number"), "
                            + "so it could not become a \(type) column; the store was left as it was: \(error)")
                }
            }
        }
    }

    /// `'text'` as a SQL string literal (quotes doubled): trigger arguments cannot be bound parameters. Only
    /// table and column names of the schema are passed this way.
    private func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    // MARK: Migrating

    /// Brings the tables from `stored` to the mapping's: new entities' tables, new columns (a non-optional one
    /// starts at its declared default, or at its type's zero value in an empty table), renamed columns
    /// (`originalName`), optionality changes, removed columns and tables, and every unique group and index rebuilt.
    /// Refused as the SQLite store refuses them (``MigrationRefusal``, the same words): a column whose type changed
    /// (values kept only for the same type in another namespace, when every one still decodes), a new required
    /// column without a default in a table with rows, a column made required over rows without a value, and a new
    /// unique group that rows already break.
    /// In a custom stage's step (`allowsTypeChanges`) a column whose type changed, and a new required column without
    /// a default, start from the default or the type's zero value instead (for `didMigrate` to fill in).
    /// - Throws: ``MigrationRefusal`` before anything is written (the transaction rolls back in any case).
    private func migrate(_ connection: PostgreSQLConnection, from stored: StoredSchema, allowsTypeChanges: Bool) throws
    {
        let target = StoredSchema(mapping: mapping, version: version)
        let definition = SchemaDefinition(dialect: dialect)
        var statements: [(sql: String, arguments: [StoredValue])] = []
        func add(_ sql: String, _ arguments: [StoredValue] = []) { statements.append((sql, arguments)) }
        for table in mapping.tables {
            guard let old = stored.entity(named: table.name),
                let new = target.entity(named: table.name)
            else {
                for statement in definition.create(table) { add(statement) }
                continue
            }
            let rows = try count("SELECT count(*) FROM \(table.quotedName)", connection)
            let targetNames = Set(new.columns.map(\.name))
            var retyped = false
            func addColumn(
                _ column: StoredSchema.Attribute, _ mapped: EntityTable.Column, startingAt start: StoredValue?
            ) {
                let nullable = definition.columnDefinition(mapped).replacingOccurrences(of: " NOT NULL", with: "")
                add("ALTER TABLE \(table.quotedName) ADD COLUMN " + nullable)
                if let start {
                    add("UPDATE \(table.quotedName) SET \(q(column.name)) = $1", [start])
                    add("ALTER TABLE \(table.quotedName) ALTER COLUMN \(q(column.name)) SET NOT NULL")
                }
            }
            for column in new.columns {
                let description = "\(table.name).\(column.name)"
                // The old column: same name, or the name it had (originalName) if no property kept that name.
                var source = old.column(named: column.name)
                if source == nil, let original = column.originalName, !targetNames.contains(original) {
                    source = old.column(named: original)
                }
                guard let mapped = table.column(named: column.name) else { continue }
                let defaultValue = mapped.attribute?.defaultValue.flatMap { $0.isNull ? nil : $0 }
                guard let source else {
                    let start = column.isOptional ? nil : defaultValue ?? zeroValue(mapped)
                    if start != nil, defaultValue == nil, rows > 0, !allowsTypeChanges {
                        throw MigrationRefusal(
                            "\(description) is a new required \(column.valueType) with no default value, and "
                                + "\(table.name) has \(rows) row(s): make it optional, give it a default value, or "
                                + "migrate with a custom stage")
                    }
                    addColumn(column, mapped, startingAt: start)
                    continue
                }
                var unreadable = 0
                var keepsValues = source.keepsValues(as: column)
                if !keepsValues, source.isSameType(inAnotherNamespaceAs: column),
                    let accepts = mapped.attribute?.acceptsStoredValue
                {
                    // `V1.Settings` → `V2.Settings`: the values stay if every one reads as the new type.
                    let values = try connection.execute(
                        "SELECT \(q(source.name)) FROM \(table.quotedName) WHERE \(q(source.name)) IS NOT NULL")
                    for row in 0..<values.rowCount where !accepts(try values.value(row: row, column: 0)) {
                        unreadable += 1
                    }
                    keepsValues = unreadable == 0
                }
                if !keepsValues && allowsTypeChanges {
                    add("ALTER TABLE \(table.quotedName) DROP COLUMN \(q(source.name))")
                    addColumn(column, mapped, startingAt: column.isOptional ? nil : defaultValue ?? zeroValue(mapped))
                    retyped = true
                    continue
                }
                if !keepsValues {
                    let decoding =
                        unreadable > 0 ? ", and \(unreadable) stored value(s) do not decode as the new type" : ""
                    throw MigrationRefusal(
                        "\(description) changed type from \(source.typeNameInRefusals) to \(column.typeNameInRefusals)"
                            + "\(decoding); the store was left as it was — migrate with a custom MigrationStage that "
                            + "converts the values")
                }
                if source.name != column.name {
                    add("ALTER TABLE \(table.quotedName) RENAME COLUMN \(q(source.name)) TO \(q(column.name))")
                }
                if source.isOptional && !column.isOptional {
                    if let defaultValue {
                        add(
                            "UPDATE \(table.quotedName) SET \(q(column.name)) = $1 WHERE \(q(column.name)) IS NULL",
                            [defaultValue])
                    } else {
                        let missing = try count(
                            "SELECT count(*) FROM \(table.quotedName) WHERE \(q(source.name)) IS NULL", connection)
                        if missing > 0 {
                            throw MigrationRefusal(
                                "\(description) is now required, but \(missing) row(s) have no value: give it a default "
                                    + "value, or keep it optional")
                        }
                    }
                    add("ALTER TABLE \(table.quotedName) ALTER COLUMN \(q(column.name)) SET NOT NULL")
                } else if !source.isOptional && column.isOptional {
                    add("ALTER TABLE \(table.quotedName) ALTER COLUMN \(q(column.name)) DROP NOT NULL")
                }
            }
            // A new unique group the rows already break is refused (as SQLite's store does), not left to fail as
            // an index.
            for group in new.uniquenessConstraints where !old.uniquenessConstraints.contains(group) {
                guard group.allSatisfy({ old.column(named: $0) != nil }) else { continue }
                let columns = group.map(q).joined(separator: ", ")
                let duplicates = try count(
                    "SELECT count(*) FROM (SELECT 1 FROM \(table.quotedName) GROUP BY \(columns) HAVING count(*) > 1) "
                        + "AS duplicates", connection)
                if duplicates > 0 {
                    throw MigrationRefusal(
                        "\(table.name) now has unique \(group.joined(separator: ", ")), but \(duplicates) value(s) "
                            + "occur in more than one row: remove the duplicates in a custom stage's willMigrate")
                }
            }
            let kept = Set(new.columns.flatMap { [$0.name, $0.originalName].compactMap { $0 } })
            for column in old.columns where !kept.contains(column.name) {
                add("ALTER TABLE \(table.quotedName) DROP COLUMN \(q(column.name))")
            }
            // A retyped column took its indexes with it.
            if retyped || old.uniquenessConstraints != new.uniquenessConstraints || old.indices != new.indices {
                for group in old.uniquenessConstraints {
                    add("DROP INDEX IF EXISTS \(q("\(table.name)_unique_\(group.joined(separator: "_"))"))")
                }
                for group in old.indices {
                    add("DROP INDEX IF EXISTS \(q("\(table.name)_index_\(group.joined(separator: "_"))"))")
                }
                for statement in definition.create(table)
                where statement.hasPrefix("CREATE UNIQUE INDEX")
                    || statement.contains("_index_")
                {
                    add(statement)
                }
            }
        }
        let targetNames = Set(mapping.tables.map(\.name))
        for entity in stored.entities where !targetNames.contains(entity.name) {
            add("DROP TABLE IF EXISTS \(q(entity.name)) CASCADE")
        }
        let joinNames = Set(mapping.joinTables.map(\.name))
        for joinTable in Set(stored.entities.flatMap { $0.relationships.compactMap(\.joinTable) })
        where !joinNames.contains(joinTable) {
            add("DROP TABLE IF EXISTS \(q(joinTable))")
        }
        for joinTable in mapping.joinTables {
            for statement in definition.create(joinTable) { add(statement) }
        }
        try connection.execute(script: definition.createExternalData)
        try connection.execute(
            script:
                "CREATE SEQUENCE IF NOT EXISTS \(q(PostgreSQLStore.dataVersionSequence)) AS bigint MINVALUE 0 START 0")
        for statement in statements {
            if statement.arguments.isEmpty {
                try connection.execute(script: statement.sql)
            } else {
                try connection.execute(statement.sql, statement.arguments)
            }
        }
        try createTriggers(connection)
    }

    /// The number a `SELECT count(*) …` statement answers.
    private func count(_ sql: String, _ connection: PostgreSQLConnection) throws -> Int {
        let result = try connection.execute(sql)
        return result.rowCount > 0 ? Int(result.integer(row: 0, column: 0) ?? 0) : 0
    }

    /// The value a new non-optional column without a declared default starts with in stored rows.
    private func zeroValue(_ column: EntityTable.Column) -> StoredValue? {
        guard let attribute = column.attribute else { return nil }
        switch attribute.storageType {
        case .integer: return .integer(0)
        case .real: return .real(0)
        case .text:
            switch PostgreSQLDialect.nativeTypeName(of: attribute) {
            case "uuid": return .text("00000000-0000-0000-0000-000000000000")
            case "numeric": return .text("0")
            default: return .text(attribute.representation == "json" ? "[]" : "")
            }
        case .blob: return .blob(Data())
        }
    }

    // MARK: The record

    private func readRecord(_ connection: PostgreSQLConnection) throws -> StoredSchema? {
        let result = try connection.execute(
            "SELECT \"value\" FROM \(q(StoredSchema.metadataTable)) WHERE \"key\" = $1", [.text("schema")])
        guard result.rowCount > 0, case .text(let json) = try result.value(row: 0, column: 0) else { return nil }
        return try JSONDecoder().decode(StoredSchema.self, from: Data(json.utf8))
    }

    private func writeRecord(_ record: StoredSchema, _ connection: PostgreSQLConnection) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(record), as: UTF8.self)
        try connection.execute(
            "INSERT INTO \(q(StoredSchema.metadataTable)) (\"key\", \"value\") VALUES ($1, $2) "
                + "ON CONFLICT (\"key\") DO UPDATE SET \"value\" = EXCLUDED.\"value\"", [.text("schema"), .text(json)])
    }

    private func identifier(_ connection: PostgreSQLConnection) throws -> String {
        let table = q(StoredSchema.metadataTable)
        let result = try connection.execute(
            "SELECT \"value\" FROM \(table) WHERE \"key\" = $1", [.text("storeIdentifier")])
        if result.rowCount > 0, case .text(let existing) = try result.value(row: 0, column: 0) { return existing }
        let identifier = UUID().uuidString
        try connection.execute(
            "INSERT INTO \(table) (\"key\", \"value\") VALUES ($1, $2)", [.text("storeIdentifier"), .text(identifier)])
        return identifier
    }
}
