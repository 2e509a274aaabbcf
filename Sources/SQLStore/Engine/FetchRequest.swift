/// What a fetch reads, in store terms: rows of one entity — which ones, in what order, how many, and which columns.
/// ``SelectQuery`` and ``CountQuery`` write its SQL; ``SQLiteStore/fetch(_:from:_:)`` runs it.
package struct FetchRequest {
    /// Which rows.
    package enum Rows {
        /// Every row of the table.
        case all
        /// The rows a condition (``SQLExpressionBuilder/condition(_:)``) holds for.
        case matching(SQLExpression)
        /// The rows with these keys, in no particular order (a caller reading many keys splits them into chunks).
        case keys([Int64])
        /// The row with this key.
        case key(Int64)
        /// The rows a to-many relationship of the row with key `owner` holds, in the relationship's order.
        case related(RelationshipMapping, owner: Int64)
        /// The row whose columns of unique group `group` (an index into ``EntityTable/uniqueGroups``) hold `values`.
        case unique(group: Int, values: [StoredValue])
    }

    /// Which columns.
    package enum Columns {
        /// The primary key, then every column of the table (``EntityTable/selectList``): a ``StoreRow`` of the entity.
        case all
        /// The primary key only.
        case primaryKey
    }

    package var table: EntityTable
    package var rows: Rows
    /// The order: these terms, then the primary key (so the order is total and stable). Not for `keys`, `key`,
    /// `related` (its own order) or `unique`.
    package var sort: [SortTerm]
    /// At most this many rows.
    package var limit: Int?
    /// Skip this many rows first.
    package var offset: Int?
    package var columns: Columns
    /// Batches in key order: only rows whose key is greater than this, ordered by key (``sort`` and ``offset`` are
    /// ignored), at most ``limit`` of them.
    package var afterKey: Int64?

    package init(
        table: EntityTable, rows: Rows = .all, sort: [SortTerm] = [], limit: Int? = nil, offset: Int? = nil,
        columns: Columns = .all, afterKey: Int64? = nil
    ) {
        self.table = table
        self.rows = rows
        self.sort = sort
        self.limit = limit
        self.offset = offset
        self.columns = columns
        self.afterKey = afterKey
    }
}

/// One term of a fetch's order: a column, ascending or descending, in a collation.
package struct SortTerm {
    package var column: EntityTable.Column
    /// The collating sequence (``StringOrder/collation``, say); nil for the column's own.
    package var collation: String?
    package var ascending: Bool

    package init(column: EntityTable.Column, collation: String? = nil, ascending: Bool = true) {
        self.column = column
        self.collation = collation
        self.ascending = ascending
    }
}
