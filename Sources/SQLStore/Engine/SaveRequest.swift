import Foundation

/// What a save writes, in store terms: rows to insert, update and delete, and the references between them, written
/// in one transaction by ``SQLiteStore/save(_:)``. Shaped like SwiftData's `DataStoreSaveChangesRequest`: inserted,
/// updated and deleted snapshots in; the inserted rows' permanent keys out (``SaveResult``).
package struct SaveRequest {
    /// A row, by key: stored already, or inserted by this save (an index into ``inserts``).
    package enum RowKey: Hashable, Sendable {
        case stored(Int64)
        case inserted(Int)
    }

    /// A new row: every column's value, in the table's order (a foreign key to a row inserted by this save is NULL
    /// here, and set by a ``Reference`` once that row has a key).
    package struct Insert {
        package var table: EntityTable
        package var values: [StoredValue]
        /// The index of the row's version column (Core Data's `Z_OPT`), when it has one: an upsert that meets a stored
        /// row raises that row's version by one instead of writing this row's value (a new row's 1). Nil (what
        /// OpenSwiftData passes) writes every column as given.
        package var versionColumn: Int? = nil

        package init(table: EntityTable, values: [StoredValue]) {
            self.table = table
            self.values = values
        }
    }

    /// A row's version (Core Data's optimistic locking): the integer column `column` (Core Data's `Z_OPT`) that
    /// every write of the row raises by one, and the value the writer last read, which the row must still hold.
    package struct RowVersion: Sendable, Equatable {
        /// The index of the version column in the table.
        package var column: Int
        /// The version the writer read; nil raises the version without checking it (a batch update).
        package var expected: Int64?

        package init(column: Int, expected: Int64?) {
            self.column = column
            self.expected = expected
        }
    }

    /// New values for some columns of a stored row: `values` holds every column's value (in the table's order),
    /// `columns` the indexes of those to write.
    package struct Update {
        package var table: EntityTable
        package var key: Int64
        package var columns: [Int]
        package var values: [StoredValue]
        /// The row's version to raise (and check): with one, the update is written even when `columns` is empty,
        /// and a row that no longer holds the expected version is a ``SaveResult/versionConflicts`` entry. Nil (what
        /// OpenSwiftData passes) writes the plain `UPDATE`.
        package var version: RowVersion? = nil

        package init(table: EntityTable, key: Int64, columns: [Int], values: [StoredValue]) {
            self.table = table
            self.key = key
            self.columns = columns
            self.values = values
        }
    }

    /// A stored row to delete.
    package struct Delete {
        package var table: EntityTable
        package var key: Int64
        /// The values the history keeps of the deleted row (SwiftData's `.preserveValueOnDeletion` attributes), by
        /// column name.
        package var tombstone: [String: StoredValue] = [:]
        /// The version the row must still hold (its `expected` is checked when set); nil (what OpenSwiftData passes)
        /// writes the plain `DELETE`.
        package var version: RowVersion? = nil

        package init(table: EntityTable, key: Int64) {
            self.table = table
            self.key = key
        }
    }

    /// Rows chosen by what they hold, deleted by one statement (Core Data's batch delete); no delete rule applies.
    package struct BatchDelete {
        /// Which rows.
        package enum Rows {
            /// Every row of the table (the result lists no keys).
            case all
            /// The rows a condition (``SQLExpressionBuilder/condition(_:)``) holds for when the save runs.
            case matching(SQLExpression)
            /// The rows with these keys.
            case keys([Int64])
        }

        package var table: EntityTable
        package var rows: Rows

        package init(table: EntityTable, rows: Rows) {
            self.table = table
            self.rows = rows
        }
    }

    /// A foreign key to set once every insert has its key: `column` of `owner` (a row of `table`) refers to
    /// `target`, or to nothing when nil.
    package struct Reference {
        package var table: EntityTable
        package var column: Int
        package var owner: RowKey
        package var target: RowKey?

        package init(table: EntityTable, column: Int, owner: RowKey, target: RowKey?) {
            self.table = table
            self.column = column
            self.owner = owner
            self.target = target
        }
    }

    /// The whole content of a join-table relationship of one row: its rows are replaced by these targets, each
    /// with its position.
    package struct JoinRows {
        package var relationship: RelationshipMapping
        package var owner: RowKey
        package var targets: [(key: RowKey, order: Int)]

        package init(relationship: RelationshipMapping, owner: RowKey, targets: [(key: RowKey, order: Int)]) {
            self.relationship = relationship
            self.owner = owner
            self.targets = targets
        }
    }

    /// Run first, in order.
    package var batchDeletes: [BatchDelete] = []
    package var deletes: [Delete] = []
    package var updates: [Update] = []
    package var inserts: [Insert] = []
    /// Run after every insert.
    package var references: [Reference] = []
    /// Run last.
    package var joinRows: [JoinRows] = []
    /// Whether an insert that meets a stored row on a unique group updates that row (SwiftData's rule) instead of
    /// failing.
    package var upserts = true
    /// Who saves (SwiftData's `ModelContext.author`): recorded in the store's history with the transaction.
    package var author: String?
    /// The saving context's identity (SwiftData's `EditingState.id`), for a store of your own.
    package var contextIdentifier: UUID?

    package init() {}
}

/// What a save did.
package struct SaveResult {
    /// Per batch delete, the keys of the rows it deleted; nil for one that deleted every row of its table.
    package var batchDeletedKeys: [[Int64]?] = []
    /// The indexes (into ``SaveRequest/updates``) of updates whose row no longer existed.
    package var vanishedUpdates: [Int] = []
    /// Per insert, the key of its row: a new one, or the stored row it met on a unique group and updated.
    package var insertedKeys: [Int64] = []
    /// For each insert with a ``SaveRequest/Insert/versionColumn`` that met a stored row and updated it (by its index
    /// into ``SaveRequest/inserts``), the row's version after the save.
    package var upsertedVersions: [Int: Int64] = [:]
    /// The updates and deletes whose row no longer held the expected ``SaveRequest/RowVersion`` (another writer
    /// changed or deleted it since it was read: an optimistic-locking conflict). When there is any, the save wrote
    /// nothing (its transaction was rolled back) and the other fields are empty.
    package var versionConflicts: [VersionConflict] = []

    /// The store's data version (`SQLiteStore.dataVersion()`) as the save's transaction began and as it ended, when
    /// no other connection committed in between; nil otherwise (or inside a caller's transaction). What was read as
    /// of `before` is as current at `after`, but for the rows this save wrote.
    package var versions: (before: Int64, after: Int64)?

    package init() {}
}

/// A write of a save whose row another writer changed or deleted since it was read.
package enum VersionConflict: Hashable, Sendable {
    /// An index into ``SaveRequest/updates``.
    case update(Int)
    /// An index into ``SaveRequest/deletes``.
    case delete(Int)
}

/// Why a save failed; it wrote nothing.
package enum SaveError: Error {
    /// The database refused a statement.
    case store(StoreError)
    /// A row met a stored row on unique group `columns` of `entity` (an update, or an insert that does not upsert):
    /// `values` are the group's values in the row.
    case uniqueConflict(entity: String, columns: [String], values: [StoredValue])
    /// The store is not as the save left it (a row just written is gone): the message says what.
    case inconsistent(String)
}
