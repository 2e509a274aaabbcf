
/// The `UPDATE … SET <changed columns> WHERE "Z_PK" = ?` text of each table and set of columns, built once: a save
/// of many models changing the same properties builds it once.
final class UpdateSQLCache {
    private var statements: [ObjectIdentifier: [[Int]: String]] = [:]

    func sql(for table: EntityTable, columns: [Int]) -> String {
        let key = ObjectIdentifier(table)
        if let sql = statements[key]?[columns] { return sql }
        let sql = table.updateSQL(columns: columns)
        statements[key, default: [:]][columns] = sql
        return sql
    }
}
