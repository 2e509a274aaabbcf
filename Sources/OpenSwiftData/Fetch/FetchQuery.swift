import Foundation
import SQLite

/// The SQL for one fetch: `WHERE` and `ORDER BY` clauses and their arguments, built from a ``FetchDescriptor``.
struct SelectQuery {
    let table: EntityTable
    /// ` WHERE …`, or "" when there is no predicate.
    let whereClause: String
    /// ` ORDER BY …, "Z_PK"`: always ends with the primary key, so the order is total and stable.
    let orderByClause: String
    let arguments: [SQLiteValue]

    init<T: PersistentModel>(
        table: EntityTable, schema: SchemaMapping, predicate: Predicate<T>?, sortBy: [SortDescriptor<T>]
    ) throws(SwiftDataError) {
        self.table = table
        if let predicate {
            let translator = PredicateTranslator(table: table, schema: schema, variable: predicate.variable.key)
            let condition = try translator.condition(predicate.expression)
            whereClause = " WHERE (" + condition.sql + ")"
            arguments = condition.arguments
        } else {
            whereClause = ""
            arguments = []
        }
        var terms: [String] = []
        for descriptor in sortBy {
            terms.append(try Self.orderingTerm(descriptor, table: table))
        }
        terms.append("\(table.quotedName).\(SQL.identifier(SQL.primaryKey))")
        orderByClause = " ORDER BY " + terms.joined(separator: ", ")
    }

    static func orderingTerm<T>(_ descriptor: SortDescriptor<T>, table: EntityTable) throws(SwiftDataError) -> String {
        guard let keyPath = descriptor.keyPath else {
            throw .unsupportedSortDescriptor("\(descriptor) does not sort by a key path")
        }
        var source: AnyKeyPath = keyPath
        var collation = ""
        if let entry = SortKeyRegistry.entry(for: keyPath) {
            source = entry.source
            if let order = entry.order { collation = " COLLATE \(order.collation)" }
        } else if let comparator = descriptor.stringComparator, comparator != .lexical {
            throw .unsupportedSortDescriptor("\(keyPath) uses the string comparator \(comparator), which has no SQL translation")
        }
        guard let column = table.column(for: source) else {
            throw .unsupportedSortDescriptor("\(source) is not a stored property of \(table.name)")
        }
        if descriptor.stringComparator == .lexical {
            // `.lexical` is Foundation's non-localized compare(_:), which orders by UTF-16 code units.
            collation = " COLLATE \(StringOrder.lexical.collation)"
        }
        let direction = descriptor.order == .forward ? "ASC" : "DESC"
        return "\(column.valueSQL)\(collation) \(direction)"
    }

    /// `SELECT <all columns> FROM <table> <where> <order by>`, with `LIMIT`/`OFFSET` when given; only the primary
    /// key when `primaryKeysOnly`.
    func selectSQL(limit: Int?, offset: Int?, primaryKeysOnly: Bool = false) -> (sql: String, arguments: [SQLiteValue]) {
        let columns = primaryKeysOnly ? "\(table.quotedName).\(SQL.identifier(SQL.primaryKey))" : table.selectList
        var sql = "SELECT \(columns) FROM \(table.quotedName)\(whereClause)\(orderByClause)"
        var arguments = self.arguments
        if limit != nil || (offset ?? 0) > 0 {
            sql += " LIMIT ? OFFSET ?"
            arguments.append(.integer(Int64(max(limit ?? -1, -1))))
            arguments.append(.integer(Int64(max(offset ?? 0, 0))))
        }
        return (sql, arguments)
    }

    /// The next batch in primary-key order: rows after `rowID` that match, `LIMIT limit` (sort descriptors ignored).
    func selectSQL(after rowID: Int64, limit: Int) -> (sql: String, arguments: [SQLiteValue]) {
        let key = "\(table.quotedName).\(SQL.identifier(SQL.primaryKey))"
        let condition = whereClause.isEmpty ? " WHERE \(key) > ?" : "\(whereClause) AND \(key) > ?"
        return (
            "SELECT \(table.selectList) FROM \(table.quotedName)\(condition) ORDER BY \(key) LIMIT ?",
            arguments + [.integer(rowID), .integer(Int64(limit))]
        )
    }

    /// `SELECT count(*) FROM <table> <where>`.
    var countSQL: String { "SELECT count(*) FROM \(table.quotedName)\(whereClause)" }
}
