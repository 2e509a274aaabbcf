/// Where SQL databases differ, for everything the store layer writes: SQLite today (``SQLiteDialect``), PostgreSQL
/// later. Query types, the expression builder and the table mapping ask the dialect instead of spelling these
/// themselves.
package protocol SQLDialect: Sendable {
    /// `name` as a quoted identifier (`"name"`, embedded quotes doubled).
    func quoted(_ identifier: String) -> String
    /// The text a statement runs with: a fragment's `?` markers as the database's placeholders (`?` for SQLite,
    /// `$1, $2…` for PostgreSQL).
    func statementText(_ text: String) -> String
    /// The column type a ``StorageType`` is declared with.
    func typeName(for type: StorageType) -> String
    /// The column type an attribute's values are declared with: ``typeName(for:)`` of its storage type, unless the
    /// database has a type of the values' own (PostgreSQL: `uuid`, `numeric`).
    func columnTypeName(for attribute: StoreAttribute) -> String
    /// The definition of an integer primary-key column whose keys are never reused (`AUTOINCREMENT`).
    func autoincrementPrimaryKey(_ column: String) -> String
    /// A boolean literal (SQLite: `1` and `0`).
    func booleanLiteral(_ value: Bool) -> String
    /// A stored or bound `Bool` (the integer 0 or 1) as a condition: SQLite tests an integer as it is; PostgreSQL
    /// needs `(value <> 0)`.
    func condition(ofBoolean value: String) -> String
    /// A condition as a `Bool` value (the integer 0 or 1, NULL for NULL), to compare with a stored or bound one:
    /// SQLite's conditions already are; PostgreSQL casts its `boolean`.
    func boolean(ofCondition condition: String) -> String
    /// The SQL name of one of the functions every connection registers (``StoreFunction``).
    func functionName(_ function: StoreFunction) -> String
    /// The conflict clauses of an upsert that updates `columns` when a row meets an existing one on any of
    /// `conflictTargets` (each a group of quoted column names).
    func upsertClause(conflictTargets: [[String]], updating columns: [String]) -> String
    /// ` RETURNING <columns>` (quoted names).
    func returningClause(_ columns: [String]) -> String
    /// `INSERT` that replaces a row meeting an existing one on its primary key or a unique index.
    func insertOrReplace(into table: String, columns: [String]) -> String
    /// A table source of the elements of a JSON array, aliased `alias` (SQLite: `json_each(array) AS alias`).
    func jsonElements(of array: String, alias: String) -> String
    /// The value column of ``jsonElements(of:alias:)``'s rows.
    func jsonElementValue(alias: String) -> String
    /// The function that adds, subtracts or multiplies two reals as Swift does (±infinity on overflow, zero on
    /// underflow, NULL for NaN) where the database's own operators fail instead: called as `f(left, 'op', right)`;
    /// nil where the operators already do (SQLite).
    var floatArithmeticFunction: String? { get }
    /// A scalar read out of JSON (``jsonElementValue(alias:)``, ``jsonExtract(_:path:)``) as the type a column or a
    /// bound value of its kind has (SQLite: already is).
    func jsonScalar(_ value: String, as scalar: JSONScalar) -> String
    /// The number of elements of a JSON array.
    func jsonArrayLength(_ array: String) -> String
    /// The key column of ``jsonElements(of:alias:)``'s rows: an array element's index, an object member's key.
    func jsonElementKey(alias: String) -> String
    /// A table source of the members of a JSON object, aliased `alias` (SQLite: `json_each`, as for an array).
    func jsonMembers(of object: String, alias: String) -> String
    /// The key column of ``jsonMembers(of:alias:)``'s rows (their value column is ``jsonElementValue(alias:)``).
    func jsonMemberKey(alias: String) -> String
    /// The element of a ``jsonElements(of:alias:)`` row as JSON, as the front end's JSON encoder writes it (true and
    /// false as Bools, a real number shortest and exact), for ``jsonGroupArray(_:)``.
    func jsonElementAsJSON(alias: String) -> String
    /// The aggregate that makes a JSON array of its rows' `element` (JSON) values, in the rows' order.
    func jsonGroupArray(_ element: String) -> String
    /// The value at `path` (a JSON path: `$."a"."b"`) inside JSON text; NULL when there is none. `json` comes
    /// before `path` in the text (their bound values are in that order).
    func jsonExtract(_ json: String, path: String) -> String
    /// Whether JSON text is an object (rather than an array).
    func jsonIsObject(_ json: String) -> String
    /// `value` as text (an integer dictionary key compared with a JSON object's member names).
    func castToText(_ value: String) -> String
    /// The operator that compares two values with NULL equal to NULL (SQLite: `IS`, `IS NOT`; standard SQL:
    /// `IS NOT DISTINCT FROM`, `IS DISTINCT FROM` when `negated`).
    func nullSafeEquality(negated: Bool) -> String
    /// The value bound to `LIMIT ?` for no limit (SQLite: -1; PostgreSQL: NULL).
    var unlimitedRowCount: StoredValue { get }
    /// One term of an `ORDER BY`: `value` in `collation` (a ``StringOrder/collation`` or
    /// ``DecimalCollation/name``; nil for the column's own), ascending or not, with NULL first when ascending and
    /// last when descending (SQLite's order of NULL, which PostgreSQL reverses unless told).
    func orderTerm(_ value: String, collation: String?, ascending: Bool) -> String
    /// The clause a column of a ``StoreAttribute/collation`` is declared with (SQLite: ` COLLATE osd_decimal`), or
    /// "" where the database has no such collation.
    func columnCollation(_ collation: String) -> String
    /// Whether ``SchemaDefinition`` writes its triggers (SQLite's `CREATE TRIGGER … BEGIN … END`); a store for
    /// another database creates its own.
    var writesSQLiteTriggers: Bool { get }
}

/// The SQL functions and collations the store registers on every connection, which give strings, JSON and
/// floating-point division Swift's meaning (see ``StringFunctions``).
package enum StoreFunction: String, Sendable, CaseIterable {
    /// `contains(text, other)`: `String.contains` on `Character`s; with a third argument, ``StringMatchOptions``.
    case contains
    /// `starts_with(text, prefix)`: `starts(with:)` on `Character`s; with a third argument, ``StringMatchOptions``.
    case startsWith = "starts_with"
    /// `ends_with(text, suffix)`: on `Character`s; with a third argument, ``StringMatchOptions``.
    case endsWith = "ends_with"
    /// `equals(text, other, options)`: equality under ``StringMatchOptions``.
    case equals
    /// `character_count(text)`: `String.count`.
    case characterCount = "character_count"
    /// `localizedStandardContains`.
    case localizedStandardContains = "localized_standard_contains"
    /// `caseInsensitiveCompare`, as a `ComparisonResult` raw value.
    case caseInsensitiveCompare = "case_insensitive_compare"
    /// `localizedCompare`, as a `ComparisonResult` raw value.
    case localizedCompare = "localized_compare"
    /// JSON text in canonical form (``StringFunctions/canonicalizeJSON(_:)``).
    case canonicalJSON = "canonical_json"
    /// Swift's floating-point division (±infinity for a zero divisor, NULL for NaN).
    case floatDivide = "float_divide"
    /// `regex_contains(text, pattern)`: `String.contains` of Swift's `Regex` compiled from `pattern` (NULL when
    /// either is; the statement fails when Swift cannot compile the pattern).
    case regexContains = "regex_contains"
    /// `json_number(real)`: the number as Swift writes it (shortest, exact), as JSON text; NULL for non-finite.
    case jsonNumber = "json_number"
}
