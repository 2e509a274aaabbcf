import Foundation
import SQLite

/// What it takes to bring a store from one schema to another, worked out — and checked — before anything is
/// written.
///
/// Lightweight changes: entities added (table created) and removed (table dropped); attributes added (optional, or
/// with a default value, or to an empty table), removed, renamed through `originalName`, made optional, made
/// required (when no row lacks a value, or the attribute has a default); relationships added and removed; unique
/// groups and indexes added and removed (a new unique group with duplicate rows is refused). A table whose columns
/// change is rebuilt: created anew, rows copied with their primary keys, the old one dropped, the new one renamed
/// (SQLite's documented procedure), keeping the `AUTOINCREMENT` sequence so no key is ever reused.
struct SchemaChanges {
    /// How one column of a rebuilt table gets its values.
    enum ColumnSource {
        case column(String)
        case columnOr(String, StoredValue)
        case value(StoredValue)
    }

    struct Rebuild {
        let table: EntityTable
        let sources: [ColumnSource]
    }

    let definition: SchemaDefinition
    var createdTables: [EntityTable] = []
    var droppedTables: [String] = []
    var rebuilds: [Rebuild] = []
    /// Tables whose unique groups or indexes changed (their indexes are dropped and created again).
    var reindexed: [EntityTable] = []
    var droppedJoinTables: [String] = []
    var createdJoinTables: [JoinTable] = []
    /// Every join table of the new schema (their triggers go with a rebuilt table, and are made again).
    var joinTables: [JoinTable] = []
    /// `INSERT … SELECT`s that fill the new join table of each list sharing a to-one inverse which the store read
    /// through that inverse's foreign key: every list then reads as it did (every row referring to the owner), and
    /// keeps its own members from then on.
    var seeds: [String] = []

    var isEmpty: Bool {
        createdTables.isEmpty && droppedTables.isEmpty && rebuilds.isEmpty && reindexed.isEmpty
            && droppedJoinTables.isEmpty && createdJoinTables.isEmpty
    }

    /// Works out the changes from `stored` to `target`.
    /// - Parameter allowsTypeChanges: true in a step that runs code: a column whose type changed starts from the
    ///   default or a zero value instead of refusing the migration.
    /// - Throws: ``MigrationRefusal`` naming the entity, the attribute and both types for a change that would lose or
    ///   invent data.
    init(from stored: StoredSchema, to target: SchemaMapping, allowsTypeChanges: Bool, connection: SQLiteConnection)
        throws
    {
        definition = SchemaDefinition(dialect: target.dialect)
        let targetRecord = StoredSchema(mapping: target, version: stored.version)
        for table in target.tables {
            guard let old = stored.entity(named: table.name),
                let new = targetRecord.entity(named: table.name)
            else {
                createdTables.append(table)
                continue
            }
            let matchesFile = try Self.tableMatches(table, connection)
            if old.columns != new.columns || !matchesFile {
                rebuilds.append(
                    Rebuild(
                        table: table,
                        sources: try Self.sources(
                            for: table, from: old, allowsTypeChanges: allowsTypeChanges, connection: connection)
                    ))
            } else if old.uniquenessConstraints != new.uniquenessConstraints || old.indices != new.indices {
                reindexed.append(table)
            }
            if old.uniquenessConstraints != new.uniquenessConstraints {
                try Self.checkUniqueness(table, from: old, connection: connection)
            }
        }
        let targetNames = Set(target.tables.map(\.name))
        droppedTables = stored.entities.map(\.name).filter { !targetNames.contains($0) }
        let storedJoinTables = Set(stored.entities.flatMap(\.relationships).compactMap(\.joinTable))
        let targetJoinTables = Set(target.joinTables.map(\.name))
        droppedJoinTables = storedJoinTables.subtracting(targetJoinTables).sorted()
        createdJoinTables = target.joinTables.filter { !storedJoinTables.contains($0.name) }
        joinTables = target.joinTables
        seeds = Self.seeds(from: stored, to: target, creating: Set(createdJoinTables.map(\.name)))
    }

