import Foundation
import SQLStore

/// What a ``FetchDescriptor`` asks of the store: its predicate as a condition (translated by
/// ``PredicateTranslator``), its sort descriptors as sort terms — the parts of every ``FetchRequest`` made from it.
struct FetchQuery {
    let table: EntityTable
    /// The predicate's condition; nil without one.
    let condition: SQLExpression?
    /// The sort descriptors' terms (the store appends the primary key).
    let sort: [SortTerm]

    init<T: PersistentModel>(
        table: EntityTable, schema: ModelMapping, predicate: Predicate<T>?, sortBy: [SortDescriptor<T>],
        includeSubclasses: Bool = true
    ) throws(SwiftDataError) {
        self.table = table
        let entity = try schema.entity(for: T.self)
        var condition: SQLExpression?
        if let predicate {
            condition = try schema.predicatePlans.condition(of: predicate, table: table) {
                () throws(SwiftDataError) -> SQLExpression in
                let translator = PredicateTranslator(table: table, schema: schema, variable: predicate.variable.key)
                return try translator.condition(predicate.expression)
            }
        }
        // A subclass's rows are the rows of its hierarchy's table whose entity column names it or a subclass of it.
        if let codes = includeSubclasses ? entity.entityCodes : entity.layout.code.map({ [$0] }) {
            let sql = SQLExpressionBuilder(dialect: schema.tables.dialect)
            let isOfEntity = sql.entity(of: sql.row(of: table), table: table, alias: table.quotedName, isOneOf: codes)
            condition = condition.map { sql.and(isOfEntity, $0) } ?? isOfEntity
        }
        self.condition = condition
        var terms: [SortTerm] = []
        for descriptor in sortBy {
            terms.append(try Self.sortTerm(descriptor, entity: entity))
        }
        sort = terms
    }

    static func sortTerm<T>(_ descriptor: SortDescriptor<T>, entity: EntityMapping) throws(SwiftDataError) -> SortTerm {
        guard let keyPath = descriptor.keyPath else {
            throw .unsupportedSortDescriptor("\(descriptor) does not sort by a key path")
        }
        var source: AnyKeyPath = keyPath
        var collation: String?
        if let entry = SortKeyRegistry.entry(for: keyPath) {
            source = entry.source
            collation = entry.order?.collation
        } else if let comparator = descriptor.stringComparator, comparator != .lexical {
            throw .unsupportedSortDescriptor(
                "\(keyPath) uses the string comparator \(comparator), which has no SQL translation")
        }
        guard let column = entity.column(for: source) else {
            throw .unsupportedSortDescriptor("\(source) is not a stored property of \(entity.name)")
        }
        if descriptor.stringComparator == .lexical {
            // `.lexical` is Foundation's non-localized compare(_:), which orders by UTF-16 code units.
            collation = StringOrder.lexical.collation
        }
        return SortTerm(column: column, collation: collation, ascending: descriptor.order == .forward)
    }

    /// The rows the predicate selects.
    var rows: FetchRequest.Rows { condition.map { .matching($0) } ?? .all }

    /// The descriptor's rows in its order, `limit` and `offset` applied when given; only their keys with
    /// `keysOnly`.
    func request(limit: Int? = nil, offset: Int? = nil, keysOnly: Bool = false) -> FetchRequest {
        FetchRequest(
            table: table, rows: rows, sort: sort, limit: limit, offset: offset, columns: keysOnly ? .primaryKey : .all)
    }

    /// The next batch in key order: matching rows after `key`, at most `limit` (sort descriptors ignored).
    func request(after key: Int64, limit: Int) -> FetchRequest {
        FetchRequest(table: table, rows: rows, limit: limit, afterKey: key)
    }

    /// A batch delete of the rows the predicate selects when the save runs (every row without one).
    var batchDelete: SaveRequest.BatchDelete {
        SaveRequest.BatchDelete(table: table, rows: condition.map { .matching($0) } ?? .all)
    }

    /// ` WHERE (…)` as the store runs it (for messages).
    var whereClause: String { SelectQuery(request()).whereClause.text }

    /// The values bound to ``whereClause``.
    var arguments: [StoredValue] { SelectQuery(request()).whereClause.arguments }
}
