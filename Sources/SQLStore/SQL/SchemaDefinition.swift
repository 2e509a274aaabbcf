/// The statements that create a store's tables, indexes and triggers (`CREATE … IF NOT EXISTS`, so running them again
/// is harmless).
///
/// Triggers keep what the object layers rely on without reading rows first: external bytes are deleted with their
/// row, join rows with either side's row, and a foreign key is set to NULL when its row is deleted. They are written
/// in SQLite's trigger syntax; a store for another database brings its own.
package struct SchemaDefinition {
    package let dialect: any SQLDialect

    package init(dialect: any SQLDialect) {
        self.dialect = dialect
    }

    /// The suffix of the triggers ``referenceTriggers(_:)`` creates, to find them again.
    package static let referenceTriggerSuffix = "_reference_clear"

    /// `CREATE TABLE` and `CREATE INDEX` statements (and the external-data triggers) of an entity's table.
    package func create(_ table: EntityTable) -> [String] {
        let definitions =
            [dialect.autoincrementPrimaryKey(EntityTable.primaryKey)] + table.columns.map(columnDefinition)
        var statements = ["CREATE TABLE IF NOT EXISTS \(table.quotedName) (\(definitions.joined(separator: ", ")))"]
        for column in table.columns where column.isExternal && dialect.writesSQLiteTriggers {
            statements += externalDataTriggers(table: table.name, column: column.name)
        }
        for column in table.columns {
            guard case .reference = column.kind else { continue }
            // Foreign keys are searched on every to-many read and every delete of the related row.
            statements.append(
                "CREATE INDEX IF NOT EXISTS \(q("\(table.name)_\(column.name)_reference")) ON \(table.quotedName) (\(q(column.name)))"
            )
        }
        for group in table.uniqueGroups {
            let names = group.map { table.columns[$0].name }
            statements.append(
                "CREATE UNIQUE INDEX IF NOT EXISTS \(q("\(table.name)_unique_\(names.joined(separator: "_"))")) "
                    + "ON \(table.quotedName) (\(names.map(q).joined(separator: ", ")))"
            )
        }
        for group in table.entity.indices {
            statements.append(
                "CREATE INDEX IF NOT EXISTS \(q("\(table.name)_index_\(group.joined(separator: "_"))")) "
                    + "ON \(table.quotedName) (\(group.map(q).joined(separator: ", ")))"
            )
        }
        return statements
    }

    /// A column's definition in `CREATE TABLE`: `"name" TYPE [COLLATE c] [NOT NULL]`.
    package func columnDefinition(_ column: EntityTable.Column) -> String {
        switch column.kind {
        case .attribute(let attribute):
            let type = column.isExternal ? dialect.typeName(for: .integer) : dialect.columnTypeName(for: attribute)
            let collation = column.isExternal ? nil : attribute.collation
            return "\(q(column.name)) \(type)" + (collation.map(dialect.columnCollation) ?? "")
                + (attribute.isOptional ? "" : " NOT NULL")
        case .reference:
            return "\(q(column.name)) \(dialect.typeName(for: .integer))"
        }
    }

    /// The table, index and triggers of a join table.
    package func create(_ joinTable: JoinTable) -> [String] {
        let source = q(JoinTable.sourceColumn), target = q(JoinTable.targetColumn), order = q(JoinTable.orderColumn)
        let key = q(EntityTable.primaryKey)
        let integer = dialect.typeName(for: .integer)
        let triggers = JoinTable.triggerNames(of: joinTable.name)
        let table = [
            "CREATE TABLE IF NOT EXISTS \(joinTable.quotedName) (\(source) \(integer) NOT NULL, \(target) \(integer) NOT NULL, "
                + "\(order) \(integer) NOT NULL, PRIMARY KEY (\(source), \(target)))",
            "CREATE INDEX IF NOT EXISTS \(q("\(joinTable.name)_target")) ON \(joinTable.quotedName) (\(target))",
        ]
        guard dialect.writesSQLiteTriggers else { return table }
        return table + [
            // Rows of either entity take their join rows with them, whatever the delete rule.
            "CREATE TRIGGER IF NOT EXISTS \(q(triggers[0])) AFTER DELETE ON \(q(joinTable.sourceEntity)) "
                + "BEGIN DELETE FROM \(joinTable.quotedName) WHERE \(source) = old.\(key); END",
            "CREATE TRIGGER IF NOT EXISTS \(q(triggers[1])) AFTER DELETE ON \(q(joinTable.targetEntity)) "
                + "BEGIN DELETE FROM \(joinTable.quotedName) WHERE \(target) = old.\(key); END",
        ]
    }

    /// One trigger per foreign-key column: when the referenced row is deleted — by a save, by a batch delete, by
    /// another process — the column is set to NULL, so a stored reference never points at a missing row and a
    /// predicate such as `author == nil` agrees with what reading the row gives.
    package func referenceTriggers(_ mapping: SchemaMapping) -> [String] {
        var statements: [String] = []
        for table in mapping.tables {
            for (_, relationship) in mapping.relationships(of: table).sorted(by: { $0.key < $1.key }) {
                guard case .foreignKey(let columnIndex) = relationship.storage else { continue }
                let column = q(table.columns[columnIndex].name)
                let name = q("\(table.name)_\(table.columns[columnIndex].name)\(Self.referenceTriggerSuffix)")
                statements.append(
                    "CREATE TRIGGER IF NOT EXISTS \(name) AFTER DELETE ON \(relationship.destination.quotedName) "
                        + "BEGIN UPDATE \(table.quotedName) SET \(column) = NULL WHERE \(column) = old.\(q(EntityTable.primaryKey)); END"
                )
            }
        }
        return statements
    }

    /// The table of external bytes (``ExternalData``).
    package var createExternalData: String {
        "CREATE TABLE IF NOT EXISTS \(q(ExternalData.table)) (\(dialect.autoincrementPrimaryKey(EntityTable.primaryKey)), "
            + "\(q(ExternalData.bytesColumn)) \(dialect.typeName(for: .blob)) NOT NULL)"
    }

    /// The key-value table of the store's own records (``StoredSchema/metadataTable``).
    package var createMetadata: String {
        "CREATE TABLE IF NOT EXISTS \(q(StoredSchema.metadataTable)) (\(q("key")) \(dialect.typeName(for: .text)) PRIMARY KEY, "
            + "\(q("value")) \(dialect.typeName(for: .text)) NOT NULL)"
    }

    /// Triggers that delete an entity's external bytes with the row, or when the row points elsewhere.
    private func externalDataTriggers(table entity: String, column: String) -> [String] {
        let quotedEntity = q(entity)
        let quotedColumn = q(column)
        let deleteOld = "DELETE FROM \(q(ExternalData.table)) WHERE \(q(EntityTable.primaryKey)) = old.\(quotedColumn);"
        return [
            "CREATE TRIGGER IF NOT EXISTS \(q("\(entity)_\(column)_external_update")) AFTER UPDATE OF \(quotedColumn) "
                + "ON \(quotedEntity) WHEN old.\(quotedColumn) IS NOT new.\(quotedColumn) BEGIN \(deleteOld) END",
            "CREATE TRIGGER IF NOT EXISTS \(q("\(entity)_\(column)_external_delete")) AFTER DELETE "
                + "ON \(quotedEntity) BEGIN \(deleteOld) END",
        ]
    }

    private func q(_ identifier: String) -> String { dialect.quoted(identifier) }
}