    private static func seeds(from stored: StoredSchema, to target: SchemaMapping, creating created: Set<String>)
        -> [String]
    {
        let dialect = target.dialect
        var seeds: [String] = []
        for table in target.tables {
            guard let old = stored.entity(named: table.name) else { continue }
            let mappings = target.relationships(of: table).values.sorted { $0.propertyIndex < $1.propertyIndex }
            for mapping in mappings where !mapping.siblingPropertyIndexes.isEmpty {
                guard case .joinTable(let joinTable, let ownerColumn, let destinationColumn) = mapping.storage,
                    created.contains(joinTable.name),
                    let previous = old.relationships.first(where: { $0.name == mapping.relationship.name }),
                    previous.isToMany, previous.joinTable == nil,
                    let inverse = mapping.inversePropertyIndexes.first,
                    let column = mapping.destination.columnOfProperty[inverse],
                    stored.entity(named: mapping.destination.name)?.column(
                        named: mapping.destination.columns[column].name) != nil
                else { continue }
                let key = dialect.quoted(mapping.destination.columns[column].name)
                let primaryKey = mapping.destination.quotedPrimaryKey
                seeds.append(
                    "INSERT OR IGNORE INTO \(joinTable.quotedName) (\(dialect.quoted(ownerColumn)), \(dialect.quoted(destinationColumn)), "
                        + "\(dialect.quoted(JoinTable.orderColumn))) SELECT \(key), \(primaryKey), \(primaryKey) FROM \(mapping.destination.quotedName) "
                        + "WHERE \(key) IS NOT NULL"
                )
            }
        }
        return seeds
    }

    /// Whether the table in the store has exactly the columns the entity's table defines (guards against a record
    /// that does not match the file).
    private static func tableMatches(_ table: EntityTable, _ connection: SQLiteConnection) throws -> Bool {
        let rows = try connection.rows("SELECT \"name\" FROM pragma_table_info(?)", [.text(table.name)])
        let names = rows.compactMap { row -> String? in if case .text(let name) = row.first { name } else { nil } }
        return names == [EntityTable.primaryKey] + table.columns.map(\.name)
    }

    private static func sources(
        for table: EntityTable, from old: StoredSchema.Entity, allowsTypeChanges: Bool, connection: SQLiteConnection
    ) throws -> [ColumnSource] {
        let dialect = SQLiteDialect()
        let targetNames = Set(table.columns.map(\.name))
        let rowCount = try count("SELECT count(*) FROM \(table.quotedName)", connection)
        return try table.columns.map { column in
            let (newRecord, defaultValue) = Self.record(of: column)
            // The old column: same name, or the name it had (originalName) if no property kept that name.
            var source = old.column(named: column.name)
            if source == nil, let originalName = newRecord.originalName, !targetNames.contains(originalName) {
                source = old.column(named: originalName)
            }
            let description = "\(table.name).\(column.name)"
            guard let source else {
                if newRecord.isOptional { return .value(.null) }
                if let defaultValue { return .value(defaultValue) }
                if rowCount == 0 || allowsTypeChanges { return .value(zero(newRecord.columnType)) }
                throw MigrationRefusal(
                    "\(description) is a new required \(newRecord.valueType) with no default value, and \(table.name) has "
                        + "\(rowCount) row(s): make it optional, give it a default value, or migrate with a custom stage"
                )
            }
            var keepsValues = source.keepsValues(as: newRecord)
            var unreadable = 0
            if !keepsValues, source.isSameType(inAnotherNamespaceAs: newRecord),
                let accepts = column.attribute?.acceptsStoredValue
            {
                // `V1.Settings` → `V2.Settings`: the values stay if every one reads as the new type.
                unreadable = try Self.countUnreadable(accepts, table: table, column: source.name, connection)
                keepsValues = unreadable == 0
            }
            guard keepsValues else {
                if allowsTypeChanges { return .value(defaultValue ?? zero(newRecord.columnType)) }
                let decoding = unreadable > 0 ? ", and \(unreadable) stored value(s) do not decode as the new type" : ""
                throw MigrationRefusal(
                    "\(description) changed type from \(source.typeNameInRefusals) to \(newRecord.typeNameInRefusals)\(decoding); the store was left "
                        + "as it was — migrate with a custom MigrationStage that converts the values"
                )
            }
            let quoted = "\(table.quotedName).\(dialect.quoted(source.name))"
            if source.isOptional && !newRecord.isOptional {
                if let defaultValue { return .columnOr(quoted, defaultValue) }
                let missing = try count(
                    "SELECT count(*) FROM \(table.quotedName) WHERE \(dialect.quoted(source.name)) IS NULL", connection
                )
                if missing > 0 {
                    throw MigrationRefusal(
                        "\(description) is now required, but \(missing) row(s) have no value: give it a default value, or keep it optional"
                    )
                }
            }
            return .column(quoted)
        }
    }

    /// The record of the column in the new schema, and its declared default.
    private static func record(of column: EntityTable.Column) -> (StoredSchema.Attribute, StoredValue?) {
        switch column.kind {
        case .attribute(let attribute):
            return (
                StoredSchema.Attribute(
                    name: column.name, originalName: attribute.originalName, columnType: attribute.storageType.rawValue,
                    representation: attribute.representation, valueType: attribute.valueTypeName,
                    isOptional: attribute.isOptional, isExternal: column.isExternal
                ), attribute.defaultValue.flatMap { $0.isNull ? nil : $0 }
            )
        case .reference(let relationship):
            return (
                StoredSchema.Attribute(
                    name: column.name, originalName: relationship.originalName,
                    columnType: StorageType.integer.rawValue,
                    representation: "reference", valueType: relationship.destination, isOptional: true,
                    isExternal: false
                ), nil
            )
        }
    }

    /// How many non-NULL values of `column` the new attribute cannot read.
    private static func countUnreadable(
        _ accepts: (StoredValue) -> Bool, table: EntityTable, column: String, _ connection: SQLiteConnection
    ) throws -> Int {
        let name = SQLiteDialect().quoted(column)
        let statement = try connection.prepare("SELECT \(name) FROM \(table.quotedName) WHERE \(name) IS NOT NULL")
        var failures = 0
        while try statement.step() {
            if !accepts(StoredValue(statement.value(at: 0))) { failures += 1 }
        }
        return failures
    }

    private static func zero(_ columnType: String) -> StoredValue {
        StorageType(rawValue: columnType)?.zeroValue ?? .null
    }

    /// Refuses a new unique group the rows already break.
    private static func checkUniqueness(
        _ table: EntityTable, from old: StoredSchema.Entity, connection: SQLiteConnection
    ) throws {
        let dialect = SQLiteDialect()
        for group in table.entity.uniquenessConstraints where !old.uniquenessConstraints.contains(group) {
            let existing = group.filter { old.column(named: $0) != nil }
            guard existing.count == group.count else { continue }
            let columns = existing.map(dialect.quoted).joined(separator: ", ")
            let duplicates = try count(
                "SELECT count(*) FROM (SELECT 1 FROM \(table.quotedName) GROUP BY \(columns) HAVING count(*) > 1)",
                connection
            )
            if duplicates > 0 {
                throw MigrationRefusal(
                    "\(table.name) now has unique \(group.joined(separator: ", ")), but \(duplicates) value(s) occur in more than one row: "
                        + "remove the duplicates in a custom stage's willMigrate"
                )
            }
        }
    }

    private static func count(_ sql: String, _ connection: SQLiteConnection) throws -> Int {
        if case .integer(let count) = try connection.scalar(sql) { return Int(count) }
        return 0
    }

    // MARK: Applying

    /// Makes the changes (inside the caller's transaction).
    func apply(to connection: SQLiteConnection, log: (String) -> Void) throws {
        let dialect = definition.dialect
        // Triggers naming tables about to go would make SQLite refuse the rebuilds' `ALTER TABLE … RENAME`.
        try Self.dropReferenceTriggers(connection)
        for name in droppedJoinTables {
            for trigger in JoinTable.triggerNames(of: name) {
                try connection.execute("DROP TRIGGER IF EXISTS \(dialect.quoted(trigger))")
            }
            try connection.execute("DROP TABLE IF EXISTS \(dialect.quoted(name))")
        }
        for name in droppedTables {
            log("dropping \(name)")
            try connection.execute("DROP TABLE IF EXISTS \(dialect.quoted(name))")
        }
        for rebuild in rebuilds { try self.rebuild(rebuild, connection, log: log) }
        for table in reindexed { try Self.dropIndexes(of: table.name, connection) }
        for table in createdTables + rebuilds.map(\.table) + reindexed {
            for statement in definition.create(table) { try connection.execute(statement) }
        }
        for joinTable in joinTables {
            for statement in definition.create(joinTable) { try connection.execute(statement) }
        }
        for statement in seeds { try connection.execute(statement) }
    }

    private func rebuild(_ rebuild: Rebuild, _ connection: SQLiteConnection, log: (String) -> Void) throws {
        let dialect = definition.dialect
        let table = rebuild.table
        let rows = try Self.count("SELECT count(*) FROM \(table.quotedName)", connection)
        if rows >= 10_000 { log("rebuilding \(table.name) (\(rows) rows)") }
        let sequence = try connection.scalar(
            "SELECT \"seq\" FROM sqlite_sequence WHERE \"name\" = ?", [.text(table.name)])
        let temporary = dialect.quoted("Z_MIGRATING_\(table.name)")
        let definitions =
            [dialect.autoincrementPrimaryKey(EntityTable.primaryKey)] + table.columns.map(definition.columnDefinition)
        try connection.execute("CREATE TABLE \(temporary) (\(definitions.joined(separator: ", ")))")
        var expressions = [table.primaryKeySQL]
        var arguments: [SQLiteValue] = []
        for source in rebuild.sources {
            switch source {
            case .column(let column):
                expressions.append(column)
            case .columnOr(let column, let fallback):
                expressions.append("COALESCE(\(column), ?)")
                arguments.append(fallback.sqliteValue)
            case .value(let value):
                expressions.append("?")
                arguments.append(value.sqliteValue)
            }
        }
        let names = ([EntityTable.primaryKey] + table.columns.map(\.name)).map(dialect.quoted).joined(separator: ", ")
        try connection.execute(
            "INSERT INTO \(temporary) (\(names)) SELECT \(expressions.joined(separator: ", ")) FROM \(table.quotedName)",
            arguments
        )
        try connection.execute("DROP TABLE \(table.quotedName)")
        try connection.execute("ALTER TABLE \(temporary) RENAME TO \(table.quotedName)")
        if let sequence {
            // Keep every key ever used out of reach, as AUTOINCREMENT promises.
            try connection.execute(
                "UPDATE sqlite_sequence SET \"seq\" = max(\"seq\", ?) WHERE \"name\" = ?",
                [sequence, .text(table.name)]
            )
        }
    }

    /// Drops every trigger ``SchemaDefinition/referenceTriggers(_:)`` made (before tables are dropped or rebuilt: a
    /// trigger naming a missing table makes SQLite refuse `ALTER TABLE … RENAME`).
    private static func dropReferenceTriggers(_ connection: SQLiteConnection) throws {
        let suffix = SchemaDefinition.referenceTriggerSuffix
        let rows = try connection.rows(
            "SELECT \"name\" FROM sqlite_master WHERE type = 'trigger' AND substr(\"name\", -?) = ?",
            [.integer(Int64(suffix.count)), .text(suffix)]
        )
        for row in rows {
            guard case .text(let name) = row[0] else { continue }
            try connection.execute("DROP TRIGGER IF EXISTS \(SQLiteDialect().quoted(name))")
        }
    }

    /// Drops the indexes and triggers the store made for a table (they are created again from the new schema).
    private static func dropIndexes(of table: String, _ connection: SQLiteConnection) throws {
        let rows = try connection.rows(
            "SELECT \"type\", \"name\" FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL",
            [.text(table)]
        )
        for row in rows {
            guard case .text(let type) = row[0], case .text(let name) = row[1] else { continue }
            try connection.execute(
                "DROP \(type == "index" ? "INDEX" : "TRIGGER") IF EXISTS \(SQLiteDialect().quoted(name))")
        }
    }
}
